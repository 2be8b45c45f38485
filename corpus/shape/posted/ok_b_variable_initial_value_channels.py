# pattern: 34
# style: tf2
# tf: 2.15, 2.21
# source: https://github.com/zcemycl/TF2DeepFloorplan/issues/53
# class: B3
# A kernel is created from pretrained values with the shape the model's configuration asks
# for: the stored kernel reads 256 channels, the configuration 32, and tf.Variable rejects an
# initial value that does not fit the explicit shape ("the initial value's shape
# ((4, 4, 256, 512)) is not compatible with the explicitly supplied `shape` argument").
import os
import tempfile

import numpy as np
import tensorflow as tf

path = os.path.join(tempfile.mkdtemp(), "pretrained.npz")
np.savez(path, deconv_kernel=np.zeros((4, 4, 256, 512), dtype="float32"))

in_channels = 256
pretrained = np.load(path)["deconv_kernel"]
kernel = tf.Variable(pretrained, shape=(4, 4, in_channels, 512), name="deconv_kernel")
print(kernel.shape)
