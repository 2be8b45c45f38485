# pattern: 15
# style: tf2
# Evaluation of a classifier: the predicted class of every example is the argmax over
# the class axis (1), but axis 0 was used, which gives one index per class instead.
import numpy as np
import tensorflow as tf

EXAMPLES, FEATURES, CLASSES = 50, 12, 5
features = tf.constant(np.random.rand(EXAMPLES, FEATURES).astype(np.float32))
labels = tf.constant(np.random.randint(0, CLASSES, EXAMPLES))
weights = tf.random.normal([FEATURES, CLASSES])
probabilities = tf.nn.softmax(tf.matmul(features, weights))
predicted = tf.argmax(probabilities, axis=0)  # related
confusion = tf.math.confusion_matrix(labels, predicted)  # expect: ST109
print(confusion.numpy())
