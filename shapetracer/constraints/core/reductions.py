"""Reductions over axes, the rules TensorFlow's and numpy's share: reading an ``axis``
argument, checking it in each library's words (TensorFlow's "Invalid reduction dimension",
numpy's AxisError and "duplicate value in 'axis'"), and the dims left over.

tf/ops/reduction and numpy/reduction register the ops; tf/nn (moments, losses) reads axes
the same way.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import normalize_axis
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.arrays import array_result, as_array, unknown_array
from shapetracer.constraints.core.spec import OpContext, Tensor
from shapetracer.constraints.core import messages


ALL = "all"  # marker: reduce every axis


def read_axes(ctx: OpContext, axis: Any) -> list[int] | str | None:
    """An axis argument: ALL for None, a list of ints, or None when unknown."""
    if ctx.is_none(axis):
        return ALL
    return ctx.int_list(axis)


def tf_axes(ctx: OpContext, axes: list[int], x: Tensor) -> list[int] | None:
    """Axes made non-negative; "Invalid reduction dimension" (ST107) when one is out of range."""
    rank = x.shape.rank
    normal = []
    for axis in axes:
        fixed = normalize_axis(axis, rank)
        if fixed is None:
            ctx.fail(codes.AXIS_RANGE, ctx.msg("Invalid reduction dimension {axis} for input with {rank} "
                                               "dimensions. (input shape: {shape:tf})", axis=axis, rank=rank,
                                               shape=x.shape), [x])
            return None
        normal.append(fixed)
    return normal


def numpy_axes(ctx: OpContext, axes: list[int], x: Tensor) -> list[int] | None:
    """numpy's checks: AxisError for out of range, ValueError for a repeated axis (both ST107)."""
    rank = x.shape.rank
    normal = []
    for axis in axes:
        fixed = normalize_axis(axis, rank)
        if fixed is None:
            ctx.fail(codes.AXIS_RANGE, ctx.msg(messages.np_axis_out_of_bounds(axis, rank)), [x])
            return None
        if fixed in normal:
            ctx.fail(codes.AXIS_RANGE, ctx.msg("duplicate value in 'axis'"), [x])
            return None
        normal.append(fixed)
    return normal


def reduced_dims(ctx: OpContext, dims: tuple[Dim, ...], axes: list[int] | str, keepdims: bool) -> list[Dim]:
    """What is left after reducing ``axes`` (non-negative, or ALL)."""
    chosen = set(range(len(dims))) if axes == ALL else set(axes)
    out = []
    for i, dim in enumerate(dims):
        if i not in chosen:
            out.append(dim)
        elif keepdims:
            out.append(Dim(1, frozenset({ctx.site})))
    return out


def keepdims_flag(ctx: OpContext, keepdims: Any, keep_dims: Any = None) -> bool | None:
    """``keepdims`` (TF2) or ``keep_dims`` (TF1); False when neither is given, None when unknown."""
    chosen = keep_dims if ctx.is_none(keepdims) else keepdims
    return ctx.bool(chosen, False)


def reduce(ctx: OpContext, value: Any, axis: Any, keepdims: bool | None, dtype: str | None = None,
           numpy: bool = False, label: str = "reduced to") -> Tensor:
    """Shared body of every reduction: check the axes, drop (or keep as 1) the reduced dims."""
    x = as_array(ctx, value) if numpy else ctx.tensor(value)
    unknown = (lambda d: unknown_array(ctx, d)) if numpy else ctx.unknown_tensor
    if x is None or x.shape.dims is None:
        return unknown(dtype or (x.dtype if x is not None else None))
    out_dtype = dtype or x.dtype
    axes = read_axes(ctx, axis)
    if axes is None:
        return unknown(out_dtype)
    if axes != ALL:
        if numpy and x.shape.rank == 0:
            return unknown(out_dtype)  # numpy scalars accept axis 0; 0-d arrays do not
        axes = numpy_axes(ctx, axes, x) if numpy else tf_axes(ctx, axes, x)
        if axes is None:
            return unknown(out_dtype)
    if keepdims is None:
        return unknown(out_dtype)
    dims = reduced_dims(ctx, x.shape.dims, axes, keepdims)
    if numpy:
        return array_result(ctx, dims, out_dtype, label=label)
    return ctx.result(dims, out_dtype, label=label)


def arg_reduce(ctx: OpContext, value: Any, axis: Any, numpy: bool, keepdims: bool = False) -> Tensor:
    """argmax/argmin: one axis.  TF defaults to axis 0, numpy to the flattened array."""
    x = as_array(ctx, value) if numpy else ctx.tensor(value)
    unknown = (lambda: unknown_array(ctx, "int64")) if numpy else (lambda: ctx.unknown_tensor("int64"))
    if x is None or x.shape.dims is None:
        return unknown()
    rank = x.shape.rank
    if numpy and ctx.is_none(axis):
        dims = [Dim(1, frozenset({ctx.site}))] * rank if keepdims else []
        return array_result(ctx, dims, "int64", label="reduced to")
    chosen = 0 if ctx.is_none(axis) else ctx.int(axis)
    if chosen is None:
        return unknown()
    if rank == 0:
        return unknown()
    fixed = normalize_axis(chosen, rank)
    if fixed is None:
        if numpy:
            message = messages.np_axis_out_of_bounds(chosen, rank)
        elif rank <= 1:
            message = Message("Expected dimension in the range [{low}, {high}), but got {axis}", low=-rank, high=rank,
                              axis=chosen)
        else:
            message = Message("Dimension ({axis}) must be in the range [{low}, {high}), where {rank} is the number "
                              "of dimensions in the input.", axis=chosen, low=-rank, high=rank, rank=rank)
        shown = Message("") if numpy else Message(" (input shape: {shape:tf})", shape=x.shape)
        # ArgOpShape gives a rank-0/1 input a scalar without looking at the axis, so graph
        # mode builds that argmax and the kernel rejects it at run time; from rank 2 on the
        # shape function itself refuses the axis.
        ctx.fail(codes.AXIS_RANGE, ctx.msg(message, shown), [x], runtime=not numpy and rank <= 1)
        if numpy or rank > 1:
            return unknown()
        return ctx.result([], "int64", label="reduced to")
    dims = reduced_dims(ctx, x.shape.dims, [fixed], keepdims)
    if numpy:
        return array_result(ctx, dims, "int64", label="reduced to")
    return ctx.result(dims, "int64", label="reduced to")
