"""Decide whether a program ended the way its labels say.

A buggy program must raise a *shape* error at its ``# expect:`` line: the
innermost traceback frame inside the program file is that line.  What counts
as a shape error is judged from the exception type and its message, because
TensorFlow reports shape failures through generic types (ValueError in graph
construction, InvalidArgumentError at run time) and numpy through ValueError.
"""

from __future__ import annotations

import re

SHAPE_TYPES = frozenset({
    "ValueError",  # graph-mode shape inference, numpy, Keras
    "InvalidArgumentError",  # TF runtime kernels
    "AxisError",  # numpy axis out of range (a ValueError too)
    "IndexError",  # numpy / TF slicing past a dimension
})

SHAPE_WORDS = re.compile(
    r"shape|dimension|\brank\b|broadcast|reshape|\baxis\b|\bdims?\b|incompatible|"
    r"elements|must be equal|out of bounds|out of range|inhomogeneous|size|"
    r"permutation|\bperm\b|mismatch|not aligned|same first dimension|must be rank|"
    r"depth|channel|scalar|fully defined|defined|subtracting|cardinality|same number of samples",
    re.IGNORECASE,
)


# numpy refusing to turn an array with elements into a Python scalar (e.g. "%f" % loss_vector).
SCALAR_CONVERSION = re.compile(r"only (0-dimensional|length-1|size-1) arrays can be converted")

_NOISE = re.compile(r"^(Graph execution error:|Detected at node|Original stack trace|"
                    r"Errors may have originated|Node: |Exception encountered when calling|"
                    r"\s|$)")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_USER_CODE_ERROR = re.compile(r"^\s+\w*(?:Error|Exception): (.*)$", re.MULTILINE)


def headline(message: str) -> str:
    """The line that states the error.

    Keras 2 in TensorFlow 2.x re-raises an error from a traced ``train_function`` as "in
    user code:" followed by the traced frames, the error's own "ValueError: ..." line
    last: that line decides.

    TensorFlow runtime errors wrap the kernel's message in "Graph execution error:",
    node names and a stack trace quoting program source, and Keras 3 wraps a layer's
    error in "Exception encountered when calling ..." plus the call's arguments (with
    terminal colour codes); only the op's or layer's own line may decide whether the
    error is about shapes.
    """
    text = _ANSI.sub("", message or "")
    if text.startswith("in user code:"):
        stated = list(_USER_CODE_ERROR.finditer(text))
        if stated:  # the innermost error, past a layer's "Exception encountered when calling"
            last = stated[-1]
            for line in [last.group(1)] + text[last.end():].splitlines():
                line = line.strip()
                if line and not _NOISE.match(line) and not line.startswith(("in user code:", "File ")):
                    return line
    for line in text.splitlines():
        if not _NOISE.match(line):
            return line.strip()
    return text.strip()


def is_shape_error(mro: list[str], message: str) -> bool:
    """True when an exception with this class hierarchy and message is about shapes."""
    line = headline(message)
    if "TypeError" in mro and SCALAR_CONVERSION.search(line):
        return True
    return bool(SHAPE_TYPES.intersection(mro)) and bool(SHAPE_WORDS.search(line))


def judge(program, result: dict, version: str) -> str | None:
    """None when ``result`` (a run under TensorFlow ``version``) matches ``program``'s
    labels for that version, else why not."""
    status = result.get("status")
    if not program.should_raise_under(version):
        if status == "ok":
            return None
        return f"expected a clean run, got {_summary(result)}"
    expect_line = program.expect_at(version)[0]
    if status != "raised":
        return f"expected a shape error at line {expect_line}, got {_summary(result)}"
    if not is_shape_error(result.get("mro", []), result.get("message", "")):
        return f"expected a shape error, got {_summary(result)}"
    if result.get("program_line") != expect_line:
        return (f"expected the error at line {expect_line}, "
                f"raised at line {result.get('program_line')}: {_summary(result)}")
    return None


def _summary(result: dict) -> str:
    status = result.get("status")
    if status == "raised":
        return (f"{result.get('type')} at line {result.get('program_line')}: "
                f"{headline(result.get('message', ''))[:300]}")
    if status == "ok":
        return "a clean run"
    tail = (result.get("output") or "")[-1200:]
    return f"{status} {result.get('exit_code', '')} {result.get('message', '')}\n{tail}"
