"""The library index (constraints/core/libraries): families load when a program needs their
library, and no modelled name is lost on the way."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shapetracer.constraints import SPECS, family_modules
from shapetracer.constraints.core import libraries

ROOT = Path(__file__).resolve().parents[1]


def _library_of(module: str) -> str:
    """``shapetracer.constraints.tf.ops.reshape`` -> ``tf``."""
    parts = module.split(".")
    assert parts[:2] == ["shapetracer", "constraints"] and len(parts) > 3, module
    return parts[2]


def test_every_registered_name_is_reached_by_the_index():
    family_modules()  # everything registered
    wrong = []
    for name in SPECS:
        library = _library_of(SPECS.registrars[name])
        if library != libraries.CORE and libraries.owner(name) != library:
            wrong.append(f"{name}: registered by {SPECS.registrars[name]}, the index says {libraries.owner(name)}")
    assert wrong == []
    assert len(SPECS.registrars) == len(SPECS) > 2000


def test_the_index_names_only_real_subpackages():
    assert {library for _, library in libraries.PREFIXES} <= {libraries.CORE, *libraries.LIBRARIES}
    assert set(libraries.IMPORTS.values()) <= set(libraries.LIBRARIES)
    for library in libraries.LIBRARIES:
        assert libraries.modules_of(library), library


def test_a_longer_prefix_is_listed_before_the_shorter_one_it_extends():
    prefixes = [prefix for prefix, _ in libraries.PREFIXES]
    for i, prefix in enumerate(prefixes):
        assert not any(prefix.startswith(earlier) for earlier in prefixes[:i]), prefix


def _loaded_after(source: str, tmp_path: Path) -> dict:
    """Check ``source`` in a fresh interpreter: the families it loaded, and what it found."""
    program = tmp_path / "program.py"
    program.write_text(textwrap.dedent(source))
    script = textwrap.dedent(f"""
        import json, sys
        from pathlib import Path
        from shapetracer.engine import check_file
        result = check_file(Path({str(program)!r}))
        families = sorted({{m.split(".")[2] for m in sys.modules
                            if m.startswith("shapetracer.constraints.") and m.count(".") >= 3}})
        print(json.dumps({{"families": families, "codes": [f.code for f in result.findings]}}))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


TF_ONLY = """
    import argparse
    import numpy as np
    import tensorflow as tf

    parser = argparse.ArgumentParser()
    parser.add_argument("--hidden", type=int, default=128)
    args = parser.parse_args()

    x = tf.placeholder(tf.float32, [None, 784])
    w = tf.Variable(tf.truncated_normal([784, args.hidden], stddev=0.1))
    b = tf.get_variable("b", [args.hidden], initializer=tf.zeros_initializer())
    h = tf.nn.relu(tf.matmul(x, w) + b)
    logits = tf.layers.dense(h, 10)
    y = tf.placeholder(tf.int64, [None])
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    data = tf.data.Dataset.from_tensor_slices((np.zeros((100, 784)), np.zeros(100))).batch(32)
    bad = tf.matmul(h, tf.ones([64, 10]))
"""


def test_a_tensorflow_program_loads_no_keras_pandas_or_sklearn_family(tmp_path):
    seen = _loaded_after(TF_ONLY, tmp_path)
    assert "ST101" in seen["codes"]  # the analysis ran: the last matmul's inner dims differ
    assert {"tf", "core"} <= set(seen["families"])
    assert not {"keras", "pandas", "sklearn"} & set(seen["families"])


def test_a_keras_program_loads_keras(tmp_path):
    seen = _loaded_after("""
        from tensorflow import keras
        model = keras.Sequential([keras.layers.Dense(10, input_shape=(784,))])
        model.fit(__import__("numpy").zeros((100, 28, 28)), __import__("numpy").zeros(100))
    """, tmp_path)
    assert "keras" in seen["families"] and "pandas" not in seen["families"]


@pytest.mark.parametrize("name", ["tf.nn.conv2d", "keras.layers.Dense", "np.sum", "pd.DataFrame", "Tensor.eval",
                                  "tf.flags.DEFINE_integer", "operator.matmul", "builtins.len"])
def test_owner_of_some_names(name):
    assert name in SPECS
    assert libraries.owner(name) == _library_of(SPECS.registrars[name])
