# pattern: 16
# style: tf1
# tf: 1.15, 2.15, 2.21
# A single-image preprocessing graph for a 56x56 flower classifier.  Random cropping is only
# applied when --augment is on; with the default (off) the resized 64x64 image reaches the
# set_shape that pins the crop size, which contradicts the shape resize already gave it.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("resize_to", 64, "side after resizing")
flags.DEFINE_integer("crop_size", 56, "side the network expects")
flags.DEFINE_boolean("augment", False, "random crops and flips")
flags.DEFINE_integer("num_classes", 5, "flower species")
FLAGS = flags.FLAGS


def preprocess(raw):
    image = tf.image.convert_image_dtype(raw, tf.float32)
    image = tf.image.resize_images(image, [FLAGS.resize_to, FLAGS.resize_to])
    if FLAGS.augment:
        image = tf.random_crop(image, [FLAGS.crop_size, FLAGS.crop_size, 3])
        image = tf.image.random_flip_left_right(image)
    image = tf.image.resize_image_with_crop_or_pad(image, FLAGS.crop_size, FLAGS.crop_size)
    image.set_shape([FLAGS.crop_size, FLAGS.crop_size, 3])
    return (image - 0.5) * 2.0


def tiny_net(image):
    batch = tf.expand_dims(image, 0)
    k = tf.get_variable("k", [5, 5, 3, 8])
    net = tf.nn.relu(tf.nn.conv2d(batch, k, [1, 2, 2, 1], "SAME"))
    pooled = tf.reduce_mean(net, axis=[1, 2])
    w = tf.get_variable("w", [8, FLAGS.num_classes])
    return tf.matmul(pooled, w)


def fake_photo(rng):
    h, w = rng.randint(80, 120, size=2)
    photo = rng.randint(0, 256, size=(h, w, 3)).astype(np.uint8)
    photo[:, :, 1] = np.clip(photo[:, :, 1].astype(np.int32) + 40, 0, 255)
    return photo


def main(_):
    raw = tf.placeholder(tf.uint8, [None, None, 3], name="jpeg_pixels")
    label = tf.placeholder(tf.int64, [], name="label")
    logits = tiny_net(preprocess(raw))
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.reshape(label, [1]), logits=logits)
    train_op = tf.train.GradientDescentOptimizer(0.01).minimize(tf.reduce_mean(loss))
    probs = tf.nn.softmax(logits)
    rng = np.random.RandomState(4)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            photo = fake_photo(rng)
            _, value = sess.run([train_op, loss], {raw: photo, label: step % FLAGS.num_classes})
            print("step", step, "photo", photo.shape, "loss", value)
        print("probabilities", sess.run(probs, {raw: fake_photo(rng)}))


if __name__ == "__main__":
    tf.app.run(main)
