# pattern: api
# style: tf2
# tf: 1.15, 2.21
# from tensorflow.contrib import ...: the module is gone after TensorFlow 1.15
# (ModuleNotFoundError).
import tensorflow as tf
from tensorflow.keras import initializers

tf.compat.v1.disable_eager_execution()
init = initializers.glorot_uniform()
w = tf.Variable(init([4, 2]))
print(w.shape)
