"""False alarms once found on published TensorFlow/Keras programs (bench/realworld), each as a
small program of our own with the mechanism that went wrong, and where it makes sense the
twin that is a real bug and must still be reported.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source


def _codes(source: str, version: str = "2.21") -> list[str]:
    """The shape errors of ``source`` checked against TensorFlow ``version``."""
    options = Options(generic=False, target=target_for(version))
    result = check_source(source.encode(), "prog.py", options=options)
    return [f.code for f in result.findings if f.code.startswith("ST1")]


# -- in-place list methods ------------------------------------------------------------------

_TIED_WEIGHTS = """
import tensorflow as tf
sizes = [784, 256, 64]
x = tf.placeholder(tf.float32, [None, sizes[0]])
h = x
weights = []
for n_in, n_out in zip(sizes[:-1], sizes[1:]):
    w = tf.Variable(tf.zeros([n_in, n_out]))
    weights.append(w)
    h = tf.matmul(h, w)
weights.{method}
for i in range(len(sizes) - 1):
    h = tf.matmul(h, tf.transpose(weights[i]))
"""


def test_reverse_reorders_the_list_in_place():
    assert _codes(_TIED_WEIGHTS.format(method="reverse()")) == []


def test_without_the_reverse_the_tied_decoder_is_still_wrong():
    assert _codes(_TIED_WEIGHTS.format(method="copy()")) == [codes.MATMUL_DIM]


def test_sort_with_a_key_makes_the_order_unknown():
    assert _codes(_TIED_WEIGHTS.format(method="sort(key=lambda v: -v.shape[0])")) == []


def test_list_methods_compute_what_python_does():
    source = """
import tensorflow as tf
dims = [3, 1, 2]
dims.sort()
dims.insert(0, 5)
dims.remove(1)
last = dims.pop()
first = dims.pop(0)
x = tf.zeros([first, last] + dims)
y = tf.reshape(x, [5, 2, 3])
z = tf.reshape(x, [5, 2, 2])
"""
    assert _codes(source) == [codes.RESHAPE_SIZE]


def test_a_reordering_in_a_branch_that_may_not_run_makes_the_order_unknown():
    source = """
import sys
import tensorflow as tf
ws = [tf.zeros([4, 8]), tf.zeros([8, 2])]
if len(sys.argv) > 1:
    ws.reverse()
y = tf.matmul(tf.zeros([3, 8]), ws[1])
"""
    assert _codes(source) == []


# -- Keras' program-wide image data format, and Keras 1 layer arguments ------------------------

_LENET = """
from keras import backend as K
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense
{setting}
if K.image_data_format() == "channels_first":
    input_shape = (1, 28, 28)
else:
    input_shape = (28, 28, 1)
model = Sequential()
model.add(Conv2D(20, kernel_size=5, padding="same", input_shape=(1, 28, 28)))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Conv2D(8, (3, 3), input_shape=input_shape))
model.add(Flatten())
model.add(Dense(10))
"""


def test_image_data_format_is_channels_last_unless_set():
    # the undecided branch used to be analysed too: (1, 28, 28) as channels-last fails
    source = _LENET.replace('model.add(Conv2D(20, kernel_size=5, padding="same", input_shape=(1, 28, 28)))\n'
                            'model.add(MaxPooling2D(pool_size=(2, 2)))\n', "").format(setting="")
    assert _codes(source) == []


def test_set_image_dim_ordering_th_makes_layers_channels_first():
    assert _codes(_LENET.format(setting='K.set_image_dim_ordering("th")')) == []
    assert _codes(_LENET.format(setting='K.set_image_data_format("channels_first")')) == []


def test_channels_first_input_under_the_default_format_still_fails():
    assert _codes(_LENET.format(setting="")) == [codes.NEGATIVE_DIM]


def test_a_format_set_in_a_branch_that_may_not_run_is_unknown():
    source = _LENET.format(setting='import sys\nif len(sys.argv) > 1:\n    K.set_image_dim_ordering("th")')
    assert _codes(source) == []


_KERAS1 = """
from keras.models import Sequential
from keras.layers import Convolution2D, MaxPooling2D, Flatten, Dense
model = Sequential()
model.add(Convolution2D(64, 5, 5, border_mode="same", dim_ordering="th", input_shape=(1, 28, 28)))
model.add(MaxPooling2D(pool_size=(2, 2), dim_ordering="th"))
model.add(Convolution2D(128, 5, 5, subsample=(2, 2), dim_ordering="th"))
model.add(Flatten())
model.add(Dense({units}, input_dim=128 * {side} * {side}))
"""


def test_keras1_convolution_arguments_are_read_as_standalone_keras_2_converts_them():
    # Convolution2D(64, 5, 5) is a 5x5 kernel there, not kernel 5 with strides 5
    assert _codes(_KERAS1.format(units=1, side=5)) == []


def test_keras1_convolution_shapes_are_still_checked():
    # a 3x6 kernel on the 5x5 maps fails (read as kernel 3, strides 6 it would not)
    source = _KERAS1.replace("model.add(Flatten())", 'model.add(Convolution2D(8, 3, 6, border_mode="valid", '
                                                     'dim_ordering="th"))\nmodel.add(Flatten())')
    assert _codes(source.format(units=1, side=5)) == [codes.NEGATIVE_DIM]


def test_positional_ints_are_a_kernel_size_only_where_standalone_keras_2_3_runs_the_call():
    source = """
