# pattern: api
# style: tf2
# tf: 1.15, 2.21
# softmax_cross_entropy_with_logits(dim=...) from TensorFlow 1: TensorFlow 2's
# signature is (labels, logits, axis, name); both default to the last axis.
import tensorflow as tf

logits = tf.constant([[2.0, 0.5, 0.1], [0.3, 1.2, 0.4]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
print(loss)
