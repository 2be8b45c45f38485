"""TF 1's MNIST tutorial loader, and ``from <library module> import *``."""

from __future__ import annotations

import textwrap

import pytest

from shapetracer.rules import codes
from shapetracer.domain.values import ApiRef
from shapetracer.engine import Options, check_file
from shapetracer.frontend.names import canonical, star_import
from tests.data_sources.support import assert_marked, errors, run, shape, shapes

# -- read_data_sets ------------------------------------------------------------------------------

MNIST = """
import tensorflow as tf
from tensorflow.examples.tutorials.mnist import input_data
mnist = input_data.read_data_sets("MNIST_data/", one_hot={one_hot})
"""


def test_read_data_sets_parts():
    g = run(MNIST.format(one_hot=True) + """
train_x, train_y = mnist.train.images, mnist.train.labels
test_x, valid_x = mnist.test.images, mnist.validation.images
n = mnist.train.num_examples
batch = mnist.train.next_batch(100)
""", tf="1.15")
    assert shape(g["train_x"]) == [55000, 784] and shape(g["train_y"]) == [55000, 10]
    assert shape(g["test_x"]) == [10000, 784] and shape(g["valid_x"]) == [5000, 784]
    assert g["n"].value == 55000 and shapes(g["batch"]) == [[100, 784], [100, 10]]


def test_read_data_sets_without_one_hot_and_without_reshape():
    g = run("""
from tensorflow.contrib.learn.python.learn.datasets.mnist import read_data_sets
plain = read_data_sets("data", one_hot=False)
images = read_data_sets("data", reshape=False, validation_size=0)
labels = plain.train.labels
cubes = images.train.images
xs, ys = plain.test.next_batch(64)
""", tf="1.15")
    assert shape(g["labels"]) == [55000] and shape(g["cubes"]) == [60000, 28, 28, 1]
    assert shape(g["xs"]) == [64, 784] and shape(g["ys"]) == [64]


def test_a_batch_fed_to_the_wrong_placeholder():
    source = MNIST.format(one_hot=True) + """
x = tf.placeholder(tf.float32, [None, 28, 28, 1])
y_ = tf.placeholder(tf.float32, [None, 10])
flat = tf.reshape(x, [-1, 784])
w = tf.Variable(tf.zeros([784, 10]))
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y_, logits=tf.matmul(flat, w)))
step = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
batch_xs, batch_ys = mnist.train.next_batch(100)
sess.run(step, feed_dict={x: batch_xs, y_: batch_ys})  # <- ST105
sess.run(step, feed_dict={x: batch_xs.reshape(-1, 28, 28, 1), y_: batch_ys})
"""
    assert_marked(source, tf="1.15")


def test_sparse_labels_into_a_one_hot_placeholder():
    source = MNIST.format(one_hot=False) + """
x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 10])
sess = tf.Session()
sess.run(y_, feed_dict={x: mnist.test.images, y_: mnist.test.labels})  # <- ST105
"""
    assert_marked(source, tf="1.15")


def test_validation_size_past_the_training_images():
    assert_marked("""
from tensorflow.examples.tutorials.mnist import input_data
mnist = input_data.read_data_sets("MNIST_data/", validation_size=70000)  # <- ST130
""", tf="1.15")


# -- star imports ---------------------------------------------------------------------------------

MODEL = """
model = Sequential([
    Dense(16, activation="relu", input_shape=(7,)),
    Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(np.zeros((40, 6)), np.zeros(40), epochs=1)  # <- ST117
"""


@pytest.mark.parametrize("imports", [
    "from tensorflow.keras.layers import *\nfrom tensorflow.keras.models import *",
    "from keras.layers import *\nfrom keras.models import *",
    "from tensorflow.keras.layers import *\nfrom tensorflow.keras import *",
    "from keras.models import Sequential\nfrom keras.layers import *",
])
def test_star_imported_keras_names_are_the_modelled_ones(imports):
    assert_marked("import numpy as np\n" + imports + MODEL)


def test_star_import_under_keras_2():
    assert_marked("import numpy as np\nfrom keras.layers import *\nfrom keras.models import *" + MODEL, tf="2.15")


def test_star_import_of_tensorflow_itself():
    g = run("""
from tensorflow import *
from tensorflow.keras import *
x = zeros([4, 3])
d = layers.Dense
""")
    assert shape(g["x"]) == [4, 3] and g["d"].qualname == "keras.layers.Dense"


def test_star_import_of_tensorflow_1():
    assert_marked("""
from tensorflow import *
x = placeholder(float32, [None, 784])
w = Variable(zeros([128, 10]))
y = matmul(x, w)  # <- ST101
""", tf="1.15")


def test_star_import_binds_what_the_module_exports():
    bound = {name: qualname for name, qualname, _ in star_import("tensorflow.keras.models", "2.21")}
    assert bound["Sequential"] == "keras.Sequential" and bound["Model"] == "keras.Model"
    assert "Dense" not in bound


def test_modules_the_api_model_does_not_describe_bind_their_modelled_names():
    from shapetracer.constraints import family_modules
    family_modules()
    bound = {name: qualname for name, qualname, listed in star_import("numpy", "2.21")}
    assert bound["zeros"] == "np.zeros" and "max" not in bound and "sum" not in bound  # builtins stay
    scikit = {name for name, _, _ in star_import("sklearn.preprocessing", "2.21")}
    assert {"StandardScaler", "OneHotEncoder", "LabelEncoder"} <= scikit


def test_star_import_of_numpy_and_sklearn():
    g = run("""
from numpy import *
from sklearn.preprocessing import *
a = zeros((30, 4))
b = StandardScaler().fit_transform(a)
m = max(3, 4)
""")
    assert shape(g["b"]) == [30, 4] and g["m"].value == 4


def test_star_import_of_a_module_nothing_describes_binds_nothing():
    g = run("from matplotlib.colors import *\nx = 1\n")
    assert not [v for v in g.values() if isinstance(v, ApiRef) and v.qualname.startswith("matplotlib")]


def test_star_import_of_a_user_module_still_works(tmp_path):
    (tmp_path / "shapes.py").write_text("WIDTH = 7\n")
    main = tmp_path / "main.py"
    main.write_text(textwrap.dedent("""
        import numpy as np
        from tensorflow.keras.layers import *
        from tensorflow.keras.models import *
        from shapes import *
        model = Sequential([Dense(1, input_shape=(WIDTH,))])
        model.compile(optimizer="adam", loss="mse")
        model.fit(np.zeros((10, 6)), np.zeros(10))
        """))
    findings = check_file(main, Options(generic=False)).findings
    assert [(f.line, f.code) for f in findings if f.code.startswith("ST1")] == [(8, codes.KERAS_INPUT)]


def test_canonical_names():
    assert canonical("pandas.core.frame.DataFrame") == "pd.DataFrame"
    assert canonical("pandas.read_csv") == "pd.read_csv"
    assert canonical("sklearn.preprocessing._data.StandardScaler") == "sklearn.preprocessing.StandardScaler"
    assert canonical("sklearn.cross_validation.train_test_split") == "sklearn.model_selection.train_test_split"
    assert canonical("tensorflow.examples.tutorials.mnist.input_data.read_data_sets") == \
        "tf.contrib.learn.datasets.mnist.read_data_sets"


def test_errors_of_unknown_data_are_not_reported():
    assert errors("""
from tensorflow.examples.tutorials.mnist import input_data
import sys
mnist = input_data.read_data_sets("MNIST_data/", one_hot=sys.argv[1] == "1")
labels = mnist.train.labels
""", tf="1.15") == []
