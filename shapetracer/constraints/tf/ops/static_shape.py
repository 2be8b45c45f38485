"""Shapes asserted against shapes: Tensor.set_shape, tf.ensure_shape, and
assignment into variables (tf.assign, Variable.assign/assign_add/assign_sub).

Reference: TensorFlow's InferenceContext::Merge, which all of these use (the
Python TensorShape.merge_with for set_shape, the EnsureShape and Assign shape
functions otherwise).  TF 2.21 wording: "Shapes must be equal rank, but are 2
and 3", "Dimension 0 in both shapes must be equal, but are 480 and 478.
Shapes are [480,720,3] and [478,717,3]."; ensure_shape words a rank clash
"Shape must be rank 3 but is rank 2".

set_shape only merges static knowledge (no run-time check), so it fails only
on known dims that differ; it returns the refined tensor, which the
interpreter rebinds to the receiver.  A symbolic dim it pins down is also
assumed equal to the new value on this path (when that is consistent), so
other tensors sharing the symbol are refined too.  ensure_shape and assign do
check at run time, so their equalities are requirements.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.common import merge_shapes
from shapetracer.domain.dims import Dim, Shape
from shapetracer.rules.message import Message
from shapetracer.constraints.core.examples import A, ANY, T, bad, ok
from shapetracer.domain.facts import Verdict
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, ShapeVal, Tensor
from shapetracer.constraints.core.solver import judge
from shapetracer.constraints.core import messages
from shapetracer.constraints.tf.graph.ref_variables import reference_variables


def _requested(ctx: OpContext, shape) -> Shape | None:
    """A shape argument with unknown entries as fresh dims; None for TensorShape(None)."""
    if ctx.is_none(shape):
        return None
    dims = ctx.shape_arg(shape)
    if dims is None:
        return None
    return Shape(d if d is not None else ctx.fresh("d", 0) for d in dims)


# --- set_shape / ensure_shape ----------------------------------------------------

@op("Tensor.set_shape")
def set_shape(ctx: OpContext, self, shape):
    x = ctx.tensor(self)
    wanted = _requested(ctx, shape)
    if x is None or wanted is None:
        return x if x is not None else ctx.unknown_tensor()
    merged = merge_shapes(ctx, codes.SET_SHAPE_CONFLICT, x.shape, wanted, [x], runtime_checked=False)
    if merged is None:
        return ctx.unknown_tensor(x.dtype)
    if x.shape.dims is not None:
        for old, new in zip(x.shape.dims, merged.dims):
            if not old.known and new.known:
                _assume(ctx, old, new)
    return ctx.result(merged, x.dtype, label="shape set to", kind=x.kind, name=x.name, elements=x.elements)


def _assume(ctx: OpContext, old: Dim, new: Dim) -> None:
    """Record ``old == new`` on this path unless the path already rules it out."""
    cond = old.eq(new)
    if isinstance(cond, bool):
        return
    judgement = judge(ctx.host.facts, cond, ctx.host.limits, False)
    if judgement.verdict in (Verdict.HOLDS, Verdict.SATISFIABLE, Verdict.MAY_FAIL):
        ctx.host.facts = ctx.host.facts.add(cond, ctx.site, "set_shape assumes", old.origins | new.origins)


@op("tf.ensure_shape")
def ensure_shape(ctx: OpContext, x, shape, name=None):
    value = ctx.tensor(x)
    wanted = _requested(ctx, shape)
    if value is None or wanted is None:
        return value if value is not None else ctx.unknown_tensor()
    if value.shape.dims is not None and value.shape.rank != wanted.rank:
        ctx.fail(codes.SET_SHAPE_CONFLICT, ctx.msg(messages.shape_must_be_rank(wanted.rank, value.shape.rank)),
                 [value])
        return ctx.unknown_tensor(value.dtype)
    merged = merge_shapes(ctx, codes.SET_SHAPE_CONFLICT, wanted, value.shape, [value])
    if merged is None:
        return ctx.unknown_tensor(value.dtype)
    # Prefer the input's own dims where they are the ones that are known.
    if value.shape.dims is not None:
        merged = Shape(v if v.known or not m.known else m for v, m in zip(value.shape.dims, merged.dims))
    return ctx.result(merged, value.dtype, label="ensured as", elements=value.elements)


# --- assignment --------------------------------------------------------------------

def _assign(ctx: OpContext, ref, value, validate: bool = True, update: bool = False,
            python_check: bool = True) -> Tensor:
    """``update``: assign_add/assign_sub.  A resource variable (TensorFlow 2, unless
    disable_v2_behavior made reference variables) compares shapes in Python before any op:
    "Cannot assign value to variable ' w:0': Shape mismatch.The variable shape (3, 2), and
    the assigned value shape (2, 3) are incompatible."; its eager assign_add kernel says
    "Cannot update variable with shape [3,2] using a Tensor with shape [2,3], shapes must be
    equal."  A reference variable, and an update built in a graph, fail in the Assign op's
    shape function (verified under 1.15, 2.15 and 2.21)."""
    target, source = ctx.tensor(ref), ctx.tensor(value)
    if target is None or source is None:
        return ctx.same_shape(target) if target is not None else ctx.unknown_tensor()
    if not validate:
        return ctx.same_shape(source, target.dtype)
    resource = python_check and target.kind == "variable" and not reference_variables(ctx)
    if resource and not update:
        message = ctx.msg("Cannot assign value to variable ' {name}': Shape mismatch.The variable shape "
                          "{shape_a:keras}, and the assigned value shape {shape_b:keras} are incompatible.",
                          name=target.name or "Variable:0", shape_a=target.shape, shape_b=source.shape)
    elif resource and not ctx.graph.mode:
        message = ctx.msg("Cannot update variable with shape {shape_a:tf} using a Tensor with shape {shape_b:tf}, "
                          "shapes must be equal.", shape_a=target.shape, shape_b=source.shape)
    else:
        message = None
    if message is not None:
        if not equal_shapes(ctx, codes.ASSIGN_SHAPE, target.shape, source.shape, message, [target, source]):
            return ctx.unknown_tensor(target.dtype)
    elif merge_shapes(ctx, codes.ASSIGN_SHAPE, target.shape, source.shape, [target, source]) is None:
        return ctx.unknown_tensor(target.dtype)
    return ctx.same_shape(target)


def equal_shapes(ctx: OpContext, code: str, want: Shape, have: Shape, message: Message, involved: list) -> bool:
    """Shapes that must be equal, dim by dim, all reported with one message; False after a
    definite failure."""
    if want.dims is None or have.dims is None:
        return True
    if len(want.dims) != len(have.dims) or any(a.known and b.known and a.value != b.value
                                               for a, b in zip(want.dims, have.dims)):
        ctx.fail(code, message, involved)
        return False
    return all(ctx.require(a.eq(b), code, message, involved + [a, b])
               for a, b in zip(want.dims, have.dims))


@op("tf.assign")
def assign(ctx: OpContext, ref, value, validate_shape=None, use_locking=None, name=None):
    return _assign(ctx, ref, value, ctx.bool(validate_shape, True) is not False)


@op("tf.assign_add", "tf.assign_sub")
def assign_add(ctx: OpContext, ref, value, use_locking=None, name=None):
    return _assign(ctx, ref, value, update=True)


@op("Variable.load")
def variable_load(ctx: OpContext, self, value, session=None):
    """``v.load(array, sess)`` assigns through a feed: the array must have v's shape."""
    return _assign(ctx, self, value, python_check=False)


