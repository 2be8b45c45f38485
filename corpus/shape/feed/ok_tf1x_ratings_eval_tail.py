# pattern: 19
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A matrix-factorisation recommender whose id placeholders fix the batch at BATCH_SIZE.
# Training samples whole batches, but the evaluation loop walks the 150 held-out ratings in
# slices of 64, and the last slice has only 22 rows.
import numpy as np
import tensorflow as tf

N_USERS = 40
N_ITEMS = 60
FACTORS = 8
BATCH_SIZE = 64
N_TRAIN = 400
N_TEST = 150
L2 = 1e-3


def synth_ratings(n, seed):
    rng = np.random.RandomState(seed)
    users = rng.randint(0, N_USERS, size=n).astype(np.int32)
    items = rng.randint(0, N_ITEMS, size=n).astype(np.int32)
    taste = np.sin(users * 0.3) * np.cos(items * 0.2)
    ratings = np.clip(3.0 + 2.0 * taste + rng.randn(n) * 0.3, 1.0, 5.0)
    return users, items, ratings.astype(np.float32)


def factor_model(user_ids, item_ids):
    user_emb = tf.Variable(tf.random_normal([N_USERS, FACTORS], stddev=0.1), name="user_factors")
    item_emb = tf.Variable(tf.random_normal([N_ITEMS, FACTORS], stddev=0.1), name="item_factors")
    user_bias = tf.Variable(tf.zeros([N_USERS]), name="user_bias")
    item_bias = tf.Variable(tf.zeros([N_ITEMS]), name="item_bias")
    u = tf.nn.embedding_lookup(user_emb, user_ids)
    v = tf.nn.embedding_lookup(item_emb, item_ids)
    dot = tf.reduce_sum(u * v, axis=1)
    pred = 3.0 + dot + tf.gather(user_bias, user_ids) + tf.gather(item_bias, item_ids)
    reg = L2 * (tf.nn.l2_loss(u) + tf.nn.l2_loss(v))
    return pred, reg


def sample_batch(rng, users, items, ratings):
    idx = rng.randint(0, len(users), size=BATCH_SIZE)
    return users[idx], items[idx], ratings[idx]


user_ids = tf.placeholder(tf.int32, [None], name="user_ids")
item_ids = tf.placeholder(tf.int32, [None], name="item_ids")
targets = tf.placeholder(tf.float32, [None], name="ratings")
pred, reg = factor_model(user_ids, item_ids)
sq_err = tf.reduce_sum(tf.square(pred - targets))
loss = sq_err / BATCH_SIZE + reg
train_op = tf.train.AdamOptimizer(0.05).minimize(loss)

train = synth_ratings(N_TRAIN, seed=0)
test_users, test_items, test_ratings = synth_ratings(N_TEST, seed=1)
rng = np.random.RandomState(2)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        u, i, r = sample_batch(rng, *train)
        _, value = sess.run([train_op, loss], {user_ids: u, item_ids: i, targets: r})
        print("step", step, "loss", value)
    total = 0.0
    for start in range(0, N_TEST, BATCH_SIZE):
        sl = slice(start, start + BATCH_SIZE)
        feed = {user_ids: test_users[sl], item_ids: test_items[sl], targets: test_ratings[sl]}
        total += sess.run(sq_err, feed)
    print("test rmse", np.sqrt(total / N_TEST))
