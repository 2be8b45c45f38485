"""Whole programs through the analyzer for the long tail of TensorFlow APIs that real
scripts use: probability distributions (TensorFlow Probability and TF 1's contrib
cannot run here, so these programs are unit tests, not oracle-checked corpus pairs),
input queues, set operations, confusion matrices, detection post-processing, numpy
binning, reference variables, gather_nd gradients, dynamic RNNs over Python lists,
Keras weights and Dense on a None dim, and tf.cond in eager mode.

Each case is a small program and the (line, code) findings it must give: an empty
set means the program must be clean.  Semantics were checked with TF 2.21 (and TFP
0.25 for the tfp cases) while writing the specs; see each family module's docstring.
"""

from __future__ import annotations

import textwrap

import pytest

from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source


def findings(source: str, version: str | None = None, legacy_keras: bool = False) -> set[tuple[int, str]]:
    options = Options(generic=False)
    if version is not None:
        options = Options(generic=False, target=target_for(version, legacy_keras=legacy_keras))
    result = check_source(textwrap.dedent(source).lstrip("\n").encode(), "program.py", None, options)
    return {(f.line, f.code) for f in result.findings if f.code.startswith(("ST1", "ST2"))}


def messages(source: str, version: str | None = None, legacy_keras: bool = False) -> list[str]:
    options = Options(generic=False)
    if version is not None:
        options = Options(generic=False, target=target_for(version, legacy_keras=legacy_keras))
    result = check_source(textwrap.dedent(source).lstrip("\n").encode(), "program.py", None, options)
    return [f.message for f in result.findings if f.code.startswith("ST1")]


# --- TensorFlow Probability (eager, TF 2) -------------------------------------------------------

TFP_MVN_EVENT = """
import tensorflow as tf
import tensorflow_probability as tfp

tfd = tfp.distributions
loc = tf.zeros([8, 4])
dist = tfd.MultivariateNormalDiag(loc=loc, scale_diag=tf.ones([{scale}]))
z = dist.sample(3)
logp = dist.log_prob(tf.zeros([8, 4]))
"""


def test_tfp_mvn_event_size_mismatch_fails_at_construction():
    assert findings(TFP_MVN_EVENT.format(scale=5)) == {(6, "ST103")}
    assert findings(TFP_MVN_EVENT.format(scale=4)) == set()
    assert any("Event size of `scale_diag` (5) could not be broadcast up to that of `loc` (4)" in m
               for m in messages(TFP_MVN_EVENT.format(scale=5)))


def test_tfp_sample_and_log_prob_shapes_flow_on():
    program = """
    import tensorflow as tf
    import tensorflow_probability as tfp

    tfd = tfp.distributions
    prior = tfd.Normal(loc=tf.zeros([16, 2]), scale=1.0)
    draws = prior.sample(5)
    w = tf.ones([3, 7])
    out = tf.matmul(draws, w)
    """
    # draws is [5, 16, 2]: its last dim (2) meets the weights' 3
    assert findings(program) == {(8, "ST101")}


def test_tfp_normal_parameters_checked_when_built():
    program = """
    import tensorflow as tf
    from tensorflow_probability import distributions as tfd

    policy = tfd.Normal(loc=tf.zeros([32, 2]), scale=tf.ones([6]))
    """
    assert findings(program) == {(4, "ST103")}
    assert any("Arguments `loc` and `scale` must have compatible shapes; loc.shape=(32, 2), scale.shape=(6,)." in m
               for m in messages(program))


def test_tfp_categorical_one_hot_labels():
    program = """
    import tensorflow as tf
    import tensorflow_probability as tfp

    logits = tf.zeros([8, 10])
    labels = tf.one_hot(tf.zeros([8], tf.int32), 10)
    nll = -tfp.distributions.Categorical(logits=logits).log_prob(labels)
    """
    assert findings(program) == {(6, "ST103")}


def test_tfp_kl_divergence_of_batches():
    program = """
    import tensorflow as tf
    import tensorflow_probability as tfp

    tfd = tfp.distributions
    q = tfd.Normal(loc=tf.zeros([32, 8]), scale=1.0)
    p = tfd.Normal(loc=tf.zeros([{n}]), scale=1.0)
    kl = tf.reduce_sum(tfd.kl_divergence(q, p), axis=1)
    """
    assert findings(program.format(n=8)) == set()
    assert findings(program.format(n=4)) == {(7, "ST103")}


# --- TF 1.x contrib (TF 1.15 only) ---------------------------------------------------------------

def test_contrib_distributions_fail_at_first_method_not_at_construction():
    program = """
    import tensorflow as tf

    mu = tf.placeholder(tf.float32, [None, 2])
    dist = tf.contrib.distributions.MultivariateNormalDiag(loc=mu, scale_diag=tf.ones([2]))
    normal = tf.contrib.distributions.Normal(loc=mu, scale=tf.ones([3]))
    lp = normal.log_prob(tf.zeros([4, 2]))
    """
    assert findings(program, "1.15") == {(6, "ST103")}


