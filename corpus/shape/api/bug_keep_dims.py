# pattern: api
# style: tf2
# tf: 1.15, 2.21
# keep_dims= (TensorFlow 1's deprecated spelling) is an unexpected keyword for
# reduce_sum in TensorFlow 2 (TypeError): the keyword is keepdims.
import tensorflow as tf

scores = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
totals = tf.reduce_sum(scores, axis=1, keep_dims=True)  # expect[2.21]: ST404
print(scores / totals)