from keras.models import Sequential
from keras.layers import Conv2D, Flatten, Dense
model = Sequential()
model.add(Conv2D(8, 3, 3, input_shape=(8, 8, 1)))
model.add(Conv2D(8, 3, 3))
"""
    # keras 2.3.1 (beside TF 1.15) reads two 3x3 kernels: 8 -> 6 -> 4
    assert _codes(source, "1.15") == []
    # tf.keras, and Keras from 2.4 on, read kernel 3, strides 3: 8 -> 2, then a 3x3 kernel fails
    assert _codes(source) == [codes.NEGATIVE_DIM]
    assert _codes(source.replace("from keras.", "from tensorflow.keras."), "1.15") == [codes.NEGATIVE_DIM]


# -- isinstance --------------------------------------------------------------------------------

_BRANCH_ON_TUPLE = """
import tensorflow as tf
from tensorflow.keras.layers import Input, Conv2D, Concatenate, UpSampling2D

def block(x_in):
    if isinstance(x_in, tuple):
        inputs = Input(x_in[0].shape[1:]), Input(x_in[1].shape[1:])
        x, skip = inputs
        x = UpSampling2D(2)(x)
        x = Concatenate()([x, skip])
    else:
        x = inputs = Input(x_in.shape[1:])
    x = Conv2D(8, 1)(x)
    return tf.keras.Model(inputs, x)(x_in)

a = Input([16, 16, 3])
b = Input([32, 32, 4])
y = block(a)
z = block((y, b))
"""


def test_isinstance_of_a_tensor_and_of_a_tuple_is_decided():
    # the tuple branch used to run for the tensor too: x_in[0] of a tensor is rank 3
    assert _codes(_BRANCH_ON_TUPLE) == []


def test_the_branch_isinstance_picks_is_still_checked():
    # the upsampled 32x32 map does not concatenate with a 30x30 skip
    assert _codes(_BRANCH_ON_TUPLE.replace("b = Input([32, 32, 4])", "b = Input([30, 30, 4])")) \
        == [codes.CONCAT_DIM]


# -- Keras functional models: structure of what they are called with and give ---------------------

_GAN = """
from tensorflow.keras.layers import Input, Dense, Reshape, Flatten, concatenate
from tensorflow.keras.models import Model

z = Input(shape=(10,))
label = Input(shape=(3,))
image = Reshape((4, 4, 1))(Dense(16)(concatenate([z, label])))
generator = Model(inputs=[z, label], outputs=[image])

image_in = Input(shape=(4, 4, 1))
label_in = Input(shape=(3,))
score = Dense(1)(concatenate([Flatten()(image_in), label_in]))
discriminator = Model(inputs=[image_in, label_in], outputs=[score])

