# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.squared_difference moved to tf.math.squared_difference in TensorFlow 2.
import tensorflow as tf

prediction = tf.constant([1.0, 2.0, 3.0])
target = tf.constant([1.5, 2.0, 2.0])
mse = tf.reduce_mean(tf.squared_difference(prediction, target))  # expect[2.21]: ST401
print(mse)
