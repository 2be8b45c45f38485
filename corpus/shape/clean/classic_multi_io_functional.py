# pattern: clean
# style: keras
# tf: 2.15, 2.21
# Multi-input / multi-output functional model for support tickets: a title (token ids),
# a body (token ids) and a tag vector go in; a priority score (regression) and a department
# (softmax) come out. Losses and loss weights are given per named output.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

NUM_WORDS = 500
NUM_TAGS = 6
NUM_DEPARTMENTS = 3
TITLE_LEN, BODY_LEN = 8, 30

title_input = keras.Input(shape=(TITLE_LEN,), name="title")
body_input = keras.Input(shape=(BODY_LEN,), name="body")
tags_input = keras.Input(shape=(NUM_TAGS,), name="tags")

shared_embedding = layers.Embedding(NUM_WORDS, 24)
title_features = layers.GlobalAveragePooling1D()(shared_embedding(title_input))
body_features = layers.LSTM(16)(shared_embedding(body_input))
merged = layers.concatenate([title_features, body_features, tags_input])
hidden = layers.Dense(32, activation="relu")(merged)

priority = layers.Dense(1, name="priority")(hidden)
department = layers.Dense(NUM_DEPARTMENTS, activation="softmax", name="department")(hidden)

model = keras.Model(inputs=[title_input, body_input, tags_input],
                    outputs={"priority": priority, "department": department})
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss={"priority": "mse", "department": "sparse_categorical_crossentropy"},
    loss_weights={"priority": 1.0, "department": 0.3},
    metrics={"department": ["accuracy"]},
)

rng = np.random.RandomState(17)
n = 36
title_data = rng.randint(1, NUM_WORDS, size=(n, TITLE_LEN))
body_data = rng.randint(1, NUM_WORDS, size=(n, BODY_LEN))
tags_data = rng.randint(0, 2, size=(n, NUM_TAGS)).astype("float32")
priority_targets = rng.random_sample(size=(n, 1))
dept_targets = rng.randint(0, NUM_DEPARTMENTS, size=(n,))

model.fit({"title": title_data, "body": body_data, "tags": tags_data},
          {"priority": priority_targets, "department": dept_targets},
          epochs=1, batch_size=12, verbose=0)
outputs = model.predict({"title": title_data[:4], "body": body_data[:4], "tags": tags_data[:4]},
                        verbose=0)
print("priority", outputs["priority"].shape, "department", outputs["department"].shape)
print("departments", outputs["department"].argmax(axis=1))
