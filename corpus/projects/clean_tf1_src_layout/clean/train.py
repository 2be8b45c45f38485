"""Train the classifier on augmented crops for one step."""
import numpy as np
import tensorflow as tf

from src.data import IMAGE_SIZE, augment_batch, make_images
from src.network import classifier

NUM_CLASSES = 4
BATCH_SIZE = 4

images = tf.placeholder(tf.float32, [None, IMAGE_SIZE, IMAGE_SIZE, 3])
labels = tf.placeholder(tf.int32, [None])
logits = classifier(augment_batch(images), NUM_CLASSES)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {images: make_images(BATCH_SIZE), labels: np.random.randint(0, NUM_CLASSES, BATCH_SIZE)}
    print(sess.run([train_op, loss], feed_dict=feed)[1])
