"""Random small TF1 graph-mode programs for the differential check against TensorFlow.

A program declares placeholders (some dims ``None``), builds a chain of modelled
ops, one op per line, and ends with a ``sess.run`` that feeds numpy zeros.  Each
op is valid for the feed the generator has in mind, or, with a small
probability, slightly wrong (one dim, axis or index perturbed); the final feed
may also be perturbed (a wrong known dim, a wrong rank, or another value for a
``None`` dim, which only run-time checks can catch).

The generator tracks, for every tensor, the static shape TensorFlow infers
(``None`` where unknown) and the actual shape under the intended feed.  The
tracking only steers the choices: real TensorFlow is the judge, so a tracking
slip makes an unintended error, never a wrong verdict.

    from diffgen import generate
    program = generate(random.Random(7))   # program.text, program.notes
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Optional

StaticDim = Optional[int]

HEADER = ["import numpy as np", "import tensorflow.compat.v1 as tf", "tf.disable_v2_behavior()"]


@dataclass
class Tensor:
    name: str
    static: tuple[StaticDim, ...]
    actual: tuple[int, ...]
    dtype: str = "float32"  # float32 | int32 | int64

    @property
    def rank(self) -> int:
        return len(self.actual)


@dataclass
class Placeholder:
    tensor: Tensor


@dataclass
class Program:
    text: str
    seed: int | None = None
    notes: list[str] = field(default_factory=list)  # which ops were perturbed, for reading reports


class Builder:
    """Emits lines and keeps the live tensors of one program."""

    def __init__(self, rng: random.Random, p_bad: float):
        self.rng = rng
        self.p_bad = p_bad
        self.lines: list[str] = list(HEADER)
        self.tensors: list[Tensor] = []
        self.placeholders: list[Placeholder] = []
        self.has_variables = False
        self.counter = 0
        self.notes: list[str] = []
        self.batch = rng.choice([1, 2, 3, 4, 5, 6, 8])

    # -- bookkeeping -------------------------------------------------------------
    def name(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def emit(self, line: str) -> int:
        self.lines.append(line)
        return len(self.lines)

    def bad(self, what: str) -> bool:
        """Whether this op is to be slightly wrong; remembered for the report."""
        if self.rng.random() < self.p_bad:
            self.notes.append(f"line {len(self.lines) + 1}: {what}")
            return True
        return False

    def assign(self, expression: str, static, actual, dtype: str = "float32", prefix: str = "t") -> Tensor:
        # after a deliberate mistake the tracked shapes may be nonsense: keep them usable
        static = tuple(None if d is None else max(1, d) for d in static)
        actual = tuple(max(1, d) for d in actual)
        tensor = Tensor(self.name(prefix), static, actual, dtype)
        self.emit(f"{tensor.name} = {expression}")
        self.tensors.append(tensor)
        return tensor

    def floats(self, min_rank: int = 0, max_rank: int = 9) -> list[Tensor]:
        return [t for t in self.tensors if t.dtype == "float32" and min_rank <= t.rank <= max_rank]

    def pick(self, candidates: list[Tensor]) -> Tensor | None:
        """Prefer recent tensors, so ops form chains rather than a fan."""
        if not candidates:
            return None
        if self.rng.random() < 0.6:
            return candidates[-1]
        return self.rng.choice(candidates)

    # -- sources -----------------------------------------------------------------
    def placeholder(self, rank: int | None = None, dtype: str = "float32", none_batch: bool | None = None) -> Tensor:
        rng = self.rng
        rank = rank if rank is not None else rng.choice([1, 2, 2, 2, 3, 4])
        actual = [self.batch] + [rng.randint(1, 6) for _ in range(rank - 1)]
        if rank == 4:  # images: spatial dims big enough for windows
            actual = [self.batch, rng.randint(3, 9), rng.randint(3, 9), rng.randint(1, 4)]
        static: list[StaticDim] = list(actual)
        if none_batch is None:
            none_batch = rng.random() < 0.75
        if none_batch:
            static[0] = None
        for axis in range(1, rank):
            if rng.random() < 0.12:
                static[axis] = None
        shape = "[" + ", ".join("None" if d is None else str(d) for d in static) + "]"
        tensor = self.assign(f"tf.placeholder(tf.{dtype}, {shape})", static, actual, dtype, prefix="x")
        self.placeholders.append(Placeholder(tensor))
        return tensor

    def constant(self, dims: list[int], dtype: str = "float32") -> Tensor:
        """A fully known partner tensor, made by one of several constructors."""
        shape = "[" + ", ".join(str(d) for d in dims) + "]"
        rng = self.rng
        if dtype != "float32":
            expression = f"tf.zeros({shape}, tf.{dtype})"
            return self.assign(expression, dims, dims, dtype, prefix="c")
        choice = rng.randrange(5)
        if choice == 0:
            expression = f"tf.Variable(tf.random_normal({shape}))"
            self.has_variables = True
        elif choice == 1:
            expression = f"tf.Variable(tf.zeros({shape}))"
            self.has_variables = True
        elif choice == 2:
            expression = f"tf.ones({shape})"
        elif choice == 3:
            expression = f"tf.random_normal({shape})"
        else:
            expression = f"tf.zeros({shape})"
        return self.assign(expression, dims, dims, prefix="w")


# --- helpers ------------------------------------------------------------------------

def shape_text(dims) -> str:
    return "[" + ", ".join(str(d) for d in dims) + "]"


def other_value(rng: random.Random, value: int, avoid_one: bool = False) -> int:
    """A dim near ``value`` but different (and not 1 when 1 would broadcast)."""
    choices = [v for v in (value - 1, value + 1, value + 2, value * 2) if v >= 1 and v != value]
    if avoid_one:
        choices = [v for v in choices if v != 1] or [value + 1]
    return rng.choice(choices)


def broadcast_dim(a: tuple[StaticDim, int], b: tuple[StaticDim, int]) -> tuple[StaticDim, int]:
    (sa, ra), (sb, rb) = a, b
    actual = ra if rb == 1 else rb
    if sa == 1:
        static = sb
    elif sb == 1:
        static = sa
    elif sa is not None:
        static = sa
    else:
        static = sb
    return static, actual


def normalise_axis(axis: int, rank: int) -> int:
    return axis + rank if axis < 0 else axis


# --- op generators -------------------------------------------------------------------
# Each takes the builder and returns True when it emitted a line.

def op_matmul(b: Builder) -> bool:
    a = b.pick(b.floats(2, 2))
    if a is None:
        return False
    rng = b.rng
    ta, tb = rng.random() < 0.25, rng.random() < 0.25
    inner_axis = 0 if ta else 1
    outer_axis = 1 - inner_axis
    k = a.actual[inner_axis]
    n = rng.randint(1, 6)
    # the right operand: another live rank-2 tensor whose inner dim fits, or a new weight
    others = [t for t in b.floats(2, 2) if t is not a and t.actual[1 if tb else 0] == k]
    wrong = b.bad("matmul inner dim")
    if others and rng.random() < 0.3 and not wrong:
        other = rng.choice(others)
        n_static, n = other.static[0 if tb else 1], other.actual[0 if tb else 1]
    else:
        inner = other_value(rng, k) if wrong else k
        other = b.constant([n, inner] if tb else [inner, n])
        n_static = n
    flags = ("" if not ta else ", transpose_a=True") + ("" if not tb else ", transpose_b=True")
    b.assign(f"tf.matmul({a.name}, {other.name}{flags})", [a.static[outer_axis], n_static],
             [a.actual[outer_axis], n])
    return True


BINARY = ["tf.add({a}, {b})", "tf.multiply({a}, {b})", "tf.subtract({a}, {b})", "{a} + {b}", "{a} * {b}",
          "{a} - {b}", "tf.maximum({a}, {b})"]


def op_binary(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    same = [t for t in b.floats(a.rank, a.rank) if t is not a and t.actual == a.actual]
    wrong = b.bad("broadcast dim")
    if same and rng.random() < 0.3 and not wrong:
        other = rng.choice(same)
        static = [broadcast_dim((x, y), (p, q))[0] for x, y, p, q in
                  zip(a.static, a.actual, other.static, other.actual)]
        actual = list(a.actual)
    else:
        # a suffix of a's shape, some dims set to 1
        keep = rng.randint(1, a.rank)
        dims = list(a.actual[a.rank - keep:])
        dims = [1 if rng.random() < 0.25 else d for d in dims]
        if wrong:
            spots = [i for i, d in enumerate(a.actual[a.rank - keep:]) if d > 1]
            if spots:
                spot = rng.choice(spots)
                dims[spot] = other_value(rng, a.actual[a.rank - keep + spot], avoid_one=True)
            else:
                dims.insert(0, 2)  # a new leading axis only makes it longer; pick a mismatch below
                dims = dims[-a.rank:]
                dims[-1] = other_value(rng, a.actual[-1], avoid_one=True)
        other = b.constant(dims)
        static, actual = [], []
        padded = [(1, 1)] * (a.rank - len(dims)) + [(d, d) for d in dims]
        for (sa, ra), (sb, rb) in zip(zip(a.static, a.actual), padded):
            s, r = broadcast_dim((sa, ra), (sb, rb))
            static.append(s)
            actual.append(r)
    operands = (a.name, other.name) if rng.random() < 0.7 else (other.name, a.name)
    template = rng.choice(BINARY)
    b.assign(template.format(a=operands[0], b=operands[1]), static, actual)
    return True


def factor_pairs(n: int) -> list[tuple[int, int]]:
    return [(d, n // d) for d in range(1, n + 1) if n % d == 0] or [(1, 1)]


def op_reshape(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    total = 1
    for d in a.actual:
        total *= d
    unknown_input = any(d is None for d in a.static)
    wrong = b.bad("reshape size")
    style = rng.random()
    if style < 0.5 and a.static[0] is None or style < 0.2:
        # keep the batch, flatten or split the rest: [-1, f] or [-1, p, q]
        rest = total // a.actual[0]
        if rng.random() < 0.5 or rest == 1:
            target = [-1, rest]
        else:
            p, q = rng.choice(factor_pairs(rest))
            target = [-1, p, q]
        if wrong:
            index = rng.randrange(1, len(target))
            target[index] = other_value(rng, target[index], avoid_one=False)
        static = [None if unknown_input else (total // _product(target[1:]) if total % _product(target[1:]) == 0
                                              else None)] + target[1:]
        actual = [total // max(1, _product(target[1:]))] + target[1:]
    else:
        p, q = rng.choice(factor_pairs(total))
        target = [p, q] if rng.random() < 0.7 else [total]
        if wrong:
            index = rng.randrange(len(target))
            target[index] = other_value(rng, target[index])
        if rng.random() < 0.4 and len(target) > 1 and not wrong:
            index = rng.randrange(len(target))
            actual = list(target)
            target[index] = -1
            static = [None if (unknown_input and i == index) else d for i, d in enumerate(actual)]
        else:
            actual = list(target)
            static = list(target)
    b.assign(f"tf.reshape({a.name}, {shape_text(target)})", static, actual)
    return True


def _product(values) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def op_transpose(b: Builder) -> bool:
    a = b.pick(b.floats(2))
    if a is None:
        return False
    rng = b.rng
    perm = list(range(a.rank))
    rng.shuffle(perm)
    if b.bad("transpose perm"):
        if rng.random() < 0.5:
            perm = perm[:-1] if rng.random() < 0.5 else perm + [a.rank]
        else:
            perm[0] = perm[-1]
    elif rng.random() < 0.2:
        perm = list(reversed(range(a.rank)))
        b.assign(f"tf.transpose({a.name})", [a.static[i] for i in perm], [a.actual[i] for i in perm])
        return True
    static = [a.static[i] if 0 <= i < a.rank else None for i in perm]
    actual = [a.actual[i] if 0 <= i < a.rank else 1 for i in perm]
    b.assign(f"tf.transpose({a.name}, {perm})", static, actual)
    return True


def _axis_choice(rng: random.Random, axis: int, rank: int) -> int:
    """``axis`` or its negative spelling."""
    return axis - rank if rng.random() < 0.3 else axis


def op_concat(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    axis = rng.randrange(a.rank)
    wrong = b.bad("concat axis or dim")
    spelled = _axis_choice(rng, axis, a.rank)
    if rng.random() < 0.3 and not wrong:
        parts = [a.name, a.name]
        extra_static, extra = a.static[axis], a.actual[axis]
    else:
        dims = list(a.actual)
        dims[axis] = rng.randint(1, 4)
        if wrong:
            kind = rng.random()
            others = [i for i in range(a.rank) if i != axis]
            if kind < 0.4 and others:
                spot = rng.choice(others)
                dims[spot] = other_value(rng, dims[spot])
            elif kind < 0.7:
                spelled = rng.choice([a.rank, -a.rank - 1])
            else:
                dims = dims + [1] if rng.random() < 0.5 or len(dims) == 1 else dims[:-1]
        other = b.constant(dims)
        parts = [a.name, other.name] if rng.random() < 0.7 else [other.name, a.name]
        extra_static, extra = dims[axis] if axis < len(dims) else 1, dims[axis] if axis < len(dims) else 1
    static = list(a.static)
    actual = list(a.actual)
    static[axis] = None if a.static[axis] is None or extra_static is None else a.static[axis] + extra_static
    actual[axis] = a.actual[axis] + extra
    # a partner with known dims fixes the unknown ones in TensorFlow's static shape
    if parts[0] != parts[1]:
        static = [s if (s is not None or i == axis) else actual[i] for i, s in enumerate(static)]
    b.assign(f"tf.concat([{parts[0]}, {parts[1]}], axis={spelled})", static, actual)
    return True


def op_stack(b: Builder) -> bool:
    a = b.pick(b.floats(0))
    if a is None:
        return False
    rng = b.rng
    axis = rng.randrange(a.rank + 1)
    spelled = axis - a.rank - 1 if rng.random() < 0.3 else axis
    wrong = b.bad("stack axis or dim")
    if rng.random() < 0.3 and not wrong:
        parts = [a.name, a.name]
        static = list(a.static)
    else:
        dims = list(a.actual)
        if wrong:
            if a.rank and rng.random() < 0.6:
                spot = rng.randrange(a.rank)
                dims[spot] = other_value(rng, dims[spot])
            else:
                spelled = rng.choice([a.rank + 1, -a.rank - 2])
        other = b.constant(dims)
        parts = [a.name, other.name] if rng.random() < 0.7 else [other.name, a.name]
        static = list(dims)
    count = 2
    static.insert(axis, count)
    actual = list(a.actual)
    actual.insert(axis, count)
    b.assign(f"tf.stack([{parts[0]}, {parts[1]}], axis={spelled})", static, actual)
    return True


def op_expand_dims(b: Builder) -> bool:
    a = b.pick(b.floats(0))
    if a is None:
        return False
    rng = b.rng
    axis = rng.randint(0, a.rank)
    spelled = axis - a.rank - 1 if rng.random() < 0.3 else axis
    if b.bad("expand_dims axis"):
        spelled = rng.choice([a.rank + 1, -a.rank - 2])
    static, actual = list(a.static), list(a.actual)
    static.insert(axis, 1)
    actual.insert(axis, 1)
    b.assign(f"tf.expand_dims({a.name}, {spelled})", static, actual)
    return True


def op_squeeze(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    ones = [i for i, d in enumerate(a.actual) if d == 1]
    wrong = b.bad("squeeze axis")
    if wrong or not ones:
        if not wrong and rng.random() < 0.7:
            return False
        candidates = [i for i, d in enumerate(a.actual) if d != 1]
        if not candidates:
            spelled = rng.choice([a.rank, -a.rank - 1])
            b.assign(f"tf.squeeze({a.name}, axis=[{spelled}])", a.static, a.actual)
            return True
        axis = rng.choice(candidates)
        if not wrong:
            b.notes.append(f"line {len(b.lines) + 1}: squeeze axis (no axis of size 1)")
    else:
        axis = rng.choice(ones)
        if rng.random() < 0.25 and all(s is not None for s in a.static):
            static = [s for s in a.static if s != 1]
            actual = [d for s, d in zip(a.static, a.actual) if s != 1]
            b.assign(f"tf.squeeze({a.name})", static, actual)
            return True
    spelled = axis - a.rank if rng.random() < 0.3 else axis
    static = [s for i, s in enumerate(a.static) if i != axis]
    actual = [d for i, d in enumerate(a.actual) if i != axis]
    b.assign(f"tf.squeeze({a.name}, axis=[{spelled}])", static, actual)
    return True


REDUCERS = ["tf.reduce_sum", "tf.reduce_mean", "tf.reduce_max"]


def op_reduce(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    keepdims = rng.random() < 0.3
    keep_text = ", keepdims=True" if keepdims else ""
    reducer = rng.choice(REDUCERS)
    if rng.random() < 0.15:
        static = [1] * a.rank if keepdims else []
        b.assign(f"{reducer}({a.name}{keep_text})", static, static)
        return True
    axis = rng.randrange(a.rank)
    spelled: object = axis - a.rank if rng.random() < 0.3 else axis
    if b.bad("reduction axis"):
        spelled = rng.choice([a.rank, -a.rank - 1, a.rank + 1])
    if rng.random() < 0.2:
        spelled = [spelled]
    static = [(1 if i == axis else s) for i, s in enumerate(a.static) if keepdims or i != axis]
    actual = [(1 if i == axis else d) for i, d in enumerate(a.actual) if keepdims or i != axis]
    b.assign(f"{reducer}({a.name}, axis={spelled}{keep_text})", static, actual)
    return True


def op_argmax(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    axis = rng.randrange(a.rank)
    spelled = axis - a.rank if rng.random() < 0.3 else axis
    if b.bad("argmax axis"):
        spelled = rng.choice([a.rank, -a.rank - 1])
    static = [s for i, s in enumerate(a.static) if i != axis]
    actual = [d for i, d in enumerate(a.actual) if i != axis]
    if rng.random() < 0.5:
        b.assign(f"tf.argmax({a.name}, axis={spelled})", static, actual, dtype="int64", prefix="i")
    else:
        b.assign(f"tf.cast(tf.argmax({a.name}, axis={spelled}), tf.float32)", static, actual)
    return True


def _images(b: Builder) -> Tensor | None:
    images = b.floats(4, 4)
    if images:
        return b.pick(images)
    if b.rng.random() < 0.5:
        return b.placeholder(4)
    return None


def _window(size: int, window: int, stride: int, padding: str) -> int:
    if padding == "SAME":
        return -(-size // stride)
    return (size - window) // stride + 1


def _spatial(a: Tensor, window: int, stride: int, padding: str):
    static, actual = [a.static[0]], [a.actual[0]]
    for axis in (1, 2):
        # after a deliberately negative window the chain goes on with size 1
        actual.append(max(1, _window(a.actual[axis], window, stride, padding)))
        s = a.static[axis]
        static.append(None if s is None else max(1, _window(s, window, stride, padding)))
    return static, actual


def op_conv2d(b: Builder) -> bool:
    a = _images(b)
    if a is None:
        return False
    rng = b.rng
    size = min(d for d in a.actual[1:3])
    padding = rng.choice(["SAME", "VALID"])
    window = rng.randint(1, max(1, min(size, 4)))
    stride = rng.choice([1, 1, 2])
    channels = a.actual[3]
    out = rng.randint(1, 5)
    wrong = b.bad("conv2d channels or window")
    if wrong:
        if rng.random() < 0.5:
            channels = rng.choice([c for c in range(channels + 1, channels + 4) if c % a.actual[3] and a.actual[3] % c]
                                  or [channels + 1])
        else:
            padding = "VALID"
            window = size + rng.randint(1, 2)
    kernel = b.constant([window, window, channels, out])
    static, actual = _spatial(a, window, stride, padding)
    b.assign(f"tf.nn.conv2d({a.name}, {kernel.name}, strides=[1, {stride}, {stride}, 1], padding='{padding}')",
             static + [out], actual + [out])
    return True


def op_pool(b: Builder) -> bool:
    a = _images(b)
    if a is None:
        return False
    rng = b.rng
    size = min(a.actual[1:3])
    padding = rng.choice(["SAME", "VALID"])
    window = rng.randint(1, max(1, min(size, 3)))
    stride = rng.choice([1, 2, 2])
    if b.bad("pool window"):
        padding = "VALID"
        window = size + rng.randint(1, 2)
    pool = rng.choice(["tf.nn.max_pool", "tf.nn.avg_pool"])
    static, actual = _spatial(a, window, stride, padding)
    b.assign(f"{pool}({a.name}, ksize=[1, {window}, {window}, 1], strides=[1, {stride}, {stride}, 1], "
             f"padding='{padding}')", static + [a.static[3]], actual + [a.actual[3]])
    return True


def op_bias_add(b: Builder) -> bool:
    a = b.pick(b.floats(2))
    if a is None:
        return False
    rng = b.rng
    length = a.actual[-1]
    if b.bad("bias length"):
        length = other_value(rng, length)
    bias = b.constant([length])
    b.assign(f"tf.nn.bias_add({a.name}, {bias.name})", [s if i < a.rank - 1 else (s if s is not None else length)
                                                        for i, s in enumerate(a.static)], a.actual)
    return True


def op_softmax_xent(b: Builder) -> bool:
    a = b.pick(b.floats(2, 2))
    if a is None:
        return False
    rng = b.rng
    dims = list(a.actual)
    if b.bad("labels shape"):
        spot = rng.randrange(2)
        dims[spot] = other_value(rng, dims[spot], avoid_one=True)
    if rng.random() < 0.3 and dims == list(a.actual):
        labels = f"tf.nn.softmax({a.name})"
    else:
        labels = b.constant(dims).name
    b.assign(f"tf.nn.softmax_cross_entropy_with_logits_v2(labels={labels}, logits={a.name})",
             [a.static[0] if a.static[0] is not None else dims[0]], [a.actual[0]])
    return True


def op_sparse_xent(b: Builder) -> bool:
    a = b.pick(b.floats(2, 2))
    if a is None:
        return False
    rng = b.rng
    dims = [a.actual[0]]
    wrong = b.bad("sparse labels shape")
    if wrong:
        dims = dims + [1] if rng.random() < 0.5 else [other_value(rng, dims[0])]
    int_placeholders = [p.tensor for p in b.placeholders if p.tensor.dtype == "int32"
                        and p.tensor.actual == tuple(dims)]
    if int_placeholders and rng.random() < 0.6:
        labels = int_placeholders[0]
    elif rng.random() < 0.4 and not wrong and a.static[0] is None:
        labels = b.placeholder(1, "int32", none_batch=True)
    else:
        labels = b.constant(dims, "int32")
    b.assign(f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels={labels.name}, logits={a.name})",
             [a.static[0]], [a.actual[0]])
    return True


def op_tile(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    multiples = [rng.choice([1, 1, 2, 3]) for _ in range(a.rank)]
    if b.bad("tile multiples length"):
        multiples = multiples[:-1] if rng.random() < 0.5 and a.rank > 1 else multiples + [2]
    static = [None if s is None else s * m for s, m in zip(a.static, multiples)]
    actual = [d * m for d, m in zip(a.actual, multiples)]
    b.assign(f"tf.tile({a.name}, {multiples})", static, actual)
    return True


def op_pad(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    paddings = [[rng.randint(0, 2), rng.randint(0, 2)] for _ in range(a.rank)]
    if b.bad("paddings rows"):
        paddings = paddings[:-1] if rng.random() < 0.5 and a.rank > 1 else paddings + [[1, 1]]
    static = [None if s is None else s + p + q for s, (p, q) in zip(a.static, paddings)]
    actual = [d + p + q for d, (p, q) in zip(a.actual, paddings)]
    b.assign(f"tf.pad({a.name}, {paddings})", static, actual)
    return True


def op_gather(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    axis = rng.randrange(a.rank)
    size = a.actual[axis]
    indices = [rng.randrange(size) for _ in range(rng.randint(1, 3))]
    spelled = axis - a.rank if rng.random() < 0.2 else axis
    if b.bad("gather index or axis"):
        if rng.random() < 0.6:
            indices[rng.randrange(len(indices))] = size + rng.randint(0, 1)
        else:
            spelled = rng.choice([a.rank, -a.rank - 1])
    axis_text = "" if spelled == 0 and rng.random() < 0.5 else f", axis={spelled}"
    static = list(a.static[:axis]) + [len(indices)] + list(a.static[axis + 1:])
    actual = list(a.actual[:axis]) + [len(indices)] + list(a.actual[axis + 1:])
    b.assign(f"tf.gather({a.name}, {indices}{axis_text})", static, actual)
    return True


def op_one_hot(b: Builder) -> bool:
    rng = b.rng
    ints = [t for t in b.tensors if t.dtype in ("int32", "int64") and t.rank <= 2]
    if ints and rng.random() < 0.7:
        indices = rng.choice(ints)
    else:
        dims = [rng.randint(1, 4) for _ in range(rng.randint(0, 2))]
        indices = b.constant(dims, "int32")
    depth = rng.randint(1, 5)
    axis = rng.randint(-1, indices.rank)
    if b.bad("one_hot axis"):
        axis = rng.choice([indices.rank + 1, -2])
    position = indices.rank if axis == -1 else axis
    static, actual = list(indices.static), list(indices.actual)
    static.insert(position, depth)
    actual.insert(position, depth)
    axis_text = "" if axis == -1 and rng.random() < 0.5 else f", axis={axis}"
    b.assign(f"tf.one_hot({indices.name}, {depth}{axis_text})", static, actual)
    return True


def op_slice(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    rng = b.rng
    axis = rng.randrange(a.rank)
    size = a.actual[axis]
    wrong = b.bad("index out of range")
    kind = rng.random()
    prefix = ":, " * axis
    static, actual = list(a.static), list(a.actual)
    if kind < 0.55:
        index = rng.randrange(size)
        if rng.random() < 0.3:
            index -= size
        if wrong:
            index = size if rng.random() < 0.7 else -size - 1
        text = f"{a.name}[{prefix}{index}]"
        del static[axis]
        del actual[axis]
    elif kind < 0.8:
        start = rng.randrange(size)
        stop = rng.randint(start + 1, size)
        text = f"{a.name}[{prefix}{start}:{stop}]"
        static[axis] = stop - start if a.static[axis] is not None else None
        actual[axis] = stop - start
        if wrong:  # slices clamp: a wrong bound is no error, so index instead
            text = f"{a.name}[{prefix}{size + 1}]"
            del static[axis]
            del actual[axis]
    elif kind < 0.9:
        text = f"{a.name}[{prefix}None]"
        static.insert(axis, 1)
        actual.insert(axis, 1)
    else:
        index = rng.randrange(a.actual[-1])
        if wrong:
            index = a.actual[-1]
        text = f"{a.name}[..., {index}]"
        static, actual = list(a.static[:-1]), list(a.actual[:-1])
    b.assign(text, static, actual)
    return True


def op_unary(b: Builder) -> bool:
    a = b.pick(b.floats(1))
    if a is None:
        return False
    fn = b.rng.choice(["tf.nn.relu", "tf.nn.softmax", "tf.sigmoid", "tf.tanh", "tf.square"])
    b.assign(f"{fn}({a.name})", a.static, a.actual)
    return True


OPS: list[tuple[Callable[[Builder], bool], float]] = [
    (op_matmul, 3), (op_binary, 3), (op_reshape, 2.5), (op_transpose, 1.5), (op_concat, 1.5), (op_stack, 1),
    (op_expand_dims, 1), (op_squeeze, 1), (op_reduce, 1.5), (op_argmax, 1), (op_conv2d, 2), (op_pool, 1.5),
    (op_bias_add, 1.5), (op_softmax_xent, 1), (op_sparse_xent, 1), (op_tile, 1), (op_pad, 1),
    (op_gather, 1), (op_one_hot, 0.7), (op_slice, 1.5), (op_unary, 0.7),
]


# --- feeds and the whole program -----------------------------------------------------------

def feed_entry(b: Builder, tensor: Tensor, perturb: bool) -> str:
    dims = list(tensor.actual)
    rng = b.rng
    if perturb:
        kind = rng.random()
        unknown = [i for i, s in enumerate(tensor.static) if s is None]
        known = [i for i, s in enumerate(tensor.static) if s is not None]
        if kind < 0.4 and unknown:
            spot = rng.choice(unknown)
            dims[spot] = other_value(rng, dims[spot])
            b.notes.append(f"feed {tensor.name}: None dim {spot} fed {dims[spot]}")
        elif kind < 0.7 and known:
            spot = rng.choice(known)
            dims[spot] = other_value(rng, dims[spot])
            b.notes.append(f"feed {tensor.name}: known dim {spot} fed {dims[spot]}")
        else:
            dims = dims[1:] if rng.random() < 0.5 and dims else dims + [1]
            b.notes.append(f"feed {tensor.name}: rank {len(dims)}")
    shape = "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
    return f"{tensor.name}: np.zeros({shape}, np.{tensor.dtype})"


def generate(rng: random.Random, p_bad: float = 0.07, p_bad_feed: float = 0.15,
             min_ops: int = 3, max_ops: int = 9) -> Program:
    b = Builder(rng, p_bad)
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        b.placeholder()
    wanted = rng.randint(min_ops, max_ops)
    done = attempts = 0
    functions = [f for f, _ in OPS]
    weights = [w for _, w in OPS]
    while done < wanted and attempts < wanted * 6:
        attempts += 1
        if rng.choices(functions, weights)[0](b):
            done += 1
    results = [t for t in b.tensors if t.dtype == "float32" and t not in [p.tensor for p in b.placeholders]]
    fetch = results[-1] if results else b.tensors[-1]
    fetches = fetch.name
    if len(results) > 2 and rng.random() < 0.2:
        fetches = f"[{fetch.name}, {rng.choice(results[:-1]).name}]"
    perturbed = rng.choice(b.placeholders) if rng.random() < p_bad_feed else None
    entries = [feed_entry(b, p.tensor, p is perturbed) for p in b.placeholders]
    feed = "{" + ", ".join(entries) + "}"
    if rng.random() < 0.5:
        b.emit("with tf.Session() as sess:")
        indent = "    "
    else:
        b.emit("sess = tf.Session()")
        indent = ""
    if b.has_variables:
        b.emit(f"{indent}sess.run(tf.global_variables_initializer())")
    b.emit(f"{indent}out = sess.run({fetches}, feed_dict={feed})")
    return Program("\n".join(b.lines) + "\n", notes=b.notes)


def generate_many(count: int, seed: int) -> list[Program]:
    """``count`` programs; program ``i`` depends only on (seed, i)."""
    programs = []
    for index in range(count):
        program = generate(random.Random(f"{seed}:{index}"))
        program.seed = index
        programs.append(program)
    return programs


if __name__ == "__main__":
    import sys

    for item in generate_many(int(sys.argv[1]) if len(sys.argv) > 1 else 3, 1):
        print(item.text)
        print("#", item.notes)