# --- queues and batching -----------------------------------------------------------------------

def test_queue_dequeue_shapes_and_names():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    q = tf.FIFOQueue(10, [tf.float32, tf.int32], shapes=[[28, 28], []], names=["image", "label"])
    batch = q.dequeue_many(16)
    flat = tf.reshape(batch["image"], [16, 784])
    wrong = tf.matmul(flat, tf.zeros([28, 10]))
    """
    assert findings(program) == {(7, "ST101")}


def test_queue_run_time_check_for_placeholder_rows():
    program = """
    import numpy as np
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    rows = tf.placeholder(tf.float32, [None, None])
    q = tf.FIFOQueue(10, [tf.float32], shapes=[[4]])
    enqueue = q.enqueue_many([rows])
    with tf.Session() as sess:
        sess.run(enqueue, {rows: np.zeros((2, {width}), np.float32)})
    """
    assert findings(program.replace("{width}", "4")) == set()
    assert findings(program.replace("{width}", "3")) == {(9, "ST130")}


def test_padding_queue_accepts_none_and_batch_dynamic_pad():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    tokens = tf.placeholder(tf.int32, [None])
    q = tf.PaddingFIFOQueue(10, [tf.int32], shapes=[[None]])
    enqueue = q.enqueue([tokens])
    padded = q.dequeue_many(4)
    batched = tf.train.batch([tokens], batch_size=4, dynamic_pad=True)
    """
    assert findings(program) == set()


def test_fifo_queue_refuses_partial_shapes():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    q = tf.RandomShuffleQueue(100, 10, [tf.float32], shapes=[[None, 3]])
    """
    assert findings(program) == {(4, "ST120")}


# --- sets, confusion matrices, detection ---------------------------------------------------------------

def test_set_operations_graph_wording_and_sizes():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    a = tf.placeholder(tf.int32, [None, 5])
    b = tf.placeholder(tf.int32, [None, 3])
    common = tf.sets.set_intersection(a, b)
    sizes = tf.sets.set_size(common)
    dense = tf.sparse.to_dense(common)
    bad = tf.sets.set_union(tf.zeros([2, 3], tf.int32), tf.zeros([3, 2], tf.int32))
    """
    assert findings(program) == {(9, "ST130")}
    assert any("Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2] and [3]." in m
               for m in messages(program))


def test_confusion_matrix_squeezes_a_column_of_labels():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    labels = tf.placeholder(tf.int64, [None, 1])
    logits = tf.placeholder(tf.float32, [None, 5])
    cm = tf.confusion_matrix(labels, tf.argmax(logits, 1), num_classes=5)
    total = tf.matmul(tf.cast(cm, tf.float32), tf.ones([{n}, 1]))
    """
    assert findings(program.replace("{n}", "5")) == set()
    assert findings(program.replace("{n}", "4")) == {(7, "ST101")}


def test_non_max_suppression_scores_count_checked_at_run_time():
    program = """
    import numpy as np
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    boxes = tf.placeholder(tf.float32, [None, 4])
    scores = tf.placeholder(tf.float32, [None])
    keep = tf.image.non_max_suppression(boxes, scores, 10)
    with tf.Session() as sess:
        sess.run(keep, {boxes: np.zeros((20, 4)), scores: np.zeros({n})})
    """
    assert findings(program.replace("{n}", "20")) == set()
    assert findings(program.replace("{n}", "19")) == {(9, "ST130")}


# --- numpy binning --------------------------------------------------------------------------------

def test_histogram_and_digitize_shapes():
    program = """
    import numpy as np

    data = np.random.rand(100)
    counts, edges = np.histogram(data, bins=20)
    centres = (edges[:-1] + edges[1:]) / 2
    both = counts * centres
    index = np.digitize(data, np.linspace(0, 1, 5)) + np.zeros(100)
    {line}
    """
    assert findings(program.replace("{line}", "")) == set()
    assert findings(program.replace("{line}", "wrong = counts * edges")) == {(8, "ST103")}
    assert findings(program.replace("{line}", "grid = np.digitize(data, np.zeros((2, 2)))")) == {(8, "ST102")}


# --- reference variables -----------------------------------------------------------------------------

def test_resource_variables_accept_partial_initial_shapes():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_eager_execution()

    x = tf.placeholder(tf.float32, [None, 3])
    v = tf.Variable(tf.zeros_like(x))
    w = tf.Variable(tf.zeros_like(x), use_resource=False)
    """
    # without disable_v2_behavior TF 2 makes resource variables: only use_resource=False fails
    assert findings(program) == {(6, "ST120")}


def test_reference_variables_under_tf1():
    program = """
    import tensorflow as tf

    x = tf.placeholder(tf.float32, [None, 3])
    v = tf.get_variable("v", initializer=tf.zeros_like(x))
    """
    assert findings(program, "1.15") == {(4, "ST120")}


