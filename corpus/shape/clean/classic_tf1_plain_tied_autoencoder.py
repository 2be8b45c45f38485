# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A tied-weight autoencoder in TF 1.x: the decoder reuses the transposed encoder matrices
# (tf.transpose), inputs are corrupted with a masking-noise op inside the graph, and the
# hidden codes are fetched in an evaluation pass with a larger batch than training used.
import numpy as np
import tensorflow as tf

n_visible = 36
n_hidden = [18, 6]
corruption = 0.2
learning_rate = 0.05


def xavier(fan_in, fan_out):
    limit = np.sqrt(6.0 / (fan_in + fan_out))
    return tf.random_uniform([fan_in, fan_out], -limit, limit)


X = tf.placeholder("float", [None, n_visible], name="X")
mask = tf.cast(tf.random_uniform(tf.shape(X)) > corruption, tf.float32)
X_noisy = X * mask

sizes = [n_visible] + n_hidden
encoder_weights = []
encoder_biases = []
for i in range(len(n_hidden)):
    encoder_weights.append(tf.Variable(xavier(sizes[i], sizes[i + 1]), name="W%d" % i))
    encoder_biases.append(tf.Variable(tf.zeros([sizes[i + 1]]), name="b%d" % i))
decoder_biases = [tf.Variable(tf.zeros([sizes[i]]), name="b_prime%d" % i) for i in range(len(n_hidden))]

layer = X_noisy
for W, b in zip(encoder_weights, encoder_biases):
    layer = tf.nn.sigmoid(tf.matmul(layer, W) + b)
code = layer

for i in reversed(range(len(n_hidden))):
    layer = tf.nn.sigmoid(tf.matmul(layer, tf.transpose(encoder_weights[i])) + decoder_biases[i])
reconstruction = layer

cost = tf.reduce_mean(tf.reduce_sum(tf.square(X - reconstruction), axis=1))
train = tf.train.GradientDescentOptimizer(learning_rate).minimize(cost)

rng = np.random.RandomState(10)
patterns = (rng.rand(4, n_visible) > 0.5).astype(np.float32)
data = patterns[rng.randint(0, 4, 50)]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(2):
        for start in range(0, 40, 10):
            sess.run(train, feed_dict={X: data[start:start + 10]})
        print("epoch", epoch, "cost", sess.run(cost, feed_dict={X: data[:40]}))
    codes = sess.run(code, feed_dict={X: data[40:]})
    print("codes for held-out rows", codes.shape)
    print(np.round(codes[:2], 2))
