"""A -1 in a reshape is safe only where it cannot change what a right program meant (issue 29,
item 7): a reshape that fails for every value has a written entry that contradicts its input,
and -1 takes the input's side, whether the entry is a literal, a named constant or a product;
a reshape that fails only on some runs (the last partial batch) keeps its safe -1."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from shapetracer import fixes
from shapetracer.cli import main
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source

OPTIONS = Options(generic=False, possible_failures=True, target=target_for("2.21", source="test"))


def reshape_fixes(source: str) -> dict[str, str]:
    result = check_source(source.encode(), "prog.py", None, OPTIONS)
    [finding] = [f for f in result.findings if f.code in ("ST104", "ST201", "ST126")]
    return {fix.message: fix.applicability
            for fix in fixes.for_finding(finding, source, "prog.py", None, OPTIONS, result.findings, result.shape_log)
            if "reshape infer" in fix.message}


@pytest.mark.parametrize("entry,prelude", [("8", ""), ("BATCH", "BATCH = 8\n"), ("args.batch", "")])
def test_a_batch_written_as_a_literal_or_named_constant_is_not_made_minus_one_safely(entry, prelude):
    args = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--batch', type=int, default=8)\n" \
           "args = p.parse_args()\n" if entry.startswith("args") else ""
    source = f"import tensorflow as tf\n{args}{prelude}x = tf.zeros([64, 784])\ny = tf.reshape(x, [{entry}, 784])\n"
    offered = reshape_fixes(source)
    assert offered[f"Let the reshape infer `{entry}` (-1) on line {source.count(chr(10))}"] == "unsafe"
    assert set(offered.values()) == {"unsafe"}  # 784 -> -1 ([8, 6272]) too


def test_a_flatten_product_is_unsafe_too():
    source = "import tensorflow as tf\nx = tf.zeros([8, 7, 7, 64])\nflat = tf.reshape(x, [8, 4 * 4 * 64])\n"
    assert reshape_fixes(source) == {"Let the reshape infer `4 * 4 * 64` (-1) on line 3": "unsafe"}


def test_numpy_reshapes_follow_the_same_rule():
    source = "import numpy as np\na = np.zeros((64, 784))\nb = a.reshape(8, 784)\n"
    assert set(reshape_fixes(source).values()) == {"unsafe"}


def test_a_possible_failure_keeps_its_safe_minus_one():
    source = "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n" \
             "x = tf.placeholder(tf.float32, [None, 784])\nimages = tf.reshape(x, [32, 28, 28, 1])\n"
    assert reshape_fixes(source)["Let the reshape infer `32` (-1) on line 4"] == "safe"


def test_plain_fix_leaves_the_literal_and_unsafe_fixes_apply_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    program = "import tensorflow as tf\nx = tf.zeros([64, 784])\ny = tf.reshape(x, [8, 784])\n"
    (tmp_path / "train.py").write_text(program)
    run = CliRunner().invoke(main, ["check", "--tf-version", "2.21", "--fix", "train.py"])
    assert run.exit_code == 1 and (tmp_path / "train.py").read_text() == program
    run = CliRunner().invoke(main, ["check", "--tf-version", "2.21", "--fix", "--unsafe-fixes", "train.py"])
    assert run.exit_code == 0 and (tmp_path / "train.py").read_text() != program
