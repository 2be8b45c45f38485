# pattern: api
# style: keras
# tf: 1.15, 2.21
# keras.utils.np_utils (to_categorical's old home) was removed (ImportError in Keras 3).
import numpy as np
from keras.utils import np_utils  # expect[2.21]: ST402

labels = np.array([0, 2, 1, 2])
onehot = np_utils.to_categorical(labels, 3)
print(onehot.shape)