z2 = Input(shape=(10,))
label2 = Input(shape=(3,))
fake = generator([z2, label2])
valid = discriminator([fake, label2])
"""


def test_a_model_called_with_another_models_list_output_gets_it_flattened():
    # Keras 3 gives the one-output list [image]; Keras 2 the tensor; either way two inputs
    assert _codes(_GAN) == []
    assert _codes(_GAN, "2.15") == []


def test_a_model_called_on_a_wrong_image_through_a_nested_list_still_fails():
    source = _GAN.replace("image_in = Input(shape=(4, 4, 1))", "image_in = Input(shape=(5, 5, 1))")
    assert _codes(source) == [codes.KERAS_INPUT]


def test_a_model_whose_outputs_the_program_replaced_is_unknown():
    source = """
from tensorflow.keras.layers import Input, Conv2D, Flatten, Dense
from tensorflow.keras.models import Model
inp = Input(shape=(8, 8, 3))
features = Conv2D(4, 3, padding="same")(inp)
net = Model(inp, Dense(2)(Flatten()(features)))
net.outputs = [features]
out = net(Input(shape=(16, 16, 3)))
"""
    # standalone Keras 2.x then runs the graph to the new outputs (fully convolutional: fine)
    assert _codes(source) == []
    assert _codes(source.replace("net.outputs = [features]\n", "")) == [codes.KERAS_INPUT]


# -- pad_sequences ---------------------------------------------------------------------------

def test_pad_sequences_keeps_the_steps_of_one_hot_sequences():
    source = """
import numpy as np
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Embedding, LSTM, TimeDistributed, Dense

def encode(n, classes):
    data = np.empty((n,), dtype=list)
    for i in range(n):
        data[i] = to_categorical([1, 2, 3], num_classes=classes)
    return pad_sequences(data, maxlen=10)

labels = [to_categorical([1, 2, 3], num_classes=5) for _ in range(4)]
y = pad_sequences(labels, maxlen=10)
x = pad_sequences([[1, 2], [3, 4, 5], [6], [7, 8]], maxlen=10)
model = Sequential([Embedding(20, 8), LSTM(8, return_sequences=True), TimeDistributed(Dense(5))])
model.compile(loss="categorical_crossentropy", optimizer="adam")
model.fit(x, y)
model.fit(x, encode(4, 5))
"""
    assert _codes(source) == []
    # one-hot rows padded keep their classes: a model with 6 outputs does not fit them
    assert _codes(source.replace("Dense(5)", "Dense(6)").replace("model.fit(x, encode(4, 5))\n", "")) \
        == [codes.KERAS_TARGET]


def test_pad_sequences_of_a_list_grown_in_a_loop_has_an_unknown_row_count():
    source = """
import sys
import numpy as np
from tensorflow.keras.preprocessing.sequence import pad_sequences
rows = []
for line in open(sys.argv[1]):
    rows.append([1, 2, 3])
padded = pad_sequences(rows, maxlen=7)
for i in range(10):
    first = padded[i]
width = padded[0].reshape(7)
"""
    # the rows used to count the one example item of the list: index 1 "out of bounds"
    assert _codes(source) == []
    assert _codes(source.replace("reshape(7)", "reshape(8)")) == [codes.RESHAPE_SIZE]


def test_tokenized_texts_pad_to_a_matrix_of_ids():
    source = """
import tensorflow as tf
texts = open("corpus.txt").read().split("\\n")
tokenizer = tf.keras.preprocessing.text.Tokenizer()
tokenizer.fit_on_texts(texts)
ids = tf.keras.preprocessing.sequence.pad_sequences(tokenizer.texts_to_sequences(texts), maxlen=20)
logits = tf.zeros((ids.shape[0], 20, 7))
loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(ids, logits)
bad = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(ids[:, 0], logits)
"""
    assert _codes(source) == [codes.LABELS_LOGITS]


# -- np.random.choice ------------------------------------------------------------------------------

def test_choice_of_a_zero_d_integer_array_samples_a_range():
    source = """
import numpy as np
labels = np.random.randint(0, 10, size=(500,))
num_labels = np.amax(labels) + 1
picked = np.eye(num_labels)[np.random.choice(num_labels, 32)]
"""
    assert _codes(source) == []
    assert _codes(source.replace("np.random.choice(num_labels, 32)", "np.random.choice(np.zeros((3, 3)), 32)")) \
        == [codes.RANK_MISMATCH]


def test_choice_among_lists_of_unknown_lengths_gives_one_of_them():
    source = """
