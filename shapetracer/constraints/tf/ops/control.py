"""Graph control flow: tf.while_loop, tf.cond, tf.map_fn.

References: ``tf.compat.v1.while_loop`` (control_flow_ops /
while_loop.py: ``_EnforceShapeInvariant``), ``cond`` (Switch/Merge) and
``map_fn`` in TF 2.21 graph mode.  The user functions are run once through
``ctx.call`` with abstract arguments.

- while_loop: each loop variable's shape after one iteration must be at least
  as specific as its shape invariant (by default the shape it enters with):
  "Input tensor 'zeros:0' enters the loop with shape (1, 2), but has shape
  (2, 2) after one iteration. To allow the shape to vary across iterations,
  use the `shape_invariants` argument …" (ST125).  A body result that is
  ``None`` where the entering shape is known also fails.  An invariant that
  contradicts the entering shape fails too (ST111).  Inside the body the
  variables have the invariant shapes and no known values.  These checks belong to graphs
  (TF 1, ``tf.compat.v1`` graph mode, a tf.function's trace): eager TensorFlow 2 runs the
  loop in Python and checks neither (verified under 2.15 and 2.21).
- cond: both branches run; equal dims survive, others become unknown, a rank
  difference gives an unknown rank.  The predicate must be a scalar.
- map_fn: ``fn`` sees ``elems[0]``; results are stacked on a new first axis.
  Scalars cannot be mapped over; several elems must share their first dim.

TF1 ``while_loop``/``cond`` unwrap single-element lists and TF2 ones do not;
both share one canonical name, so such results are left unknown.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import P, T, bad, ok
from shapetracer.domain.dims import statically_none
from shapetracer.constraints.core.spec import UNKNOWN, Const, Obj, OpContext, Seq, SymInt, Tensor, Value, op
from shapetracer.domain.values import is_unknown
from shapetracer.constraints.core import messages

_SHAPE_VARIES = ("To allow the shape to vary across iterations, use the `shape_invariants` argument of "
                 "tf.while_loop to specify a less-specific shape.")


def _is_seq(value: Any) -> bool:
    return isinstance(value, Seq)


def _tensor_like(value: Value) -> bool:
    return isinstance(value, (Tensor, SymInt)) or (isinstance(value, Const) and isinstance(value.value, (int, float))
                                                  and not isinstance(value.value, bool))


def _loose(t: Tensor) -> Tensor:
    """The same tensor with its values forgotten (a loop variable's value changes)."""
    return Tensor(t.shape, t.dtype, "tensor", t.origin, t.name, None)


def _tf_none(ctx: OpContext, index: int, stem: str) -> Dim:
    """A fresh dim TensorFlow sees as None (named like declared dims, see tf/graph/layers_v1)."""
    return ctx.fresh(f"{stem}.shape[{index}]")


# --- while_loop -------------------------------------------------------------------------------

class _Var:
    """One tensor loop variable: entering shape, invariant, and the value the body sees."""

    def __init__(self, ctx: OpContext, index: int, value: Value, invariant: list[Dim | None] | None):
        self.index = index
        self.tensor = ctx.tensor(value)
        self.invariant = invariant
        named = self.tensor is not None and bool(self.tensor.name)
        self.name = self.tensor.name if named else f"loop_vars[{index}]"
        self.label = f"'{self.name}'" if named else self.name  # TF quotes tensor names here

    @property
    def shape(self) -> Shape:
        return self.tensor.shape if self.tensor is not None else Shape.unknown()

    def reference(self) -> list[Dim | None] | None:
        """Per axis, what the body's result must equal (None: anything goes)."""
        if self.invariant is not None:
            return self.invariant
        if self.shape.dims is None:
            return None
        return [None if statically_none(d) else d for d in self.shape.dims]

    def body_input(self, ctx: OpContext) -> Value:
        if self.tensor is None:
            return UNKNOWN
        if self.invariant is None or self.shape.dims is None:
            return _loose(self.tensor)
        dims = [d if d is not None else _tf_none(ctx, i, f"loop_var{self.index}")
                for i, d in enumerate(self.invariant)]
        return Tensor(Shape(dims), self.tensor.dtype, "tensor", self.tensor.origin, self.tensor.name)


def _check_invariant(ctx: OpContext, var: _Var) -> bool:
    """ST111: the invariant must admit the shape the variable enters with."""
    inv, shape = var.invariant, var.shape
    if inv is None or shape.dims is None:
        return True
    message = ctx.msg("The shape invariant specified for {name} is not compatible with the initial shape of the "
                      "loop variable. It enters the loop with shape {shape:tuple}, but the specified shape "
                      "invariant is {invariant:tuple}.", name=var.name, shape=shape, invariant=inv)
    if len(inv) != shape.rank:
        ctx.fail(codes.SET_SHAPE_CONFLICT, message, [var.tensor])
        return False
    for want, have in zip(inv, shape.dims):
        if want is None:
            continue
        if statically_none(have):
            ctx.fail(codes.SET_SHAPE_CONFLICT, message, [var.tensor, want])
            return False
        if not ctx.require(have.eq(want), codes.SET_SHAPE_CONFLICT, message, [var.tensor, want, have]):
            return False
    return True


def _check_iteration(ctx: OpContext, var: _Var, result: Value) -> bool:
    """ST125: the body's result must be as specific as the reference shape."""
    after = ctx.tensor(result) if _tensor_like(result) else None
    ref = var.reference()
    if after is None or after.shape.dims is None or ref is None or var.tensor is None:
        return True
    message = ctx.msg("Input tensor {tensor} enters the loop with shape {shape:tuple}, but has shape "
                      "{after_shape:tuple} after one iteration. " + _SHAPE_VARIES, tensor=var.label, shape=var.shape,
                      after_shape=after.shape, index=var.index, named=var.label != var.name)
    if len(ref) != after.shape.rank:
        ctx.fail(codes.LOOP_INVARIANT, message, [var.tensor, after])
        return False
    for want, have in zip(ref, after.shape.dims):
        if want is None:
            continue
        if statically_none(have) and not statically_none(want):
            ctx.fail(codes.LOOP_INVARIANT, message, [var.tensor, after])
            return False
        if not ctx.require(have.eq(want), codes.LOOP_INVARIANT, message, [var.tensor, after, want, have]):
            return False
    return True


def _loop_result(ctx: OpContext, var: _Var, fed: Value, result: Value, graph: bool = True) -> Value:
    """The variable after the loop: dims the body keeps stay, the others become unknown (an
    eager loop's result has whatever size its last iteration gave)."""
    if var.tensor is None or var.shape.dims is None:
        return UNKNOWN
    after = ctx.tensor(result) if _tensor_like(result) else None
    ref = var.reference()
    fed_dims = fed.shape.dims if isinstance(fed, Tensor) and fed.shape.dims is not None else var.shape.dims
    dims = []
    for i, start in enumerate(var.shape.dims):
        body = after.shape.dims[i] if after is not None and after.shape.rank == var.shape.rank else None
        kept = body is not None and (body.same_as(start) or body.same_as(fed_dims[i]))
        if kept or (graph and ref is not None and ref[i] is not None and var.invariant is None):
            dims.append(start)
        elif not graph:
            dims.append(ctx.fresh("d", 0))
        elif var.invariant is not None and var.invariant[i] is not None:
            dims.append(var.invariant[i])
        else:
            dims.append(_tf_none(ctx, i, ctx.display))
    return ctx.result(dims, var.tensor.dtype, label="after the loop")


def _invariants(ctx: OpContext, shape_invariants: Any, count: int, single: bool) -> list[list[Dim | None] | None]:
    if ctx.is_none(shape_invariants) or is_unknown(shape_invariants):
        return [None] * count
    items = [shape_invariants] if single else (shape_invariants.items if _is_seq(shape_invariants) else None)
    if items is None or len(items) != count:
        return [None] * count
    return [None if ctx.is_none(item) else _ANY if ctx.shape_arg(item) is None else ctx.shape_arg(item)
            for item in items]


# An invariant we cannot read (an unmodelled call, say) may allow anything: that
# variable is not checked and leaves the loop with an unknown shape.
_ANY: list = ["any"]


@op("tf.while_loop")
def while_loop(ctx: OpContext, cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, name=None, maximum_iterations=None, return_same_structure=False):
    single = not _is_seq(loop_vars)
    values = [loop_vars] if single else list(loop_vars.items)
    invariants = _invariants(ctx, shape_invariants, len(values), single)
    loop = [_Var(ctx, i, v, inv) if _tensor_like(v) and inv is not _ANY else None
            for i, (v, inv) in enumerate(zip(values, invariants))]
    # Eager TensorFlow 2 runs the loop in Python: no invariant is checked, shapes may change
    graph = ctx.graph.building(ctx.target)
    for var in loop:
        if graph and var is not None and not _check_invariant(ctx, var):
            return UNKNOWN
    fed = [var.body_input(ctx) if var is not None else value for var, value in zip(loop, values)]
    ctx.call(cond, *fed)
    outcome = ctx.call(body, *fed)
    if len(values) == 1 and not _is_seq(outcome):
        results = [outcome]
    elif _is_seq(outcome) and len(outcome.items) == len(values):
        results = list(outcome.items)
    else:
        results = [UNKNOWN] * len(values)  # unknown, or a structure error that is not a shape matter
    for var, result in zip(loop, results):
        if graph and var is not None and not _check_iteration(ctx, var, result):
            return UNKNOWN
    finals = [_loop_result(ctx, var, f, r, graph) if var is not None else UNKNOWN
              for var, f, r in zip(loop, fed, results)]
    if single:
        return finals[0]
    if len(finals) == 1 and ctx.bool(return_same_structure, False) is not True:
        return UNKNOWN  # TF1 returns the tensor itself, TF2 a one-element list
    return Seq(finals, loop_vars.kind)


# --- cond -----------------------------------------------------------------------------------------

def merge_branches(ctx: OpContext, a: Value, b: Value, path: str = "") -> Value:
    """What Merge knows after either branch: shared structure, equal dims."""
    if a is b:
        return a
    if _tensor_like(a) and _tensor_like(b):
        return _merge_tensors(ctx, ctx.tensor(a), ctx.tensor(b))
    if isinstance(a, Seq) and isinstance(b, Seq) and len(a.items) == len(b.items):
        return Seq([merge_branches(ctx, x, y) for x, y in zip(a.items, b.items)], a.kind)
    if isinstance(a, Obj) and isinstance(b, Obj) and a.type_name == b.type_name and set(a.attrs) == set(b.attrs) \
            and all(_tensor_like(v) or isinstance(v, (Seq, Obj)) for v in a.attrs.values()):
        return Obj(a.type_name, {k: merge_branches(ctx, a.attrs[k], b.attrs[k]) for k in a.attrs}, ctx.site)
    return UNKNOWN


def _merge_tensors(ctx: OpContext, x: Tensor | None, y: Tensor | None) -> Value:
    if x is None or y is None:
        return UNKNOWN
    if x.shape.dims is None or y.shape.dims is None or x.shape.rank != y.shape.rank:
        return ctx.result(None, x.dtype)
    dims = [a if a.same_as(b) else _tf_none(ctx, i, ctx.display)
            for i, (a, b) in enumerate(zip(x.shape.dims, y.shape.dims))]
    if all(d is a for d, a in zip(dims, x.shape.dims)):
        return Tensor(x.shape, x.dtype, "tensor", x.origin, None, None)
    return ctx.result(dims, x.dtype, label="merged to")


@op("tf.cond")
def cond(ctx: OpContext, pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    flag = ctx.tensor(pred)
    # Graph mode's Switch needs rank 0 exactly; eager mode accepts any one-element predicate.
    graph = ctx.graph.mode
    if flag is not None and flag.shape.dims and (graph or any(d.known and d.value > 1 for d in flag.shape.dims)):
        words = (join(messages.shape_must_be_rank(0, flag.shape.rank),
                      " for 'cond/Switch' (op: 'Switch') with input shapes: {flag_shape:tf}, {flag_shape:tf}.",
                      flag_shape=flag.shape) if graph else
                 # TF 2 eager: bool() of the predicate; inside a tf.function the If kernel at run time
                 Message("The truth value of an array with more than one element is ambiguous. Use a.any() or "
                         "a.all() (predicate of shape {flag_shape:tf}; inside a tf.function: The second input must "
                         "be a scalar, but it has shape {flag_shape:tf})", flag_shape=flag.shape))
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(words), [flag])
        return UNKNOWN
    first = true_fn if not ctx.is_none(true_fn) else fn1
    second = false_fn if not ctx.is_none(false_fn) else fn2
    if ctx.is_none(first) or ctx.is_none(second):
        return UNKNOWN
    merged = merge_branches(ctx, ctx.call(first), ctx.call(second))
    if isinstance(merged, Seq) and len(merged.items) == 1 and ctx.bool(strict, False) is not True:
        return UNKNOWN  # TF1 unwraps a one-element list, TF2 keeps it
    return merged


# --- map_fn -----------------------------------------------------------------------------------------

def _leaves(value: Value) -> list[Value]:
    return [leaf for item in value.items for leaf in _leaves(item)] if isinstance(value, Seq) else [value]


def _slice(value: Value) -> Value:
    """One element of ``elems``: every tensor without its first axis."""
    if isinstance(value, Seq):
        return Seq([_slice(item) for item in value.items], value.kind)
    if isinstance(value, Tensor) and value.shape.dims:
        return Tensor(Shape(value.shape.dims[1:]), value.dtype, "tensor", value.origin)
    return UNKNOWN


def _stack(ctx: OpContext, value: Value, count: Dim) -> Value:
    if isinstance(value, Seq):
        return Seq([_stack(ctx, item, count) for item in value.items], value.kind)
    if _tensor_like(value):
        t = ctx.tensor(value)
        if t is not None and t.shape.dims is not None:
            return ctx.result([count] + list(t.shape.dims), t.dtype, label="mapped to")
    return UNKNOWN


@op("tf.map_fn")
def map_fn(ctx: OpContext, fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False,
           infer_shape=True, name=None, fn_output_signature=None):
    tensors = [ctx.tensor(leaf) if _tensor_like(leaf) else None for leaf in _leaves(elems)]
    if not tensors or any(t is None or t.shape.dims is None for t in tensors):
        ctx.call(fn, _slice(elems))
        return UNKNOWN
    if any(t.shape.rank == 0 for t in tensors):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Elements in elems must be 1+ dimensional Tensors, not scalars"),
                 [t for t in tensors if t.shape.rank == 0])
        return UNKNOWN
    count = tensors[0].shape.dims[0]
    for t in tensors[1:]:
        other = t.shape.dims[0]
        if not ctx.require(other.eq(count), codes.SHAPE_REQUIREMENT,
                           ctx.msg("Dimensions {a} and {b} are not compatible (first dimension of every elems "
                                   "tensor)", a=count, b=other), [count, other, t, tensors[0]]):
            return UNKNOWN
    return _stack(ctx, ctx.call(fn, _slice(elems)), count)


