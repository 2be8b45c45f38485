"""Train the conversation model for the configured number of steps."""
import numpy as np
import tensorflow as tf

import config
from model import Seq2Seq


def main(mode):
    length = config.PARAMS["data"]["max_seq_length"]
    inputs = tf.placeholder(tf.int32, [None, length])
    targets = tf.placeholder(tf.int32, [None, length])
    loss = Seq2Seq(mode).build_graph(inputs, targets)
    train_op = tf.train.AdamOptimizer(config.PARAMS["train"]["learning_rate"]).minimize(loss)
    batch = config.PARAMS["train"]["batch_size"]
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for _ in range(config.PARAMS["train"]["train_steps"]):
            data = np.random.randint(0, config.PARAMS["data"]["vocab_size"], (batch, length))
            print(sess.run([train_op, loss], feed_dict={inputs: data, targets: data})[1])


if __name__ == "__main__":
    main("train")
