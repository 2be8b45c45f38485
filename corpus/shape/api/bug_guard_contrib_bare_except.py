# pattern: api
# style: tf2
# tf: 1.15, 2.21
# A script that prefers tensorflow.contrib's initializer, gone after TensorFlow 1.15
# (ModuleNotFoundError); its twin guards the import with a bare `except:` and falls
# back to the core initializer, so it runs under both.
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
from tensorflow.contrib import layers as contrib_layers  # expect[2.21]: ST402
initializer = contrib_layers.xavier_initializer()
w = tf.Variable(initializer([4, 2]))
print(w.shape)
