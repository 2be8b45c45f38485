"""Helpers for the data-source tests: run a snippet, read the shapes it leaves behind."""

from __future__ import annotations

import textwrap

from shapetracer.domain.target import target_for
from shapetracer.domain.values import Obj, Seq, Tensor
from shapetracer.engine import Options, check_source
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.frontend.source import parse


def run(source: str, tf: str | None = None) -> dict:
    """The module globals after interpreting ``source`` (``tf``: the target release)."""
    interpreter = Interpreter(target=target_for(tf)) if tf else Interpreter()
    return interpreter.run_file("snippet.py", None, parse(textwrap.dedent(source))).globals


def shape(value) -> list | None:
    """A tensor's (or a DataFrame's / Series' values') dims: ints, None for unknown ones;
    None when the value has no known shape."""
    if isinstance(value, Obj) and isinstance(value.attrs.get("values"), Tensor):
        value = value.attrs["values"]
    if not isinstance(value, Tensor) or value.shape.dims is None:
        return None
    return [d.value if d.known else None for d in value.shape.dims]


def shapes(value) -> list:
    """``shape`` of each item of a list or tuple."""
    assert isinstance(value, Seq), value
    return [shape(item) for item in value.items]


def errors(source: str, tf: str | None = None, possible: bool = False) -> list[tuple[int, str]]:
    """(line, code) of every shape error (and, with ``possible``, warning) of ``source``."""
    options = Options(generic=False, possible_failures=possible, target=target_for(tf) if tf else None)
    result = check_source(textwrap.dedent(source).encode(), "snippet.py", None, options)
    wanted = ("ST1", "ST2") if possible else ("ST1",)
    return [(f.line, f.code) for f in result.findings if f.code.startswith(wanted)]


def messages(source: str, tf: str | None = None) -> list[str]:
    options = Options(generic=False, target=target_for(tf) if tf else None)
    result = check_source(textwrap.dedent(source).encode(), "snippet.py", None, options)
    return [f.message for f in result.findings if f.code.startswith("ST1")]


def marked(source: str) -> list[tuple[int, str]]:
    """(line, code) of the lines marked ``# <- ST1xx`` in ``source``."""
    import re
    lines = textwrap.dedent(source).splitlines()
    return [(number, match.group(1)) for number, line in enumerate(lines, 1)
            if (match := re.search(r"#\s*<-\s*(ST\d{3})", line))]


def assert_marked(source: str, tf: str | None = None) -> None:
    """The analysis reports exactly the marked lines, with their codes."""
    assert errors(source, tf) == marked(source)
