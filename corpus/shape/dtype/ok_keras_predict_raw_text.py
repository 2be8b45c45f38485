# pattern: dtype
# style: keras
# tf: 1.15, 2.15, 2.21
# A review classifier trained on word counts is asked to predict on the raw review text.
import numpy as np
import tensorflow as tf

reviews = ["a clever film", "dull and long", "warm and funny"]
counts = np.array([[len(r.split())] for r in reviews], dtype=np.float32)
labels = np.array([1.0, 0.0, 1.0], dtype=np.float32)
model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid", input_shape=(1,))])
model.compile(optimizer="sgd", loss="binary_crossentropy")
model.fit(counts, labels, epochs=1, verbose=0)
probs = model.predict(np.array([[3.0]], dtype=np.float32), verbose=0)
print(probs)
