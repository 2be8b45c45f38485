# pattern: api
# style: tf2
# tf: 1.15, 2.15
# The graph-level seed under its TensorFlow 1 name (tf.random.set_seed in TensorFlow 2).
import tensorflow as tf

tf.compat.v1.set_random_seed(42)
noise = tf.random.uniform([3])
print(noise)
