# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# Predictions (argmax: int64) are compared with int32 labels.
import numpy as np
import tensorflow as tf

logits = tf.random.normal([4, 3])
labels = tf.constant([0, 2, 1, 1])
correct = tf.equal(tf.argmax(logits, axis=1), labels)  # expect: ST140
print(correct.numpy())
