# device-memory: 141GiB
# bytes: 160000000
# Fixed: 20000 x 2000 float32 (160,000,000 bytes).
import tensorflow as tf

weights = tf.random.normal([20000, 2000])
print(weights.shape)
