# pattern: 22
# style: tf2
# tf: 2.15, 2.21
# A GRU forecaster trained with GradientTape.  tf.keras.losses.mse returns one
# value per window (it only averages the last axis), the result is never reduced, and
# the loss history converts it with float(), which needs a scalar.
import numpy as np
import tensorflow as tf

WINDOW, HORIZON, BATCH = 24, 3, 8

rng = np.random.RandomState(77)
series = np.cumsum(rng.randn(200)).astype("float32")
starts = rng.randint(0, len(series) - WINDOW - HORIZON, size=BATCH * 2)
inputs = np.stack([series[s:s + WINDOW] for s in starts])[..., None]
targets = np.stack([series[s + WINDOW:s + WINDOW + HORIZON] for s in starts])

forecaster = tf.keras.Sequential([
    tf.keras.Input(shape=(WINDOW, 1)),
    tf.keras.layers.GRU(16),
    tf.keras.layers.Dense(HORIZON),
])
optimizer = tf.keras.optimizers.Adam(1e-3)
history = []

for i in range(0, len(inputs), BATCH):
    xb, yb = inputs[i:i + BATCH], targets[i:i + BATCH]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.keras.losses.mse(yb, forecaster(xb, training=True)))
    grads = tape.gradient(loss, forecaster.trainable_variables)
    optimizer.apply_gradients(zip(grads, forecaster.trainable_variables))
    history.append(float(loss))

print("mse per batch:", history)
