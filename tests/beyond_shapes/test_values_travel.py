"""Values that travel through user generators, ``iter``/``next``, tf.data pipelines and numpy's
integer samplers keep their shapes and dtypes.  Each failing case was run under TensorFlow
2.15 and 2.21 (the comment quotes what they raise); the passing twin runs."""

from __future__ import annotations

from shapetracer.domain.target import target_for
from shapetracer.rules import codes
from tests.helpers import findings_of


def codes_of(source: str, tf_version: str = "2.15") -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in findings_of(source, target=target_for(tf_version))]


GENERATOR = """\
import numpy as np
import tensorflow as tf


def batches():
    while True:
        yield np.zeros((8, 3), np.float32), np.zeros((8, 1), np.float32)


model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,))])
model.compile(loss="mse", optimizer="sgd")
it = batches()
xb, yb = next(it)
model.train_on_batch(xb, yb)
"""


def test_next_on_a_user_generator_is_one_pass_of_a_for_loop():
    # 'Input 0 of layer "sequential" is incompatible with the layer: expected shape=(None, 4),
    # found shape=(8, 3)'
    assert codes_of(GENERATOR) == [(14, codes.KERAS_INPUT)]
    assert codes_of(GENERATOR.replace("(8, 3)", "(8, 4)")) == []
    assert codes_of(GENERATOR.replace("it = batches()", "it = iter(batches())")) == [(14, codes.KERAS_INPUT)]
    # next(it, default) may give the default: unknown
    assert codes_of(GENERATOR.replace("next(it)", "next(it, (None, None))")) == []


DATASET = """\
import numpy as np
import tensorflow as tf

images = np.random.rand(8, 3).astype(np.float32)
answers = np.random.randint(0, 4, 8).astype(np.int32)
ds = tf.data.Dataset.from_tensor_slices(((images, images), answers)).shuffle(8).batch(4).repeat()
for (a, b), y in ds:
    predicts = tf.argmax(a, axis=1)
    print(tf.equal(predicts, y))
    break
"""


def test_tf_data_keeps_element_dtypes():
    # 'cannot compute Equal as input #1(zero-based) was expected to be a int64 tensor but is a
    # int32 tensor'
    assert codes_of(DATASET) == [(9, codes.DTYPE_MISMATCH)]
    assert codes_of(DATASET, "2.21") == [(9, codes.DTYPE_MISMATCH)]
    assert codes_of(DATASET.replace("np.int32", "np.int64")) == []
    assert codes_of(DATASET.replace("for (a, b), y in ds:", "for (a, b), y in iter(ds):")) \
        == [(9, codes.DTYPE_MISMATCH)]


ITERATOR = """\
import numpy as np
import tensorflow as tf

labels = np.random.randint(0, 2, 8).astype(np.int16)
ds = tf.data.Dataset.from_tensor_slices((np.zeros((8, 2), np.float32), labels)).batch(2, drop_remainder=True)
x, y = ds.make_one_shot_iterator().get_next()
loss = tf.nn.sparse_softmax_cross_entropy_with_logits(logits=x, labels=y)
"""


def test_one_shot_iterator_and_narrow_labels():
    # TF 1.15: "Value passed to parameter 'labels' has DataType int16 not in list of allowed
    # values: int32, int64"
    assert codes_of(ITERATOR, "1.15") == [(7, codes.LABEL_DTYPE)]
    assert codes_of(ITERATOR.replace("np.int16", "np.int32"), "1.15") == []


RANDINT = """\
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
counts = tf.constant(rng.poisson(3.0, size=(8,)))
print(tf.add(counts, tf.ones([8], tf.int32)))
"""


def test_numpy_integer_samplers_give_int64():
    # numpy's default integer is int64 on Linux (numpy 1.18, 1.26 and 2.x): 'cannot compute
    # AddV2 as input #1(zero-based) was expected to be a int64 tensor but is a int32 tensor'
    for sampler in ("rng.poisson(3.0, size=(8,))", "rng.randint(0, 5, size=(8,))",
                    "np.random.randint(0, 5, size=(8,))", "np.random.poisson(3.0, size=(8,))"):
        assert codes_of(RANDINT.replace("rng.poisson(3.0, size=(8,))", sampler)) == [(6, codes.DTYPE_MISMATCH)]
    assert codes_of(RANDINT.replace("tf.int32", "tf.int64")) == []
    assert codes_of(RANDINT.replace("size=(8,))", "size=(8,), dtype=np.int32)")
                    .replace("rng.poisson(3.0", "rng.randint(0, 5")) == []


PLATES = """\
import random

import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

CHARS = "ABCDEFGHIJ0123456789"


def make_code():
    return "".join(random.choice(CHARS) for _ in range(7))


def code_to_vec(present, code):
    one_hot = np.zeros((len(code), len(CHARS)))
    return np.concatenate([[1.0 if present else 0.0], one_hot.flatten()])


def samples(count):
    for _ in range(count):
        yield np.random.rand(3), make_code(), random.random() > 0.5


labels = []
for image, code, present in samples(4):
    labels.append(code_to_vec(present, code))
x = tf.placeholder(tf.float32, [None, 1 + 5 * len(CHARS)])
with tf.Session() as sess:
    sess.run(x, feed_dict={x: np.array(labels)})
"""


def test_a_code_joined_from_random_characters_has_its_length():
    # TF 2.15: 'Cannot feed value of shape (4, 141) for Tensor Placeholder:0, which has shape
    # (?, 101)' (1 + 7 * 20 against 1 + 5 * 20); with range(5) it runs
    found = findings_of(PLATES, target=target_for("2.15"))
    assert [(f.line, f.code) for f in found] == [(29, codes.FEED_SHAPE)]
    assert "(4, 141)" in found[0].message
    assert codes_of(PLATES.replace("range(7)", "range(5)")) == []


def test_lengths_of_texts_of_unknown_characters():
    from shapetracer.domain.values import Const
    from tests.helpers import globals_of

    env = globals_of("""
        import random
        CHARS = "ABC"
        one = random.choice(CHARS)
        code = "".join(random.choice(CHARS) for _ in range(7))
        dashed = "-".join([one, "xy", code])
        n_code, n_dashed = len(code), len(dashed)
        picked = random.choice([1, 2])
        rows = [random.choice(CHARS) for _ in range(int(input()))]
        unsized = len("".join(rows))
        flag = [1.0 if input() else 0.0]
        import numpy as np
        row = np.array(flag + [2.0, 3.0])
    """)
    assert isinstance(env["n_code"], Const) and env["n_code"].value == 7
    assert env["n_dashed"].value == 1 + 1 + 2 + 1 + 7
    assert not isinstance(env["picked"], Const)  # a list's item is not told
    assert not isinstance(env["unsized"], Const)  # how many characters were joined is not known
    assert env["row"].shape.dims is not None and [d.value for d in env["row"].shape.dims] == [3]
    assert env["row"].dtype == "float64"
