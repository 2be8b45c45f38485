"""Python's data model over abstract values: attributes, indexing, operators, truth, iteration.

What ``owner.name``, ``owner[index]``, ``left + right`` or ``for x in value`` give, once
the operands are values (the syntax is ``expressions.py``'s).  Arithmetic on known
numbers is computed; on symbolic ints it builds dim terms; as soon as a tensor is
involved, the operator becomes an op spec (``operator.add`` ...) so shapes are checked
exactly as for ``tf.add``.
"""

from __future__ import annotations

import operator as pyop
from pathlib import PurePath
from typing import Callable

import libcst as cst

from shapetracer.constraints.core import api_changes
from shapetracer.constraints.core.paths import made, path_attribute
from shapetracer.constraints.core.spec import SPECS
from shapetracer.domain.dims import Dim, Shape
from shapetracer.domain.state import merge_all
from shapetracer.domain.values import (
    UNKNOWN, ApiRef, BoundMethod, ClassVal, Const, DictVal, Function, Instance, MaybeNone, ModuleVal, Obj, Seq,
    ShapeVal,
    SliceVal, SymInt, Tensor, Value, dim_int, int_dim, int_like,
)
from shapetracer.frontend.calls import Calls
from shapetracer.frontend.functions import Functions
from shapetracer.frontend.names import CONSTANTS, child
from shapetracer.frontend.reporting import Reporter
from shapetracer.frontend.run import Run

_BINARY_SPEC = {
    "Add": "operator.add", "Subtract": "operator.sub", "Multiply": "operator.mul",
    "Divide": "operator.truediv", "FloorDivide": "operator.floordiv", "Modulo": "operator.mod",
    "Power": "operator.pow", "MatrixMultiply": "operator.matmul", "BitAnd": "operator.and_",
    "BitOr": "operator.or_", "BitXor": "operator.xor",
}
_PY_BINARY = {
    "Add": pyop.add, "Subtract": pyop.sub, "Multiply": pyop.mul, "Divide": pyop.truediv,
    "FloorDivide": pyop.floordiv, "Modulo": pyop.mod, "BitAnd": pyop.and_, "BitOr": pyop.or_,
    "BitXor": pyop.xor, "LeftShift": pyop.lshift, "RightShift": pyop.rshift,
}
_COMPARE_SPEC = {
    "Equal": "operator.eq", "NotEqual": "operator.ne", "LessThan": "operator.lt",
    "GreaterThan": "operator.gt", "LessThanEqual": "operator.le", "GreaterThanEqual": "operator.ge",
}
_PY_COMPARE = {
    "Equal": pyop.eq, "NotEqual": pyop.ne, "LessThan": pyop.lt, "GreaterThan": pyop.gt,
    "LessThanEqual": pyop.le, "GreaterThanEqual": pyop.ge,
}
MAX_SEQUENCE = 100_000  # longer literal sequences are summarised as unknown
COMPREHENSION_UNROLL = 1024  # items a flat comprehension may expand; also a string's iterated length


