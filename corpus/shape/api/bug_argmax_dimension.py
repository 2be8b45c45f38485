# pattern: api
# style: tf2
# tf: 1.15, 2.15
# argmax(..., dimension=1): the deprecated keyword TensorFlow 2 dropped.
import tensorflow as tf

logits = tf.constant([[0.1, 0.9], [0.8, 0.2]])
predicted = tf.argmax(logits, dimension=1)  # expect[2.15]: ST404
print(predicted)
