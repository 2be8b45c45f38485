# pattern: clean
# style: keras
# tf: 2.15, 2.21
# A functional support-ticket model with three inputs (title, body, tags) and two outputs
# (priority score, department), trained with named inputs, per-output losses and weights.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

NUM_WORDS = 1000
NUM_TAGS = 12
NUM_DEPARTMENTS = 4
TITLE_LEN, BODY_LEN = 10, 40

title_input = keras.Input(shape=(TITLE_LEN,), name="title")
body_input = keras.Input(shape=(BODY_LEN,), name="body")
tags_input = keras.Input(shape=(NUM_TAGS,), name="tags")

title_features = layers.Embedding(NUM_WORDS, 16)(title_input)
body_features = layers.Embedding(NUM_WORDS, 16)(body_input)
title_features = layers.LSTM(16)(title_features)
body_features = layers.LSTM(8)(body_features)

x = layers.concatenate([title_features, body_features, tags_input])
priority_pred = layers.Dense(1, name="priority")(x)
department_pred = layers.Dense(NUM_DEPARTMENTS, name="department")(x)

model = keras.Model(
    inputs=[title_input, body_input, tags_input],
    outputs={"priority": priority_pred, "department": department_pred},
)
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss={
        "priority": keras.losses.BinaryCrossentropy(from_logits=True),
        "department": keras.losses.CategoricalCrossentropy(from_logits=True),
    },
    loss_weights={"priority": 1.0, "department": 0.2},
)

rng = np.random.default_rng(0)
n = 16
title_data = rng.integers(0, NUM_WORDS, size=(n, TITLE_LEN))
body_data = rng.integers(0, NUM_WORDS, size=(n, BODY_LEN))
tags_data = rng.integers(0, 2, size=(n, NUM_TAGS)).astype("float32")
priority_targets = rng.random(size=(n, 1))
dept_targets = keras.utils.to_categorical(rng.integers(0, NUM_DEPARTMENTS, size=n), NUM_DEPARTMENTS)

model.fit(
    {"title": title_data, "body": body_data, "tags": tags_data},
    {"priority": priority_targets, "department": dept_targets},
    epochs=1,
    batch_size=8,
    verbose=0,
)
predictions = model.predict([title_data[:2], body_data[:2], tags_data[:2]], verbose=0)
print(predictions["priority"].shape, predictions["department"].shape)
