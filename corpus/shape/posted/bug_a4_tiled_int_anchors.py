# pattern: dtype
# style: tf1
# tf: 1.15
# source: https://github.com/mystic123/tensorflow-yolo-v3/issues/31
# class: A4
# YOLO anchors are a Python list of int pairs; tf.tile turns them into an int32 tensor, which
# then multiplies the float32 box sizes.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

_ANCHORS = [(116, 90), (156, 198), (373, 326)]
grid_size = 13

predictions = tf.placeholder(tf.float32, [None, grid_size * grid_size * 3, 4])
box_centers, box_sizes = tf.split(predictions, [2, 2], axis=-1)
anchors = tf.tile(_ANCHORS, [grid_size * grid_size, 1])
box_sizes = tf.exp(box_sizes) * anchors  # expect: ST140
with tf.Session() as sess:
    print(sess.run(box_sizes, {predictions: np.zeros((1, grid_size * grid_size * 3, 4))}).shape)
