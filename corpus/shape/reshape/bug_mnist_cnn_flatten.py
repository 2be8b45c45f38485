# pattern: 2
# style: tf1
# tf: 1.15, 2.15, 2.21
# The two-conv MNIST network: after two 2x2 SAME pools a 28x28 image is 7x7, but the
# flatten (and the fc weights sized to match it) were written for 4x4.  The graph builds
# because the batch axis is unknown; the reshape fails when the first batch runs.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

IMAGE_SIZE = 28
NUM_CLASSES = 10
BATCH_SIZE = 8


def weight_variable(shape):
    return tf.Variable(tf.truncated_normal(shape, stddev=0.1))


def bias_variable(shape):
    return tf.Variable(tf.constant(0.1, shape=shape))


def conv2d(x, W):
    return tf.nn.conv2d(x, W, strides=[1, 1, 1, 1], padding="SAME")


def max_pool_2x2(x):
    return tf.nn.max_pool(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


def deepnn(x):
    x_image = tf.reshape(x, [-1, IMAGE_SIZE, IMAGE_SIZE, 1])

    W_conv1 = weight_variable([5, 5, 1, 32])
    b_conv1 = bias_variable([32])
    h_pool1 = max_pool_2x2(tf.nn.relu(conv2d(x_image, W_conv1) + b_conv1))

    W_conv2 = weight_variable([5, 5, 32, 64])
    b_conv2 = bias_variable([64])
    h_pool2 = max_pool_2x2(tf.nn.relu(conv2d(h_pool1, W_conv2) + b_conv2))

    W_fc1 = weight_variable([4 * 4 * 64, 1024])  # related: sized like the flatten below
    b_fc1 = bias_variable([1024])
    h_pool2_flat = tf.reshape(h_pool2, [-1, 4 * 4 * 64])  # related: pool2 is [?, 7, 7, 64]
    h_fc1 = tf.nn.relu(tf.matmul(h_pool2_flat, W_fc1) + b_fc1)

    keep_prob = tf.placeholder(tf.float32)
    h_fc1_drop = tf.nn.dropout(h_fc1, keep_prob=keep_prob)

    W_fc2 = weight_variable([1024, NUM_CLASSES])
    b_fc2 = bias_variable([NUM_CLASSES])
    return tf.matmul(h_fc1_drop, W_fc2) + b_fc2, keep_prob


def fake_mnist(n, seed=0):
    rng = np.random.RandomState(seed)
    images = rng.rand(n, IMAGE_SIZE * IMAGE_SIZE).astype(np.float32)
    labels = np.eye(NUM_CLASSES, dtype=np.float32)[rng.randint(0, NUM_CLASSES, n)]
    return images, labels


def main():
    x = tf.placeholder(tf.float32, [None, IMAGE_SIZE * IMAGE_SIZE])
    y_ = tf.placeholder(tf.float32, [None, NUM_CLASSES])
    y_conv, keep_prob = deepnn(x)
    cross_entropy = tf.reduce_mean(
        tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=y_conv))
    train_step = tf.train.AdamOptimizer(1e-4).minimize(cross_entropy)
    correct_prediction = tf.equal(tf.argmax(y_conv, 1), tf.argmax(y_, 1))
    accuracy = tf.reduce_mean(tf.cast(correct_prediction, tf.float32))

    images, labels = fake_mnist(2 * BATCH_SIZE)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for i in range(2):
            batch_x = images[i * BATCH_SIZE:(i + 1) * BATCH_SIZE]
            batch_y = labels[i * BATCH_SIZE:(i + 1) * BATCH_SIZE]
            train_step.run(feed_dict={x: batch_x, y_: batch_y, keep_prob: 0.5})  # expect: ST104
        print("accuracy %g" % accuracy.eval(feed_dict={x: images, y_: labels, keep_prob: 1.0}))


if __name__ == "__main__":
    main()
