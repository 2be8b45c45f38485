# pattern: 17
# style: keras
# tf: 2.15, 2.21
# The file-name dataset is mapped through a loader that uses decode_image: traced by
# Dataset.map, its result has no static rank (it may be a GIF's frames), and resize needs one.
import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
paths = []
for index in range(3):
    path = os.path.join(folder, f"{index}.png")
    tf.io.write_file(path, tf.image.encode_png(np.random.randint(0, 255, size=(40, 30, 3), dtype=np.uint8)))
    paths.append(path)


def load(path):
    picture = tf.image.decode_image(tf.io.read_file(path), channels=3)
    return tf.image.resize(picture, [32, 32]) / 255.0  # related


images = tf.data.Dataset.from_tensor_slices(paths).map(load).batch(2)  # expect: ST120
for batch in images:
    print(batch.shape)
