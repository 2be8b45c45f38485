"""API-change rules (ST4xx): each example program, checked against its target version."""

from __future__ import annotations

import pytest

from shapetracer.constraints import family_modules
from shapetracer.constraints.core.api_changes import EXAMPLES
from shapetracer.domain.analysis import analysing
from shapetracer.domain.target import target_for
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.frontend.source import read_and_parse


family_modules()  # registers the op specs, as the engine does


def api_codes(source: str, version: str) -> list[str]:
    with analysing():
        interpreter = Interpreter(target=target_for(version))
        interpreter.run_file("prog.py", None, read_and_parse(source.encode()))
    return [r.code for r in interpreter.reports if r.code.startswith("ST4")]


@pytest.mark.parametrize("source,version,code", EXAMPLES,
                         ids=[f"{v}:{s.splitlines()[-1][:40]}" for s, v, c in EXAMPLES])
def test_example(source, version, code):
    assert api_codes(source, version) == ([code] if code else [])


def test_examples_cover_every_api_rule_both_ways():
    from shapetracer.rules.codes import RULES
    api = {code for code, rule in RULES.items() if rule.family == "api"}
    assert {c for _, _, c in EXAMPLES if c} == api
    for index, (source, _, code) in enumerate(EXAMPLES):
        if code:  # a passing twin: the same program under another version, or the fix next to it
            twin = EXAMPLES[index + 1]
            assert twin[2] is None and (twin[0] == source or twin[1] == EXAMPLES[index][1])


def test_message_names_the_replacement():
    source = "import tensorflow as tf\nx = tf.placeholder(tf.float32, [None, 3])\n"
    with analysing():
        interpreter = Interpreter(target=target_for("2.21"))
        interpreter.run_file("prog.py", None, read_and_parse(source.encode()))
    [report] = [r for r in interpreter.reports if r.code.startswith("ST4")]
    assert "module 'tensorflow' has no attribute 'placeholder'" in report.message.text
    assert report.message.args["replacement"] == "tf.compat.v1.placeholder"
