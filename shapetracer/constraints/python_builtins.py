"""Python built-ins and configuration libraries, modelled where they decide shapes.

``len(x_train)``, ``range(0, n, batch)``, ``int(x.shape[1])``, argparse
defaults and ``tf.app.flags`` / ``absl.flags`` defaults are how real scripts
spell their dimensions, so they are evaluated; the rest is unknown.
"""

from __future__ import annotations

from shapetracer.domain import codes
from shapetracer.constraints._common import UNROLL_BOUND
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.examples import A, bad, ok
from shapetracer.constraints.scalar_conversion import require_scalar_value
from shapetracer.constraints.spec import OpContext, op
from shapetracer.domain.values import (
    NONE, UNKNOWN, ApiRef, Const, DictVal, Obj, Seq, ShapeVal, SliceVal, SymInt, Tensor, Value, dim_int, distinct,
)

_MAX_RANGE = 100_000


def _int_value(ctx: OpContext, value: Value) -> Value:
    if isinstance(value, SymInt):
        return value
    known = ctx.int(value)
    return Const(known) if known is not None else UNKNOWN


@op("builtins.len")
def py_len(ctx: OpContext, obj):
    if isinstance(obj, Seq) and obj.sized:
        return Const(len(obj.items))
    if isinstance(obj, DictVal):
        return Const(len(obj.entries))
    if isinstance(obj, Const) and isinstance(obj.value, (str, bytes)):
        return Const(len(obj.value))
    if isinstance(obj, ShapeVal) and obj.shape.rank is not None:
        return Const(obj.shape.rank)
    if isinstance(obj, Tensor) and obj.shape.dims:
        first = obj.shape.dims[0]
        return dim_int(first)
    if isinstance(obj, Obj) and obj.type_name == "builtins.range":
        return obj.attrs.get("length", UNKNOWN)
    return SymInt(ctx.fresh("len", 0))  # whatever it measures, len() gives an int >= 0


@op("builtins.range")
def py_range(ctx: OpContext, *args):
    bounds = [_int_value(ctx, a) for a in args]
    if len(bounds) == 1:
        start, stop, step = Const(0), bounds[0], Const(1)
    elif len(bounds) == 2:
        start, stop, step = bounds[0], bounds[1], Const(1)
    elif len(bounds) == 3:
        start, stop, step = bounds
    else:
        return UNKNOWN
    if all(isinstance(b, Const) for b in (start, stop, step)) and step.value != 0:
        values = range(start.value, stop.value, step.value)
        # len() of range(2**63) overflows a C ssize_t: bound the length arithmetically first
        if (stop.value - start.value) // step.value <= _MAX_RANGE and len(values) <= _MAX_RANGE:
            return Seq([Const(v) for v in values], "list")
    return Obj("builtins.range", {"start": start, "stop": stop, "step": step})


@op("builtins.int")
def py_int(ctx: OpContext, x=0, base=None):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, SymInt):
        return x
    if isinstance(x, Const):
        try:
            return Const(int(x.value)) if base is None else UNKNOWN
        except (TypeError, ValueError, OverflowError):
            return UNKNOWN
    if isinstance(x, Tensor) and x.shape.rank == 0 and x.elements:
        return _int_value(ctx, x.elements[0])
    return UNKNOWN


@op("builtins.float")
def py_float(ctx: OpContext, x=0.0):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, Const):
        try:
            return Const(float(x.value))
        except (TypeError, ValueError, OverflowError):
            return UNKNOWN
    return UNKNOWN


@op("builtins.str")
def py_str(ctx: OpContext, obj="", *rest):
    if isinstance(obj, Const) and not rest:
        return Const(str(obj.value))
    return UNKNOWN


@op("builtins.bool")
def py_bool(ctx: OpContext, x=False):
    if isinstance(x, Const):
        return Const(bool(x.value))
    return UNKNOWN


@op("builtins.list", "builtins.tuple", "builtins.sorted", "builtins.reversed")
def py_list(ctx: OpContext, iterable=None, key=None, reverse=False):
    kind = "tuple" if ctx.api.endswith("tuple") else "list"
    if iterable is None:
        return Seq([], kind)
    if isinstance(iterable, Seq):
        if not iterable.sized:  # a copy keeps the unknown length; an order needs the items
            return UNKNOWN if ctx.api.endswith("sorted") else Seq(list(iterable.items), kind, False)
        items = list(iterable.items)
        if ctx.api.endswith("reversed"):
            items.reverse()
        if ctx.api.endswith("sorted"):
            consts = [i.value for i in items if isinstance(i, Const)]
            if len(consts) != len(items):
                return UNKNOWN
            try:
                items = [Const(v) for v in sorted(consts, reverse=bool(ctx.bool(reverse, False)))]
            except TypeError:
                return UNKNOWN
        return Seq(items, kind)
    if isinstance(iterable, ShapeVal) and iterable.shape.dims is not None:
        return Seq([Const(d.value) if d.known else (SymInt(d) if iterable.numpy else Const(None))
                    for d in iterable.shape.dims], kind)
    if isinstance(iterable, DictVal):
        return Seq([k for k, _ in iterable.entries], kind)
    if isinstance(iterable, Tensor) and iterable.elements is not None:
        return Seq(list(iterable.elements), kind)
    return UNKNOWN


