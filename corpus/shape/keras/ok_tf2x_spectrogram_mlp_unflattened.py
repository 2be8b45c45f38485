# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# A bird-call MLP declared for flattened 40x20 log-mel patches (800 inputs), but the
# tf.data pipeline yields the patches as 40x20 matrices; no Flatten/reshape is applied.
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

MELS, FRAMES, SPECIES = 40, 20, 6


def log_mel_patches(n, rng):
    power = rng.gamma(2.0, 1.0, size=(n, MELS, FRAMES)).astype("float32")
    return np.log(power + 1e-3)


def standardise(patch, label):
    patch = (patch - tf.reduce_mean(patch)) / (tf.math.reduce_std(patch) + 1e-6)
    return tf.reshape(patch, [-1]), label


def make_dataset(patches, labels, batch):
    ds = tf.data.Dataset.from_tensor_slices((patches, labels)).map(standardise)
    return ds.shuffle(64, seed=1).batch(batch)


rng = np.random.RandomState(2024)
patches = log_mel_patches(30, rng)
species = rng.randint(0, SPECIES, size=30)

mlp = keras.Sequential([
    keras.Input(shape=(MELS * FRAMES,)),
    layers.Dense(64, activation="relu"),
    layers.Dropout(0.25),
    layers.Dense(SPECIES, activation="softmax"),
])
mlp.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy")
mlp.fit(make_dataset(patches, species, batch=10), epochs=1, verbose=0)
