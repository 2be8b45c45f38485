# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional text classifier takes 20 token ids per review (Input(shape=(20,))); the ids
# to score were kept as (n, 20, 1) after a per-token expand_dims.  TensorFlow 1.15 refuses
# the array's rank in predict; Keras 2.15 and 3 squeeze the trailing 1.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

VOCAB, LENGTH = 300, 20
rng = np.random.default_rng(6)
ids = rng.integers(1, VOCAB, size=(50, LENGTH))
labels = rng.integers(0, 2, size=50)

tokens = keras.Input(shape=(LENGTH,))
x = layers.Embedding(VOCAB, 8)(tokens)
x = layers.GlobalAveragePooling1D()(x)
outputs = layers.Dense(2, activation="softmax")(x)
model = keras.Model(tokens, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(ids, labels, epochs=1, batch_size=10, verbose=0)

queries = ids[:5]
print(model.predict(queries).argmax(axis=1))
