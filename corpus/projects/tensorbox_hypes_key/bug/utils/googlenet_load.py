"""The early convolutional feature extractor, chosen by the hypes."""
import tensorflow as tf


def conv(x, depth, name):
    w = tf.get_variable(name, [3, 3, x.get_shape().as_list()[-1], depth])
    return tf.nn.relu(tf.nn.conv2d(x, w, strides=[1, 2, 2, 1], padding="SAME"))


def model(x, H, reuse):
    with tf.variable_scope("backbone", reuse=reuse):
        if H["slim_basename"] == "resnet_v1_101":  # expect: ST150
            early_feat = conv(conv(x, 8, "res_a"), 16, "res_b")
        else:
            early_feat = conv(x, 16, "inception_a")
        cnn = conv(early_feat, H["later_feat_channels"], "head")
    return cnn, early_feat
