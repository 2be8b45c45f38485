"""A narrow VGG-style network: five conv blocks, each halving the image, then two dense layers."""
import tensorflow as tf

BLOCK_DEPTHS = (4, 4, 8, 8, 8)
FC_SIZE = 16


def conv_block(x, in_depth, out_depth):
    w = tf.Variable(tf.truncated_normal([3, 3, in_depth, out_depth], stddev=0.1))
    b = tf.Variable(tf.zeros([out_depth]))
    h = tf.nn.relu(tf.nn.conv2d(x, w, strides=[1, 1, 1, 1], padding="SAME") + b)
    return tf.nn.max_pool(h, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


def model(data, num_channels, num_labels):
    h = data
    depth = num_channels
    for out_depth in BLOCK_DEPTHS:
        h = conv_block(h, depth, out_depth)
        depth = out_depth
    shape = h.get_shape().as_list()
    flat = tf.reshape(h, [-1, shape[1] * shape[2] * shape[3]])
    # Written for 224 x 224 images: five halvings leave 7 x 7.
    w_fc = tf.Variable(tf.truncated_normal([7 * 7 * BLOCK_DEPTHS[-1], FC_SIZE], stddev=0.1))
    b_fc = tf.Variable(tf.zeros([FC_SIZE]))
    fc = tf.nn.relu(tf.matmul(flat, w_fc) + b_fc)
    w_out = tf.Variable(tf.truncated_normal([FC_SIZE, num_labels], stddev=0.1))
    b_out = tf.Variable(tf.zeros([num_labels]))
    return tf.matmul(fc, w_out) + b_out
