"""``np.save`` then ``np.load`` of the same ``.npy`` path in a folder the run made
(``tempfile.mkdtemp``): the file holds the array saved, so its shape flows on.  Anywhere
else the file may be older than the program and its shape is unknown.  Behaviour checked
with numpy 1.18 and 2.4 (np.save keeps shape and dtype; a path not ending in ``.npy`` gets
the suffix added, so only ``.npy`` paths are followed)."""

from __future__ import annotations

from shapetracer.rules import codes
from tests.helpers import findings_of

GRAPH = """
import os
import tempfile
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
folder = tempfile.mkdtemp()
x = tf.placeholder(tf.float32, [1, None, None, 3])
y = tf.reduce_mean(x, axis=[1, 2])
"""


SAVE_A = 'np.save(os.path.join(folder, "a.npy"), np.zeros((50, 30, 3), np.float32))\n'


def codes_of(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in findings_of(source)]


def feeding(saves: str, loaded: str = "a.npy", graph: str = GRAPH) -> str:
    """The graph, then ``saves`` (the lines that write files), then a session run feeding
    ``x`` the array loaded from ``loaded`` in the folder."""
    return graph + saves + ("with tf.Session() as sess:\n"
                            f"    sess.run(y, {{x: np.load(os.path.join(folder, \"{loaded}\"))}})\n")


def test_an_array_saved_into_a_fresh_folder_is_loaded_with_its_shape():
    source = GRAPH + """
np.save(os.path.join(folder, "a.npy"), np.zeros((50, 30, 3), np.float32))
image = np.load(os.path.join(folder, "a.npy"))
with tf.Session() as sess:
    sess.run(y, {x: image})
"""
    assert codes_of(source) == [(14, codes.FEED_SHAPE)]
    fixed = source.replace("{x: image}", "{x: image[None]}")
    assert codes_of(fixed) == []


def test_a_path_in_a_folder_not_made_by_the_run_may_hold_anything():
    source = feeding(SAVE_A, graph=GRAPH.replace("tempfile.mkdtemp()", "tempfile.gettempdir()"))
    assert codes_of(source) == []


def test_another_file_or_two_different_writes_leave_the_shape_unknown():
    assert codes_of(feeding(SAVE_A, loaded="b.npy")) == []
    twice = SAVE_A + 'np.save(os.path.join(folder, "a.npy"), np.zeros((1, 30, 30, 3), np.float32))\n'
    assert codes_of(feeding(twice)) == []


def test_a_write_that_may_not_run_leaves_the_shape_unknown():
    source = feeding("import sys\nif len(sys.argv) > 1:\n    " + SAVE_A)
    assert codes_of(source) == []


def test_a_loaded_npy_of_unknown_shape_is_an_array_a_reshape_makes_known():
    source = GRAPH + """
image = np.load(os.path.join(folder, "unseen.npy")).reshape((2, 8, 8, 3))
with tf.Session() as sess:
    sess.run(y, {x: image})
"""
    assert codes_of(source) == [(13, codes.FEED_SHAPE)]


EAGER = """
import os
import tempfile
import numpy as np
import tensorflow as tf
path = os.path.join(tempfile.mkdtemp(), "weights.npz")
"""


def test_an_archive_saved_into_a_fresh_folder_gives_its_arrays_by_name():
    source = EAGER + """
np.savez(path, np.zeros((3, 3, 8, 16), np.float32), bias=np.zeros((16,), np.float32))
kernel = tf.Variable(np.load(path)["arr_0"], shape=(3, 3, 4, 16))
"""
    assert codes_of(source) == [(9, codes.ASSIGN_SHAPE)]  # the saved kernel has 8 input channels
    assert codes_of(source.replace("(3, 3, 4, 16)", "(3, 3, 8, 16)")) == []
    with_block = EAGER + """
np.savez(path, np.zeros((3, 3, 8, 16), np.float32), bias=np.zeros((16,), np.float32))
with np.load(path) as data:
    bias = tf.Variable(data["bias"], shape=(8,))
"""
    assert [code for _, code in codes_of(with_block)] == [codes.ASSIGN_SHAPE]


def test_a_name_the_archive_lacks_or_another_archive_is_unknown():
    source = EAGER + """
np.savez(path, kernel=np.zeros((3, 3, 8, 16), np.float32))
other = np.load(path.replace("weights", "other"))["kernel"]
missing = np.load(path)["bias"]
tf.Variable(other, shape=(1,))
tf.Variable(missing, shape=(1,))
"""
    assert codes_of(source) == []


KERAS = """
import os
import tempfile
import numpy as np
from PIL import Image
from tensorflow import keras
from tensorflow.keras import layers
model = keras.Sequential([keras.Input((32, 32, 3)), layers.Conv2D(4, 3), layers.Flatten(), layers.Dense(2)])
path = os.path.join(tempfile.mkdtemp(), "picture.png")
"""


def test_an_image_saved_into_a_fresh_folder_opens_with_its_mode_and_size():
    source = KERAS + """
Image.fromarray(np.zeros((32, 32, 4), np.uint8), "RGBA").save(path)
model.predict(np.asarray(Image.open(path))[None])
"""
    assert codes_of(source) == [(12, codes.KERAS_INPUT)]  # (1, 32, 32, 4): the alpha channel
    assert codes_of(source.replace("Image.open(path)", "Image.open(path).convert('RGB')")) == []


def test_a_mode_the_format_does_not_keep_or_a_folder_not_made_by_the_run_is_unknown():
    jpeg = KERAS.replace("picture.png", "picture.jpg") + """
Image.fromarray(np.zeros((32, 32), np.uint8)).save(path, "PNG")
model.predict(np.asarray(Image.open(path))[None])
"""
    assert codes_of(jpeg) == []  # a format named: the ending does not decide it
    elsewhere = KERAS.replace("tempfile.mkdtemp()", "tempfile.gettempdir()") + """
Image.fromarray(np.zeros((32, 32, 4), np.uint8), "RGBA").save(path)
model.predict(np.asarray(Image.open(path))[None])
"""
    assert codes_of(elsewhere) == []


def test_a_grey_image_copied_into_an_rgb_buffer_cannot_broadcast():
    source = KERAS.replace("picture.png", "picture.jpg") + """
Image.fromarray(np.zeros((40, 40), np.uint8), "L").save(path)
data = np.ndarray(shape=(1, 32, 32, 3), dtype=np.float32)
data[0] = np.asarray(Image.open(path).resize((32, 32))) / 255.0
model.predict(data)
"""
    assert codes_of(source) == [(13, codes.BROADCAST)]  # (32, 32) into (32, 32, 3)
    assert codes_of(source.replace("Image.open(path)", "Image.open(path).convert('RGB')")) == []
    assert codes_of(source.replace("data[0] =", "data[0, :, :, 0] =")) == []
