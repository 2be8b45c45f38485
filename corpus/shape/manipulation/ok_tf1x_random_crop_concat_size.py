# pattern: 21
# style: tf1
# tf: 1.15, 2.15, 2.21
# A batch random-crop for a satellite-tile segmenter, written with tf.slice so the whole
# batch shares one offset.  The slice size is assembled as concat([[-1], crop_hw, CHANNELS]):
# the trailing Python int becomes a scalar, and concat needs every piece to be a vector.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

TILE = 48
CROP = 32
CHANNELS = 4  # red, green, blue, near-infrared
CLASSES = 3
BATCH = 5


def load_tiles(n, seed=13):
    rng = np.random.RandomState(seed)
    tiles = rng.rand(n, TILE, TILE, CHANNELS).astype(np.float32)
    ndvi = (tiles[..., 3] - tiles[..., 0]) / (tiles[..., 3] + tiles[..., 0] + 1e-6)
    masks = np.digitize(ndvi, [-0.2, 0.2]).astype(np.int32)
    return tiles, masks


def batch_random_crop(images, masks, size):
    limit = tf.shape(images)[1:3] - size + 1
    offset = tf.random_uniform([2], maxval=tf.reduce_min(limit), dtype=tf.int32)
    crop_hw = tf.constant([size, size])
    img_begin = tf.concat([[0], offset, [0]], axis=0)
    img_size = tf.concat([[-1], crop_hw, [CHANNELS]], axis=0)
    images = tf.slice(images, img_begin, img_size)
    masks = tf.slice(masks, tf.concat([[0], offset], 0), tf.concat([[-1], crop_hw], 0))
    images.set_shape([None, size, size, CHANNELS])
    masks.set_shape([None, size, size])
    return images, masks


def segmenter(images):
    k1 = tf.get_variable("k1", [3, 3, CHANNELS, 16])
    k2 = tf.get_variable("k2", [1, 1, 16, CLASSES])
    net = tf.nn.relu(tf.nn.conv2d(images, k1, [1, 1, 1, 1], "SAME"))
    return tf.nn.conv2d(net, k2, [1, 1, 1, 1], "SAME")


def mean_iou(pred, truth):
    scores = []
    for c in range(CLASSES):
        p, t = tf.equal(pred, c), tf.equal(truth, c)
        inter = tf.reduce_sum(tf.cast(tf.logical_and(p, t), tf.float32))
        union = tf.reduce_sum(tf.cast(tf.logical_or(p, t), tf.float32))
        scores.append(inter / tf.maximum(union, 1.0))
    return tf.add_n(scores) / CLASSES


def main():
    tiles = tf.placeholder(tf.float32, [None, TILE, TILE, CHANNELS])
    labels = tf.placeholder(tf.int32, [None, TILE, TILE])
    crops, crop_labels = batch_random_crop(tiles, labels, CROP)
    logits = segmenter(crops)
    loss = tf.losses.sparse_softmax_cross_entropy(crop_labels, logits)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss)
    iou = mean_iou(tf.argmax(logits, axis=3, output_type=tf.int32), crop_labels)

    x, y = load_tiles(3 * BATCH)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            sl = slice(step * BATCH, (step + 1) * BATCH)
            _, value = sess.run([train_op, loss], {tiles: x[sl], labels: y[sl]})
            print("step %d loss %.4f" % (step, value))
        print("crop mIoU %.3f" % sess.run(iou, {tiles: x[-BATCH:], labels: y[-BATCH:]}))


if __name__ == "__main__":
    main()
