"""Abstract values the interpreter computes instead of running the program.

Only what decides shapes is tracked precisely: Python ints (possibly symbolic),
strings, lists/tuples/dicts, tensors and numpy arrays (shape and dtype only),
and the library objects whose configuration matters (sessions, parsers,
layers).  Everything else is ``UNKNOWN``, which every consumer must accept:
an unknown value never causes a finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shapetracer.domain.dims import Dim, Origin, Shape


class Value:
    """Base of all abstract values."""

    type_name = "object"


class _Unknown(Value):
    type_name = "unknown"

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


@dataclass(eq=False)
class Const(Value):
    """A known Python scalar: int, float, str, bool, None, bytes, complex."""

    value: Any
    type_name = "const"

    def __repr__(self) -> str:
        return f"Const({self.value!r})"


NONE = Const(None)


@dataclass(eq=False)
class SymInt(Value):
    """A Python int whose value is a (possibly symbolic) dim, e.g. ``len(data)``."""

    dim: Dim
    type_name = "int"


@dataclass(eq=False)
class Seq(Value):
    """A Python list or tuple of abstract values."""

    items: list[Value]
    kind: str = "list"  # "list" | "tuple"
    # False once the length is no longer known: a list appended to in a summarised loop or
    # extended by an unknown iterable.  Its items are then examples, not the contents.
    sized: bool = True

    @property
    def type_name(self) -> str:  # type: ignore[override]
        return self.kind


@dataclass(eq=False)
class DictVal(Value):
    """A dict; keys are compared by identity for tensors, by value for constants."""

    entries: list[tuple[Value, Value]] = field(default_factory=list)
    type_name = "dict"
    # Where a dict display built it with constant keys (an Origin), as long as nothing the
    # analysis cannot follow may have added keys since (an update of unknown keys, a call of
    # library code given the dict, an unmodelled method): then ``entries`` are all its keys,
    # wherever the dict travels (a parameter, a module attribute, a returned value).
    complete: object = None

    def get(self, key: Value) -> Value | None:
        for k, v in self.entries:
            if keys_equal(k, key):
                return v
        return None

    def set(self, key: Value, value: Value) -> None:
        for i, (k, _) in enumerate(self.entries):
            if keys_equal(k, key):
                self.entries[i] = (k, value)
                return
        self.entries.append((key, value))


def keys_equal(a: Value, b: Value) -> bool:
    if a is b:
        return True
    if isinstance(a, Const) and isinstance(b, Const):
        return type(a.value) is type(b.value) and a.value == b.value
    return False


@dataclass(eq=False)
class Tensor(Value):
    """A tensor, variable, placeholder or numpy array: its shape is what matters.

    ``elements`` holds the values of a small 1-D integer tensor when they are
    known (``tf.shape(x)``, ``tf.constant([1, 2])``) so that they can be used
    as shapes again.
    """

    shape: Shape
    dtype: str | None = None
    kind: str = "tensor"  # "tensor" | "ndarray" | "variable" | "placeholder"
    origin: Origin | None = None
    name: str | None = None
    elements: tuple[Value, ...] | None = None
    # Graph mode: requirements on dims only known when the graph runs (see spec.Deferred),
    # checked at each Session.run that evaluates this tensor.
    pending: tuple = ()
    # Graph mode, the result of tf.stack: (axis, each input's pending, the stack's own
    # checks), so that a slice of one input can drop the stack as TF's optimizer does.
    stacked: tuple | None = None
    # Where ``dtype`` was fixed (a placeholder's or cast's dtype, a constant's literal), set
    # only when the dtype is certain (constraints/core/dtypes.py): dtype checks read no other.
    dtype_origin: Origin | None = None

    @property
    def type_name(self) -> str:  # type: ignore[override]
        return "ndarray" if self.kind == "ndarray" else "Tensor"

    @property
    def is_numpy(self) -> bool:
        return self.kind == "ndarray"


@dataclass(eq=False)
class SliceVal(Value):
    """A slice in a subscript, ``a:b:c``; absent parts are ``NONE``."""

    start: Value
    stop: Value
    step: Value
    type_name = "slice"


ELLIPSIS = Const(Ellipsis)


@dataclass(eq=False)
class ShapeVal(Value):
    """The value of ``x.shape`` / ``x.get_shape()``: a TensorShape or a numpy tuple."""

    shape: Shape
    numpy: bool = False
    type_name = "TensorShape"


@dataclass(eq=False)
class ApiRef(Value):
    """A reference to a library module, function or class, by canonical name.

    ``spelled`` is the real module path the program wrote (``tensorflow.compat.v1.layers``),
    which API-change checks need: canonical names merge spellings that versions tell apart."""

    qualname: str
    spelled: str | None = None
    type_name = "api"


@dataclass(eq=False)
class Obj(Value):
    """A modelled library object (Session, ArgumentParser, Keras layer, RNN cell)."""

    type_name: str
    attrs: dict[str, Value] = field(default_factory=dict)
    origin: Origin | None = None
    pending: tuple = ()  # as Tensor.pending (a train op carries its loss's run-time checks)


@dataclass(eq=False)
class MaybeNone(Obj):
    """A library answer that may be None at run time (``tf.train.latest_checkpoint``'s):
    ``x is None`` and its truth are unknown, so both ways are analysed."""


@dataclass(eq=False)
class BoundMethod(Value):
    """``receiver.name`` where the receiver's type has a modelled or user method."""

    receiver: Value
    name: str
    function: Value | None = None  # a user Function for user classes
    type_name = "method"


@dataclass(eq=False)
class Function(Value):
    """A user-defined function or lambda, closed over its defining scope."""

    node: Any  # libcst FunctionDef or Lambda
    module: Any  # frontend.interpreter.ModuleScope
    closure: dict[str, Value] | None
    name: str
    # The tf.function that wraps it (an Obj holding the input_signature), or None: a call
    # then goes through ``tf.function.__call__`` (constraints/tf/ops/functions.py).
    traced: Any = None
    # ``AutoEncoder.reconstruct`` for a method defined in a class body (Python's __qualname__,
    # as its TypeErrors name it); None elsewhere
    qualname: str | None = field(default=None, repr=False)
    type_name = "function"


@dataclass(eq=False)
class ClassVal(Value):
    """A user-defined class: methods and class attributes, plus its bases."""

    name: str
    bases: list[Value]
    attrs: dict[str, Value]
    module: Any
    # a decorator or a metaclass keyword on the class statement: calling the class may not
    # mean running its ``__init__`` with the call's arguments (dataclass, a registry, ABCMeta)
    opaque_construction: bool = False
    type_name = "class"

    def lookup(self, name: str) -> Value | None:
        if name in self.attrs:
            return self.attrs[name]
        for base in self.bases:
            if isinstance(base, ClassVal):
                found = base.lookup(name)
                if found is not None:
                    return found
        return None

    def api_bases(self) -> list[str]:
        """Canonical names of library bases (e.g. ``keras.Model``), transitively."""
        names: list[str] = []
        for base in self.bases:
            if isinstance(base, ApiRef):
                names.append(base.qualname)
            elif isinstance(base, ClassVal):
                names.extend(base.api_bases())
        return names


@dataclass(eq=False)
class Instance(Value):
    """An instance of a user class."""

    cls: ClassVal
    attrs: dict[str, Value] = field(default_factory=dict)

    @property
    def type_name(self) -> str:  # type: ignore[override]
        return self.cls.name


@dataclass(eq=False)
class ModuleVal(Value):
    """A user module imported from beside the analysed file."""

    name: str
    scope: Any
    type_name = "module"


def is_unknown(value: Value | None) -> bool:
    return value is None or value is UNKNOWN


def int_like(value: Value) -> bool:
    """A Python int, known (``Const``) or symbolic (``SymInt``); bools excluded."""
    return isinstance(value, SymInt) or (
        isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool))


def int_dim(value: Value) -> Dim:
    """The dim an ``int_like`` value stands for."""
    return value.dim if isinstance(value, SymInt) else Dim(value.value)


def dim_int(dim: Dim) -> Value:
    """A dim as the Python int a program sees (``len(x)``, ``tf.shape(x)[1]``): the inverse
    of ``int_dim``."""
    return Const(dim.value) if dim.known else SymInt(dim)


def distinct(items: list[Value]) -> Value:
    """A set of known constants, as a list in first-seen order (its length is what shapes
    depend on: ``len(set(text))`` vocabularies); a set of anything else is unknown."""
    if not all(isinstance(item, Const) for item in items):
        return UNKNOWN
    seen: dict = {}
    try:
        for item in items:
            seen.setdefault(item.value, item)  # Python's set equality: {1, 1.0, True} has one
    except TypeError:  # unhashable
        return UNKNOWN
    return Seq(list(seen.values()), "list")
