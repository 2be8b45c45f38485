# pattern: 12
# style: tf1
# tf: 1.15, 2.15, 2.21
# Labels read from a CSV column keep their [N, 1] shape; the label placeholder is declared
# the same way, and sparse softmax cross-entropy wants [N].
import io

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CSV = """sepal_length,sepal_width,petal_length,petal_width,species
5.1,3.5,1.4,0.2,0
4.9,3.0,1.4,0.2,0
7.0,3.2,4.7,1.4,1
6.4,3.2,4.5,1.5,1
6.3,3.3,6.0,2.5,2
5.8,2.7,5.1,1.9,2
5.0,3.6,1.4,0.2,0
6.9,3.1,4.9,1.5,1
"""


def read_csv(text):
    table = np.loadtxt(io.StringIO(text), delimiter=",", skiprows=1)
    features = table[:, :4].astype(np.float32)
    labels = table[:, 4].astype(np.int64)
    return features, labels


def network(x, hidden=10, classes=3):
    w1 = tf.Variable(tf.truncated_normal([4, hidden], stddev=0.1))
    b1 = tf.Variable(tf.zeros([hidden]))
    w2 = tf.Variable(tf.truncated_normal([hidden, classes], stddev=0.1))
    b2 = tf.Variable(tf.zeros([classes]))
    return tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2) + b2


def main():
    features, labels = read_csv(CSV)
    mean, std = features.mean(axis=0), features.std(axis=0)
    features = (features - mean) / std

    x = tf.placeholder(tf.float32, [None, 4])
    y = tf.placeholder(tf.int64, [None])
    logits = network(x)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.AdamOptimizer(0.05).minimize(loss)
    predictions = tf.argmax(logits, axis=1)

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(2):
            _, value = sess.run([train_op, loss], {x: features, y: labels})
            print("epoch", epoch, "loss", value)
        print("predicted", sess.run(predictions, {x: features}))


if __name__ == "__main__":
    main()
