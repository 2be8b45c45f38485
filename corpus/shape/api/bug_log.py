# pattern: api
# style: tf2
# tf: 1.15, 2.15
# A hand-written cross-entropy with tf.log, which TensorFlow 2 only has as tf.math.log.
import tensorflow as tf

probs = tf.constant([[0.2, 0.8], [0.6, 0.4]])
labels = tf.constant([[0.0, 1.0], [1.0, 0.0]])
loss = -tf.reduce_mean(labels * tf.log(probs))  # expect[2.15]: ST401
print(loss)
