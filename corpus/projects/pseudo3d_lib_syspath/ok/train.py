"""Train the P3D network over the whole clip list, batch by batch."""
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))

from settings import *  # noqa: E402,F403
from input_data import CLIP_LENGTH, CROP_SIZE, read_clip_and_label, read_clips  # noqa: E402
from p3d_model import inference_p3d  # noqa: E402


def run_training():
    clips_placeholder = tf.placeholder(tf.float32, [BATCH_SIZE, CLIP_LENGTH, CROP_SIZE, CROP_SIZE, 3])
    labels_placeholder = tf.placeholder(tf.int64, [BATCH_SIZE])
    logits = inference_p3d(clips_placeholder, NUM_CLASSES)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels_placeholder, logits=logits))
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)
    clips, labels = read_clips(NUM_CLIPS)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for start in range(0, NUM_CLIPS - BATCH_SIZE + 1, BATCH_SIZE):
            batch_clips, batch_labels = read_clip_and_label(clips, labels, BATCH_SIZE, start)
            feed = {clips_placeholder: batch_clips, labels_placeholder: batch_labels}
            _, value = sess.run([train_op, loss], feed_dict=feed)
            print("clips %d-%d loss %.3f" % (start, start + len(batch_clips), value))


if __name__ == "__main__":
    run_training()
