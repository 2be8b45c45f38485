"""Decide whether a program ended the way its labels say.

A buggy program must raise a *shape* error at its ``# expect:`` line: the
innermost traceback frame inside the program file is that line.  What counts
as a shape error is judged from the exception type and its message, because
TensorFlow reports shape failures through generic types (ValueError in graph
construction, InvalidArgumentError at run time) and numpy through ValueError.

An API-change program (``# expect: ST4xx``) must raise the error the API change gives,
judged by API_ERRORS: the exception type and the words Python or Keras uses for it (a
removed module attribute, module, name, method or keyword).
"""

from __future__ import annotations

import re

SHAPE_TYPES = frozenset({
    "ValueError",  # graph-mode shape inference, numpy, Keras
    "InvalidArgumentError",  # TF runtime kernels
    "AxisError",  # numpy axis out of range (a ValueError too)
    "IndexError",  # numpy / TF slicing past a dimension
    "error",  # OpenCV's cv2.error: failed assertions on sizes and channels ("Can't parse 'dsize'")
})

SHAPE_WORDS = re.compile(
    r"shape|dimension|\brank\b|broadcast|reshape|\baxis\b|\bdims?\b|incompatible|"
    r"elements|must be equal|out of bounds|out of range|inhomogeneous|size|"
    r"permutation|\bperm\b|mismatch|not aligned|same first dimension|must be rank|"
    r"depth|channel|scalar|fully defined|defined|subtracting|cardinality|same number of samples|"
    r"sequence length",
    re.IGNORECASE,
)


# numpy refusing to turn an array with elements into a Python scalar (e.g. "%f" % loss_vector).
SCALAR_CONVERSION = re.compile(r"only (0-dimensional|length-1|size-1) arrays can be converted")
# A tf.function refusing an argument its input_signature does not fit (TensorFlow 2.13 and
# later raise TypeError): a shape error when the two specs differ in shape, not in dtype.
SIGNATURE_CAST = re.compile(r"Binding inputs to tf\.function failed due to `Can not cast "
                            r"TensorSpec\(shape=(\([^)]*\)), dtype=([\w.]+)[^`]*? to "
                            r"TensorSpec\(shape=(\([^)]*\)), dtype=([\w.]+)")


def _signature_shape_mismatch(line: str) -> bool:
    match = SIGNATURE_CAST.search(line)
    return bool(match) and match.group(2) == match.group(4) and match.group(1) != match.group(3)

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


# ST4xx code -> (exception types, message pattern) an API change raises under the version
# that lacks the name.
API_ERRORS = {
    "ST401": (frozenset({"AttributeError"}), re.compile(r"module '[\w.]+' has no attribute '\w+'")),
    "ST402": (frozenset({"ModuleNotFoundError", "ImportError"}),
              re.compile(r"No module named '[\w.]+'|cannot import name '\w+'")),
    "ST403": (frozenset({"AttributeError"}), re.compile(r"'\w+' object has no attribute '\w+'")),
    # Keras 2 refuses a layer keyword it does not know with TypeError ('Keyword argument not
    # understood:', 'border_mode'), Keras 3 with ValueError "Unrecognized keyword arguments passed
    # to Conv2D: {'border_mode': 'same'}"; other ValueErrors are no API change.
    "ST404": (frozenset({"TypeError", "ValueError"}),
              re.compile(r"(?i:got an unexpected keyword argument) '\w+'|missing \d+ required (positional|keyword-only) "
                         r"arguments?|takes (from )?\d+ (to \d+ )?positional arguments? but \d+ (were|was) given|"
                         r"got multiple values for argument '\w+'|'Keyword argument not understood:', '\w+'|"
                         r"^Unrecognized keyword arguments passed to \w+: \{'\w+'")),
}


