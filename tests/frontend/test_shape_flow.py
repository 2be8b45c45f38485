"""Shapes flow through Python: functions, branches, loops, imports, attributes, cores."""

from __future__ import annotations

from tests.helpers import codes_of, findings_of

TF1 = "import tensorflow.compat.v1 as tf\nimport numpy as np"


def test_symbolic_core_names_the_earlier_requirement():
    findings = findings_of(TF1 + """
x = tf.zeros([int(input()), int(input())])
h = tf.matmul(x, tf.zeros([10, 5]))
g = tf.matmul(x, tf.zeros([12, 3]))
""")
    [finding] = findings
    assert (finding.line, finding.code) == (5, "ST101")
    related = sorted(r.line for r in finding.related)
    assert 4 in related  # the first matmul fixed x's second dim to 10
    assert 3 in related  # where x was made


def test_graph_mode_runtime_failure_is_reported_at_the_run_that_feeds_it():
    findings = findings_of(TF1 + """
x = tf.placeholder(tf.float32, [None, None])
h = tf.matmul(x, tf.zeros([10, 5]))
g = tf.matmul(x, tf.zeros([12, 3]))
with tf.Session() as sess:
    sess.run(h, {x: np.zeros((4, 10))})
    sess.run(g, {x: np.zeros((4, 10))})
""")
    [finding] = findings
    assert (finding.line, finding.code) == (8, "ST101")
    assert 5 in [r.line for r in finding.related]  # the op that fails when run


def test_unknown_dims_alone_never_fail():
    assert codes_of(TF1 + """
x = tf.placeholder(tf.float32, [None, None])
y = tf.placeholder(tf.float32, [None, None])
z = tf.matmul(x, y) + tf.reduce_sum(x)
""") == []


def test_function_analysed_at_each_call_site():
    assert codes_of(TF1 + """
def dense(x, n_in, n_out):
    w = tf.Variable(tf.zeros([n_in, n_out]))
    return tf.matmul(x, w)

a = tf.placeholder(tf.float32, [None, 784])
h = dense(a, 784, 256)
out = dense(h, 128, 10)
""") == [(5, "ST101")]


def test_uncalled_function_is_checked_with_unknown_arguments():
    assert codes_of(TF1 + """
def build():
    x = tf.placeholder(tf.float32, [None, 3])
    w = tf.Variable(tf.zeros([5, 1]))
    return tf.matmul(x, w)
""") == [(6, "ST101")]


def test_branch_with_unknown_condition_checks_both_paths():
    assert codes_of(TF1 + """
import sys
x = tf.placeholder(tf.float32, [None, 784])
if len(sys.argv) > 2:
    w = tf.Variable(tf.zeros([784, 10]))
else:
    w = tf.Variable(tf.zeros([748, 10]))
y = tf.matmul(x, w)
""") == [(9, "ST101")]


def test_loop_unrolled_finds_the_partial_last_batch():
    codes = codes_of(TF1 + """
data = np.zeros((1000, 784), dtype=np.float32)
x = tf.placeholder(tf.float32, [64, 784])
y = tf.reduce_sum(x)
with tf.Session() as sess:
    for start in range(0, 1000, 64):
        batch = data[start:start + 64]
        sess.run(y, feed_dict={x: batch})
""")
    assert codes == [(9, "ST105")]


def test_shape_attributes():
    assert codes_of(TF1 + """
x = tf.placeholder(tf.float32, [None, 28, 28, 1])
n = int(x.shape[1]) * x.get_shape().as_list()[2]
flat = tf.reshape(x, [-1, n])
w = tf.Variable(tf.zeros([n + 1, 10]))
y = tf.matmul(flat, w)
""") == [(7, "ST101")]


def test_imported_user_module_is_followed(tmp_path, monkeypatch):
    from shapetracer.engine import Options, check_file

    (tmp_path / "model.py").write_text(
        "import tensorflow.compat.v1 as tf\n"
        "def classifier(x, n_in):\n"
        "    w = tf.Variable(tf.zeros([n_in, 10]))\n"
        "    return tf.matmul(x, w)\n")
    (tmp_path / "train.py").write_text(
        "import tensorflow.compat.v1 as tf\n"
        "from model import classifier\n"
        "x = tf.placeholder(tf.float32, [None, 784])\n"
        "logits = classifier(x, 748)\n")
    monkeypatch.chdir(tmp_path)
    result = check_file(tmp_path / "train.py", Options(generic=False))
    assert [(f.path, f.line, f.code) for f in result.findings] == [("model.py", 4, "ST101")]
    assert any(r.path == "train.py" for r in result.findings[0].related)