@op("Variable.assign")
def variable_assign(ctx: OpContext, self, value, use_locking=False, name=None, read_value=True):
    return _assign(ctx, self, value)


@op("Variable.assign_add", "Variable.assign_sub")
def variable_assign_add(ctx: OpContext, self, delta, use_locking=False, name=None, read_value=True):
    return _assign(ctx, self, delta, update=True)


@op("tf.TensorShape")
def tensor_shape(ctx: OpContext, dims):
    """``tf.TensorShape([None, 2])``: a static shape value (None dims stay unknown)."""
    if ctx.is_none(dims):
        return ShapeVal(Shape.unknown())
    entries = ctx.shape_arg(dims)
    if entries is None:
        return UNKNOWN
    return ShapeVal(Shape(d if d is not None else ctx.fresh("d") for d in entries))


EXAMPLES = [
    bad("Variable.load", T(12, kind="variable"), A(10), code=codes.ASSIGN_SHAPE,
        message="Dimension 0 in both shapes must be equal, but are 12 and 10"),
    ok("Variable.load", T(12, kind="variable"), A(12), expect=[12]),
    ok("tf.TensorShape", [None, 2], expect=ANY),  # a TensorShape, not a tensor: shapes only describe tensors
    ok("Tensor.set_shape", T(None, 720, 3), [480, 720, 3], expect=[480, 720, 3]),
    ok("Tensor.set_shape", T(rank_unknown=True), [None, 28, 28, 1], expect=[None, 28, 28, 1]),
    ok("Tensor.set_shape", T(None, 720), [5, None], expect=[5, 720]),
    ok("Tensor.set_shape", T(2, 3), None, expect=[2, 3]),
    bad("Tensor.set_shape", T(480, 720, 3), [478, 717, 3], code=codes.SET_SHAPE_CONFLICT,
        message="Dimension 0 in both shapes must be equal, but are 480 and 478"),
    bad("Tensor.set_shape", T(480, 720), [480, 720, 3], code=codes.SET_SHAPE_CONFLICT,
        message="Shapes must be equal rank, but are 2 and 3"),
    bad("Tensor.set_shape", T(None, 10), [None, 12], code=codes.SET_SHAPE_CONFLICT,
        message="Dimension 1 in both shapes must be equal, but are 10 and 12"),
    ok("tf.ensure_shape", T(None, 10), [5, None], expect=[5, 10]),
    ok("tf.ensure_shape", T(2, 3), [2, 3], expect=[2, 3]),
    ok("tf.ensure_shape", T(rank_unknown=True), [None, 3], expect=[None, 3]),
    bad("tf.ensure_shape", T(2, 3), [2, 4], code=codes.SET_SHAPE_CONFLICT,
        message="Dimension 1 in both shapes must be equal, but are 4 and 3"),
    bad("tf.ensure_shape", T(2, 3), [2, 3, 1], code=codes.SET_SHAPE_CONFLICT,
        message="Shape must be rank 3 but is rank 2"),
    ok("tf.assign", T(2, 3, kind="variable"), T(2, 3), expect=[2, 3]),
    ok("tf.assign", T(2, 3, kind="variable"), T(None, 3), expect=[2, 3]),
    ok("tf.assign", T(1, 1, 1024, 39, kind="variable"), T(75, 1024, 1, 1), validate_shape=False,
       expect=[75, 1024, 1, 1]),
    bad("tf.assign", T(1, 1, 1024, 39, kind="variable"), T(75, 1024, 1, 1), code=codes.ASSIGN_SHAPE,
        message="Dimension 0 in both shapes must be equal, but are 1 and 75", target="1.15"),
    bad("tf.assign", T(1, 1, 1024, 39, kind="variable"), T(75, 1024, 1), code=codes.ASSIGN_SHAPE,
        message="Shapes must be equal rank, but are 4 and 3", target="1.15"),
    ok("tf.assign_add", T(10, kind="variable"), T(10), expect=[10]),
    ok("tf.assign_sub", T(None, kind="variable"), T(4), expect=[None]),
    ok("tf.assign_add", T(2, 3, kind="variable"), T(2, None), expect=[2, 3]),
    bad("tf.assign_sub", T(2, 3, kind="variable"), T(3), code=codes.ASSIGN_SHAPE,
        message="Shapes must be equal rank, but are 2 and 1", target="1.15"),
    bad("tf.assign_add", T(10, kind="variable"), T(10, 1), code=codes.ASSIGN_SHAPE,
        message="Shapes must be equal rank, but are 1 and 2", target="1.15"),
    ok("Variable.assign", T(2, 3, kind="variable"), T(2, 3), expect=[2, 3]),
    ok("Variable.assign", T(3, kind="variable"), [1.0, 2.0, 3.0], expect=[3]),
    bad("Variable.assign", T(1, 1, 1024, 39, kind="variable"), T(1, 1, 1024, 38), code=codes.ASSIGN_SHAPE,
        message="Dimension 3 in both shapes must be equal, but are 39 and 38", target="1.15"),
    bad("Variable.assign", T(3, kind="variable"), 1.0, code=codes.ASSIGN_SHAPE,
        message="Shapes must be equal rank, but are 1 and 0", target="1.15"),
    ok("Variable.assign_add", T(3, kind="variable"), [1.0, 2.0, 3.0], expect=[3]),
    # TensorFlow 2's resource variables compare shapes in Python, their eager updates in the kernel
    bad("Variable.assign", T(3, 2, kind="variable"), T(2, 3), code=codes.ASSIGN_SHAPE,
        message="Cannot assign value to variable ' Variable:0': Shape mismatch.The variable shape (3, 2), and the assigned "
                "value shape (2, 3) are incompatible."),
    bad("tf.assign", T(3, kind="variable"), T(4), code=codes.ASSIGN_SHAPE, message="Cannot assign value to variable"),
    bad("Variable.assign_add", T(3, 2, kind="variable"), T(3), code=codes.ASSIGN_SHAPE,
        message="Cannot update variable with shape [3,2] using a Tensor with shape [3], shapes must be equal."),
    bad("Variable.assign_add", T(2, 3, kind="variable"), T(3), code=codes.ASSIGN_SHAPE,
        message="Shapes must be equal rank, but are 2 and 1", target="1.15"),
    bad("Variable.assign_sub", T(2, 3, kind="variable"), T(2, 4), code=codes.ASSIGN_SHAPE,
        message="Dimension 1 in both shapes must be equal, but are 3 and 4", target="1.15"),
]
