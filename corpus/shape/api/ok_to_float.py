# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.to_float was removed in TensorFlow 2; tf.cast does the same in every version.
import tensorflow as tf

labels = tf.constant([0, 1, 1, 0])
ratio = tf.reduce_mean(tf.cast(labels, tf.float32))
print(ratio)
