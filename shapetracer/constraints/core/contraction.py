"""Index contractions, the rules TensorFlow's and numpy's share: einsum equations, tensordot
axes, and numpy's dot and matmul, each in its library's words (``numpy=True``).

tf/ops/einsum and numpy/einsum register the ops.  Behaviours that differ and are easy to get
wrong:

- tf.einsum never broadcasts a named label (8 vs 1 fails: "Dimensions must be
  equal, but are 8 and 1"); np.einsum broadcasts size-1 labels.  Both
  broadcast the ``...`` dims.
- Implicit output (no ``->``): the labels that occur once, in ASCII order
  (upper case first).  TensorFlow counts ``...`` like a label, so
  ``"...ij,...jk"`` drops the ellipsis and then fails when it is non-empty;
  numpy always puts the ellipsis first.
- tf.tensordot only needs the *products* of the contracted dims to agree (it
  reshapes both sides to matrices); np.tensordot needs each pair equal
  ("shape-mismatch for sum").
- np.dot contracts the last axis of ``a`` with the second-to-last of ``b``
  ("shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)"); np.matmul
  promotes 1-D operands and broadcasts batch dims ("matmul: Input operand 1
  has a mismatch in its core dimension 0, …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import z3

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.constraints.core.broadcasting import broadcast_dims
from shapetracer.domain.dims import Dim, Shape, bool_or
from shapetracer.constraints.core.spec import OpContext, Tensor
from shapetracer.constraints.core import messages


ELLIPSIS = "0"  # what "..." becomes while parsing, as in tf.einsum; sorts before letters


NUMPY_MATMUL_SIGNATURE = "(n?,k),(k,m?)->(n?,m?)"


@dataclass
class Equation:
    text: str  # as written, for messages
    inputs: list[str]  # one subscript per operand, "..." replaced by ELLIPSIS
    output: str | None  # None when implicit


def parse_equation(ctx: OpContext, text: str) -> Equation | None:
    compact = text.replace(" ", "").replace("...", ELLIPSIS)
    match = re.fullmatch(r"([a-zA-Z0,]*)(->[a-zA-Z0]*)?", compact)
    if match is None:
        ctx.fail(codes.EINSUM_MISMATCH, ctx.msg("Subscripts have incorrect format: {equation}", equation=text))
        return None
    output = match.group(2)[2:] if match.group(2) else None
    return Equation(text, match.group(1).split(","), output)


def implicit_output(eq: Equation, numpy: bool) -> str:
    """Labels that occur once, in ASCII order; where the ellipsis goes differs."""
    joined = "".join(eq.inputs)
    once = sorted(c for c in set(joined) if joined.count(c) == 1 and c != ELLIPSIS)
    if numpy:
        return (ELLIPSIS if ELLIPSIS in joined else "") + "".join(once)
    return (ELLIPSIS if joined.count(ELLIPSIS) == 1 else "") + "".join(once)


def _bind(ctx: OpContext, eq: Equation, shapes: list[Shape], numpy: bool
          ) -> tuple[dict[str, list[tuple[int, Dim]]], list[list[Dim]]] | None:
    """Dims per label (with operand index) and each operand's ellipsis dims."""
    labels: dict[str, list[tuple[int, Dim]]] = {}
    ellipses: list[list[Dim]] = []
    for index, (subscript, shape) in enumerate(zip(eq.inputs, shapes)):
        named = subscript.replace(ELLIPSIS, "")
        if subscript.count(ELLIPSIS) > 1:
            ctx.fail(codes.EINSUM_MISMATCH, ctx.msg("Too many ellipses in input label {label}.",
                                                    label=eq.text.split(",")[index]))
            return None
        if not _rank_ok(ctx, eq, index, subscript, shape, numpy):
            return None
        dims = list(shape.dims)
        extra = len(dims) - len(named)
        cut = subscript.find(ELLIPSIS)
        if cut >= 0:
            ellipses.append(dims[cut:cut + extra])
            dims = dims[:cut] + dims[cut + extra:]
        for label, dim in zip(named, dims):
            labels.setdefault(label, []).append((index, dim))
    return labels, ellipses


