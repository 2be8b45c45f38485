# pattern: api
# style: tf2
# tf: 1.15, 2.21
# Weights drawn with tf.random_normal, renamed tf.random.normal in TensorFlow 2.
import tensorflow as tf

weights = tf.random.normal([4, 2], stddev=0.1)
bias = tf.zeros([2])
print(weights + bias)
