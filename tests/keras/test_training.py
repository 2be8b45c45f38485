"""compile / fit / evaluate / predict / *_on_batch, data loaders, and the import spellings."""

from __future__ import annotations

import pytest

from tests.keras.support import assert_reports_marked, fixed, messages, shape_codes

HEAD = """
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
"""

MLP = HEAD + """
model = keras.Sequential([keras.Input((8,)), layers.Dense(16, activation="relu"), layers.Dense(4)])
"""


def test_validation_data_is_checked_too():
    source = MLP + """
model.compile("adam", "sparse_categorical_crossentropy")
x_val = np.zeros((5, 8))
y_val = keras.utils.to_categorical(np.zeros(5), 4)
model.fit(np.zeros((20, 8)), np.zeros(20), validation_data=(x_val, y_val))  # <- ST118
"""
    assert_reports_marked(source)
    assert shape_codes(fixed(source, "y_val = keras.utils.to_categorical(np.zeros(5), 4)", "y_val = np.zeros(5)")) == []


@pytest.mark.parametrize("call", ["model.evaluate(x, y)", "model.train_on_batch(x, y)", "model.test_on_batch(x, y)"])
def test_every_training_call_checks_targets(call):
    assert_reports_marked(MLP + f"""
model.compile("adam", "categorical_crossentropy")
x, y = np.zeros((6, 8)), np.zeros((6,))
{call}  # <- ST118
""")


@pytest.mark.parametrize("call", ["model.predict(x)", "model.predict_on_batch(x)", "model(x)"])
def test_every_inference_call_checks_inputs(call):
    assert_reports_marked(MLP + f"""
x = np.zeros((6, 9))
{call}  # <- ST117
""")


def test_predict_returns_an_array_with_all_rows():
    source = MLP + """
probs = model.predict(np.zeros((100, 8)))
total = probs + np.zeros((100, 5))  # <- ST103
"""
    assert_reports_marked(source)


def test_mse_with_rank_1_targets_fails_at_run_time():
    [message] = messages(MLP + """
model.compile("adam", "mse")
model.fit(np.zeros((8, 8)), np.zeros((8,)))
""")
    assert message.startswith("Incompatible shapes: [8] vs. [8,4]")


def test_mse_with_a_column_of_targets_broadcasts_with_a_warning():
    # Keras 3 raises nothing: every output is compared with the row's one target (ST204).
    assert shape_codes(MLP + """
model.compile("adam", "mse")
model.fit(np.zeros((8, 8)), np.zeros((8, 1)))
""")[0][1] == "ST204"


def test_cardinality_wording():
    [message] = messages(MLP + """
model.compile("adam", "mse")
model.fit(np.zeros((8, 8)), np.zeros((10, 4)))
""")
    assert message == ("Data cardinality is ambiguous. Make sure all arrays contain the same number of samples. "
                       "'x' sizes: 8 'y' sizes: 10")


def test_user_defined_loss_is_analysed_on_targets_and_outputs():
    source = MLP + """
def weighted_mse(y_true, y_pred):
    weights = tf.constant([1.0, 2.0, 1.0])
    return tf.reduce_mean(tf.square(y_true - y_pred) * weights)  # <- ST103

model.compile("adam", loss=weighted_mse)
model.fit(np.zeros((8, 8)), np.zeros((8, 4)))
"""
    assert_reports_marked(source)
    assert shape_codes(fixed(source, "[1.0, 2.0, 1.0]", "[1.0, 2.0, 1.0, 1.0]")) == []


def test_fit_on_a_batched_dataset():
    source = MLP + """
model.compile("adam", "categorical_crossentropy")
ds = tf.data.Dataset.from_tensor_slices((np.zeros((40, 8)), np.zeros((40,)))).shuffle(40).batch(8).prefetch(2)
model.fit(ds, epochs=1)  # <- ST118
"""
    assert_reports_marked(source)


def test_dataset_map_runs_the_function_on_an_element():
    assert_reports_marked(MLP + """
def scale(features, label):
    return features[:, :6] * 2.0, label

model.compile("adam", "sparse_categorical_crossentropy")
ds = tf.data.Dataset.from_tensor_slices((np.zeros((40, 8)), np.zeros(40))).batch(8).map(scale)
model.fit(ds)  # <- ST117
""")


def test_from_tensor_slices_needs_equal_rows():
    assert_reports_marked(HEAD + """
ds = tf.data.Dataset.from_tensor_slices((np.zeros((40, 8)), np.zeros(30)))  # <- ST108
""")


