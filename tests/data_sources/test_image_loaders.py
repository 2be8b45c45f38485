"""Image files into models: what each loader makes known (rank and channels) and what it
leaves to the file (no finding then).  Each program's behaviour was checked with the real
libraries (opencv-python 4.5-4.12, Pillow 9.5-11.3, Keras 2.3.1-3.15)."""

from __future__ import annotations

from shapetracer.domain.target import target_for
from shapetracer.rules import codes
from tests.helpers import findings_of

KERAS = """
import glob
import os
import cv2
import numpy as np
from PIL import Image
from tensorflow import keras
from tensorflow.keras import layers
model = keras.Sequential([keras.Input((64, 64, 3)), layers.Conv2D(4, 3), layers.Flatten(), layers.Dense(2)])
"""


def codes_of(source: str, version: str | None = None) -> list[tuple[int, str]]:
    options = {"target": target_for(version)} if version else {}
    return [(f.line, f.code) for f in findings_of(source, **options)]


def test_images_appended_in_a_loop_over_files_make_a_batch():
    source = KERAS + """
images = []
for path in glob.glob("data/*.jpg"):
    images.append(cv2.resize(cv2.imread(path), (64, 64)))
model.predict(np.array(images) / 255.0)
"""
    assert codes_of(source) == []
    grey = source.replace("cv2.imread(path)", "cv2.imread(path, cv2.IMREAD_GRAYSCALE)")
    assert codes_of(grey) == [(14, codes.KERAS_INPUT)]  # (n, 64, 64): no channel axis


def test_resize_takes_width_then_height():
    source = KERAS + "frame = cv2.resize(cv2.imread('a.png'), (64, 32))\nmodel.predict(frame[np.newaxis])\n"
    found = findings_of(source)
    assert [(f.line, f.code) for f in found] == [(11, codes.KERAS_INPUT)]
    assert "(1, 7440)" in found[0].message  # 30 x 62 x 4 after the 3x3 convolution of (32, 64, 3)


def test_a_pil_image_converted_to_a_mode_has_its_channels():
    rgb = KERAS + "x = np.asarray(Image.open('a.png').convert('RGB').resize((64, 64)))\nmodel.predict(x[None])\n"
    assert codes_of(rgb) == []
    grey = rgb.replace("convert('RGB')", "convert('L')")
    assert codes_of(grey) == [(11, codes.KERAS_INPUT)]


def test_a_mode_read_from_the_file_is_never_an_error():
    # a grey PNG gives (h, w), one with transparency (h, w, 4): nothing can be said
    source = KERAS + "x = np.asarray(Image.open('a.png').resize((64, 64)))\nmodel.predict(np.expand_dims(x, 0))\n"
    assert codes_of(source) == []
    unchanged = KERAS + "x = cv2.imread('a.png', cv2.IMREAD_UNCHANGED)\nmodel.predict(x[None])\n"
    assert codes_of(unchanged) == []


def test_img_to_array_always_gives_three_dims():
    source = KERAS + """
from tensorflow.keras.preprocessing import image
x = image.img_to_array(image.load_img('a.png', target_size=(64, 64)))
model.predict(np.expand_dims(np.expand_dims(x, 0), 0))
"""
    assert codes_of(source) == [(13, codes.KERAS_INPUT)]  # (1, 1, 64, 64, 3)


def test_opencv_refuses_a_grey_image_for_a_colour_conversion():
    source = KERAS + "g = cv2.cvtColor(cv2.imread('a.png', 0), cv2.COLOR_BGR2GRAY)\n"
    found = findings_of(source)
    assert [(f.line, f.code) for f in found] == [(10, codes.SHAPE_REQUIREMENT)]
    assert "'scn' is 1" in found[0].message


def test_a_table_read_with_usecols_has_known_columns():
    source = KERAS.replace("keras.Input((64, 64, 3)), layers.Conv2D(4, 3), layers.Flatten(), ", "keras.Input((4,)), ") + """
x = np.loadtxt('t.csv', delimiter=',', usecols=(0, 1, 2))
model.predict(x)
"""
    assert codes_of(source) == [(12, codes.KERAS_INPUT)]
    assert codes_of(source.replace("usecols=(0, 1, 2)", "skiprows=1")) == []  # columns from the file


def test_decode_image_has_no_static_rank_only_where_a_graph_is_built():
    eager = "import tensorflow as tf\nx = tf.image.decode_image(tf.io.read_file('a.png'))\ny = tf.image.resize(x, [8, 8])\n"
    assert codes_of(eager) == []  # TF 2 runs it: the decoded image has its file's shape
    assert codes_of(eager, "1.15") == [(3, codes.UNDEFINED_DIM)]
    mapped = ("import tensorflow as tf\n"
              "def load(p):\n    return tf.image.resize(tf.image.decode_image(tf.io.read_file(p)), [8, 8])\n"
              "ds = tf.data.Dataset.from_tensor_slices(['a.png']).map(load)\n")
    assert codes_of(mapped) == [(4, codes.UNDEFINED_DIM)]  # raised by map, which traces it
