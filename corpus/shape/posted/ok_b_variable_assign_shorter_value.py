# pattern: 34
# style: tf2
# tf: 2.15, 2.21
# source: https://github.com/tensorflow/tensorflow/issues/30840
# class: B3
# A variable of 10 values is given a new value of 5 with assign, hoping validate_shape=False at
# creation lets its shape change; a TF2 variable keeps its shape: "Shapes (10,) and (5,) are
# incompatible".
import tensorflow as tf

tf.random.set_seed(0)
state = tf.Variable(tf.random_normal_initializer()(shape=(10,)))
update = tf.random.normal((10,))
state.assign(update)
print(state.shape)
