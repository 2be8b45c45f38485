# pattern: 32
# style: tf2
# tf: 2.15, 2.21
# tf.experimental.numpy follows numpy: concatenating rows on axis 0 needs equal row widths,
# and the two feature blocks have 3 and 4 columns.
import tensorflow.experimental.numpy as tnp

left = tnp.ones((5, 3))
right = tnp.zeros((5, 4))
stacked = tnp.concatenate([left, right], axis=0)  # expect: ST108
print(stacked.shape)
