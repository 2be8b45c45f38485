# device-memory: 141GiB
# bytes: 160000000000
# A 200000 x 200000 float32 random matrix: 4e10 elements x 4 bytes = 160,000,000,000 bytes
# (149.0 GiB), more than the largest accelerator.  Not run by the oracle: it would allocate that.
import tensorflow as tf

weights = tf.random.normal([200000, 200000])  # expect: ST205
print(weights.shape)
