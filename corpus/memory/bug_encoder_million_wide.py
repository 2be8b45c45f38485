# device-memory: 16GiB
# bytes: 4000000000000
# A full-rank encoder over a million-wide input: 10^6 x 10^6 float32 = 4,000,000,000,000 bytes,
# on a 16 GiB GPU.  Not run by the oracle: it would allocate that.
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

DIM = 1000000
x = tf.placeholder(tf.float32, [None, DIM])
init = tf.random_normal([DIM, DIM], stddev=0.01)  # expect: ST205
encoder_w = tf.Variable(init, name="encoder_w")
code = tf.nn.tanh(tf.matmul(x, encoder_w))
