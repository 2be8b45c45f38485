# pattern: 34
# style: tf1
# tf: 1.15
# source: https://github.com/krishnabits001/domain_specific_cl/issues/8
# class: B3
# Pretrained encoder values are restored by assigning saved arrays to the graph's variables in
# turn.  The arrays are read in sorted file-name order (bias before weights) while the
# variables come in creation order (weights before bias), so a (16,) array meets the
# (3, 3, 1, 16) kernel and assign refuses it.
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
np.save(os.path.join(folder, "enc_c1_a_weights.npy"), np.ones((3, 3, 1, 16), dtype="float32"))
np.save(os.path.join(folder, "enc_c1_a_bias.npy"), np.ones((16,), dtype="float32"))

images = tf.placeholder(tf.float32, [None, 28, 28, 1])
weights = tf.get_variable("enc_c1_a_weights", [3, 3, 1, 16])
bias = tf.get_variable("enc_c1_a_bias", [16])
features = tf.nn.relu(tf.nn.conv2d(images, weights, [1, 1, 1, 1], "SAME") + bias)

files = sorted(os.listdir(folder))
saved = [np.load(os.path.join(folder, name)) for name in files]
restore_ops = []
for variable, value in zip(tf.trainable_variables(), saved):
    restore_ops.append(variable.assign(value))  # expect: ST116
with tf.Session() as sess:
    sess.run(restore_ops)
    print(sess.run(features, {images: np.zeros((1, 28, 28, 1))}).shape)
