# pattern: 17
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# A land-cover classifier reads multispectral tiles stored as raw float bytes through
# tf.data.  The parse function reshapes the decoded bytes to [tile, tile, -1] ("whatever
# number of bands the archive has"), so the band axis is unknown in the graph and
# tf.layers.conv2d cannot size its kernel from the undefined channel dimension.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("tile_size", 16, "tile height and width in pixels")
flags.DEFINE_integer("bands", 4, "spectral bands per pixel (R, G, B, NIR)")
flags.DEFINE_integer("classes", 5, "land-cover classes")
flags.DEFINE_integer("num_tiles", 24, "tiles in the synthetic archive")
flags.DEFINE_integer("batch_size", 8, "tiles per step")
flags.DEFINE_float("learning_rate", 1e-3, "Adam step size")
FLAGS = flags.FLAGS



def make_archive(seed=0):
    """Pretend tile store: raw little-endian float32 bytes per tile, as read from disk."""
    rng = np.random.RandomState(seed)
    records, labels = [], []
    for tile_id in range(FLAGS.num_tiles):
        label = tile_id % FLAGS.classes
        tile = rng.rand(FLAGS.tile_size, FLAGS.tile_size, FLAGS.bands).astype("<f4")
        tile[..., label % FLAGS.bands] += 0.5
        records.append(tile.tobytes())
        labels.append(label)
    return records, np.array(labels, dtype=np.int64)


def parse(record, label):
    pixels = tf.io.decode_raw(record, tf.float32)
    tile = tf.reshape(pixels, [FLAGS.tile_size, FLAGS.tile_size, FLAGS.bands])
    return tile, label


def input_pipeline(records, labels):
    dataset = tf.data.Dataset.from_tensor_slices((records, labels))
    dataset = dataset.shuffle(FLAGS.num_tiles, seed=1).map(parse)
    dataset = dataset.batch(FLAGS.batch_size).repeat()
    return tf.data.make_one_shot_iterator(dataset).get_next()


def classifier(tiles, training):
    net = tf.layers.conv2d(tiles, 16, 3, padding="same", activation=tf.nn.relu)
    net = tf.layers.max_pooling2d(net, 2, 2)
    net = tf.layers.conv2d(net, 32, 3, padding="same", activation=tf.nn.relu)
    net = tf.reduce_mean(net, axis=[1, 2])
    net = tf.layers.dropout(net, 0.3, training=training)
    return tf.layers.dense(net, FLAGS.classes)


def main(_):
    records, targets = make_archive()
    tiles, labels = input_pipeline(records, targets)
    logits = classifier(tiles, training=True)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), labels), tf.float32))
    train_op = tf.train.AdamOptimizer(FLAGS.learning_rate).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value, acc = sess.run([train_op, loss, accuracy])
            print("step %d  loss %.3f  acc %.2f" % (step, value, acc))


if __name__ == "__main__":
    tf.app.run(main)
