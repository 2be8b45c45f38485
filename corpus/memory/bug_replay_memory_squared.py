# device-memory: 141GiB
# bytes: 40960000000000
# A replay memory sized in samples squared: (32 * 100000)^2 float32 = 40,960,000,000,000 bytes
# (38147.0 GiB).  Not run by the oracle: it would allocate that.
import tensorflow as tf

CAPACITY = 32 * 100000
memory = tf.zeros([CAPACITY, CAPACITY])  # expect: ST205
print(memory.shape)
