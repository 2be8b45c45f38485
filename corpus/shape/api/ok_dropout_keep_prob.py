# pattern: api
# style: tf2
# tf: 1.15, 2.15
# tf.nn.dropout took keep_prob in TensorFlow 1; TensorFlow 2 takes rate (TypeError on
# the old keyword).
import tensorflow as tf

hidden = tf.ones([4, 8])
dropped = tf.nn.dropout(hidden, rate=0.5)
print(dropped.shape)
