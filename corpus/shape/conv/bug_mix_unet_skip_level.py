# pattern: 24
# style: tf2
# tf: 2.15, 2.21
# A two-level U-Net for binary segmentation written with raw variables in eager TF2.
# Each decoder stage upsamples with conv2d_transpose and takes its output_shape from the
# skip connection it is joined with; the first decoder stage was given the 32x32 skip of
# the top level instead of the 16x16 one, which a stride-2 upsampling of the 8x8
# bottleneck cannot produce.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser(description="Tiny U-Net on synthetic blobs")
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--base", type=int, default=8)
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--lr", type=float, default=1e-3)
    return parser.parse_args([])


def blobs(n, size, rng):
    yy, xx = np.mgrid[0:size, 0:size]
    images = np.zeros((n, size, size, 3), np.float32)
    masks = np.zeros((n, size, size, 1), np.float32)
    for i in range(n):
        cy, cx, r = rng.randint(8, size - 8), rng.randint(8, size - 8), rng.randint(3, 7)
        inside = (yy - cy) ** 2 + (xx - cx) ** 2 <= r * r
        masks[i, ..., 0] = inside
        images[i] = rng.rand(size, size, 3) * 0.3 + inside[..., None] * 0.6
    return images, masks


def conv(x, kernel):
    return tf.nn.relu(tf.nn.conv2d(x, kernel, strides=1, padding="SAME"))


def upsample(x, kernel, like):
    out_shape = [tf.shape(x)[0], like.shape[1], like.shape[2], kernel.shape[2]]
    return tf.nn.conv2d_transpose(x, kernel, out_shape, strides=2, padding="SAME")  # expect: ST115


class UNet(tf.Module):
    def __init__(self, base, seed=0):
        super().__init__()
        init = tf.keras.initializers.GlorotUniform(seed=seed)

        def var(shape, name):
            return tf.Variable(init(shape), name=name)

        self.enc1 = var([3, 3, 3, base], "enc1")
        self.enc2 = var([3, 3, base, base * 2], "enc2")
        self.mid = var([3, 3, base * 2, base * 4], "mid")
        self.up2 = var([2, 2, base * 2, base * 4], "up2")
        self.dec2 = var([3, 3, base * 4, base * 2], "dec2")
        self.up1 = var([2, 2, base, base * 2], "up1")
        self.dec1 = var([3, 3, base * 2, base], "dec1")
        self.head = var([1, 1, base, 1], "head")

    def __call__(self, images):
        skip1 = conv(images, self.enc1)                       # 32x32
        skip2 = conv(tf.nn.max_pool2d(skip1, 2, 2, "SAME"), self.enc2)  # 16x16
        bottom = conv(tf.nn.max_pool2d(skip2, 2, 2, "SAME"), self.mid)  # 8x8
        u2 = upsample(bottom, self.up2, skip1)  # related: should follow skip2 (16x16)
        d2 = conv(tf.concat([u2, skip2], axis=-1), self.dec2)
        u1 = upsample(d2, self.up1, skip1)
        d1 = conv(tf.concat([u1, skip1], axis=-1), self.dec1)
        return tf.nn.conv2d(d1, self.head, strides=1, padding="SAME")


def main():
    args = parse_args()
    rng = np.random.RandomState(2)
    images, masks = blobs(args.batch * 2, args.size, rng)
    model = UNet(args.base)
    optimizer = tf.keras.optimizers.Adam(args.lr)
    for step in range(2):
        xb = images[step * args.batch:(step + 1) * args.batch]
        yb = masks[step * args.batch:(step + 1) * args.batch]
        with tf.GradientTape() as tape:
            logits = model(tf.constant(xb))
            loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=yb, logits=logits))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        iou = np.mean(((logits.numpy() > 0) & (yb > 0.5)).sum() /
                      max(((logits.numpy() > 0) | (yb > 0.5)).sum(), 1))
        print("step %d  loss %.4f  IoU %.3f" % (step, float(loss), iou))


if __name__ == "__main__":
    main()