# ST14x/ST15x code -> (exception types, message pattern): dtype clashes, and missing keys,
# attributes and indices of containers the program defines; ST304 for a project's own call.
_DTYPE_WORDS = re.compile(r"does not match (expected )?type|\(zero-based\) was expected to be a|don't all match|"
                          r"must have the same dtype|not in (the )?list of allowed values|"
                          r"Cannot convert .* to EagerTensor of dtype|Expected \w+ passed to parameter")
OTHER_ERRORS = {
    "ST140": (frozenset({"TypeError", "InvalidArgumentError"}), _DTYPE_WORDS),
    "ST141": (frozenset({"TypeError", "InvalidArgumentError"}), _DTYPE_WORDS),
    "ST142": (frozenset({"TypeError", "InvalidArgumentError"}), _DTYPE_WORDS),
    "ST144": (frozenset({"ValueError", "UnimplementedError"}),
              re.compile(r"Invalid dtype: str|Cast string to float is not supported|could not convert string to float")),
    "ST143": (frozenset({"ValueError"}), re.compile(r"could not convert string to float|invalid literal for int\(\)")),
    "ST150": (frozenset({"KeyError"}), re.compile(r".")),
    "ST151": (frozenset({"AttributeError"}), re.compile(r"'Namespace' object has no attribute '\w+'")),
    "ST152": (frozenset({"IndexError"}), re.compile(r"index out of range")),
    # A call whose arguments the callee's signature rejects (a project calling its own function).
    "ST304": API_ERRORS["ST404"],
}


def is_expected_error(code: str, mro: list[str], message: str) -> bool:
    """True when an exception with this hierarchy and message is what ``code`` stands for:
    an API change for ST4xx codes, a shape error for every other code."""
    if code in API_ERRORS or code in OTHER_ERRORS:
        types, words = API_ERRORS.get(code) or OTHER_ERRORS[code]
        return bool(types.intersection(mro)) and bool(words.search(headline(message)))
    return is_shape_error(mro, message)


def is_shape_error(mro: list[str], message: str) -> bool:
    """True when an exception with this class hierarchy and message is about shapes."""
    line = headline(message)
    if "TypeError" in mro and (SCALAR_CONVERSION.search(line) or _signature_shape_mismatch(line)):
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
    expect_line, code = program.expect_at(version)
    wanted = "an API-change error" if code in API_ERRORS else "a dtype, key or index error" \
        if code in OTHER_ERRORS else "a shape error"
    if status != "raised":
        return f"expected {wanted} at line {expect_line}, got {_summary(result)}"
    if not is_expected_error(code, result.get("mro", []), result.get("message", "")):
        return f"expected {wanted} ({code}), got {_summary(result)}"
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


def judge_variant(variant, result: dict, version: str) -> str | None:
    """None when a multi-file project's variant (projects_meta.Variant) ran under TensorFlow
    ``version`` as labelled, else why not.  A buggy variant must raise the labelled kind of
    error with the innermost traceback frame inside the project (any of its files) at the
    labelled file and line (the label of ``version``, project.json's ``expect`` may differ by
    version); a fixed twin or a clean project must run every entry point."""
    status = result.get("status")
    entry = result.get("entry", "?")
    if not variant.should_raise_under(version):
        if status == "ok":
            return None
        return f"expected every entry point to run, {entry} gave {_summary(result)}"
    expected = variant.expects_for(version)[0]
    code = expected.code
    wanted = "an API-change error" if code in API_ERRORS else "a dtype, key or index error" \
        if code in OTHER_ERRORS else "a shape error"
    if status != "raised":
        return f"expected {wanted} at {expected}, {entry} gave {_summary(result)}"
    if not is_expected_error(code, result.get("mro", []), result.get("message", "")):
        return f"expected {wanted} ({code}), {entry} gave {_summary(result)}"
    frame = result.get("project_frame")
    if frame != [expected.path, expected.line]:
        where = f"{frame[0]}:{frame[1]}" if frame else "no frame inside the project"
        return f"expected the error at {expected.path}:{expected.line}, {entry} raised at {where}: {_summary(result)}"
    return None
