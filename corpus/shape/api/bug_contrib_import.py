# pattern: api
# style: tf2
# tf: 1.15, 2.21
# from tensorflow.contrib import ...: the module is gone after TensorFlow 1.15
# (ModuleNotFoundError).
import tensorflow as tf
from tensorflow.contrib import layers as contrib_layers  # expect[2.21]: ST402

tf.compat.v1.disable_eager_execution()
init = contrib_layers.xavier_initializer()
w = tf.Variable(init([4, 2]))
print(w.shape)