def _grows(x: Value) -> Value:
    """An example loop body that doubles its variable's rows each iteration."""
    return T(2, 2)


EXAMPLES = [
    bad("tf.while_loop", lambda *a: Const(True), _grows, T(1, 2), code=codes.LOOP_INVARIANT,
        message="Input tensor loop_vars[0] enters the loop with shape (1, 2), but has", target="1.15"),
    ok("tf.while_loop", lambda *a: Const(True), _grows, T(1, 2), shape_invariants=[None, 2], expect=[None, 2], target="1.15"),
    ok("tf.while_loop", lambda *a: Const(True), _grows, T(1, 2), expect=[None, 2]),  # eager TF 2: a Python loop
    # Example hosts run no user code: body/cond/fn results are unknown here.
    ok("tf.while_loop", UNKNOWN, UNKNOWN, [T(), P(None, 2)], expect=([], [None, 2]), target="1.15"),
    ok("tf.while_loop", UNKNOWN, UNKNOWN, P(None, 2), expect=[None, 2], target="1.15"),
    ok("tf.while_loop", UNKNOWN, UNKNOWN, T(1, 2), shape_invariants=Seq([Const(None), Const(2)]), expect=[None, 2], target="1.15"),
    ok("tf.while_loop", UNKNOWN, UNKNOWN, [0, T(1, 2)], shape_invariants=[[], [None, 2]], expect=([], [None, 2]), target="1.15"),
    ok("tf.while_loop", UNKNOWN, UNKNOWN, [T(1, 2)], shape_invariants=[[None, 2]], return_same_structure=True,
       expect=([None, 2],), target="1.15"),
    bad("tf.while_loop", UNKNOWN, UNKNOWN, [T(), T(1, 2)], shape_invariants=[[], [3, 2]], code=codes.SET_SHAPE_CONFLICT,
        message="The shape invariant specified for loop_vars[1] is not compatible with", target="1.15"),
    bad("tf.while_loop", UNKNOWN, UNKNOWN, [T(), T(1, 2)], shape_invariants=[[], [None]], code=codes.SET_SHAPE_CONFLICT,
        message="The shape invariant specified for loop_vars[1] is not compatible with", target="1.15"),
    bad("tf.while_loop", UNKNOWN, UNKNOWN, P(None, 2), shape_invariants=Seq([Const(5), Const(2)]), code=codes.SET_SHAPE_CONFLICT,
        message="The shape invariant specified for x:0 is not compatible with the", target="1.15"),
    ok("tf.cond", T(dtype="bool"), UNKNOWN, UNKNOWN, expect=UNKNOWN),
    ok("tf.cond", P(1, dtype="bool"), UNKNOWN, UNKNOWN, expect=UNKNOWN),
    ok("tf.cond", T(dtype="bool"), fn1=UNKNOWN, fn2=UNKNOWN, expect=UNKNOWN),
    bad("tf.cond", T(2, dtype="bool"), UNKNOWN, UNKNOWN, code=codes.RANK_MISMATCH,
        message="The truth value of an array with more than one element is ambiguous"),  # eager TF 2
    ok("tf.map_fn", UNKNOWN, T(None, 3), expect=UNKNOWN),
    ok("tf.map_fn", UNKNOWN, [T(5, 3), T(5, 2)], expect=UNKNOWN),
    bad("tf.map_fn", UNKNOWN, T(), code=codes.RANK_MISMATCH,
        message="Elements in elems must be 1+ dimensional Tensors, not scalars"),
    bad("tf.map_fn", UNKNOWN, (T(5, 3), T(4, 3)), code=codes.SHAPE_REQUIREMENT,
        message="Dimensions 5 and 4 are not compatible"),
]
