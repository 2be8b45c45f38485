# pattern: 34
# style: keras
# tf: 1.15
# source: https://github.com/nyoki-mtl/keras-facenet/issues/10
# class: B3
# Converted weights are loaded from .npy files into a Keras model layer by layer.  The files
# come from a checkpoint whose bottleneck has 512 units, the Keras model was built with 128:
# "Layer weight shape (1792, 128) not compatible with provided weight shape (1792, 512)".
import os
import tempfile

import numpy as np
from keras.layers import Dense, Input
from keras.models import Model

folder = tempfile.mkdtemp()
np.save(os.path.join(folder, "Bottleneck_kernel.npy"), np.zeros((1792, 512), dtype="float32"))
np.save(os.path.join(folder, "Bottleneck_bias.npy"), np.zeros((512,), dtype="float32"))

bottleneck_units = 512
features = Input(shape=(1792,))
embedding = Dense(bottleneck_units, name="Bottleneck")(features)
model = Model(features, embedding)

layer = model.get_layer("Bottleneck")
weights = [np.load(os.path.join(folder, "Bottleneck_" + part + ".npy")) for part in ("kernel", "bias")]
layer.set_weights(weights)
print(model.output_shape)