def _rank_ok(ctx: OpContext, eq: Equation, index: int, subscript: str, shape: Shape, numpy: bool) -> bool:
    named = len(subscript.replace(ELLIPSIS, ""))
    has_ellipsis = ELLIPSIS in subscript
    if (has_ellipsis and shape.rank >= named) or shape.rank == named:
        return True
    if numpy:
        message = (Message("einstein sum subscripts string contains too many subscripts for operand {index}",
                           index=index) if shape.rank < named else
                   Message("operand has more dimensions than subscripts given in einstein sum, but no '...' "
                           "ellipsis provided to broadcast the extra dimensions."))
    else:
        bound = "at least rank" if has_ellipsis else "rank"
        message = Message("Shape must be " + bound + " {want_rank} but is rank {rank} for {index}th input and "
                          "equation: {equation}", want_rank=named, rank=shape.rank, index=index, equation=eq.text)
    ctx.fail(codes.EINSUM_MISMATCH, ctx.msg(message), [shape])
    return False


def _agree(ctx: OpContext, a: Dim, b: Dim, broadcast: bool, message: Message, involved: list) -> Dim | None:
    """Two dims that must be equal (or, with ``broadcast``, one of them 1)."""
    if a.same_as(b):
        return a
    if not broadcast:
        if not ctx.require(a.eq(b), codes.EINSUM_MISMATCH, message, involved + [a, b]):
            return None
        return b.with_origins(a.origins) if b.known and not a.known else a  # the known one says more
    if a.known and a.value == 1:
        return b
    if b.known and b.value == 1:
        return a
    if not ctx.require(bool_or(a.eq(b), a.eq(1), b.eq(1)), codes.EINSUM_MISMATCH, message, involved + [a, b]):
        return None
    if a.known or b.known:
        return (a if a.known else b).with_origins(a.origins | b.origins)
    return Dim(z3.If(a.value == 1, b.value, a.value), a.origins | b.origins)


def _label_dims(ctx: OpContext, labels: dict[str, list[tuple[int, Dim]]], shapes: list[Shape],
                numpy: bool) -> dict[str, Dim] | None:

    merged: dict[str, Dim] = {}
    for label, seen in labels.items():
        first_op, current = seen[0]
        for op_index, dim in seen[1:]:
            same_operand = op_index == first_op
            if numpy and same_operand:
                message = ctx.msg("dimensions in operand {index} for collapsing index '{label}' don't match "
                                  "({a} != {b})", index=op_index, label=label, a=current, b=dim)
            elif numpy:
                message = ctx.msg(messages.np_cannot_broadcast_remapped(shapes), " (label '{label}': {a} vs {b})",
                                  label=label, a=current, b=dim)
            else:
                message = ctx.msg(messages.dims_must_be_equal(current, dim), " (input shapes: {input_shapes:tfs})",
                                  input_shapes=shapes)
            current = _agree(ctx, current, dim, numpy and not same_operand, message, list(shapes))
            if current is None:
                return None
        merged[label] = current
    return merged


def _ellipsis_dims(ctx: OpContext, ellipses: list[list[Dim]], shapes: list[Shape], numpy: bool
                   ) -> list[Dim] | None:
    """The broadcast of every operand's ``...`` dims (right-aligned)."""
    out: list[Dim] = []
    for dims in ellipses:
        width = max(len(out), len(dims))
        left = [Dim(1)] * (width - len(out)) + out
        right = [Dim(1)] * (width - len(dims)) + dims
        out = []
        for a, b in zip(left, right):
            message = (ctx.msg(messages.np_cannot_broadcast_remapped(shapes)) if numpy else
                       ctx.msg(messages.dims_must_be_equal(a, b), " (input shapes: {input_shapes:tfs})",
                               input_shapes=shapes))
            dim = _agree(ctx, a, b, True, message, list(shapes))
            if dim is None:
                return None
            out.append(dim)
    return out


