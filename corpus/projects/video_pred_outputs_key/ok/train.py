"""Train the video predictor for one step on random sequences."""
import numpy as np
import tensorflow as tf

from models import SAVPVideoPredictionModel

model_hparams = {"use_state": True, "state_weight": 1e-4}

if __name__ == "__main__":
    inputs = {"images": tf.placeholder(tf.float32, [None, 4, 8]),
              "states": tf.placeholder(tf.float32, [None, 4, 2])}
    model = SAVPVideoPredictionModel(model_hparams)
    outputs, loss = model.build_graph(inputs)
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        feed = {inputs["images"]: np.random.rand(2, 4, 8), inputs["states"]: np.random.rand(2, 4, 2)}
        print(sess.run([train_op, loss], feed_dict=feed)[1])
