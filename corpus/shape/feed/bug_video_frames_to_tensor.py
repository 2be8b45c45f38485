# pattern: 8
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# An action classifier over video frames.  The frame helper was ported from a PyTorch
# pipeline whose to_tensor() moves channels first, so clips arrive as
# [batch, time, channels, height, width] while the graph averages NHWC frames.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser(description="Tiny action recognition baseline")
    parser.add_argument("--frames", type=int, default=4)
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--actions", type=int, default=3)
    parser.add_argument("--clips", type=int, default=6)
    parser.add_argument("--learning_rate", type=float, default=0.01)
    return parser.parse_args([])


def decode_clip(rng, frames, size):
    """Stands in for a video decoder: a list of uint8 RGB frames [H, W, 3]."""
    return [rng.randint(0, 256, size=(size, size, 3)).astype(np.uint8) for _ in range(frames)]


def to_tensor(frame):
    """uint8 HWC image -> float image scaled to [0, 1], channels first."""
    return frame.astype(np.float32).transpose(2, 0, 1) / 255.0


def load_clips(args, seed=0):
    rng = np.random.RandomState(seed)
    clips, labels = [], []
    for index in range(args.clips):
        frames = decode_clip(rng, args.frames, args.size)
        clips.append(np.stack([to_tensor(f) for f in frames]))
        labels.append(index % args.actions)
    return np.stack(clips), np.array(labels, np.int64)


def frame_features(frames):
    """Shared per-frame convnet applied to [batch * time, H, W, 3]."""
    kernel = tf.get_variable("kernel", [5, 5, 3, 16])
    net = tf.nn.relu(tf.nn.conv2d(frames, kernel, [1, 2, 2, 1], "SAME"))
    return tf.reduce_mean(net, axis=[1, 2])


def clip_classifier(clips, args):
    flat_frames = tf.reshape(clips, [-1, args.size, args.size, 3])
    features = tf.reshape(frame_features(flat_frames), [-1, args.frames, 16])
    pooled = tf.reduce_mean(features, axis=1)
    w = tf.get_variable("w", [16, args.actions])
    return tf.matmul(pooled, w)


def main():
    args = parse_args()
    clips = tf.placeholder(tf.float32, [None, args.frames, args.size, args.size, 3])
    labels = tf.placeholder(tf.int64, [None])
    logits = clip_classifier(clips, args)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.GradientDescentOptimizer(args.learning_rate).minimize(loss)

    data, targets = load_clips(args)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value = sess.run([train_op, loss], {clips: data, labels: targets})  # expect: ST105
            print("step", step, "loss", value)


if __name__ == "__main__":
    main()
