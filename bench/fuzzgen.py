"""Inputs for fuzzing the engine: mutated corpus programs and a checked call of the engine.

Mutations work on the text, so some of them break the syntax on purpose (the
parser's error path is under test too):

- ``int``: an integer literal becomes another (0, 1, -1, a neighbour, a double,
  a huge number);
- ``axis``: an ``axis=``/``dim=``/``perm=``-style keyword gets another value;
- ``op``: a TensorFlow/numpy/Keras call name is swapped for another of the same
  arity (``tf.matmul`` <-> ``tf.add``, ``tf.reshape`` <-> ``tf.tile`` ...);
- ``string``: a padding or loss string is swapped ('SAME' <-> 'VALID' ...);
- ``value`` / ``name`` / ``method`` / ``drop``: an argument becomes an exotic value
  (a string, a ragged list, 10**100, a lambda ...) or another variable of the
  program, an attribute such as ``.shape`` becomes another (``.eval()``,
  ``[:, 0]``), an argument disappears;
- ``delete`` / ``duplicate`` / ``swap``: whole lines.

    from fuzzgen import corpus_files, mutate, check
    text = mutate(random.Random(1), source, rounds=3)
    problem = check(text)          # None, or why the engine misbehaved
    problem, st903 = run(text)     # and the op models that raised (ST903 notes)
"""

from __future__ import annotations

import random
import re
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "shape"
TIME_BOUND = 20.0  # seconds per file; the engine's own budget is 10 s (Bounds.seconds)

# Calls of the same arity (as users write them): one name may replace another.
SAME_ARITY = [
    ["tf.matmul", "tf.add", "tf.multiply", "tf.subtract", "tf.maximum", "tf.minimum", "tf.squared_difference",
     "tf.div", "tf.divide", "np.dot", "np.matmul", "np.add"],
    ["tf.reduce_sum", "tf.reduce_mean", "tf.reduce_max", "tf.argmax", "tf.argmin", "tf.expand_dims",
     "tf.squeeze", "tf.unstack", "np.sum", "np.mean", "np.argmax", "np.expand_dims", "np.squeeze"],
    ["tf.reshape", "tf.tile", "tf.pad", "tf.transpose", "tf.broadcast_to", "tf.fill", "np.reshape",
     "np.tile", "np.transpose", "np.broadcast_to"],
    ["tf.concat", "tf.stack", "tf.add_n", "np.concatenate", "np.stack", "np.vstack", "np.hstack"],
    ["tf.nn.relu", "tf.nn.softmax", "tf.sigmoid", "tf.tanh", "tf.nn.l2_loss", "tf.shape", "tf.size",
     "tf.rank", "tf.zeros_like", "tf.ones_like", "np.shape", "len"],
    ["tf.zeros", "tf.ones", "tf.random_normal", "tf.random.normal", "tf.truncated_normal", "tf.placeholder",
     "np.zeros", "np.ones", "np.empty", "np.random.rand"],
    ["tf.nn.conv2d", "tf.nn.max_pool", "tf.nn.avg_pool", "tf.nn.depthwise_conv2d", "tf.nn.conv2d_transpose"],
    ["tf.nn.softmax_cross_entropy_with_logits", "tf.nn.sparse_softmax_cross_entropy_with_logits",
     "tf.nn.sigmoid_cross_entropy_with_logits", "tf.losses.mean_squared_error",
     "tf.nn.softmax_cross_entropy_with_logits_v2"],
    ["tf.layers.dense", "tf.layers.conv2d", "tf.layers.max_pooling2d", "tf.layers.flatten", "tf.layers.dropout"],
    ["Dense", "Conv2D", "Flatten", "MaxPooling2D", "LSTM", "Embedding", "Dropout", "Reshape", "Activation",
     "GlobalAveragePooling2D", "BatchNormalization"],
    ["tf.gather", "tf.one_hot", "tf.nn.embedding_lookup", "tf.boolean_mask", "tf.split"],
]
_NAME_GROUP = {name: group for group in SAME_ARITY for name in group}
_NAME_PATTERN = re.compile("|".join(sorted((re.escape(n) + r"(?=\s*\()" for n in _NAME_GROUP),
                                           key=len, reverse=True)))
_INT = re.compile(r"(?<![\w.])\d+(?![\w.])")
_AXIS = re.compile(r"\b(axis|dim|axes|perm|keepdims|keep_dims|strides|ksize|units|filters|kernel_size|"
                   r"pool_size|depth|num_classes|batch_size|input_shape|shape|multiples|paddings)\s*=\s*"
                   r"([^,)\n]+)")
_STRINGS = [["'SAME'", "'VALID'", "'same'", "'valid'", "'CONSTANT'"],
            ['"SAME"', '"VALID"', '"same"', '"valid"'],
            ["'categorical_crossentropy'", "'sparse_categorical_crossentropy'", "'mse'",
             "'binary_crossentropy'"],
            ['"categorical_crossentropy"', '"sparse_categorical_crossentropy"', '"mse"']]
_INT_CHOICES = ["0", "1", "-1", "2", "3", "-2", "10**9", "2**31", "7", "None"]
_AXIS_CHOICES = ["0", "1", "-1", "2", "3", "-3", "5", "None", "[0]", "[1, 0]", "[0, 2, 1]", "(1, 2)", "[]",
                 "[-1, 7]", "'x'", "True", "1.5"]


def corpus_files() -> list[Path]:
    return sorted(CORPUS.rglob("*.py"))


