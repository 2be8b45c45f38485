"""Images and labels as a tf.data pipeline; labels are stored compactly as int16."""
import numpy as np
import tensorflow as tf


def get_files(count, image_size):
    images = np.random.rand(count, image_size, image_size, 3).astype(np.float32)
    labels = np.random.randint(0, 2, count).astype(np.int16)
    return images, labels


def get_batch(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = dataset.shuffle(len(images)).batch(batch_size, drop_remainder=True).repeat()
    return dataset.make_one_shot_iterator().get_next()