class Operations:
    """The operations of Python's data model on abstract values, for every part that needs them."""

    def __init__(self, run: Run, reporter: Reporter, calls: Calls, functions: Functions):
        self.run = run
        self.reporter = reporter
        self.calls = calls
        self.functions = functions

    def reflect(self, func: Value, args: list[Value], node: cst.CSTNode) -> Value | None:
        """``hasattr(tf, "placeholder")`` and ``getattr(tf, "placeholder", default)`` on a
        TF/Keras module: answered by the target's API model, so a branch guarded by a name
        the target lacks is not run, and a getattr with a default raises nothing.  None for
        any other call."""
        if not (isinstance(func, ApiRef) and func.qualname in ("builtins.hasattr", "builtins.getattr")
                and len(args) >= 2 and isinstance(args[0], ApiRef) and args[0].spelled is not None
                and isinstance(args[1], Const) and isinstance(args[1].value, str)):
            return None
        owner, name = args[0], args[1].value
        present = api_changes.has_attribute(owner.spelled, name, self.run.target)
        if func.qualname == "builtins.hasattr":
            return UNKNOWN if present is None else Const(present)
        if present is False and len(args) >= 3:
            return args[2]
        return self.attribute(owner, name, node)  # no default: as ``owner.name`` (it raises)

    def attribute(self, owner: Value, name: str, node: cst.CSTNode) -> Value:
        if isinstance(owner, ApiRef):
            if owner.qualname.endswith("FLAGS") and owner.qualname != "FLAGS":
                return self.run.flags.get(name, UNKNOWN)
            qualname = child(owner.qualname, name)
            if qualname in CONSTANTS:
                return Const(CONSTANTS[qualname])
            if owner.spelled is None:
                return ApiRef(qualname)
            self.reporter.check_api(api_changes.missing_attribute(owner.spelled, name, self.run.target), node)
            return ApiRef(qualname, f"{owner.spelled}.{name}")
        if isinstance(owner, ModuleVal):
            return owner.scope.globals.get(name, UNKNOWN)
        if isinstance(owner, Tensor):
            return self.tensor_attribute(owner, name, node)
        if isinstance(owner, ShapeVal):
            if name in ("ndims", "rank"):
                return Const(owner.shape.rank)
            return BoundMethod(owner, name)
        if isinstance(owner, Instance):
            if name in owner.attrs:
                return owner.attrs[name]
            found = owner.cls.lookup(name)
            if isinstance(found, Function):
                kind = _method_kind(found)
                if kind == "staticmethod":
                    return found
                if kind == "property":  # ``dataset.num_classes``: the getter's result
                    return self.functions.call_function(found, [owner], {})
                return BoundMethod(owner.cls if kind == "classmethod" else owner, name, found)
            if found is not None:
                return found
            return BoundMethod(owner, name) if owner.cls.api_bases() else UNKNOWN
        if isinstance(owner, ClassVal):
            found = owner.lookup(name)
            if isinstance(found, Function) and _method_kind(found) == "classmethod":
                return BoundMethod(owner, name, found)
            return found if found is not None else UNKNOWN
        if isinstance(owner, Obj):
            if name in owner.attrs:
                return owner.attrs[name]
            return BoundMethod(owner, name)
        if isinstance(owner, Const) and isinstance(owner.value, PurePath):
            found = path_attribute(owner.value, name)  # pathlib's .parent, .name (constraints/core/paths.py)
            return found if found is not None else BoundMethod(owner, name)
        if isinstance(owner, (Seq, DictVal, Const)):
            return BoundMethod(owner, name)
        return UNKNOWN

    def tensor_attribute(self, tensor: Tensor, name: str, node: cst.CSTNode) -> Value:
        if name == "shape":
            return ShapeVal(tensor.shape, numpy=tensor.is_numpy)
        if name == "ndim":
            return Const(tensor.shape.rank) if tensor.shape.rank is not None else UNKNOWN
        if name == "size" and tensor.is_numpy:
            total = tensor.shape.num_elements()
            return UNKNOWN if total is None else dim_int(total)
        if name == "dtype":
            return ApiRef(f"{'np' if tensor.is_numpy else 'tf'}.{tensor.dtype}") if tensor.dtype else UNKNOWN
        if name == "name":
            return Const(tensor.name) if tensor.name else UNKNOWN
        if name == "op" and tensor.name:  # var.op.name: the name without its ":0"
            return Obj("tf.Operation", {"name": Const(tensor.name.rsplit(":", 1)[0])})
        if name == "T" and tensor.is_numpy:
            return self.calls.call_bound(BoundMethod(tensor, "T"), [], {}, node)
        return BoundMethod(tensor, name)

    def subscript(self, owner: Value, index: Value, node: cst.CSTNode) -> Value:
        if isinstance(owner, Seq):
            return _index_sequence(owner, index)
        if isinstance(owner, DictVal):
            found = owner.get(index)
            return found if found is not None else UNKNOWN
        if isinstance(owner, ShapeVal):
            return _index_shape(owner, index)
        if isinstance(owner, Tensor):
            return self.calls.call_api("operator.getitem", [owner, index], {}, node)
        if isinstance(owner, Obj):
            return self.calls.call_api(f"{owner.type_name}.__getitem__", [owner, index], {}, node, quiet=True)
        if isinstance(owner, Instance):
            method = owner.cls.lookup("__getitem__")
            if isinstance(method, Function):
                return self.functions.call_function(method, [owner, index], {})
        return UNKNOWN

    def object_item(self, owner: Obj, hook: str, index: Callable[[], Value], extra: list[Value],
                    node: cst.CSTNode) -> None:
        """``obj[key] = value`` / ``del obj[key]`` on a library object whose type models the
        hook (a pandas DataFrame gains or loses a column).  The object is shared by every
        path, so the hook is told when this branch may not run.  ``index`` evaluates the
        key, only when the hook is modelled."""
        name = f"{owner.type_name}.{hook}"
        if name in SPECS:
            self.calls.call_api(name, [owner, index(), *extra], {"undecided": Const(self.run.undecided > 0)}, node,
                                quiet=True)

    def binary(self, op_name: str, left: Value, right: Value, node: cst.CSTNode) -> Value:
        if op_name == "Modulo" and isinstance(left, Const) and isinstance(left.value, str):
            operands = right.items if isinstance(right, Seq) and right.kind == "tuple" else [right]
            if any(isinstance(v, Tensor) for v in operands):  # "%.4f" % loss needs a scalar
                return self.calls.call_api("operator.mod", [left, right], {}, node)
        if isinstance(left, (Tensor,)) or isinstance(right, (Tensor,)):
            spec = _BINARY_SPEC.get(op_name)
            if spec is None or not (_tensorish(left) and _tensorish(right)):
                return UNKNOWN
            if spec == "operator.matmul" and not any(isinstance(v, Tensor) and not v.is_numpy
                                                     for v in (left, right)):
                spec = "np.matmul"  # numpy's @ accepts vectors, unlike tf.matmul
            return self.calls.call_api(spec, [left, right], {}, node)
        if isinstance(left, ShapeVal) and left.numpy:
            left = _shape_tuple(left)
        if isinstance(right, ShapeVal) and right.numpy:
            right = _shape_tuple(right)
        if isinstance(left, Seq) or isinstance(right, Seq):
            return _sequence_binary(op_name, left, right)
        if int_like(left) and int_like(right):
            return _int_binary(op_name, left, right)
        if isinstance(left, Const) and isinstance(right, Const):
            return _const_binary(op_name, left.value, right.value, (left, right))
        return UNKNOWN

    def unary(self, op_name: str, operand: Value, node: cst.CSTNode) -> Value:
        if op_name == "Not":
            truth = truth_of(operand)
            return UNKNOWN if truth is None else Const(not truth)
        if isinstance(operand, Tensor):
            spec = {"Minus": "operator.neg", "Plus": "operator.pos", "BitInvert": "operator.invert"}[op_name]
            return self.calls.call_api(spec, [operand], {}, node)
        if isinstance(operand, SymInt) and op_name == "Minus":
            return SymInt(Dim(0) - operand.dim)
        if isinstance(operand, Const) and isinstance(operand.value, (int, float)) \
                and not isinstance(operand.value, bool) or isinstance(operand, Const) and op_name == "BitInvert":
            try:
                return Const({"Minus": pyop.neg, "Plus": pyop.pos, "BitInvert": pyop.invert}[op_name](operand.value))
            except Exception:
                return UNKNOWN
        return UNKNOWN

    def compare(self, op_name: str, left: Value, right: Value, node) -> Value:
        if op_name in ("Is", "IsNot"):
            same = _identity(left, right)
            if same is None:
                return UNKNOWN
            return Const(same if op_name == "Is" else not same)
        if op_name in ("In", "NotIn"):
            found = _membership(left, right)
            if found is None:
                return UNKNOWN
            return Const(found if op_name == "In" else not found)
        if isinstance(left, Tensor) or isinstance(right, Tensor):
            if _tensorish(left) and _tensorish(right):
                return self.calls.call_api(_COMPARE_SPEC[op_name], [left, right], {}, node)
            return UNKNOWN
        if isinstance(left, Const) and isinstance(right, Const):
            try:
                return Const(_PY_COMPARE[op_name](left.value, right.value))
            except Exception:
                return UNKNOWN
        if int_like(left) and int_like(right):
            a, b = int_dim(left), int_dim(right)
            decided = {"Equal": a.eq, "NotEqual": a.ne, "LessThan": a.lt, "GreaterThan": a.gt,
                       "LessThanEqual": a.le, "GreaterThanEqual": a.ge}[op_name](b)
            return Const(decided) if isinstance(decided, bool) else UNKNOWN
        return UNKNOWN

    def iteration_items(self, value: Value) -> list[Value] | None:
        """The exact items of an iterable, when they are known and few."""
        if isinstance(value, Seq):
            return list(value.items) if value.sized else None
        if isinstance(value, ShapeVal) and value.shape.dims is not None:
            return _index_shape_items(value)
        if isinstance(value, DictVal):
            return [k for k, _ in value.entries]
        if isinstance(value, Const) and isinstance(value.value, str) and len(value.value) <= COMPREHENSION_UNROLL:
            return [Const(c) for c in value.value]
        if isinstance(value, Tensor) and value.elements is not None:
            return list(value.elements)
        if isinstance(value, Obj):
            if f"{value.type_name}.__iter__" in SPECS:
                items = self.calls.call_api(f"{value.type_name}.__iter__", [value], {}, self.run.scope.module)
                return list(items.items) if isinstance(items, Seq) else None
            return None
        if isinstance(value, Tensor) and value.shape.dims and value.shape.dims[0].known \
                and value.shape.dims[0].value <= 16:
            row = self.iteration_element(value)
            return [row] * value.shape.dims[0].value
        return None

    def iteration_element(self, value: Value) -> Value:
        """One abstract element standing for every item of an unknown iterable."""
        if isinstance(value, Seq) and value.items:
            return merge_all(value.items)
        if isinstance(value, Obj) and value.type_name == "builtins.range":
            return SymInt(Dim.fresh("i", None))
        if isinstance(value, Obj) and value.type_name == "generator":
            return value.attrs.get("element", UNKNOWN)
        if isinstance(value, Obj) and "element_spec" in value.attrs:  # tf.data datasets, Keras data iterators
            return value.attrs.get("iterated_element", value.attrs["element_spec"])
        if isinstance(value, Tensor) and value.shape.dims:
            return Tensor(type(value.shape)(value.shape.dims[1:]), value.dtype,
                          "ndarray" if value.is_numpy else "tensor", value.origin)
        return UNKNOWN


