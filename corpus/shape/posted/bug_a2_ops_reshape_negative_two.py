# pattern: 31
# style: keras
# tf: 2.21
# source: https://github.com/keras-team/keras/issues/22867
# class: A2
# keras.ops.reshape is given -2 as the wildcard size; only -1 may stand for an inferred
# dimension (NumPy's backend happens to accept it, TensorFlow's and Keras' shape check do not).
import numpy as np
from keras import ops

x = np.zeros(20, dtype="float32")
rows = ops.reshape(x, (-2, 5))  # expect: ST130
print(ops.shape(rows))
