"""The particle/noise classifier: two conv layers and a dense output."""
import tensorflow as tf

from src.config import MODEL_INPUT_SIZE, NUM_CLASSES


class DeepModel(object):
    def __init__(self):
        self.images = tf.placeholder(tf.float32, MODEL_INPUT_SIZE)
        self.labels = tf.placeholder(tf.int64, [MODEL_INPUT_SIZE[0]])
        h = self.conv(self.images, 1, 8, "conv1")
        h = self.conv(h, 8, 8, "conv2")
        flat = tf.reshape(h, [-1, (MODEL_INPUT_SIZE[1] // 4) * (MODEL_INPUT_SIZE[2] // 4) * 8])
        w = tf.get_variable("fc", [flat.get_shape().as_list()[1], NUM_CLASSES])
        self.logits = tf.matmul(flat, w)
        self.loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=self.labels, logits=self.logits))
        self.train_op = tf.train.AdamOptimizer(1e-3).minimize(self.loss)

    @staticmethod
    def conv(x, in_depth, out_depth, name):
        w = tf.get_variable(name, [3, 3, in_depth, out_depth])
        h = tf.nn.relu(tf.nn.conv2d(x, w, strides=[1, 1, 1, 1], padding="SAME"))
        return tf.nn.max_pool(h, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")
