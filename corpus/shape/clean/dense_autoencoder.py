# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# A dense autoencoder with tied weights on flattened 8x8 patches.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

INPUT_DIM, CODE_DIM = 64, 12


def encoder(x):
    w = tf.get_variable("w_enc", [INPUT_DIM, CODE_DIM])
    b = tf.get_variable("b_enc", [CODE_DIM], initializer=tf.zeros_initializer())
    return tf.nn.sigmoid(tf.matmul(x, w) + b), w


def decoder(code, w_enc):
    b = tf.get_variable("b_dec", [INPUT_DIM], initializer=tf.zeros_initializer())
    return tf.matmul(code, tf.transpose(w_enc)) + b


x = tf.placeholder(tf.float32, [None, INPUT_DIM])
code, w_enc = encoder(x)
logits = decoder(code, w_enc)
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=x, logits=logits))
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

patches = (np.random.RandomState(0).rand(32, 8, 8) > 0.5).astype(np.float32).reshape(32, INPUT_DIM)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(2):
        _, value = sess.run([train_op, loss], {x: patches})
        print("epoch", epoch, "loss", value)
    codes = sess.run(code, {x: patches[:4]})
    print("codes", codes.shape)
