"""Checking a folder as one project: a run per script, each finding once, with the trail
that reaches it; module attributes written by one module seen where another reads them."""

from __future__ import annotations

import textwrap
from pathlib import Path

from shapetracer.domain.target import target_for
from shapetracer.engine import Options
from shapetracer.engine.project import check_project

UTILS = """\
import tensorflow as tf


def flatten(x, width):
    return tf.reshape(x, [-1, width])


def join(a, b):
    return tf.matmul(a, b)
"""

TRAIN = """\
import tensorflow as tf
from utils import *

x = tf.zeros([8, 12])
join(x, tf.zeros([5, 3]))
"""

EVALUATE = """\
import tensorflow as tf
import utils


def main():
    utils.join(tf.zeros([2, 12]), tf.zeros([7, 3]))


if __name__ == "__main__":
    main()
"""


def tree(base: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return base


def findings_of(root: Path, options: Options | None = None) -> dict[str, list]:
    results = check_project([root], options or Options(target=target_for("2.15")))
    return {Path(r.path).name: r.findings for r in results}


def test_a_helper_bug_reached_from_two_scripts_is_reported_once_with_its_trail(tmp_path):
    root = tree(tmp_path, {"requirements.txt": "tensorflow==2.15\n", "utils.py": UTILS,
                           "train.py": TRAIN, "evaluate.py": EVALUATE})
    found = findings_of(root)
    errors = [f for f in found["utils.py"] if f.code.startswith("ST1")]
    assert [(f.line, f.code) for f in errors] == [(9, "ST101")]  # the matmul, once
    related = [(Path(r.path).name, r.line, r.message) for r in errors[0].related]
    # evaluate.py comes first in path order: its calls name the site (line 6 is named as the
    # operand's creation already, so the trail adds main()'s call), train.py is counted
    assert ("evaluate.py", 6, "created as [7, 3]") in related
    assert ("evaluate.py", 10, "reached from here") in related
    assert any(name == "train.py" and message.startswith("also reached from") and message.endswith("train.py (with other values)")
               for name, _, message in related)
    assert not [f for f in found["train.py"] + found["evaluate.py"] if f.code.startswith("ST1")]


def test_a_helper_checked_alone_is_run_through_the_script_that_imports_it(tmp_path):
    root = tree(tmp_path, {"requirements.txt": "tensorflow==2.15\n", "utils.py": UTILS, "train.py": TRAIN})
    results = check_project([root / "utils.py"], Options(target=target_for("2.15")))
    assert [Path(r.path).name for r in results] == ["utils.py"]  # only the checked file is reported
    assert [(f.line, f.code) for f in results[0].findings if f.code.startswith("ST1")] == [(9, "ST101")]


SETTINGS = "NUM_FEATURES = None\nBATCH = 4\n"
NETWORK = """\
import tensorflow as tf
import settings


def build():
    x = tf.zeros([settings.BATCH, settings.NUM_FEATURES])
    return tf.matmul(x, tf.zeros([7, 2]))
"""
WRITER = """\
import numpy as np
import settings
import network

data = np.zeros((4, {width}))
settings.NUM_FEATURES = data.shape[1]
network.build()
"""


def test_a_module_attribute_written_by_the_script_is_what_the_helper_reads(tmp_path):
    clean = tree(tmp_path / "clean", {"settings.py": SETTINGS, "network.py": NETWORK,
                                      "train.py": WRITER.format(width=7)})
    assert not [f for fs in findings_of(clean).values() for f in fs if f.code.startswith("ST1")]
    buggy = tree(tmp_path / "buggy", {"settings.py": SETTINGS, "network.py": NETWORK,
                                      "train.py": WRITER.format(width=9)})
    found = findings_of(buggy)
    assert [(f.line, f.code) for f in found["network.py"] if f.code.startswith("ST1")] == [(7, "ST101")]
