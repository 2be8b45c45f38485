# pattern: 20
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A keyword spotter applies a shared dense layer to every MFCC frame by folding time into the
# batch, then unfolds it again.  The frame count is read from the static shape with index 2
# (the 13 coefficients) instead of 1 (the 50 frames), so the unfolding reshape asks for
# [-1, 13, 32]; the batch is open, and the reshape fails only when a batch is run.
import argparse

import numpy as np
import tensorflow as tf


def options():
    p = argparse.ArgumentParser(description="keyword spotting on MFCC frames")
    p.add_argument("--frames", type=int, default=50)
    p.add_argument("--coeffs", type=int, default=13)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--keywords", type=int, default=3)
    p.add_argument("--batch", type=int, default=4)
    return p.parse_args([])


def synth_clips(opt, n, seed):
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, opt.keywords, size=n)
    clips = rng.randn(n, opt.frames, opt.coeffs).astype(np.float32) * 0.5
    for row, k in enumerate(labels):
        clips[row, 10 * k:10 * k + 10, :] += 1.0
    return clips, labels.astype(np.int64)


def framewise_dense(x, units, name):
    shape = x.get_shape().as_list()
    n_frames, n_feats = shape[1], shape[2]
    folded = tf.reshape(x, [-1, n_feats])
    with tf.variable_scope(name):
        w = tf.get_variable("w", [n_feats, units])
        b = tf.get_variable("b", [units], initializer=tf.zeros_initializer())
    out = tf.nn.relu(tf.matmul(folded, w) + b)
    return tf.reshape(out, [-1, n_frames, units])


def spotter(x, opt):
    per_frame = framewise_dense(x, opt.hidden, "frame_proj")
    summary = tf.reduce_max(per_frame, axis=1)
    w = tf.get_variable("cls_w", [opt.hidden, opt.keywords])
    return tf.matmul(summary, w)


opt = options()
clips = tf.placeholder(tf.float32, [None, opt.frames, opt.coeffs])
labels = tf.placeholder(tf.int64, [None])
logits = spotter(clips, opt)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

train_x, train_y = synth_clips(opt, 2 * opt.batch, seed=0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        bx = train_x[step * opt.batch:(step + 1) * opt.batch]
        by = train_y[step * opt.batch:(step + 1) * opt.batch]
        _, value = sess.run([train_op, loss], {clips: bx, labels: by})
        print("step", step, "loss", value)
    test_x, test_y = synth_clips(opt, opt.batch, seed=1)
    print("test predictions", sess.run(tf.argmax(logits, 1), {clips: test_x}), "truth", test_y)