def _np_str(shape: Shape) -> str:
    return shape.tuple_str().replace(" ", "")


def _check_output(ctx: OpContext, eq: Equation, output: str, numpy: bool) -> bool:
    present = set("".join(eq.inputs))
    for label in output:
        if output.count(label) > 1:
            ctx.fail(codes.EINSUM_MISMATCH, ctx.msg(
                Message("einstein sum subscripts string includes output subscript '{label}' multiple times",
                        label=label) if numpy
                else Message("Output subscripts contain a label appearing more than once: {equation}",
                             equation=eq.text)))
            return False
        if label not in present and label != ELLIPSIS:
            ctx.fail(codes.EINSUM_MISMATCH, ctx.msg(
                "einstein sum subscripts string included output subscript '{label}' which never appeared in an input"
                if numpy else "Output subscripts contain the label {label} not present in the input subscripts.",
                label=label))
            return False
    return True


def einsum_shape(ctx: OpContext, equation: Any, operands: tuple, numpy: bool) -> Tensor:
    """Shared body of tf.einsum and np.einsum."""
    text = ctx.str(equation)
    tensors = [ctx.tensor(o) for o in operands]
    dtype = next((t.dtype for t in tensors if t is not None), None)
    eq = parse_equation(ctx, text) if text is not None else None
    if eq is None:
        return _einsum_result(ctx, None, dtype, numpy)
    if len(eq.inputs) != len(operands):
        more = len(operands) > len(eq.inputs)
        ctx.fail(codes.EINSUM_MISMATCH, ctx.msg(
            Message(("more" if more else "fewer") + " operands provided to einstein sum function than specified in "
                    "the subscripts string") if numpy else
            Message('Got {count} inputs for equation "{equation}", expecting {want_count}', count=len(operands),
                    equation=text, want_count=len(eq.inputs))))
        return _einsum_result(ctx, None, dtype, numpy)
    output = eq.output if eq.output is not None else implicit_output(eq, numpy)
    if not _check_output(ctx, eq, output, numpy):
        return _einsum_result(ctx, None, dtype, numpy)
    if any(t is None or t.shape.dims is None for t in tensors):
        return _einsum_result(ctx, None, dtype, numpy)
    shapes = [t.shape for t in tensors]
    bound = _bind(ctx, eq, shapes, numpy)
    if bound is None:
        return _einsum_result(ctx, None, dtype, numpy)
    labels, ellipses = bound
    merged = _label_dims(ctx, labels, shapes, numpy)
    broadcast = _ellipsis_dims(ctx, ellipses, shapes, numpy) if merged is not None else None
    if merged is None or broadcast is None:
        return _einsum_result(ctx, None, dtype, numpy)
    if broadcast and ELLIPSIS not in output:
        resolved = ",".join(eq.inputs).replace(ELLIPSIS, "...") + "->" + output
        ctx.fail(codes.EINSUM_MISMATCH, ctx.msg(
            Message("output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
                    "provided to broadcast the extra dimensions.") if numpy else
            join(messages.shape_must_be_at_most_rank(0, len(broadcast)), " for einsum equation '{equation}' "
                 "without ellipsis (...) in the output subscripts where input(s) have non-empty broadcasting shape",
                 equation=resolved)),
            list(shapes))
        return _einsum_result(ctx, None, dtype, numpy)
    dims: list[Dim] = []
    for label in output:
        dims.extend(broadcast if label == ELLIPSIS else [merged[label]])
    return _einsum_result(ctx, dims, dtype, numpy)


def _einsum_result(ctx: OpContext, dims: list[Dim] | None, dtype: str | None, numpy: bool) -> Tensor:
    return ctx.result(dims, dtype, label="contracted to", kind="ndarray" if numpy else "tensor")


