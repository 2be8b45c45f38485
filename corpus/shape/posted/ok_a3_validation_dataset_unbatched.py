# pattern: 9
# style: keras
# tf: 2.15
# source: https://github.com/tensorflow/tensorflow/issues/44250
# class: A3
# The training dataset is shuffled, repeated and batched, the validation dataset only
# prefetched: its elements are single (12, 24, 3) images, so validation meets the model's
# 4-D input without a batch axis.
import numpy as np
import tensorflow as tf
from tensorflow.keras import Sequential, layers, optimizers

train_x = np.random.uniform(0, 10, (300, 12, 24, 3))
train_y = np.random.randint(0, 2, 300)
val_x = np.random.uniform(0, 10, (100, 12, 24, 3))
val_y = np.random.randint(0, 2, 100)

model = Sequential([
    layers.Conv2D(32, 3, activation="relu", padding="same", input_shape=(12, 24, 3)),
    layers.MaxPooling2D(),
    layers.GlobalAveragePooling2D(),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(loss="mse", optimizer=optimizers.SGD(1e-3), metrics=["accuracy"])

AUTOTUNE = tf.data.experimental.AUTOTUNE
train_ds = tf.data.Dataset.from_tensor_slices((train_x, train_y))
train_ds = train_ds.shuffle(300).repeat().batch(32).prefetch(AUTOTUNE)
val_ds = tf.data.Dataset.from_tensor_slices((val_x, val_y)).batch(32).prefetch(AUTOTUNE)
model.fit(train_ds, validation_data=val_ds, epochs=1, steps_per_epoch=2, verbose=0)
