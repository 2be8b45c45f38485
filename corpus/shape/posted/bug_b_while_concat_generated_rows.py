# pattern: 17
# style: tf1
# tf: 1.15
# source: https://github.com/dshieble/Music_RNN_RBM/issues/7
# class: B4
# A generator appends one sampled frame per step to the music produced so far with tf.concat
# inside tf.while_loop.  The loop variable enters as (1, 100) and leaves the body as (2, 100);
# without shape_invariants TensorFlow refuses to build the loop.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

n_visible = 100
steps = tf.placeholder(tf.int32, [])
frame = tf.placeholder(tf.float32, [1, n_visible])


def generate(count, music):
    sample = tf.nn.sigmoid(frame + tf.reduce_mean(music, axis=0, keepdims=True))
    return count + 1, tf.concat([music, sample], axis=0)


music = tf.zeros([1, n_visible])
invariants = [tf.TensorShape([]), music.get_shape()]
_, song = tf.while_loop(lambda count, *_: count < steps, generate, [0, music], shape_invariants=invariants)  # expect: ST125
with tf.Session() as sess:
    print(sess.run(song, {steps: 5, frame: np.zeros((1, n_visible))}).shape)
