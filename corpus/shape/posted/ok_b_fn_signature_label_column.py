# pattern: 7
# style: tf2
# tf: 2.15, 2.21
# source: https://github.com/tensorflow/tensorflow/issues/55403
# class: B4
# An on-device training step is a tf.function whose input_signature says the labels are
# (None, 1); the labels are passed as a flat vector of 10, which the signature does not take
# ("Python inputs incompatible with input_signature" / "Can not cast TensorSpec").
import numpy as np
import tensorflow as tf

weights = tf.Variable(tf.zeros([2, 1]))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([None, 1], tf.float32)])
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, weights) - y))
    weights.assign_sub(0.1 * tape.gradient(loss, weights))
    return loss


features = np.random.RandomState(5).rand(10, 2).astype("float32")
labels = (features[:, :1] > 0.5).astype("float32")
print(train_step(tf.constant(features), tf.constant(labels)))