def test_known_dataset_shapes():
    source = HEAD + """
(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()
model = keras.Sequential([layers.Dense(128, activation="relu", input_shape=(784,)), layers.Dense(10)])
model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(x_train, y_train, epochs=1)  # <- ST117
"""
    assert_reports_marked(source)
    assert shape_codes(fixed(source, "(x_test, y_test) = keras.datasets.mnist.load_data()",
                             "(x_test, y_test) = keras.datasets.mnist.load_data()\n"
                             "x_train = x_train.reshape(60000, 784)")) == []


def test_cifar_labels_are_columns():
    assert_reports_marked(HEAD + """
(x_train, y_train), _ = keras.datasets.cifar10.load_data()
model = keras.Sequential([keras.Input((32, 32, 3)), layers.Flatten(), layers.Dense(10, activation="softmax")])
model.compile("adam", "categorical_crossentropy")
model.fit(x_train, y_train)  # <- ST118
""")


def test_image_generators_carry_their_target_size():
    source = HEAD + """
from tensorflow.keras.preprocessing.image import ImageDataGenerator
datagen = ImageDataGenerator(rescale=1.0 / 255, rotation_range=20)
train = datagen.flow_from_directory("data/train", target_size=(150, 150), batch_size=16, class_mode="binary")
model = keras.Sequential([
    keras.Input((224, 224, 3)),
    layers.Conv2D(16, 3, activation="relu"),
    layers.MaxPooling2D(),
    layers.Flatten(),
    layers.Dense(1, activation="sigmoid"),
])
model.compile("adam", "binary_crossentropy")
model.fit(train, epochs=1)  # <- ST117
"""
    assert_reports_marked(source)
    assert shape_codes(fixed(source, "target_size=(150, 150)", "target_size=(224, 224)")) == []


def test_image_dataset_from_directory():
    assert_reports_marked(HEAD + """
train_ds = keras.utils.image_dataset_from_directory("photos", image_size=(180, 180), batch_size=32,
                                                    label_mode="categorical", class_names=["a", "b", "c"])
inputs = keras.Input((180, 180, 3))
x = layers.Rescaling(1.0 / 255)(inputs)
x = layers.Conv2D(8, 3)(x)
x = layers.GlobalAveragePooling2D()(x)
model = keras.Model(inputs, layers.Dense(5, activation="softmax")(x))
model.compile("adam", "categorical_crossentropy")
model.fit(train_ds)  # <- ST118
""")


def test_pad_sequences_gives_maxlen_columns():
    source = HEAD + """
seqs = [[1, 2, 3], [4, 5], [6]]
padded = keras.utils.pad_sequences(seqs, maxlen=50)
tokens = keras.Input((100,))
x = layers.LSTM(4)(layers.Embedding(1000, 8)(tokens))
model = keras.Model(tokens, layers.Dense(1)(x))
model.predict(padded)  # <- ST117
"""
    assert_reports_marked(source)
    # A Sequential model has no input check of its own, and these layers accept any length.
    sequential = source.replace("model = keras.Model(tokens, layers.Dense(1)(x))",
                                "model = keras.Sequential([tokens, layers.Embedding(1000, 8), layers.LSTM(4)])")
    assert shape_codes(sequential) == []


def test_unknown_data_stays_unknown():
    assert shape_codes(HEAD + """
x = np.load("features.npy")
y = np.load("labels.npy")
model = keras.Sequential([keras.Input((8,)), layers.Dense(3)])
model.compile("adam", "categorical_crossentropy")
model.fit(x, y)
model.fit(tf.data.experimental.make_csv_dataset("*.csv", 32))
""") == []


def test_eager_layer_calls_check_tensors():
    assert_reports_marked(HEAD + """
dense = layers.Dense(3)
a = dense(tf.ones((2, 5)))
b = dense(tf.random.normal((2, 6)))  # <- ST117
""")


SPELLINGS = [
    "import keras\nfrom keras import layers\nSequential, Dense, Input = keras.Sequential, layers.Dense, keras.Input",
    "from keras.models import Sequential\nfrom keras.layers import Dense, Input",
    "from tensorflow.keras.models import Sequential\nfrom tensorflow.keras.layers import Dense, Input",
    "import tensorflow as tf\nSequential, Dense, Input = tf.keras.Sequential, tf.keras.layers.Dense, tf.keras.Input",
    "import tf_keras as keras\nSequential, Dense, Input = keras.models.Sequential, keras.layers.Dense, keras.layers.Input",
    "from keras.layers.core import Dense\nfrom keras.engine.sequential import Sequential\nfrom keras import Input",
]


@pytest.mark.parametrize("imports", SPELLINGS)
def test_every_keras_spelling(imports):
    assert_reports_marked("import numpy as np\n" + imports + """
model = Sequential([Input((10,)), Dense(4)])
model.predict(np.zeros((3, 12)))  # <- ST117
""")
