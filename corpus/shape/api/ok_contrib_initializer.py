# pattern: api
# style: tf2
# tf: 1.15, 2.15
# oracle: legacy-keras
# A Xavier initializer from tf.contrib, which TensorFlow 2 does not ship; Keras's
# glorot_uniform is the same initializer in every version.
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

init = tf.keras.initializers.glorot_uniform()
w = tf.Variable(init([3, 2]))

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(w).shape)
