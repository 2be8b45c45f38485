# pattern: 15
# style: tf1
# tf: 1.15, 2.15, 2.21
# The accuracy op was copied from a one-hot model: tf.argmax(labels, 1) on integer labels of
# shape [None] asks for an axis the labels do not have.  The graph builds (the axis is only
# checked by the kernel); evaluating the accuracy fails.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

NUM_CLASSES = 6
INPUT_DIM = 30


def make_split(n, seed):
    rng = np.random.RandomState(seed)
    prototypes = np.random.RandomState(123).randn(NUM_CLASSES, INPUT_DIM)
    labels = rng.randint(0, NUM_CLASSES, size=n)
    inputs = prototypes[labels] + 0.5 * rng.randn(n, INPUT_DIM)
    return inputs.astype(np.float32), labels.astype(np.int64)


def classifier(x, hidden=24):
    w1 = tf.get_variable("w1", [INPUT_DIM, hidden])
    b1 = tf.get_variable("b1", [hidden], initializer=tf.zeros_initializer())
    w2 = tf.get_variable("w2", [hidden, NUM_CLASSES])
    b2 = tf.get_variable("b2", [NUM_CLASSES], initializer=tf.zeros_initializer())
    return tf.matmul(tf.nn.elu(tf.matmul(x, w1) + b1), w2) + b2


def metrics(logits, labels):
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    predicted = tf.argmax(logits, 1)
    correct = tf.equal(predicted, labels)
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
    return loss, accuracy


def main():
    x = tf.placeholder(tf.float32, [None, INPUT_DIM])
    y = tf.placeholder(tf.int64, [None])
    logits = classifier(x)
    loss, accuracy = metrics(logits, y)
    train_op = tf.train.AdagradOptimizer(0.1).minimize(loss)

    train_x, train_y = make_split(32, seed=0)
    test_x, test_y = make_split(16, seed=1)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(2):
            _, value = sess.run([train_op, loss], {x: train_x, y: train_y})
            print("epoch %d loss %.3f" % (epoch, value))
        test_accuracy = sess.run(accuracy, {x: test_x, y: test_y})
        print("test accuracy %.3f" % test_accuracy)
        predictions = sess.run(tf.argmax(logits, 1), {x: test_x})
        for cls in range(NUM_CLASSES):
            mask = test_y == cls
            print("class %d: %d/%d" % (cls, int((predictions[mask] == cls).sum()), int(mask.sum())))


if __name__ == "__main__":
    main()