def test_the_variable_switch_belongs_to_its_own_host():
    """A switch called in one host (an op example, a file) does not change the variables
    another one makes: the choice lives on the host's graph, as graph mode does."""
    from shapetracer.constraints.core.examples import T, bad, ok, run_example
    from shapetracer.domain.values import Const
    from shapetracer.rules import codes
    assert run_example(ok("tf.enable_v2_behavior", expect=Const(None)))[1] == []
    reports = run_example(bad("tf.assign", T(3, kind="variable"), T(4), code=codes.ASSIGN_SHAPE, target="1.15"))[1]
    assert [code for code, _ in reports] == [codes.ASSIGN_SHAPE]
    assert "Dimension 0 in both shapes must be equal" in reports[0][1]  # the reference Assign op's words


def test_eager_variable_from_a_decoded_image_is_fine():
    program = """
    import tensorflow as tf

    image = tf.image.decode_png(tf.io.read_file("a.png"), channels=3)
    v = tf.Variable(tf.zeros_like(image))
    """
    assert findings(program) == set()


# --- gather_nd gradient, dynamic_rnn over a list ------------------------------------------------------

def test_gather_nd_gradient_only_through_variables():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    table = tf.placeholder(tf.float32, [5, 3])
    w = tf.Variable(tf.ones([3]))
    picked = tf.gather_nd(table, [1, 2])
    loss = tf.reduce_sum(w) * picked
    train = tf.train.AdamOptimizer().minimize(loss)
    """
    # the gradient never reaches the placeholder, so no ScatterNd is built
    assert findings(program) == set()


def test_dynamic_rnn_over_a_list_of_steps():
    program = """
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()

    x = tf.placeholder(tf.float32, [None, 10, 4])
    cell = tf.nn.rnn_cell.GRUCell(8)
    outputs, state = tf.nn.dynamic_rnn(cell, tf.unstack(x, axis=1), dtype=tf.float32)
    """
    assert findings(program) == {(6, "ST119")}


# --- Keras ---------------------------------------------------------------------------------------------

DENSE_ON_NONE = """
from tensorflow import keras
from tensorflow.keras import layers

inputs = keras.Input(shape=(None, 1))
x = layers.Flatten()(inputs)
y = layers.Dense(4)(x)
"""


def test_dense_on_a_declared_none_dim_in_both_kerases():
    assert findings(DENSE_ON_NONE) == {(6, "ST120")}
    assert any("path='dense/kernel'" in m for m in messages(DENSE_ON_NONE))
    keras2 = messages(DENSE_ON_NONE, "2.15")
    assert any("The last dimension of the inputs to a Dense layer should be defined. Found None. Full input shape "
               "received: (None, None)" in m for m in keras2)


def test_dense_on_a_dim_unknown_only_to_the_analysis_is_fine():
    program = """
    import sys
    from tensorflow import keras
    from tensorflow.keras import layers

    width = int(sys.argv[1])
    inputs = keras.Input(shape=(width, 1))
    y = layers.Dense(4)(layers.Flatten()(inputs))
    """
    assert findings(program) == set()


def test_set_weights_count_uses_keras2_quotes():
    program = """
    import numpy as np
    from tensorflow import keras

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4)])
    model.layers[0].set_weights([np.zeros((3, 4))])
    """
    assert findings(program) == {(5, "ST116")}
    assert any("on layer 'dense' with a weight list of length 1" in m for m in messages(program))
    assert any('on layer "dense" with a weight list of length 1' in m for m in messages(program, "2.15"))


def test_weights_of_an_unbuilt_layer_are_not_checked():
    program = """
    import numpy as np
    from tensorflow import keras

    layer = keras.layers.Dense(4)
    layer.set_weights([np.zeros((7, 9)), np.zeros(9)])
    """
    assert findings(program) == set()


def test_a_functional_model_whose_graph_is_not_traced_has_unknown_weights():
    """Outputs a Lambda made from a tuple of slices: the graph walk stops there, so the
    model's layers (and so its weights) are unknown; nothing is checked, nothing breaks."""
    program = """
    import numpy as np
    from tensorflow import keras

    inputs = keras.Input((8,))
    hidden = keras.layers.Dense(4)(inputs)
    pair = keras.layers.Lambda(lambda t: (t[0] * 2, t[1]))((hidden[:2], hidden))
    model = keras.Model(inputs, pair)
    model.set_weights([np.zeros((3, 3))])
    """
    result = check_source(textwrap.dedent(program).lstrip("\n").encode(), "program.py", None,
                          Options(generic=False, show_notes=True))
    assert [(f.line, f.code) for f in result.findings if f.code.startswith(("ST1", "ST903"))] == []


# --- tf.cond ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("graph", [False, True])
def test_cond_on_a_vector_predicate(graph):
    program = """
    import tensorflow as tf
    {setup}
    flags = tf.constant([True, False])
    out = tf.cond(flags, lambda: 1.0, lambda: 0.0)
    """.replace("{setup}", "tf.compat.v1.disable_eager_execution()" if graph else "")
    found = messages(program)
    assert len(found) == 1
    wording = "for 'cond/Switch'" if graph else "The truth value of an array with more than one element is ambiguous"
    assert wording in found[0]