def mutate(rng: random.Random, text: str, rounds: int = 3) -> str:
    """``text`` after ``rounds`` random mutations."""
    for _ in range(rounds):
        text = rng.choice(MUTATIONS)(rng, text)
    return text


def _replace_one(rng: random.Random, text: str, pattern: re.Pattern, replace) -> str:
    matches = list(pattern.finditer(text))
    if not matches:
        return text
    match = rng.choice(matches)
    return text[:match.start()] + replace(match) + text[match.end():]


def mutate_int(rng: random.Random, text: str) -> str:
    def new(match: re.Match) -> str:
        value = int(match.group())
        return rng.choice(_INT_CHOICES + [str(value + 1), str(max(0, value - 1)), str(value * 2)])
    return _replace_one(rng, text, _INT, new)


def mutate_axis(rng: random.Random, text: str) -> str:
    return _replace_one(rng, text, _AXIS, lambda m: f"{m.group(1)}={rng.choice(_AXIS_CHOICES)}")


def mutate_op(rng: random.Random, text: str) -> str:
    return _replace_one(rng, text, _NAME_PATTERN, lambda m: rng.choice(_NAME_GROUP[m.group()]))


def mutate_string(rng: random.Random, text: str) -> str:
    group = rng.choice(_STRINGS)
    pattern = re.compile("|".join(re.escape(s) for s in group))
    return _replace_one(rng, text, pattern, lambda m: rng.choice(group))


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def delete_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if lines:
        del lines[rng.randrange(len(lines))]
    return "".join(lines)


def duplicate_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if lines:
        index = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[index])
    return "".join(lines)


def swap_lines(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    if len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


_EXOTIC = ["'abc'", "1.5", "[[1, 2], [3]]", "None", "(None,)", "[-5, 3]", "10**100", "True", "[]", "{}",
           "lambda: 0", "...", "-1", "[None, None]", "(2, 'x')", "float('nan')", "[[[]]]", "b'\\x00'",
           "2**63", "[1] * 40", "tf", "np", "object()"]
_NAME = re.compile(r"(?<=[(,=\[])\s*([A-Za-z_]\w*)\s*(?=[,)\]])")
_ARGUMENT = re.compile(r"(?<=[(,])\s*[^,()\[\]\n]+(?=[,)])")
_METHODS = [".shape", ".get_shape()", ".get_shape().as_list()", ".eval()", ".numpy()", ".T", ".ndim",
            ".dtype", "[0]", "[-1]", "[:, 0]", "[..., None]"]
_METHOD = re.compile("|".join(re.escape(m) for m in sorted(_METHODS, key=len, reverse=True)))


def mutate_value(rng: random.Random, text: str) -> str:
    """An argument (literal or name) becomes an exotic Python value."""
    return _replace_one(rng, text, _ARGUMENT, lambda m: rng.choice(_EXOTIC))


def mutate_name(rng: random.Random, text: str) -> str:
    """A name passed as an argument becomes another name of the program (tensors get mixed)."""
    names = sorted(set(re.findall(r"^\s*([A-Za-z_]\w*)\s*=", text, re.MULTILINE)))
    if not names:
        return text
    return _replace_one(rng, text, _NAME, lambda m: m.group().replace(m.group(1), rng.choice(names)))


def mutate_method(rng: random.Random, text: str) -> str:
    return _replace_one(rng, text, _METHOD, lambda m: rng.choice(_METHODS))


def drop_argument(rng: random.Random, text: str) -> str:
    return _replace_one(rng, text, _ARGUMENT, lambda m: "")


# the shape-level mutations are the point; line edits keep the parser's error paths covered
MUTATIONS = [mutate_int, mutate_int, mutate_axis, mutate_axis, mutate_op, mutate_op, mutate_op, mutate_string,
             mutate_value, mutate_value, mutate_name, mutate_method, drop_argument,
             delete_line, duplicate_line, swap_lines]


def check(text: str | bytes, path: str = "fuzzed.py", time_bound: float = TIME_BOUND) -> str | None:
    """Run the engine on one input; None when it behaved, else what went wrong.

    Behaving: ``check_source`` returns a result (never raises) within ``time_bound``,
    and every finding names a registered code on a line of the file.  An op model
    that raised is an ST903 note, which is behaving (see ``internal_errors``).
    """
    return run(text, path, time_bound)[0]


def run(text: str | bytes, path: str = "fuzzed.py", time_bound: float = TIME_BOUND) -> tuple[str | None, list[str]]:
    """(problem or None, the ST903 internal-error notes) for one input."""
    from shapetracer.engine import Options, check_source
    from shapetracer.rules.codes import RULES

    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    started = time.perf_counter()
    try:
        result = check_source(data, path, None, Options(generic=False, show_notes=True))
    except BaseException as exc:  # noqa: BLE001 - any escape is the bug being hunted
        if isinstance(exc, KeyboardInterrupt):
            raise
        return "raised:\n" + "".join(traceback.format_exception(exc)), []
    seconds = time.perf_counter() - started
    if result is None:
        return "returned no result", []
    internal = [f"line {f.line}: {f.message}" for f in result.findings if f.code == "ST903"]
    if seconds > time_bound:
        return f"took {seconds:.1f} s (bound {time_bound} s)", internal
    lines = max(1, data.count(b"\n") + 1)
    for finding in result.findings:
        if finding.code not in RULES:
            return f"unregistered code {finding.code}: {finding.message}", internal
        if not 1 <= finding.line <= lines + 1:
            return (f"finding on line {finding.line} of a {lines}-line file: {finding.code} "
                    f"{finding.message}"), internal
    return None, internal