def test_shape_vector_arithmetic_gives_dims_tensorflow_knows():
    # tf.shape(x)[1] * tf.shape(x)[2] is 320 to TensorFlow when both dims are declared ...
    program = TF1 + """
x = tf.placeholder(tf.float32, [None, {frames}, 16])
s = tf.shape(x)
flat = tf.reshape(x, [s[0], s[1] * s[2]])
h = tf.layers.dense(flat, 8)
"""
    assert codes_of(program.format(frames=20)) == []
    # ... and None when one of them is declared None: Dense needs the last dim
    [finding] = findings_of(program.format(frames="None"))
    assert (finding.line, finding.code) == (6, "ST120")
    assert "(None, None)" in finding.message


def _dims(value):
    return [d.value if d.known else None for d in value.shape.dims]


def test_flatten_sizes_written_with_numpy_and_len_keep_their_values():
    from tests.helpers import globals_of
    env = globals_of("""
        import numpy as np
        import tensorflow.compat.v1 as tf
        x = tf.placeholder(tf.float32, [None, 5, 5, 24])
        flat = tf.reshape(x, [-1, int(np.prod(x.get_shape().as_list()[1:]))])
        flat2 = tf.reshape(x, [-1, np.prod(x.shape[1:])])
        words = "a b c".split()
        ids = tf.constant([len(words), 2])
    """)
    assert _dims(env["flat"]) == [None, 600]
    assert _dims(env["flat2"]) == [None, 600]
    assert _dims(env["ids"]) == [2]


def test_initializer_objects_called_with_a_shape():
    from tests.helpers import globals_of
    env = globals_of("""
        import tensorflow as tf
        init = tf.initializers.GlorotUniform(seed=0)
        w = tf.Variable(init([6, 16]))
        b = tf.keras.initializers.Zeros()(shape=(16,))
    """)
    assert _dims(env["w"]) == [6, 16]
    assert _dims(env["b"]) == [16]


def test_restore_loop_over_global_variables_matches_scoped_names():
    program = TF1 + """
tf.disable_v2_behavior()
ckpt = {{"head/kernel": np.zeros((32, {classes}), np.float32)}}
with tf.variable_scope("head"):
    kernel = tf.get_variable("kernel", [32, 5])
ops = [tf.assign(v, ckpt[v.op.name]) for v in tf.global_variables() if v.op.name in ckpt]
"""
    assert codes_of(program.format(classes=5)) == []
    [finding] = findings_of(program.format(classes=10))
    assert (finding.line, finding.code) == (7, "ST116")


def test_run_time_failure_names_the_fed_sizes_that_decide_it():
    [finding] = findings_of(TF1 + """
x = tf.placeholder(tf.float32, [None, 10], name="x")
y = tf.reshape(x, [64, 10])
with tf.Session() as sess:
    sess.run(y, {x: np.zeros((36, 10))})
""")
    assert finding.line == 6
    assert finding.message.endswith("[raised when this run evaluates the op, with x.shape[0] = 36]")


def test_conv2d_transpose_output_shape_clash_fails_when_gradients_are_built():
    program = TF1 + """
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 50, 50, 16])
k = tf.Variable(tf.zeros([3, 3, 24, 16]))
y = tf.nn.conv2d_transpose(x, k, tf.stack([tf.shape(x)[0], {size}, {size}, 24]), [1, 1, 1, 1])
loss = tf.reduce_mean(y)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
"""
    assert codes_of(program.format(size=50)) == []
    [finding] = findings_of(program.format(size=100))
    assert (finding.line, finding.code) == (8, "ST115")
    assert finding.message.startswith("Incompatible shapes between op input and calculated input gradient")


def test_tf1_summary_of_a_vector_fails_at_the_run_of_the_merged_summary():
    program = TF1 + """
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 3])
loss = tf.reduce_sum(x, axis={axis})
tf.summary.scalar("loss", loss)
merged = tf.summary.merge_all()
with tf.Session() as sess:
    sess.run(merged, {{x: np.zeros((4, 3))}})
"""
    assert codes_of(program.format(axis="None")) == []
    [finding] = findings_of(program.format(axis=1))
    assert (finding.line, finding.code) == (9, "ST127")


