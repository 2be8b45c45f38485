"""Train the box regressor with the hyperparameters below."""
import numpy as np
import tensorflow as tf

from utils import googlenet_load

H = {
    "image_width": 32,
    "image_height": 32,
    "later_feat_channels": 8,
    "num_classes": 2,
    "slim_basename": "inception_v1",
    "batch_size": 2,
    "solver": {"learning_rate": 0.001},
}


def build_forward(H, x, reuse):
    cnn, early_feat = googlenet_load.model(x, H, reuse)
    pooled = tf.reduce_mean(cnn, axis=[1, 2])
    w = tf.get_variable("logits", [H["later_feat_channels"], H["num_classes"]])
    return tf.matmul(pooled, w)


def train(H):
    x = tf.placeholder(tf.float32, [None, H["image_height"], H["image_width"], 3])
    y = tf.placeholder(tf.int32, [None])
    logits = build_forward(H, x, reuse=None)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.AdamOptimizer(H["solver"]["learning_rate"]).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        images = np.random.rand(H["batch_size"], H["image_height"], H["image_width"], 3)
        labels = np.random.randint(0, H["num_classes"], H["batch_size"])
        print(sess.run([train_op, loss], feed_dict={x: images, y: labels})[1])


if __name__ == "__main__":
    train(H)
