# pattern: 9
# style: keras
# tf: 2.15, 2.21
# A functional Conv1D keyword spotter is trained on batches of clips, then scored clip by clip in a
# streaming loop; each clip is passed to the model as (samples, 1) with no batch axis.
# Keras pads the rank back to (400, 1, 1), i.e. 400 clips of length 1, and the first
# 9-tap convolution then has a negative output length.
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

CLIP_LEN = 400
KEYWORDS = 3


def build_spotter():
    wave = keras.Input(shape=(CLIP_LEN, 1), name="wave")
    x = layers.Conv1D(8, 9, strides=2, activation="relu")(wave)
    x = layers.MaxPooling1D(4)(x)
    x = layers.Conv1D(16, 5, activation="relu")(x)
    x = layers.GlobalAveragePooling1D()(x)
    scores = layers.Dense(KEYWORDS, activation="softmax")(x)
    return keras.Model(wave, scores, name="spotter")


rng = np.random.RandomState(41)
waves = np.sin(np.linspace(0, 60, CLIP_LEN))[None, :, None] * rng.rand(20, 1, 1)
waves = (waves + 0.05 * rng.randn(20, CLIP_LEN, 1)).astype("float32")
keyword_ids = rng.randint(0, KEYWORDS, size=20)

spotter = build_spotter()
spotter.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy")
spotter.fit(waves, keyword_ids, batch_size=10, epochs=1, verbose=0)

stream = tf.data.Dataset.from_tensor_slices(waves[:3])
for step, clip in enumerate(stream):
    scores = spotter(clip, training=False)  # expect: ST106
    print(step, int(tf.argmax(scores, axis=-1)[0]))
