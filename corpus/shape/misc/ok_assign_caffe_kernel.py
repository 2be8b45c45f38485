# pattern: 34
# style: tf1
# tf: 1.15, 2.15, 2.21
# Importing a 1x1 conv kernel exported in [out, in, h, w] order (39, 1024, 1, 1) into a
# TensorFlow variable laid out [h, w, in, out] without transposing it.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

exported = {"classifier/weight": np.random.RandomState(0).randn(39, 1024, 1, 1).astype(np.float32)}

features = tf.placeholder(tf.float32, [None, 7, 7, 1024])
kernel = tf.get_variable("classifier/kernel", [1, 1, 1024, 39])
logits = tf.nn.conv2d(features, kernel, [1, 1, 1, 1], "SAME")
load_op = tf.assign(kernel, exported["classifier/weight"].transpose(2, 3, 1, 0))

with tf.Session() as sess:
    sess.run(load_op)
    print(sess.run(logits, {features: np.zeros((1, 7, 7, 1024), np.float32)}).shape)
