"""numpy arrays as abstract values: dtype names, numpy's shape discovery of nested lists,
and the ndarray results of ops, shared by every library whose ops take or make arrays.

TensorFlow's creation ops and ``Session.run`` feeds discover nested lists as numpy does,
its elementwise and reduction ops accept arrays, pandas frames and scikit-learn hold them,
the dataset loaders return them: so what an array is lives here, below those families, and
``numpy/`` holds only the numpy functions that make and change them.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from shapetracer.domain import analysis
from shapetracer.domain.dims import Dim, Shape
from shapetracer.rules.message import Message
from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.values import ApiRef, Const, DictVal, Obj, Seq, ShapeVal, SymInt, Tensor, Value

# A Python str whose text is not known (a path joined from unknown parts): an ``Obj`` of this
# type.  numpy makes a 0-d array of it.  Its ``length`` attribute, when there, is how many
# characters it has (``"".join(random.choice(CHARS) for _ in range(7))``: 7).
TEXT = "builtins.str"
TEXT_LENGTH = "length"
# A Python float whose value is not known (``1.0 if present else 0.0``): numpy makes a 0-d
# float64 array of it, so ``np.array([flag, *row])`` keeps its shape.
NUMBER = "builtins.float"


def text_length(value: Value) -> int | None:
    """How many characters a string has: a known one's, or an unknown text's ``length``."""
    if isinstance(value, Const) and isinstance(value.value, str):
        return len(value.value)
    if isinstance(value, Obj) and value.type_name == TEXT:
        length = value.attrs.get(TEXT_LENGTH)
        if isinstance(length, Const) and isinstance(length.value, int):
            return length.value
    return None


def joined_text(separator: str, items: Value) -> Obj | None:
    """``separator.join(items)`` where some items are texts of unknown characters but every
    length is known: a text of the summed length (None when a length, or the items, are not
    known; all-known strings are joined by Python itself)."""
    if not isinstance(items, Seq) or not items.sized:
        return None
    lengths = [text_length(item) for item in items.items]
    if any(length is None for length in lengths) or all(isinstance(item, Const) for item in items.items):
        return None
    total = sum(lengths) + len(separator) * max(len(lengths) - 1, 0)
    return Obj(TEXT, {TEXT_LENGTH: Const(total)})

# --- dtypes -------------------------------------------------------------------

_DTYPE_ALIASES = {
    "float": "float64", "double": "float64", "float_": "float64", "f8": "float64", "d": "float64",
    "single": "float32", "f4": "float32", "f": "float32", "half": "float16", "f2": "float16",
    "int": "int64", "int_": "int64", "i8": "int64", "long": "int64", "intp": "int64",
    "i4": "int32", "intc": "int32", "i2": "int16", "i1": "int8", "u1": "uint8", "ubyte": "uint8",
    "bool": "bool", "bool_": "bool", "?": "bool", "complex": "complex128", "object": "object",
    "object_": "object", "O": "object", "str": "str", "str_": "str", "string": "object",
    # any other Python type is stored as an object (np.empty(n, dtype=list))
    "list": "object", "tuple": "object", "dict": "object", "set": "object",
}


def numpy_dtype(ctx: OpContext, value: Any, default: str | None) -> str | None:
    """A dtype argument (``'float32'``, ``np.float32``, ``tf.int64``, ``float``) as a name.

    ``None`` (the Python default) gives ``default``; anything unreadable gives
    None, an unknown dtype.
    """
    if ctx.is_none(value):
        return default
    name = ctx.str(value)
    if name is None and isinstance(value, ApiRef):
        name = value.qualname.rsplit(".", 1)[-1]
    if name is None and isinstance(value, Const) and isinstance(value.value, type):
        name = value.value.__name__  # a builtin used as a dtype, e.g. the default ``dtype=float``
    if name is None:
        return None
    return _DTYPE_ALIASES.get(name, name)


def _scalar_dtype(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int64"
    if isinstance(value, float):
        return "float64"
    if isinstance(value, complex):
        return "complex128"
    if isinstance(value, (str, bytes)):
        return "str"
    return "object"


def promote(dtypes: list[str | None]) -> str | None:
    """numpy's result dtype for mixed elements, coarsely (kinds, not widths)."""
    if any(d is None for d in dtypes):
        return None
    if len(set(dtypes)) == 1:
        return dtypes[0]
    for kind, result in (("object", "object"), ("str", "str"), ("complex", "complex128"),
                         ("float", "float64"), ("int", "int64"), ("uint", "int64")):
        if any(d.startswith(kind) for d in dtypes):
            return result
    return dtypes[0]


# --- results ------------------------------------------------------------------

def array_result(ctx: OpContext, dims: Shape | list[Dim | int | None] | None, dtype: str | None,
                 label: str = "") -> Tensor:
    """An ndarray produced at this site."""
    return ctx.result(dims, dtype, label=label or f"{ctx.display} gives", kind="ndarray")


def unknown_array(ctx: OpContext, dtype: str | None = None) -> Tensor:
    return ctx.result(None, dtype, kind="ndarray")


def same_array(t: Tensor, dtype: str | None = None) -> Tensor:
    """An ndarray shaped exactly like ``t``: dims keep their identity and origins."""
    return Tensor(t.shape, dtype or t.dtype, "ndarray", t.origin)


def compact(dims: list[Dim] | tuple[Dim, ...]) -> str:
    """numpy's compact tuple rendering in reshape/pad messages: ``(4,2)``, ``(4,)``."""
    return Shape(dims).tuple_str().replace(" ", "")


# --- nested sequences ---------------------------------------------------------