import sys
import numpy as np
sentences = []
for line in open(sys.argv[1]):
    ids = []
    for word in line.split():
        ids.append(len(word))
    sentences.append(ids)
sentence = np.random.choice(sentences)
windows = [sentence[max(i - 2, 0):i + 3] for i, _ in enumerate(sentence)]
"""
    # numpy makes the ragged lists a 1-D array of lists: an item is a list, not a number
    assert _codes(source) == []
    assert _codes("import numpy as np\nrow = np.random.choice([[1, 2], [3, 4]])\n") == [codes.RANK_MISMATCH]


def test_nothing_runs_after_a_loop_whose_body_always_fails_and_that_is_entered():
    source = """
import numpy as np
import tensorflow as tf
x = tf.placeholder(tf.float32, [4])
data = []
while len(data) < 4:
    data.append(np.ones((2, 2)) @ np.ones((3, 3)))
with tf.Session() as sess:
    sess.run(x * 2, feed_dict={x: np.array(data)})
"""
    # the loop summary used to go on with zero iterations: data = [] fed as shape (0,)
    assert _codes(source) == [codes.MATMUL_DIM]


# -- user functions called with arguments Python does not bind --------------------------------------

_STALE_TEST = """
import numpy as np
import tensorflow as tf

class Model:
    def __init__(self, classes_a, classes_b, batch_size, sequence_length, is_training):
        self.input_x = tf.placeholder(tf.int32, [None, sequence_length])
        self.out = tf.reduce_sum(self.input_x, axis=1)

def test():
    model = Model(3, 8, 30, True{extra})
    with tf.Session() as sess:
        sess.run(model.out, feed_dict={{model.input_x: np.zeros((8, 30))}})
"""


def test_a_call_python_cannot_bind_is_unknown():
    # Model(3, 8, 30, True, flag=False): a TypeError, so whatever the arguments were
    # bound to (sequence_length=True here) says nothing about the placeholder
    assert _codes(_STALE_TEST.format(extra=", flag=False")) == []
    assert _codes(_STALE_TEST.format(extra="")) == []  # missing is_training


def test_a_call_that_binds_is_still_followed():
    assert _codes(_STALE_TEST.format(extra=", 1").replace("(3, 8, 30, True, 1)", "(3, 8, 8, 40, True)")) \
        == [codes.FEED_SHAPE]


def test_static_and_class_methods_take_no_instance():
    source = """
import tensorflow as tf

class Net:
    @staticmethod
    def build(width):
        return tf.zeros([4, width])

    @classmethod
    def make(cls, width):
        return cls.build(width)

net = Net()
a = net.build(3)
b = Net.make(5)
c = tf.matmul(a, tf.zeros([3, 2])) + tf.matmul(b, tf.zeros([5, 2]))
d = tf.matmul(a, b)
"""
    assert _codes(source) == [codes.MATMUL_DIM]


# -- summarised loops: first iteration and later ones ---------------------------------------------

_FIRST_ITERATION = """
import numpy as np
data = np.random.rand(5000, 8)
total = None
for idx in range(0, 100):
    batch = data[idx * 50:(idx + 1) * 50]
    if idx == 0:
        total = batch
    else:
        total = np.concatenate((total, batch), axis=0)
"""


def test_a_variable_set_on_the_first_iteration_is_not_none_on_later_ones():
    # the loop is summarised (100 > the unroll bound): its body used to run once with
    # idx any int and total still None, so the else branch concatenated None
    assert _codes(_FIRST_ITERATION) == []


def test_later_iterations_of_a_summarised_loop_are_still_checked():
    # the else branch runs from the second iteration on, with total (?, 8) whatever came before
    source = _FIRST_ITERATION.replace("np.concatenate((total, batch), axis=0)",
                                      "np.concatenate((total, batch[:, :4]), axis=0)")
    assert _codes(source.replace("total = None", "total = np.zeros((0, 8))")) == [codes.CONCAT_DIM]


def test_training_is_passed_only_to_a_call_that_takes_it():
    source = """
import tensorflow as tf

class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)

    def call(self, x):
        return self.dense(x)

net = Net()
y = net(tf.zeros([2, 3]), training=True)
z = tf.matmul(y, tf.zeros([5, 1]))
"""
    assert _codes(source) == [codes.MATMUL_DIM]
