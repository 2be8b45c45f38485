# device-memory: 16GiB
# bytes: 512000000
# Fixed: a 128-wide code, 10^6 x 128 float32 = 512,000,000 bytes.
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

DIM = 1000000
x = tf.placeholder(tf.float32, [None, DIM])
init = tf.random_normal([DIM, 128], stddev=0.01)
encoder_w = tf.Variable(init, name="encoder_w")
code = tf.nn.tanh(tf.matmul(x, encoder_w))
