# device-memory: 141GiB
# bytes: 1024000000
# Fixed: one row of 80 float32 features per sample, 3,200,000 x 80 = 1,024,000,000 bytes.
import tensorflow as tf

CAPACITY = 32 * 100000
memory = tf.zeros([CAPACITY, 80])
print(memory.shape)
