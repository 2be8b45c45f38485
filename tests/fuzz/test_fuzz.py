"""The engine answers every input: hypothesmith programs and mutated corpus programs.

For each input ``check_source`` must return a result (never raise), within a
time bound, with registered codes on lines of the file; an op model that
raises is an ST903 note for that call, never a lost file.  A few hundred
examples, seeded, well under a minute; ``bench/fuzz.py`` is the long run.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("hypothesis")
hypothesmith = pytest.importorskip("hypothesmith")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import fuzzgen  # noqa: E402

from shapetracer.engine import Options, check_source  # noqa: E402

TIME_BOUND = 15.0  # per file; the engine's own wall-clock budget is 10 s
FILES = fuzzgen.corpus_files()
SOURCES = {path: path.read_text() for path in FILES}
FUZZ = settings(deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


def _assert_behaves(text: str) -> None:
    problem = fuzzgen.check(text, time_bound=TIME_BOUND)
    assert problem is None, f"{problem}\n--- input ---\n{text}"


@settings(FUZZ, max_examples=60)
@given(hypothesmith.from_grammar())
def test_grammar_programs(source: str) -> None:
    _assert_behaves(source)


@settings(FUZZ, max_examples=40)
@given(hypothesmith.from_node())
def test_libcst_programs(source: str) -> None:
    _assert_behaves(source)


@settings(FUZZ, max_examples=200)
@given(st.sampled_from(FILES), st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_mutated_corpus_programs(path: Path, seed: int, rounds: int) -> None:
    _assert_behaves(fuzzgen.mutate(random.Random(seed), SOURCES[path], rounds))


@pytest.mark.parametrize("mutation", fuzzgen.MUTATIONS, ids=lambda m: m.__name__)
def test_each_mutation_changes_some_program(mutation) -> None:
    """The mutators are live: each one alters at least one corpus program."""
    rng = random.Random(0)
    assert any(mutation(rng, text) != text for text in list(SOURCES.values())[:40])


def test_internal_error_in_a_spec_is_a_note_not_a_lost_file(monkeypatch) -> None:
    """A spec that raises becomes ST903 at its call; the rest of the file is still analysed."""
    from shapetracer.constraints.core import spec as spec_module

    def broken(ctx, *args, **kwargs):
        raise ZeroDivisionError("deliberately broken model")

    original = spec_module.SPECS["tf.reduce_sum"]
    monkeypatch.setitem(spec_module.SPECS, "tf.reduce_sum",
                        spec_module.Spec(original.names, broken, original.family, original.signature))
    source = ("import tensorflow.compat.v1 as tf\n"
              "x = tf.placeholder(tf.float32, [None, 784])\n"
              "s = tf.reduce_sum(x, axis=1)\n"
              "w = tf.Variable(tf.zeros([10, 10]))\n"
              "y = tf.matmul(x, w)\n")
    result = check_source(source.encode(), "broken.py", None, Options(generic=False, show_notes=True))
    assert result is not None and result.status == "ok"
    codes = {(f.code, f.line) for f in result.findings}
    assert ("ST903", 3) in codes
    assert ("ST101", 5) in codes, "the file goes on after the broken call"


# Inputs the fuzzer found, reduced: each once made an op model raise (ST903).
REGRESSIONS = {
    "range_beyond_ssize_t": (
        "import tensorflow.compat.v1 as tf\n"
        "x = tf.placeholder(tf.float32, [None, 3])\n"
        "for step in range(2**63):\n"
        "    y = tf.reduce_sum(x, axis=1)\n"),
    "conv2d_empty_depth": (
        "import tensorflow.compat.v1 as tf\n"
        "x = tf.placeholder(tf.float32, [None, 8, 8, 0])\n"
        "k = tf.Variable(tf.zeros([3, 3, 1, 4]))\n"
        "y = tf.nn.conv2d(x, k, [1, 1, 1, 1], 'SAME')\n"),
    "keras_fit_scalar_input": (
        "import numpy as np\n"
        "from tensorflow import keras\n"
        "a = keras.Input(shape=(8,))\n"
        "b = keras.Input(shape=(4,))\n"
        "out = keras.layers.Dense(3)(keras.layers.concatenate([a, b]))\n"
        "model = keras.Model(inputs=[a, b], outputs=out)\n"
        "model.compile(optimizer='adam', loss='mse')\n"
        "model.fit([3, np.zeros((30, 4))], np.zeros((30, 3)), epochs=1)\n"),
    "arange_of_nan": (
        "import numpy as np\n"
        "labels = np.eye(10)[np.arange(float('nan')) % 10]\n"),
    # a list of 2**40 results once exhausted memory
    "unstack_huge_axis": (
        "import tensorflow.compat.v1 as tf\n"
        "sequence = tf.placeholder(tf.float32, [None, 2**63, 3])\n"
        "steps = tf.unstack(sequence, axis=1)\n"),
    "split_huge_count": (
        "import numpy as np\n"
        "import tensorflow as tf\n"
        "parts = tf.split(tf.zeros([4, 2**40]), 2**40, axis=1)\n"
        "pieces = np.split(np.zeros(2**40), 2**40)\n"),
    "shape_tensor_longer_than_any_rank": (
        "import tensorflow as tf\n"
        "x = tf.zeros(tf.ones([2**40], tf.int32))\n"),
    "slice_of_huge_dim": (
        "import numpy as np\n"
        "source = np.random.randint(2, 9, size=(4, 2**63))\n"
        "target = source[:, ::-1]\n"
        "halves = np.array_split(source, [1, 2], axis=1)\n"),
    "slice_after_unreadable_reshape": (
        "import numpy as np\n"
        "y = np.zeros((20, 3)).sum(axis=1).reshape(-1, [[[]]])\n"
        "batch = y[0:10]\n"),
}


@pytest.mark.parametrize("name", sorted(REGRESSIONS))
def test_found_inputs_raise_no_internal_error(name: str) -> None:
    problem, internal = fuzzgen.run(REGRESSIONS[name], time_bound=TIME_BOUND)
    assert problem is None, problem
    assert not internal, internal