def truth_of(value: Value) -> bool | None:
    """Python's truth of a value: True, False, or None when it cannot be told."""
    if isinstance(value, Const):
        try:
            return bool(value.value)
        except Exception:
            return None
    if isinstance(value, Seq):
        return bool(value.items) if value.kind == "tuple" or value.items else None
    if isinstance(value, SymInt):
        result = value.dim.ne(0)
        return result if isinstance(result, bool) else None
    if isinstance(value, (Function, ClassVal, ModuleVal)):
        return True
    if isinstance(value, ApiRef):
        return True if not value.qualname.endswith("FLAGS") else None
    return None


def _method_kind(function: Function) -> str | None:
    """"staticmethod" or "classmethod" for a method so decorated (it takes no instance);
    "property" for a getter whose one decorator is ``property`` (or ``cached_property``):
    reading the attribute calls it.  A getter under further decorators (``abstractmethod``,
    a cache of the user's) stays a method: what it returns is not certain."""
    decorators = getattr(function.node, "decorators", ())
    for decorator in decorators:
        if isinstance(decorator.decorator, cst.Name) and decorator.decorator.value in ("staticmethod", "classmethod"):
            return decorator.decorator.value
    if len(decorators) == 1:
        spelled = decorators[0].decorator
        name = spelled.value if isinstance(spelled, cst.Name) else \
            spelled.attr.value if isinstance(spelled, cst.Attribute) and isinstance(spelled.value, cst.Name) \
            and spelled.value.value == "functools" else None
        if name in ("property", "cached_property"):
            return "property"
    return None


