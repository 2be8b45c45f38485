"""Train the VGG-style network on random images of the configured size."""
import numpy as np
import tensorflow as tf

import config
from cnn_models import vggnet16


def random_batch(n):
    images = np.random.rand(n, config.IMAGE_HEIGHT, config.IMAGE_WIDTH, config.NUM_CHANNELS)
    labels = np.eye(config.NUM_LABELS)[np.random.randint(0, config.NUM_LABELS, n)]
    return images.astype(np.float32), labels.astype(np.float32)


def main():
    x = tf.placeholder(tf.float32, [None, config.IMAGE_HEIGHT, config.IMAGE_WIDTH, config.NUM_CHANNELS])
    y = tf.placeholder(tf.float32, [None, config.NUM_LABELS])
    logits = vggnet16.model(x, config.NUM_CHANNELS, config.NUM_LABELS)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    train_op = tf.train.AdamOptimizer(config.LEARNING_RATE).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(config.STEPS):
            images, labels = random_batch(config.BATCH_SIZE)
            _, value = sess.run([train_op, loss], feed_dict={x: images, y: labels})
            print("step %d loss %.3f" % (step, value))


if __name__ == "__main__":
    main()
