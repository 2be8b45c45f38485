# pattern: 6
# style: tf2
# tf: 2.15, 2.21
# Eager softmax regression on four flower measurements: the logits are computed with the
# elementwise `*` instead of a matrix product, so [batch, 4] meets the [4, 3] weights.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(8)
centers = np.array([[5.0, 3.4, 1.5, 0.2], [5.9, 2.8, 4.3, 1.3], [6.6, 3.0, 5.6, 2.0]])
species = rng.randint(0, 3, size=30)
measurements = (centers[species] + 0.3 * rng.randn(30, 4)).astype("float32")

W = tf.Variable(tf.random.normal([4, 3], stddev=0.1, seed=2))
b = tf.Variable(tf.zeros([3]))
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

for epoch in range(2):
    with tf.GradientTape() as tape:
        logits = measurements * W + b  # expect: ST103
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=species, logits=logits))
    grads = tape.gradient(loss, [W, b])
    optimizer.apply_gradients(zip(grads, [W, b]))
    print(epoch, float(loss))
