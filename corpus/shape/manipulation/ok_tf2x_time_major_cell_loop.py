# pattern: 30
# style: tf2
# A sensor sequence is unrolled by hand over an LSTMCell, which needs time-major input.
# The batch/time swap is written with a two-entry permutation, as for a matrix, but the
# windows are [batch, time, features].
import numpy as np
import tensorflow as tf

BATCH, STEPS, FEATURES, UNITS = 6, 10, 4, 8


def make_windows(seed=5):
    rng = np.random.RandomState(seed)
    drift = np.linspace(0.0, 1.0, STEPS, dtype="float32")[None, :, None]
    return (rng.randn(BATCH, STEPS, FEATURES).astype("float32") + drift)


def unroll(cell, windows):
    time_major = tf.transpose(windows, perm=[1, 0, 2])
    state = cell.get_initial_state(batch_size=BATCH)
    outputs = []
    for x_t in tf.unstack(time_major):
        out, state = cell(x_t, state)
        outputs.append(out)
    return tf.stack(outputs, axis=1)


cell = tf.keras.layers.LSTMCell(UNITS)
readout = tf.keras.layers.Dense(1)
windows = tf.constant(make_windows())
sequence = unroll(cell, windows)
score = readout(sequence[:, -1])
print(sequence.shape, score.shape)
