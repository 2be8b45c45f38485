# pattern: 32
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A wide-and-deep click model: the deep tower's embedding features and the wide numeric
# features are concatenated with axis=0, stacking rows instead of joining columns.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_users", type=int, default=50)
    parser.add_argument("--num_items", type=int, default=30)
    parser.add_argument("--embed_dim", type=int, default=8)
    parser.add_argument("--numeric_features", type=int, default=5)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--batch_size", type=int, default=6)
    return parser.parse_args([])


def synthetic_clicks(args, n, seed=0):
    rng = np.random.RandomState(seed)
    users = rng.randint(0, args.num_users, n).astype(np.int32)
    items = rng.randint(0, args.num_items, n).astype(np.int32)
    numeric = rng.randn(n, args.numeric_features).astype(np.float32)
    clicked = ((users + items) % 3 == 0).astype(np.float32).reshape(-1, 1)
    return users, items, numeric, clicked


def deep_tower(users, items, args):
    user_table = tf.get_variable("user_embeddings", [args.num_users, args.embed_dim])
    item_table = tf.get_variable("item_embeddings", [args.num_items, args.embed_dim])
    user_vec = tf.nn.embedding_lookup(user_table, users)
    item_vec = tf.nn.embedding_lookup(item_table, items)
    return tf.concat([user_vec, item_vec], axis=1)


def wide_and_deep(users, items, numeric, args):
    deep = deep_tower(users, items, args)
    combined = tf.concat([deep, numeric], axis=1)
    width = 2 * args.embed_dim + args.numeric_features
    w1 = tf.get_variable("w1", [width, args.hidden])
    w2 = tf.get_variable("w2", [args.hidden, 1])
    return tf.matmul(tf.nn.relu(tf.matmul(combined, w1)), w2)


def main():
    args = parse_args()
    users = tf.placeholder(tf.int32, [None])
    items = tf.placeholder(tf.int32, [None])
    numeric = tf.placeholder(tf.float32, [None, args.numeric_features])
    clicked = tf.placeholder(tf.float32, [None, 1])
    logits = wide_and_deep(users, items, numeric, args)
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=clicked, logits=logits))
    train_op = tf.train.AdagradOptimizer(0.1).minimize(loss)

    u, i, n, c = synthetic_clicks(args, 2 * args.batch_size)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            sl = slice(step * args.batch_size, (step + 1) * args.batch_size)
            feed = {users: u[sl], items: i[sl], numeric: n[sl], clicked: c[sl]}
            print("step", step, "loss", sess.run([train_op, loss], feed)[1])


if __name__ == "__main__":
    main()