@op("builtins.set", "builtins.frozenset")
def py_set(ctx: OpContext, iterable=None):
    """set(text), set(labels_list): known constants only (see values.distinct)."""
    if iterable is None:
        return Seq([], "list")
    if isinstance(iterable, Const) and isinstance(iterable.value, str) and len(iterable.value) <= 100_000:
        return distinct([Const(c) for c in iterable.value])
    if isinstance(iterable, Seq):
        return distinct(list(iterable.items)) if iterable.sized else UNKNOWN
    if isinstance(iterable, DictVal):
        return distinct([k for k, _ in iterable.entries])
    return UNKNOWN


@op("builtins.dict")
def py_dict(ctx: OpContext, *args, **kwargs):
    if args:
        return UNKNOWN
    return DictVal([(Const(k), v) for k, v in kwargs.items()])


def _iteration_items(ctx: OpContext, iterable: Value) -> list[Value] | None:
    """What iterating gives: list items, or the rows of a numpy array with a small known
    first dim (their values unknown, their shape known)."""
    items = ctx.items(iterable)
    if items is not None or not isinstance(iterable, Tensor) or not iterable.is_numpy:
        return items
    dims = iterable.shape.dims
    if not dims or not dims[0].known or dims[0].value > UNROLL_BOUND:
        return None
    row = Tensor(Shape(dims[1:]), iterable.dtype, "ndarray", iterable.origin)
    return [row] * dims[0].value


@op("builtins.zip")
def py_zip(ctx: OpContext, *iterables):
    seqs = [_iteration_items(ctx, i) for i in iterables]
    if any(s is None for s in seqs) or not seqs:
        return UNKNOWN
    return Seq([Seq(list(group), "tuple") for group in zip(*seqs)], "list")


@op("builtins.enumerate")
def py_enumerate(ctx: OpContext, iterable, start=0):
    items = _iteration_items(ctx, iterable)
    first = ctx.int(start)
    if items is None and isinstance(iterable, Obj) and "element_spec" in iterable.attrs:
        # a dataset: (step, element) pairs, as a generator of unknown length
        pair = Seq([SymInt(Dim.fresh("i", 0)), iterable.attrs["element_spec"]], "tuple")
        return Obj("generator", {"element": pair})
    if items is None or first is None:
        return UNKNOWN
    return Seq([Seq([Const(first + i), item], "tuple") for i, item in enumerate(items)], "list")


@op("builtins.min", "builtins.max")
def py_min_max(ctx: OpContext, *args, key=None, default=None):
    values = list(args)
    if len(values) == 1:
        values = ctx.items(values[0]) or []
    ints = [ctx.int(v) for v in values]
    if values and all(i is not None for i in ints):
        return Const(min(ints) if ctx.api.endswith("min") else max(ints))
    consts = [v.value for v in values if isinstance(v, Const) and isinstance(v.value, (int, float))]
    if values and len(consts) == len(values):
        return Const(min(consts) if ctx.api.endswith("min") else max(consts))
    return UNKNOWN


@op("builtins.abs")
def py_abs(ctx: OpContext, x):
    if isinstance(x, Const) and isinstance(x.value, (int, float)):
        return Const(abs(x.value))
    return UNKNOWN


@op("builtins.round")
def py_round(ctx: OpContext, number, ndigits=None):
    if isinstance(number, Const) and isinstance(number.value, (int, float)) and ndigits is None:
        return Const(round(number.value))
    return UNKNOWN


@op("builtins.sum")
def py_sum(ctx: OpContext, iterable, start=0):
    ints = ctx.int_list(iterable)
    if ints is not None:
        return Const(sum(ints) + (ctx.int(start) or 0))
    return UNKNOWN


@op("builtins.slice")
def py_slice(ctx: OpContext, *args):
    """``slice(a, b)`` is the same value as the subscript ``a:b``."""
    parts = [a if a is not None else NONE for a in args]
    if len(parts) == 1:
        return SliceVal(NONE, parts[0], NONE)
    if len(parts) in (2, 3):
        return SliceVal(parts[0], parts[1], parts[2] if len(parts) == 3 else NONE)
    return UNKNOWN


@op("builtins.print")
def py_print(ctx: OpContext, *args, **kwargs):
    return NONE


@op("math.ceil", "math.floor")
def math_round(ctx: OpContext, x):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, Const) and isinstance(x.value, (int, float)):
        import math
        return Const(math.ceil(x.value) if ctx.api.endswith("ceil") else math.floor(x.value))
    return UNKNOWN


@op("math.sqrt")
def math_sqrt(ctx: OpContext, x):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, Const) and isinstance(x.value, (int, float)) and x.value >= 0:
        return Const(x.value ** 0.5)
    return UNKNOWN


