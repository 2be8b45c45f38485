"""Train the plate reader on synthetic plates for a few steps."""
import numpy as np
import tensorflow as tf

import common
import gen
import model

BATCH_SIZE = 4


def code_to_vec(present, code):
    one_hot = np.zeros((len(code), len(common.CHARS)))
    for i, char in enumerate(code):
        one_hot[i, common.CHARS.index(char)] = 1.0
    return np.concatenate([[1.0 if present else 0.0], one_hot.flatten()])


def read_batch(num):
    images, vectors = [], []
    for image, code, present in gen.generate_ims(num):
        images.append(image)
        vectors.append(code_to_vec(present, code))
    return np.array(images), np.array(vectors)


def train(steps):
    x, y = model.get_training_model()
    y_ = tf.placeholder(tf.float32, [None, 1 + model.PLATE_CHARS * len(common.CHARS)])
    presence_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y_[:, :1], logits=y[:, :1]))
    digits = tf.reshape(y[:, 1:], [-1, len(common.CHARS)])
    digits_ = tf.reshape(y_[:, 1:], [-1, len(common.CHARS)])
    digits_loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=digits_, logits=digits))
    loss = presence_loss + digits_loss
    train_step = tf.train.AdamOptimizer(0.001).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(steps):
            batch_xs, batch_ys = read_batch(BATCH_SIZE)
            _, value = sess.run([train_step, loss], feed_dict={x: batch_xs, y_: batch_ys})
            print("step %d loss %.3f" % (step, value))


if __name__ == "__main__":
    train(steps=1)
