# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# CIFAR-10-tutorial style convnet with raw tf.nn ops on 24x24 colour crops: per-layer
# variable scopes with tf.get_variable, VALID and SAME convolutions, bias_add, overlapping
# 3x3/2 max pooling, local response normalisation, and a flatten whose size is read from the
# pooled tensor's static shape. Labels are sparse; evaluation uses in_top_k.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CROP = 24
NUM_CLASSES = 10


def conv_relu(inputs, kernel_shape, scope, padding):
    with tf.variable_scope(scope):
        kernel = tf.get_variable("weights", kernel_shape,
                                 initializer=tf.truncated_normal_initializer(stddev=5e-2))
        biases = tf.get_variable("biases", [kernel_shape[-1]], initializer=tf.constant_initializer(0.0))
        conv = tf.nn.conv2d(inputs, kernel, [1, 1, 1, 1], padding=padding)
        return tf.nn.relu(tf.nn.bias_add(conv, biases))


def inference(images):
    conv1 = conv_relu(images, [5, 5, 3, 16], "conv1", "VALID")              # 20x20x16
    pool1 = tf.nn.max_pool(conv1, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")  # 10x10
    norm1 = tf.nn.lrn(pool1, 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75)
    conv2 = conv_relu(norm1, [3, 3, 16, 24], "conv2", "SAME")               # 10x10x24
    pool2 = tf.nn.max_pool(conv2, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")  # 5x5
    flat_dim = int(np.prod(pool2.get_shape().as_list()[1:]))
    flat = tf.reshape(pool2, [-1, flat_dim])
    with tf.variable_scope("local3"):
        w3 = tf.get_variable("weights", [flat_dim, 48], initializer=tf.truncated_normal_initializer(stddev=0.04))
        b3 = tf.get_variable("biases", [48], initializer=tf.constant_initializer(0.1))
        local3 = tf.nn.relu(tf.matmul(flat, w3) + b3)
    with tf.variable_scope("softmax_linear"):
        w4 = tf.get_variable("weights", [48, NUM_CLASSES], initializer=tf.truncated_normal_initializer(stddev=1 / 48.0))
        b4 = tf.get_variable("biases", [NUM_CLASSES], initializer=tf.constant_initializer(0.0))
        return tf.add(tf.matmul(local3, w4), b4)


def distorted_batch(rng, n):
    raw = rng.rand(n, 32, 32, 3).astype(np.float32)
    offsets = rng.randint(0, 32 - CROP + 1, size=(n, 2))
    crops = np.stack([img[r:r + CROP, c:c + CROP] for img, (r, c) in zip(raw, offsets)])
    crops = (crops - crops.mean(axis=(1, 2, 3), keepdims=True)) / crops.std(axis=(1, 2, 3), keepdims=True)
    return crops, rng.randint(0, NUM_CLASSES, size=n).astype(np.int32)


images = tf.placeholder(tf.float32, [None, CROP, CROP, 3], name="images")
labels = tf.placeholder(tf.int32, [None], name="labels")
logits = inference(images)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss)
top_k_op = tf.nn.in_top_k(logits, labels, 1)

rng = np.random.RandomState(1)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        batch_x, batch_y = distorted_batch(rng, 12)
        _, loss_value = sess.run([train_op, loss], feed_dict={images: batch_x, labels: batch_y})
        print("step %d, loss = %.3f" % (step, loss_value))
    eval_x, eval_y = distorted_batch(rng, 20)
    predictions = sess.run(top_k_op, feed_dict={images: eval_x, labels: eval_y})
    print("precision @ 1 = %.3f" % np.mean(predictions))
