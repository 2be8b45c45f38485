# pattern: 29
# style: tf1
# tf: 1.15, 2.15, 2.21
# Forest cover-type classification from terrain measurements.  The output bias is sized with
# len(CLASS_NAMES), and the name list still carries the "unlabelled" entry used when the data
# was cleaned, so the bias has 8 entries for 7 logits.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CLASS_NAMES = ["spruce", "lodgepole", "ponderosa", "willow", "aspen", "douglas", "krummholz",
               "unlabelled"]
NUM_CLASSES = 7
FEATURES = ["elevation", "aspect", "slope", "h_dist_water", "v_dist_water", "h_dist_road",
            "shade_9am", "shade_noon", "shade_3pm", "h_dist_fire"]


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hidden", default="48,24")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--rows", type=int, default=96)
    ap.add_argument("--lr", type=float, default=0.02)
    return ap.parse_args([])


def survey(rows, seed=17):
    rng = np.random.RandomState(seed)
    x = rng.randn(rows, len(FEATURES)).astype(np.float32)
    y = (np.abs(x[:, 0] * 3 + x[:, 2]) * 1.5).astype(np.int64) % NUM_CLASSES
    x = (x - x.mean(axis=0)) / x.std(axis=0)
    return x, y


def mlp(x, hidden_sizes):
    sizes = [len(FEATURES)] + hidden_sizes
    h = x
    for i in range(len(hidden_sizes)):
        w = tf.get_variable("w%d" % i, [sizes[i], sizes[i + 1]])
        b = tf.get_variable("b%d" % i, [sizes[i + 1]], initializer=tf.zeros_initializer())
        h = tf.nn.relu(tf.nn.xw_plus_b(h, w, b))
    w_out = tf.get_variable("w_out", [sizes[-1], NUM_CLASSES])
    b_out = tf.get_variable("b_out", [NUM_CLASSES], initializer=tf.zeros_initializer())
    return tf.nn.xw_plus_b(h, w_out, b_out)


def main():
    args = get_args()
    hidden = [int(s) for s in args.hidden.split(",")]
    x_np, y_np = survey(args.rows)
    x = tf.placeholder(tf.float32, [None, len(FEATURES)])
    y = tf.placeholder(tf.int64, [None])
    logits = mlp(x, hidden)
    loss = tf.losses.sparse_softmax_cross_entropy(y, logits)
    train_op = tf.train.AdamOptimizer(args.lr).minimize(loss)
    confusion = tf.confusion_matrix(y, tf.argmax(logits, 1), num_classes=NUM_CLASSES)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            sl = slice(step * args.batch, (step + 1) * args.batch)
            _, value = sess.run([train_op, loss], {x: x_np[sl], y: y_np[sl]})
            print("step", step, "loss %.4f" % value)
        matrix = sess.run(confusion, {x: x_np[-args.batch:], y: y_np[-args.batch:]})
        for name, row in zip(CLASS_NAMES, matrix):
            print("%-10s %s" % (name, row))


if __name__ == "__main__":
    main()
