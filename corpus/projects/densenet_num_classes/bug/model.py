"""A small fully convolutional segmenter in the FC-DenseNet style."""
import tensorflow as tf


class DenseTiramisu(object):
    def __init__(self, growth_k, num_classes):
        self.growth_k = growth_k
        self.num_classes = num_classes

    def conv(self, x, out_depth, name):
        in_depth = x.get_shape().as_list()[-1]
        w = tf.get_variable(name, [3, 3, in_depth, out_depth])
        return tf.nn.relu(tf.nn.conv2d(x, w, strides=[1, 1, 1, 1], padding="SAME"))

    def dense_block(self, x, name):
        first = self.conv(x, self.growth_k, name + "_a")
        second = self.conv(tf.concat([x, first], axis=3), self.growth_k, name + "_b")
        return tf.concat([x, first, second], axis=3)

    def model(self, x):
        h = self.conv(x, 8, "stem")
        h = self.dense_block(h, "block1")
        w = tf.get_variable("classifier", [1, 1, h.get_shape().as_list()[-1], self.num_classes])
        return tf.nn.conv2d(h, w, strides=[1, 1, 1, 1], padding="SAME")

    def xentropy_loss(self, logits, labels):
        labels = tf.one_hot(labels, self.num_classes)
        logits = tf.reshape(logits, [tf.shape(logits)[0], -1, 2])
        labels = tf.reshape(labels, [tf.shape(labels)[0], -1, self.num_classes])
        loss = tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits)  # related
        return tf.reduce_mean(loss)
