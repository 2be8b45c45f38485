# pattern: api
# style: keras
# tf: 1.15, 2.15
# CuDNNLSTM left tf.keras.layers in TensorFlow 2 (LSTM picks the cuDNN kernel itself).
import numpy as np
from tensorflow import keras
from tensorflow.keras.layers import CuDNNLSTM  # expect[2.15]: ST402

recurrent = CuDNNLSTM(8)
print(type(recurrent).__name__)
