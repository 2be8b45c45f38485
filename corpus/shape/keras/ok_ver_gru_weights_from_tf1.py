# pattern: 34
# style: keras
# tf: 1.15, 2.15, 2.21
# GRU weights exported from a TensorFlow 1.x model (kernel, recurrent kernel and a bias of
# 3 * units) are loaded into the same GRU under a newer TensorFlow.  Keras 2.15 and 3 build a
# GRU with reset_after=True by default, whose bias is (2, 3 * units): "Layer gru weight shape
# (2, 15) is not compatible with provided weight shape (15,)".  TensorFlow 1.15's GRU has
# reset_after=False and takes them.  Written for this corpus, not posted.
import numpy as np
from tensorflow import keras

units = 5
exported = [np.zeros((4, 3 * units), "float32"), np.zeros((units, 3 * units), "float32"),
            np.zeros((3 * units,), "float32")]
sequence = keras.Input(shape=(7, 4))
state = keras.layers.GRU(units, reset_after=False)(sequence)
model = keras.Model(sequence, keras.layers.Dense(1)(state))
model.layers[1].set_weights(exported)
print(model.predict(np.zeros((2, 7, 4), "float32")).shape)
