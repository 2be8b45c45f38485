# pattern: api
# style: tf2
# tf: 1.15, 2.15
# The graph-level seed under its TensorFlow 1 name (tf.random.set_seed in TensorFlow 2).
import tensorflow as tf

tf.set_random_seed(42)  # expect[2.15]: ST401
noise = tf.random.uniform([3])
print(noise)