_MATH_UNARY = ("exp", "log", "log2", "log10", "log1p", "expm1", "fabs", "isnan", "isinf", "isfinite",
               "sin", "cos", "tan", "tanh", "trunc")


@op(*(f"math.{name}" for name in _MATH_UNARY))
def math_unary(ctx: OpContext, x, *rest):
    """math.exp(loss) of a fetched loss: the math module takes Python numbers only."""
    require_scalar_value(ctx, x)
    return UNKNOWN


# --- argparse ---------------------------------------------------------------------

@op("argparse.ArgumentParser")
def argument_parser(ctx: OpContext, *args, **kwargs):
    return Obj("argparse.ArgumentParser", {"__options__": DictVal()})


def _dest(ctx: OpContext, names: tuple, dest) -> str | None:
    explicit = ctx.str(dest) if dest is not None else None
    if explicit:
        return explicit
    strings = [ctx.str(n) for n in names]
    strings = [s for s in strings if s]
    if not strings:
        return None
    longs = [s for s in strings if s.startswith("--")]
    chosen = longs[0] if longs else strings[0]
    return chosen.lstrip("-").replace("-", "_")


def _converted(ctx: OpContext, default, type_, action) -> Value:
    action_name = ctx.str(action) if action is not None else None
    if action_name == "store_true":
        return Const(False) if default is None else default
    if action_name == "store_false":
        return Const(True) if default is None else default
    if default is None:
        return NONE
    if isinstance(type_, ApiRef) and isinstance(default, Const) and isinstance(default.value, str):
        converters = {"builtins.int": int, "builtins.float": float}
        converter = converters.get(type_.qualname)
        if converter is not None:
            try:
                return Const(converter(default.value))
            except ValueError:
                return UNKNOWN
    return default


@op("argparse.ArgumentParser.add_argument", "argparse._ArgumentGroup.add_argument")
def add_argument(ctx: OpContext, self, *names, default=None, type=None, action=None, dest=None, **rest):
    options = self.attrs.get("__options__")
    name = _dest(ctx, names, dest)
    if isinstance(options, DictVal) and name:
        positional = all((ctx.str(n) or "").startswith("-") is False for n in names)
        value = UNKNOWN if positional and default is None else _converted(ctx, default, type, action)
        options.set(Const(name), value)
    return UNKNOWN


@op("argparse.ArgumentParser.add_argument_group", "argparse.ArgumentParser.add_mutually_exclusive_group")
def add_group(ctx: OpContext, self, *args, **kwargs):
    return Obj("argparse._ArgumentGroup", {"__options__": self.attrs.get("__options__", DictVal())})


@op("argparse.ArgumentParser.set_defaults")
def set_defaults(ctx: OpContext, self, **kwargs):
    options = self.attrs.get("__options__")
    if isinstance(options, DictVal):
        for key, value in kwargs.items():
            options.set(Const(key), value)
    return NONE


@op("argparse.ArgumentParser.parse_args")
def parse_args(ctx: OpContext, self, args=None, namespace=None):
    options = self.attrs.get("__options__")
    attrs = {}
    if isinstance(options, DictVal):
        attrs = {k.value: v for k, v in options.entries if isinstance(k, Const)}
    return Obj("argparse.Namespace", attrs)


@op("argparse.ArgumentParser.parse_known_args")
def parse_known_args(ctx: OpContext, self, args=None, namespace=None):
    return Seq([parse_args(ctx, self), UNKNOWN], "tuple")


# --- tf.app.flags / absl.flags ------------------------------------------------------

_FLAG_PREFIXES = ("tf.app.flags", "tf.flags", "absl.flags")
_FLAG_KINDS = ("DEFINE_integer", "DEFINE_float", "DEFINE_string", "DEFINE_boolean", "DEFINE_bool",
               "DEFINE_enum", "DEFINE_list", "DEFINE_multi_integer", "DEFINE_multi_string")


def _define_flag(ctx: OpContext, name, default=None, *rest, **kwargs):
    flag = ctx.str(name)
    if flag is None:
        return UNKNOWN
    if ctx.api.endswith(("DEFINE_integer",)) and isinstance(default, Const) and isinstance(default.value, str):
        try:
            default = Const(int(default.value))
        except ValueError:
            default = UNKNOWN
    ctx.host.flags[flag] = default if default is not None else NONE
    return UNKNOWN


for _prefix in _FLAG_PREFIXES:
    for _kind in _FLAG_KINDS:
        op(f"{_prefix}.{_kind}")(_define_flag)


EXAMPLES: list = [
    ok("builtins.float", A()),
    bad("builtins.float", A(8), code=codes.SCALAR_REQUIRED),  # "only 0-dimensional arrays can be converted ..."
    bad("builtins.int", A(2, 3), code=codes.SCALAR_REQUIRED),
    ok("builtins.int", Const("12"), expect=None),
    bad("math.exp", A(4), code=codes.SCALAR_REQUIRED),  # perplexity of an unreduced loss
    ok("math.exp", A()),
]
