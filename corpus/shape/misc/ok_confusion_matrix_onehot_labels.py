# pattern: 11
# style: tf1
# The evaluation graph builds a confusion matrix from the one-hot label placeholder
# and the argmax of the logits; confusion_matrix wants class ids on both sides.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

FEATURES, CLASSES = 20, 5
x = tf.placeholder(tf.float32, [None, FEATURES])
y = tf.placeholder(tf.float32, [None, CLASSES])
w = tf.Variable(tf.random_normal([FEATURES, CLASSES], stddev=0.1))
logits = tf.matmul(x, w)
predicted = tf.argmax(logits, 1)
confusion = tf.confusion_matrix(tf.argmax(y, 1), predicted, num_classes=CLASSES)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    labels = np.eye(CLASSES)[np.random.randint(0, CLASSES, 50)]
    print(sess.run(confusion, {x: np.random.rand(50, FEATURES), y: labels}))