def test_random_crop_has_the_crop_size_whatever_the_offset():
    program = TF1 + """
tf.disable_v2_behavior()
rng = np.random.RandomState(0)
image = rng.rand(72, 72, 3)
top = rng.randint(0, 72 - {crop} + 1)
crop = image[top:top + {crop}]
x = tf.placeholder(tf.float32, [56, 72, 3])
with tf.Session() as sess:
    sess.run(x, {{x: crop}})
"""
    assert codes_of(program.format(crop=56), possible_failures=True) == []
    [finding] = findings_of(program.format(crop=60))
    assert (finding.line, finding.code) == (10, "ST105")


def test_a_loop_over_a_batched_dataset_sees_full_batches_when_the_rows_divide():
    program = """
import numpy as np
import tensorflow as tf
x = np.zeros(({rows}, 8), np.float32)
ds = tf.data.Dataset.from_tensor_slices(x).shuffle(64).batch(16)
for batch in ds:
    y = tf.concat([batch, tf.ones([4, 1])], axis=1)
"""
    [finding] = findings_of(program.format(rows=64))  # every batch has 16 rows
    assert (finding.line, finding.code) == (7, "ST108")
    assert codes_of(program.format(rows=60)) == []  # the last batch has 12: unknown, no error


def test_tf1_style_initializer_objects_give_their_shape():
    from tests.helpers import globals_of
    env = globals_of("""
        import tensorflow as tf
        init = tf.random_normal_initializer(stddev=0.1)
        w = tf.Variable(init([64, 4]))
        z = tf.zeros_initializer()([3])
    """)
    assert _dims(env["w"]) == [64, 4]
    assert _dims(env["z"]) == [3]


def test_lists_of_unknown_length_are_never_counted():
    # extended by an unknown iterable, then copied, sorted, sliced, joined or searched
    program = """
import numpy as np
words = []
words.extend(open(__file__).read().split())
n = 2 if "x" in words else 3
a = np.zeros((n, 4)) + np.zeros((2, 4))
b = np.zeros((len(set(words)), 4)) + np.zeros((5, 4))
c = np.zeros((len(sorted(words)), 4)) + np.zeros((5, 4))
d = np.zeros((len(words[:]), 4)) + np.zeros((5, 4))
e = np.zeros((len(list(reversed(words))), 4)) + np.zeros((5, 4))
f = np.zeros((len(words + ["a"]), 4)) + np.zeros((5, 4))
g = np.zeros((len(words.copy()), 4)) + np.zeros((5, 4))
"""
    assert codes_of(program) == []


def test_global_variables_are_not_paired_with_saved_values():
    # the global step is a variable the list does not show: zip would pair wrongly
    assert codes_of(TF1 + """
tf.disable_v2_behavior()
w = tf.Variable(tf.zeros([3]))
step = tf.train.get_or_create_global_step()
b = tf.Variable(tf.zeros([5]))
saved = [np.zeros(3), np.zeros([]), np.zeros(5)]
for v, value in zip(tf.global_variables(), saved):
    v.assign(value)
""") == []


def test_a_flag_set_in_a_branch_that_may_not_run_is_not_taken_as_set():
    assert codes_of("""
import sys
import numpy as np
import tensorflow.compat.v1 as tf
tf.app.flags.DEFINE_integer("batch_size", 32, "")
FLAGS = tf.app.flags.FLAGS
if len(sys.argv) > 2:
    FLAGS.batch_size = 1
    y = np.zeros((1, 10))
else:
    y = np.zeros((32, 10))
x = np.concatenate([np.zeros((FLAGS.batch_size, 10)), y], axis=1)
""") == []


def test_a_list_that_contains_itself_is_no_crash():
    assert codes_of("""
a = []
a.append(a)
text = ",".join(a)
ok = "abc".startswith(a)
""") == []


def test_merge_all_reads_only_the_default_summary_collection_of_the_current_graph():
    assert codes_of(TF1 + """
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 3])
tf.summary.scalar("per_row", tf.reduce_sum(x, axis=1), collections=["debug"])
tf.summary.scalar("mean", tf.reduce_mean(x))
merged = tf.summary.merge_all()
with tf.Session() as sess:
    sess.run(merged, {x: np.zeros((4, 3))})
tf.summary.scalar("rows", tf.reduce_sum(x, axis=1))
tf.reset_default_graph()
y = tf.placeholder(tf.float32, [None, 3])
tf.summary.scalar("mean2", tf.reduce_mean(y))
with tf.Session() as sess:
    sess.run(tf.summary.merge_all(), {y: np.zeros((4, 3))})
""") == []
