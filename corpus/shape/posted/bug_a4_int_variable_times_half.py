# pattern: dtype
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/tensorflow/issues/12454
# class: A4
# A variable created with dtype int32 is scaled by the Python float 0.5: the float cannot be
# made an int32 tensor, so the multiplication is refused.
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

counts = tf.get_variable("counts", shape=[10], dtype=tf.int32, initializer=tf.zeros_initializer())
halved = counts * 0.5  # expect: ST140
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(halved))