def _contraction_axes(ctx: OpContext, axes: Any, a: Shape, b: Shape, numpy: bool
                      ) -> tuple[list[int], list[int]] | None:
    """(axes of a, axes of b), normalised; None when unknown or after a failure."""
    count = ctx.int(axes)
    if count is not None:
        if count < 0:
            ctx.fail(codes.EINSUM_MISMATCH, ctx.msg("`axes` must be at least 0. Received: {count}.", count=count))
            return None
        for which, shape in (("a", a), ("b", b)):
            if count > shape.rank:
                ctx.fail(codes.EINSUM_MISMATCH, ctx.msg("`axes` must not be larger than the number of dimensions of "
                                                        "tensor {arg} {shape:tf}.  Received {count}, vs tensor "
                                                        "dimensions {rank}.", arg=which, shape=shape, count=count,
                                                        rank=shape.rank),
                         [shape])
                return None
        return list(range(a.rank - count, a.rank)), list(range(count))
    pair = ctx.items(axes)
    if pair is None:
        return None
    if len(pair) != 2:
        ctx.fail(codes.EINSUM_MISMATCH, ctx.msg("`axes` must be an integer or have length 2."))
        return None
    sides = [ctx.int_list(side) for side in pair]
    if sides[0] is None or sides[1] is None:
        return None
    if len(sides[0]) != len(sides[1]):
        ctx.fail(codes.EINSUM_MISMATCH, ctx.msg("Different number of contraction axes `a` and `b`, {count_a} != "
                                                "{count_b}.", count_a=len(sides[0]), count_b=len(sides[1])))
        return None
    normalised = []
    for side, shape in zip(sides, (a, b)):
        fixed = [axis + shape.rank if axis < 0 else axis for axis in side]
        bad_axis = next((axis for axis in side if not -shape.rank <= axis < shape.rank), None)
        if bad_axis is not None:
            ctx.fail(codes.AXIS_RANGE, ctx.msg("axis {axis} is out of range for a tensor of rank {rank} ("
                                               + ("tuple" if numpy else "list") + " index out of range)",
                                               axis=bad_axis, rank=shape.rank), [shape])
            return None
        normalised.append(fixed)
    return normalised[0], normalised[1]


def _product(dims: list[Dim]) -> Dim:
    total = Dim(1)
    for dim in dims:
        total = total * dim
    return total


def tensordot_shape(ctx: OpContext, a: Any, b: Any, axes: Any, numpy: bool) -> Tensor:
    x, y = ctx.tensor(a), ctx.tensor(b)
    kind = "ndarray" if numpy else "tensor"
    if x is None or y is None or x.shape.dims is None or y.shape.dims is None:
        return ctx.result(None, x.dtype if x else None, kind=kind)
    chosen = _contraction_axes(ctx, axes, x.shape, y.shape, numpy)
    if chosen is None:
        return ctx.result(None, x.dtype, kind=kind)
    a_axes, b_axes = chosen
    a_dims = [x.shape.dims[i] for i in a_axes]
    b_dims = [y.shape.dims[i] for i in b_axes]
    where = Message("contracting axes {axes_a:pylist} of {shape_a:tf} with axes {axes_b:pylist} of {shape_b:tf}",
                    axes_a=a_axes, shape_a=x.shape, axes_b=b_axes, shape_b=y.shape)
    if numpy:
        for da, db in zip(a_dims, b_dims):
            if not ctx.require(da.eq(db), codes.EINSUM_MISMATCH, ctx.msg("shape-mismatch for sum (", where,
                                                                         ": {a} != {b})", a=da, b=db),
                               [da, db, x, y]):
                return ctx.result(None, x.dtype, kind=kind)
    elif not all(da.same_as(db) for da, db in zip(a_dims, b_dims)):
        # TensorFlow reshapes both sides to matrices, so only the products meet in MatMul.
        pa, pb = _product(a_dims), _product(b_dims)
        if not ctx.require(pa.eq(pb), codes.EINSUM_MISMATCH, ctx.msg(messages.dims_must_be_equal(pa, pb), " (",
                                                                     where, ")"), [pa, pb, x, y]):
            return ctx.result(None, x.dtype, kind=kind)
    free_a = [d for i, d in enumerate(x.shape.dims) if i not in a_axes]
    free_b = [d for i, d in enumerate(y.shape.dims) if i not in b_axes]
    return ctx.result(free_a + free_b, x.dtype, label="contracted to", kind=kind)