@dataclass
class Nesting:
    """What numpy's shape discovery finds in a (nested) value.

    ``dims`` is the homogeneous part; ``ragged`` says the nesting becomes
    inhomogeneous right after it.
    """

    dims: list[Dim]
    ragged: bool
    dtype: str | None


def discover(ctx: OpContext, value: Value) -> Nesting | None:
    """numpy's shape discovery on an abstract value; None when it cannot be told."""
    if isinstance(value, Tensor):
        if value.shape.dims is None:
            return None
        return Nesting(list(value.shape.dims), False, tensor_dtype(value))
    if isinstance(value, ShapeVal):
        if value.shape.dims is None:
            return None
        return Nesting([Dim(len(value.shape.dims), frozenset({ctx.site}))], False, "int64")
    if isinstance(value, Seq):
        return _discover_sequence(ctx, value)
    if isinstance(value, Const):
        return Nesting([], False, _scalar_dtype(value.value))
    if isinstance(value, SymInt):
        return Nesting([], False, "int64")
    if isinstance(value, DictVal):
        return Nesting([], False, "object")  # numpy stores a dict as one object
    if isinstance(value, Obj) and value.type_name == TEXT:
        return Nesting([], False, "str")
    if isinstance(value, Obj) and value.type_name == NUMBER:
        return Nesting([], False, "float64")
    return None


def _discover_sequence(ctx: OpContext, value: Seq) -> Nesting | None:
    if not value.sized:
        return _discover_unsized(ctx, value)
    length = Dim(len(value.items), frozenset({ctx.site}))
    if not value.items:
        return Nesting([length], False, "float64")
    if all(type(item) is Const for item in value.items):  # a row of scalars (tables have thousands)
        return Nesting([length], False, promote(list(dict.fromkeys(_scalar_dtype(item.value)
                                                                   for item in value.items))))
    children = [discover(ctx, item) for item in value.items]
    if any(child is None for child in children):
        # Python lists of different lengths are ragged whatever their items are
        # ([[vocab.get(w, 1) for w in s.split()] for s in texts] with unknown ids)
        lengths = {len(item.items) for item in value.items if isinstance(item, Seq)}
        if all(isinstance(item, Seq) and item.sized for item in value.items) and len(lengths) > 1:
            return Nesting([length], True, "float64")
        return None
    prefix = _common_prefix(children)
    if prefix is None:
        return None
    homogeneous = all(len(c.dims) == prefix and not c.ragged for c in children)
    dims = [length] + list(children[0].dims[:prefix])
    return Nesting(dims, not homogeneous, promote([c.dtype for c in children]))


def _discover_unsized(ctx: OpContext, value: Seq) -> Nesting | None:
    """A list of unknown length (grown in a summarised loop): its items are examples of
    what it holds.  When they all have one shape, the array is ``[n, *shape]``; otherwise
    nothing is said (an example from the loop body may not be there at all)."""
    if any(_has_unsized(item) for item in value.items):
        return None  # each item is a list of its own unknown length: the rows may be ragged
    children = [discover(ctx, item) for item in value.items]
    if not children or any(c is None or c.ragged for c in children):
        return None
    first = children[0]
    for other in children[1:]:
        if len(other.dims) != len(first.dims) or not all(a.same_as(b) or (a.known and b.known and a.value == b.value)
                                                         for a, b in zip(first.dims, other.dims)):
            return None
    return Nesting([ctx.fresh("len", 0)] + list(first.dims), False, promote([c.dtype for c in children]))


def _has_unsized(value: Value, depth: int = 0) -> bool:
    """A list of unknown length in ``value`` (lists nested a few levels deep)."""
    if not isinstance(value, Seq) or depth > 8:
        return False
    return not value.sized or any(_has_unsized(item, depth + 1) for item in value.items)


def _common_prefix(children: list[Nesting]) -> int | None:
    """How many leading dims all children share; None when an unknown dim leaves it open."""
    shortest = min(len(c.dims) for c in children)
    for axis in range(shortest):
        column = [c.dims[axis] for c in children]
        first = column[0]
        if all(d.same_as(first) for d in column):
            continue
        if len({d.value for d in column if d.known}) > 1:
            return axis  # two known lengths differ: ragged from here on, whatever the rest
        return None
    return shortest


def tensor_dtype(t: Tensor) -> str | None:
    return "object" if t.dtype == "string" else t.dtype


def ragged_message(nest: Nesting) -> Message:
    return Message("setting an array element with a sequence. The requested array has an inhomogeneous shape after "
                   "{rank} dimensions. The detected shape was {shape:tuple} + inhomogeneous part.",
                   rank=len(nest.dims), shape=nest.dims)


def as_array(ctx: OpContext, value: Any) -> Tensor | None:
    """``np.asarray(value)`` for shape purposes; None when unknown or ragged."""
    if isinstance(value, Tensor):
        return value
    nest = discover(ctx, value if isinstance(value, Value) else Const(value))
    if nest is None or nest.ragged:
        return None
    return Tensor(Shape(nest.dims), nest.dtype, "ndarray")


# --- arrays of lists ------------------------------------------------------------

@dataclass
class IdLists:
    """The 1-D object arrays known to hold lists of word ids, in one analysis (a holder of
    ``analysis.Analysis``)."""

    arrays: "weakref.WeakSet[Tensor]" = field(default_factory=weakref.WeakSet)


def id_lists() -> "weakref.WeakSet[Tensor]":
    """The 1-D object arrays known to hold lists of word ids: the text datasets' loaders
    (datasets/loaders) make them, Keras' ``pad_sequences`` (keras/data) reads them."""
    return analysis.current().holder(IdLists).arrays
