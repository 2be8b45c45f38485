"""The names a loop body binds, which a summarised loop joins across iterations."""

from __future__ import annotations

import libcst as cst

from shapetracer.frontend.loops import assigned_names

BODY = '''
for step in range(10):
    x = f(y)
    a, (b, c) = pair
    total += x
    kept: int = 0
    with open(path) as handle, lock:
        line = handle.read()
    try:
        import numpy as np
    except ValueError as error:
        pass
    for i, j in rows:
        inner = i
    while cond:
        w = 1
    def helper():
        hidden = 1
    class Box:
        field = 2
    squares = [k * k for k in range(3)]
    ys = list(map(lambda v: v, xs))
'''


def _body(source: str) -> cst.BaseSuite:
    return cst.parse_module(source).body[0].body


def test_the_names_a_body_binds():
    # the walk's own order (last statement first), which the joins of a summarised loop follow;
    # nothing bound inside a function, class, comprehension or lambda
    assert assigned_names(_body(BODY), walrus=False) == [
        "ys", "squares", "w", "i", "j", "inner", "error", "np", "line", "handle", "kept", "total", "a", "b",
        "c", "x"]


def test_skipping_expressions_changes_nothing_without_a_walrus():
    assert assigned_names(_body(BODY), walrus=False) == assigned_names(_body(BODY), walrus=True)


def test_a_walrus_binds_inside_an_expression_when_the_text_may_hold_one():
    source = "for row in rows:\n    if (n := len(row)) > 3:\n        print(n)\n"
    assert assigned_names(_body(source), walrus=True) == ["n"]
    assert assigned_names(_body(source), walrus=False) == []  # what the caller's text check guards