def _tensorish(value: Value) -> bool:
    return isinstance(value, (Tensor, SymInt)) or (
        isinstance(value, Const) and isinstance(value.value, (int, float, bool))) or isinstance(value, Seq)




def _int_binary(op_name: str, left: Value, right: Value) -> Value:
    if isinstance(left, Const) and isinstance(right, Const):
        return _const_binary(op_name, left.value, right.value)
    a, b = int_dim(left), int_dim(right)
    if op_name == "Add":
        return SymInt(a + b)
    if op_name == "Subtract":
        return SymInt(a - b)
    if op_name == "Multiply":
        return SymInt(a * b)
    if op_name == "FloorDivide" and b.known and b.value > 0:
        return SymInt(a.floordiv(b))
    if op_name == "Modulo" and b.known and b.value > 0:
        return SymInt(a.mod(b))
    return UNKNOWN


def _const_binary(op_name: str, a, b, operands: tuple[Value, ...] = ()) -> Value:
    if op_name == "Power":
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(b) <= 64 and abs(a) < 1e6:
            try:
                return Const(a ** b)
            except Exception:
                return UNKNOWN
        return UNKNOWN
    if op_name == "Multiply" and (isinstance(a, str) or isinstance(b, str)):
        count = b if isinstance(a, str) else a
        if not isinstance(count, int) or count > 10_000:
            return UNKNOWN
    if op_name == "Modulo" and isinstance(a, str):
        return UNKNOWN
    if op_name in ("LeftShift",) and isinstance(b, int) and b > 64:
        return UNKNOWN
    fn = _PY_BINARY.get(op_name)
    if fn is None:
        return UNKNOWN
    try:
        return made(fn(a, b), *operands)  # "a" + args.data: still the command line's
    except Exception:
        return UNKNOWN


