# pattern: api
# style: tf2
# tf: 1.15, 2.15
# tf.nn.dropout took keep_prob in TensorFlow 1; TensorFlow 2 takes rate (TypeError on
# the old keyword).
import tensorflow as tf

hidden = tf.ones([4, 8])
dropped = tf.nn.dropout(hidden, keep_prob=0.5)  # expect[2.15]: ST404
print(dropped.shape)
