# pattern: 34
# style: keras
# Pretrained 100-d word vectors are loaded into an Embedding layer that was built with
# 50-d outputs; set_weights compares the matrix with the layer's weight exactly.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

VOCAB, EMBED_DIM, MAX_LEN = 1000, 100, 20
vectors = np.random.rand(VOCAB, 100).astype("float32")
embedding = layers.Embedding(VOCAB, EMBED_DIM, trainable=False)
model = keras.Sequential([
    keras.Input(shape=(MAX_LEN,)),
    embedding,
    layers.GlobalAveragePooling1D(),
    layers.Dense(1, activation="sigmoid"),
])
embedding.set_weights([vectors])
model.compile(optimizer="adam", loss="binary_crossentropy")
tokens = np.random.randint(0, VOCAB, (16, MAX_LEN))
model.fit(tokens, np.random.randint(0, 2, 16), epochs=1, verbose=0)
print(model.predict(tokens[:2], verbose=0).shape)