def numpy_dot(ctx: OpContext, a: Any, b: Any) -> Tensor:
    """np.dot / ndarray.dot: last axis of ``a`` with the second-to-last of ``b``."""
    x, y = ctx.tensor(a), ctx.tensor(b)
    if x is None or y is None or x.shape.dims is None or y.shape.dims is None:
        return ctx.result(None, x.dtype if x else None, kind="ndarray")
    if x.shape.rank == 0 or y.shape.rank == 0:
        other = y if x.shape.rank == 0 else x
        return ctx.result(other.shape, x.dtype, label="multiplied to", kind="ndarray")
    b_axis = y.shape.rank - 2 if y.shape.rank >= 2 else 0
    left, right = x.shape.dims[-1], y.shape.dims[b_axis]
    if not ctx.require(left.eq(right), codes.MATMUL_DIM,
                       ctx.msg("shapes {shape_a:np} and {shape_b:np} not aligned: {a} (dim {axis_a}) != {b} (dim "
                               "{axis_b})", shape_a=x.shape, shape_b=y.shape, a=left, axis_a=x.shape.rank - 1, b=right,
                               axis_b=b_axis), [left, right, x, y]):
        return ctx.result(None, x.dtype, kind="ndarray")
    dims = list(x.shape.dims[:-1]) + [d for i, d in enumerate(y.shape.dims) if i != b_axis]
    return ctx.result(dims, x.dtype, label="multiplied to", kind="ndarray")


def numpy_matmul(ctx: OpContext, a: Any, b: Any) -> Tensor:
    """np.matmul / ``@`` on arrays: 1-D operands promoted, batch dims broadcast."""
    x, y = ctx.tensor(a), ctx.tensor(b)
    if x is None or y is None or x.shape.dims is None or y.shape.dims is None:
        return ctx.result(None, x.dtype if x else None, kind="ndarray")
    for index, t in enumerate((x, y)):
        if t.shape.rank == 0:
            ctx.fail(codes.RANK_MISMATCH, ctx.msg("Input operand {index} does not have enough dimensions (has 0, "
                                                  "gufunc core with signature " + NUMPY_MATMUL_SIGNATURE
                                                  + " requires 1)", index=index), [t])
            return ctx.result(None, x.dtype, kind="ndarray")
    xd, yd = list(x.shape.dims), list(y.shape.dims)
    inner_a = xd[-1]
    inner_b = yd[0] if len(yd) == 1 else yd[-2]
    if not ctx.require(inner_a.eq(inner_b), codes.MATMUL_DIM,
                       ctx.msg("Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                               + NUMPY_MATMUL_SIGNATURE + " (size {b} is different from {a})", b=inner_b, a=inner_a),
                       [inner_a, inner_b, x, y]):
        return ctx.result(None, x.dtype, kind="ndarray")
    rows = [] if len(xd) == 1 else [xd[-2]]
    cols = [] if len(yd) == 1 else [yd[-1]]
    batch = broadcast_dims(ctx, xd[:-2], yd[:-2], x, y, numpy=True)
    if batch is None:
        return ctx.result(None, x.dtype, kind="ndarray")
    return ctx.result(batch + rows + cols, x.dtype, label="multiplied to", kind="ndarray")
