# pattern: 33
# style: tf1
# tf: 2.15, 2.21
# oracle: legacy-keras
# Activity recognition from variable-length accelerometer recordings padded to MAX_STEPS.
# The recording lengths come from the metadata table as a column, and the placeholder was
# declared to match it ([None, 1]); dynamic_rnn's sequence_length must be a [batch] vector.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

ACTIVITIES = ["walking", "running", "sitting", "stairs"]


def parse_args():
    parser = argparse.ArgumentParser(description="GRU activity classifier")
    parser.add_argument("--max_steps", type=int, default=30)
    parser.add_argument("--axes", type=int, default=3)
    parser.add_argument("--units", type=int, default=20)
    parser.add_argument("--recordings", type=int, default=16)
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--learning_rate", type=float, default=5e-3)
    return parser.parse_args([])


def synthetic_recordings(args, seed=9):
    """Padded recordings plus a metadata table with one row per recording."""
    rng = np.random.RandomState(seed)
    data = np.zeros((args.recordings, args.max_steps, args.axes), np.float32)
    meta = np.zeros((args.recordings, 2), np.int32)  # columns: length, activity
    for i in range(args.recordings):
        activity = rng.randint(len(ACTIVITIES))
        length = rng.randint(args.max_steps // 2, args.max_steps + 1)
        t = np.arange(length)[:, None]
        freq = 0.2 + 0.3 * activity
        data[i, :length] = np.sin(freq * t + rng.rand(args.axes)) + 0.1 * rng.randn(length, args.axes)
        meta[i] = (length, activity)
    return data, meta


def classifier(series, lengths, args):
    cell = tf.nn.rnn_cell.GRUCell(args.units)
    _, last_state = tf.nn.dynamic_rnn(cell, series, sequence_length=lengths,  # expect: ST119
                                      dtype=tf.float32)
    w = tf.get_variable("w_out", [args.units, len(ACTIVITIES)])
    b = tf.get_variable("b_out", [len(ACTIVITIES)], initializer=tf.zeros_initializer())
    return tf.matmul(last_state, w) + b


def main():
    args = parse_args()
    data, meta = synthetic_recordings(args)
    lengths_column = meta[:, :1]
    activity = meta[:, 1]

    series = tf.placeholder(tf.float32, [None, args.max_steps, args.axes], name="series")
    lengths = tf.placeholder(tf.int32, [None, 1], name="lengths")
    labels = tf.placeholder(tf.int32, [None], name="activity")
    logits = classifier(series, lengths, args)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.RMSPropOptimizer(args.learning_rate).minimize(loss)
    predictions = tf.argmax(logits, axis=1, output_type=tf.int32)

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            sl = slice(step * args.batch_size, (step + 1) * args.batch_size)
            feed = {series: data[sl], lengths: lengths_column[sl], labels: activity[sl]}
            _, value = sess.run([train_op, loss], feed)
            print("step %d  loss %.4f" % (step, value))
        pred = sess.run(predictions, {series: data, lengths: lengths_column})
        print("predicted:", [ACTIVITIES[p] for p in pred[:4]])


if __name__ == "__main__":
    main()
