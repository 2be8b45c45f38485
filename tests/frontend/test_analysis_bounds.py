"""Work the analysis does not repeat: paths that agree are one path, a costly constant loop
unrolls only while it stays cheap, and findings are those of the full analysis."""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.domain.facts import PathFacts
from shapetracer.domain.state import State, coalesce
from shapetracer.domain.values import UNKNOWN, Const
from shapetracer.engine import Options, check_source
from shapetracer.domain.bounds import Bounds
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.frontend.source import read_and_parse


def _run(source: str, bounds: Bounds | None = None) -> Interpreter:
    from shapetracer.domain.analysis import analysing
    interpreter = Interpreter(bounds or Bounds())
    with analysing():
        interpreter.run_file("prog.py", None, read_and_parse(source.encode()))
    return interpreter


def _codes(source: str) -> list[str]:
    result = check_source(source.encode(), "prog.py", options=Options(generic=False))
    return [f"{f.code}:{f.line}" for f in result.findings if f.code.startswith("ST1")]


# -- coalescing paths --------------------------------------------------------------------------

def test_paths_that_agree_on_every_shared_name_become_one():
    facts = PathFacts()
    shared = Const(3)
    a = State({"n": shared, "url": Const("http://x")}, facts)
    b = State({"n": Const(3), "conn": UNKNOWN}, facts)
    merged = coalesce([a, b])
    assert merged == [a]
    # a name bound on one path keeps that path's value (reading it elsewhere raises NameError)
    assert a.env == {"n": shared, "url": a.env["url"], "conn": UNKNOWN}


def test_paths_that_differ_stay_apart():
    facts = PathFacts()
    assert len(coalesce([State({"n": Const(3)}, facts), State({"n": Const(4)}, facts)])) == 2
    assert len(coalesce([State({"n": Const(3)}, facts), State({"n": Const(3.0)}, facts)])) == 2
    other_facts = PathFacts(facts.facts + (object(),))  # a requirement passed on one path only
    assert len(coalesce([State({}, facts), State({}, other_facts)])) == 2
    ended = State({}, facts, flow="return")  # only paths that go on are joined
    assert len(coalesce([State({}, facts), ended])) == 2


_SETUP_BRANCHES = """
import os
import tensorflow as tf
if not os.path.exists("a"):
    os.makedirs("a")
if not os.path.exists("b"):
    os.makedirs("b")
if not os.path.isfile("c"):
    url = "http://example.com/c"
    text = open("c").read()
else:
    text = open("c").read()
x = tf.placeholder(tf.float32, [None, 784])
w = tf.Variable(tf.zeros([10, 784]))
y = tf.matmul(x, w)
"""


def test_setup_branches_do_not_multiply_the_rest_of_the_module():
    # three undecided ifs used to leave eight paths, each running the rest of the file
    one = _run(_SETUP_BRANCHES).run.steps
    tail = _SETUP_BRANCHES.split("x = ", 1)[1]
    assert _run(_SETUP_BRANCHES + "x = " + tail).run.steps - one < 2 * (one // 3)
    assert _codes(_SETUP_BRANCHES) == [f"{codes.MATMUL_DIM}:15"]


# -- unrolling under a cost bound -------------------------------------------------------------

_EPOCHS = """
import tensorflow as tf
x = tf.placeholder(tf.float32, [None, 784])
w = tf.Variable(tf.zeros([784, 10]))
for epoch in range(60):
    h = tf.matmul(x, w)
    for step in range(60):
        {body}
    total = epoch
z = tf.matmul(h, tf.zeros([{width}, 3]))
"""


def test_a_costly_constant_loop_summarises_its_remaining_items():
    body = "a = tf.reshape(h, [-1, 10]); b = a + 1; c = tf.reduce_sum(b, axis=1)"
    bounded = _run(_EPOCHS.format(body=body, width=10))
    unbounded = _run(_EPOCHS.format(body=body, width=10), Bounds(unroll_steps=10**9))
    assert bounded.run.steps * 10 < unbounded.run.steps
    assert not [r for r in bounded.reports if r.code == codes.TOO_COMPLEX]


def test_findings_survive_the_summarised_tail():
    body = "a = tf.reshape(h, [-1, 10]); b = tf.matmul(a, tf.zeros([11, 2]))"
    assert _codes(_EPOCHS.format(body=body, width=10)) == [f"{codes.MATMUL_DIM}:8"]
    # after the loop the values it changed are still known where every iteration agrees
    assert _codes(_EPOCHS.format(body="pass", width=11)) == [f"{codes.MATMUL_DIM}:10"]


def test_a_cheap_constant_loop_still_unrolls_exactly():
    source = """
import tensorflow as tf
x = tf.zeros([2, 3])
for i in range(5):
    if i == 4:
        x = tf.matmul(x, tf.zeros([4, 4]))
"""
    assert _codes(source) == [f"{codes.MATMUL_DIM}:6"]