def _sequence_binary(op_name: str, left: Value, right: Value) -> Value:
    if any(isinstance(v, Seq) and not v.sized for v in (left, right)):
        return UNKNOWN
    if op_name == "Add" and isinstance(left, Seq) and isinstance(right, Seq):
        return Seq(left.items + right.items, left.kind)
    if op_name == "Multiply":
        seq, count = (left, right) if isinstance(left, Seq) else (right, left)
        if isinstance(seq, Seq) and isinstance(count, Const) and isinstance(count.value, int) \
                and 0 <= count.value * max(len(seq.items), 1) <= MAX_SEQUENCE:
            return Seq(seq.items * count.value, seq.kind)
    return UNKNOWN


def _identity(left: Value, right: Value) -> bool | None:
    if left is right:
        return True
    left_none = isinstance(left, Const) and left.value is None
    right_none = isinstance(right, Const) and right.value is None
    if left_none and right_none:
        return True
    if left_none or right_none:
        other = right if left_none else left
        if other is UNKNOWN or isinstance(other, (BoundMethod, MaybeNone)):
            return None
        if isinstance(other, Const) and other.value is None:
            return True
        return False
    return None


def _index_sequence(owner: Seq, index: Value) -> Value:
    if not owner.sized:
        return UNKNOWN  # its items are examples, not positions
    if isinstance(index, Const) and isinstance(index.value, int) and not isinstance(index.value, bool):
        if -len(owner.items) <= index.value < len(owner.items):
            return owner.items[index.value]
        return UNKNOWN
    if isinstance(index, SliceVal):
        bounds = []
        for part in (index.start, index.stop, index.step):
            if isinstance(part, Const) and (part.value is None or isinstance(part.value, int)):
                bounds.append(part.value)
            else:
                return UNKNOWN
        try:
            return Seq(owner.items[slice(*bounds)], owner.kind)
        except ValueError:
            return UNKNOWN
    return UNKNOWN


def _dim_value(dim: Dim, numpy: bool) -> Value:
    if dim.known:
        return Const(dim.value)
    return SymInt(dim) if numpy else Const(None)


def _index_shape_items(shape: ShapeVal) -> list[Value]:
    return [_dim_value(d, shape.numpy) for d in shape.shape.dims]


def _index_shape(owner: ShapeVal, index: Value) -> Value:
    if owner.shape.dims is None:
        return UNKNOWN
    if isinstance(index, Const) and isinstance(index.value, int):
        if -len(owner.shape.dims) <= index.value < len(owner.shape.dims):
            return _dim_value(owner.shape.dims[index.value], owner.numpy)
        return UNKNOWN
    if isinstance(index, SliceVal):
        sliced = _index_sequence(Seq(list(owner.shape.dims), "tuple"), index)  # type: ignore[arg-type]
        if isinstance(sliced, Seq):
            return ShapeVal(Shape(sliced.items), owner.numpy)  # type: ignore[arg-type]
    return UNKNOWN


def _shape_tuple(shape: ShapeVal) -> Value:
    if shape.shape.dims is None:
        return UNKNOWN
    return Seq(_index_shape_items(shape), "tuple")


def _membership(item: Value, container: Value) -> bool | None:
    """``item in container`` when both are known constants (a checkpoint key in a dict
    of arrays, a mode in a tuple of names); None when it cannot be told."""
    if not isinstance(item, Const):
        return None
    if isinstance(container, DictVal):
        keys = [k for k, _ in container.entries]
    elif isinstance(container, Seq) and container.sized:
        keys = list(container.items)
    elif isinstance(container, Const) and isinstance(container.value, str) and isinstance(item.value, str):
        return item.value in container.value
    else:
        return None
    if not all(isinstance(k, Const) for k in keys):
        return None
    try:
        return any(k.value == item.value for k in keys)
    except Exception:
        return None

