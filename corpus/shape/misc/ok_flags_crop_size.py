# pattern: 23
# style: tf1
# tf: 1.15, 2.15, 2.21
# The model's input is sized by --image_size (64) while the augmentation crops to
# --crop_size (56); nothing reconciles the two flags before feeding.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

tf.app.flags.DEFINE_integer("image_size", 64, "network input height and width")
tf.app.flags.DEFINE_integer("crop_size", 64, "random crop used for augmentation")
tf.app.flags.DEFINE_integer("batch_size", 4, "images per step")
FLAGS = tf.app.flags.FLAGS


def augment(images, rng):
    """Random crops and horizontal flips, done in numpy before feeding."""
    n, h, w, _ = images.shape
    out = []
    for image in images:
        top = rng.randint(0, h - FLAGS.crop_size + 1)
        left = rng.randint(0, w - FLAGS.crop_size + 1)
        crop = image[top:top + FLAGS.crop_size, left:left + FLAGS.crop_size]
        out.append(crop[:, ::-1] if rng.rand() < 0.5 else crop)
    return np.stack(out)


def main(_):
    images = tf.placeholder(tf.float32, [None, FLAGS.image_size, FLAGS.image_size, 3])
    kernel = tf.get_variable("kernel", [3, 3, 3, 8])
    features = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(images, kernel, [1, 1, 1, 1], "SAME")), [1, 2])
    score = tf.reduce_sum(features, axis=1)
    rng = np.random.RandomState(0)
    raw = rng.rand(FLAGS.batch_size, 72, 72, 3).astype(np.float32)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(sess.run(score, {images: augment(raw, rng)}))


if __name__ == "__main__":
    tf.app.run(main)
