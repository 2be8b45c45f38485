"""Transposed convolutions: tf.nn.conv1d_transpose, conv2d_transpose, conv3d_transpose.

Reference: TensorFlow's Conv2DBackpropInput shape function and the Conv2DCustomBackpropInput /
Conv3DBackpropInputOp kernels.  The filter is ``[spatial..., out_channels, in_channels]``; the
input's channels must equal the filter's last dim ("Dimensions must be equal, but are 16 and 8").

``output_shape`` is only checked when the kernel runs: the forward conv of ``output_shape`` must
give the input's spatial size ("Conv2DCustomBackpropInput: Size of out_backprop doesn't match
computed: actual = 50, computed = 100 spatial_dim: 1 input: 100 filter: 3 output: 50 stride: 1
dilation: 1").  That failure is certain, so it is an error (ST115) although graph construction
accepts the call.  So: SAME accepts ``ceil(out / stride) == in``, VALID ``(out - ek) // stride +
1 == in`` (several ``out`` fit when stride > 1).  The requested batch must be the input's, and
the requested depth a multiple of (3-D: equal to) the filter's output channels.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.tf.nn.conv import (
    FAILED, Failed, Layout, Padding, axis_padding, check_rank, effective_kernel, layout_for, per_axis, positive,
    read_padding, shapes_text,
)
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.core.spec import Deferred, OpContext, Tensor, op
from shapetracer.constraints.core import messages


def forward_size(n: Dim, k: Dim, stride: int, dilation: int, padding: str | tuple[int, int]) -> Dim:
    """What a forward conv makes of length ``n`` (may be < 1 when the window does not fit)."""
    ek = effective_kernel(k, dilation)
    if padding == "SAME":
        return n if stride == 1 else n.ceildiv(stride)
    before, after = (0, 0) if padding == "VALID" else padding
    padded = n + (before + after) if before or after else n
    return (padded - ek).floordiv(stride) + 1


def conv_transpose(ctx: OpContext, value: Any, filters: Any, output_shape: Any, layout: Layout | None,
                   strides, dilations, padding: Padding | Failed, kernel_name: str,
                   spatial_only_ok: bool = False, equal_depth: bool = False) -> Tensor:
    """Shared body of conv{1,2,3}d_transpose: the filter is [spatial..., out, in]."""
    x, w = ctx.tensor(value), ctx.tensor(filters)
    dtype = x.dtype if x is not None else None
    if x is None or w is None or x.shape.dims is None or w.shape.dims is None or layout is None \
            or any(v is FAILED for v in (strides, dilations, padding)):
        return ctx.unknown_tensor(dtype)
    context = shapes_text(x, w)
    if not check_rank(ctx, x, layout.full, True, context) or not check_rank(ctx, w, layout.full, True, context):
        return ctx.unknown_tensor(dtype)
    n = layout.spatial
    batch, spatial_in, depth_in = layout.split(x.shape.dims)
    kernel, filter_out, filter_in = list(w.shape.dims[:n]), w.shape.dims[n], w.shape.dims[n + 1]
    if not ctx.require(depth_in.eq(filter_in), codes.CHANNEL_MISMATCH,
                       ctx.msg(messages.dims_must_be_equal(depth_in, filter_in),
                               " (the input's channels vs the filter's last dimension; ", context, ")"),
                       [depth_in, filter_in]):
        return ctx.unknown_tensor(dtype)
    target = _output_shape(ctx, output_shape, layout, batch, filter_out, spatial_only_ok)
    if target is FAILED:
        return ctx.unknown_tensor(dtype)
    if target is None:
        return ctx.result(layout.join(batch, [ctx.fresh() for _ in range(n)], filter_out), dtype,
                          label="transposed-convolved to")
    out_batch, out_spatial, out_depth = target
    if not _check_output_batch_depth(ctx, batch, out_batch, out_depth, filter_out, equal_depth, context):
        return ctx.unknown_tensor(dtype)
    gradient_spatial: list[Dim] = []
    for i, (actual, wanted, k) in enumerate(zip(spatial_in, out_spatial, kernel)):
        stride = strides[i] if isinstance(strides, list) else None
        dilation = dilations[i] if isinstance(dilations, list) else None
        if stride is None or dilation is None or padding is None:
            gradient_spatial.append(ctx.fresh())
            continue
        computed = forward_size(wanted, k, stride, dilation, axis_padding(padding, i))
        gradient_spatial.append(computed)
        if not ctx.require(computed.eq(actual), codes.CONV_TRANSPOSE_OUTPUT,
                           ctx.msg("{kernel}: Size of out_backprop doesn't match computed: actual = {actual}, "
                                   "computed = {computed} spatial_dim: {axis} input: {wanted} filter: {kernel_size} "
                                   "output: {actual} stride: {stride} dilation: {dilation}", kernel=kernel_name,
                                   actual=actual, computed=computed, axis=layout.axis_index(i), wanted=wanted,
                                   kernel_size=k, stride=stride, dilation=dilation),
                           [actual, wanted, k], runtime=True):
            return ctx.unknown_tensor(dtype)
    _gradient_clash(ctx, x, layout, out_batch, gradient_spatial, filter_in, spatial_in)
    return ctx.result(layout.join(out_batch, out_spatial, out_depth), dtype, label="transposed-convolved to")


def _gradient_clash(ctx: OpContext, x: Tensor, layout: Layout, out_batch: list[Dim], computed: list[Dim],
                    filter_in: Dim, spatial_in: list[Dim]) -> None:
    """The gradient for the input is a forward conv of the output; when its static spatial
    size and the input's are both known and differ, building gradients (minimize) raises
    "Incompatible shapes between op input and calculated input gradient" before any run."""
    if not any(c.known and a.known and c.value != a.value for c, a in zip(computed, spatial_in)):
        return
    gradient = Shape(layout.join([d if d.known else Dim.fresh("b") for d in out_batch], computed, filter_in))
    message = Message("Incompatible shapes between op input and calculated input gradient. Forward operation: {op}. "
                      "Input index: 2. Original input shape: {shape:tuple}. Calculated input gradient shape: "
                      "{gradient_shape:tuple}", op=ctx.display, shape=x.shape, gradient_shape=gradient)
    ctx.deferred.append(Deferred(False, codes.CONV_TRANSPOSE_OUTPUT, message, ctx.site, frozenset(), at_gradient=True))


def _output_shape(ctx: OpContext, output_shape: Any, layout: Layout, batch: list[Dim], filter_out: Dim,
                  spatial_only_ok: bool):
    """(batch dims, spatial dims, depth) requested by ``output_shape``; None when unknown."""
    dims = ctx.shape_arg(output_shape)
    if dims is None:
        return None
    n = layout.spatial
    if len(dims) == n and spatial_only_ok:
        return batch, [d if d is not None else ctx.fresh() for d in dims], filter_out
    if len(dims) != layout.full:
        wanted = "{want_length} values or {spatial} values" if spatial_only_ok else "{want_length} values"
        ctx.fail(codes.ARG_LENGTH, ctx.msg("output_shape must contain " + wanted + ", but got: {length}",
                                           want_length=layout.full, spatial=n, length=len(dims)))
        return FAILED
    # An unknown batch or depth entry is whatever the kernel derives: the input's batch, the filter's depth.
    defaults = layout.join(batch, [None] * n, filter_out)
    full = [d if d is not None else (defaults[i] if defaults[i] is not None else ctx.fresh())
            for i, d in enumerate(dims)]
    return layout.split(tuple(full))


def _check_output_batch_depth(ctx: OpContext, batch: list[Dim], out_batch: list[Dim], out_depth: Dim,
                              filter_out: Dim, equal_depth: bool, context: Message) -> bool:
    for have, want in zip(batch, out_batch):
        if not ctx.require(want.eq(have), codes.CONV_TRANSPOSE_OUTPUT,
                           ctx.msg(messages.dims_must_be_equal(want, have), " (output_shape's batch vs the input's; ",
                                   context, ")"), [have, want]):
            return False
    if equal_depth:
        return ctx.require(out_depth.eq(filter_out), codes.CONV_TRANSPOSE_OUTPUT,
                           ctx.msg("input and filter_sizes must have the same number of channels. Got {out_depth} "
                                   "for input and {filter_out} for filter_sizes", out_depth=out_depth,
                                   filter_out=filter_out), [out_depth, filter_out])
    if filter_out.known and filter_out.value >= 1:
        return ctx.require(out_depth.mod(filter_out.value).eq(0), codes.CONV_TRANSPOSE_OUTPUT,
                           ctx.msg("input depth must be evenly divisible by filter depth: {out_depth} vs "
                                   "{filter_out}", out_depth=out_depth, filter_out=filter_out), [out_depth, filter_out])
    return True


def _dilations_or_name(ctx: OpContext, name: Any, dilations: Any) -> Any:
    """TF1 has ``name`` where TF2 has ``dilations`` (7th positional of conv2d/3d_transpose)."""
    return name if not ctx.is_none(name) and ctx.str(name) is None and ctx.is_none(dilations) else dilations


@op("tf.nn.conv2d_transpose")
def conv2d_transpose(ctx: OpContext, value=None, filter=None, output_shape=None, strides=None, padding="SAME",
                     data_format="NHWC", name=None, input=None, filters=None, dilations=None):
    layout = layout_for(ctx, data_format, 2)
    source = input if ctx.is_none(value) else value
    kernel = filters if ctx.is_none(filter) else filter
    if layout is None:
        return conv_transpose(ctx, source, kernel, output_shape, None, None, None, None, "")
    strides_v = positive(ctx, per_axis(ctx, strides, layout, "strides", (1, 2, 4)), "strides")
    dilations_v = positive(ctx, per_axis(ctx, _dilations_or_name(ctx, name, dilations), layout, "dilations",
                                         (1, 2, 4)), "dilations")
    return conv_transpose(ctx, source, kernel, output_shape, layout, strides_v, dilations_v,
                          read_padding(ctx, padding, layout), "Conv2DCustomBackpropInput", spatial_only_ok=True)


@op("tf.nn.conv1d_transpose")
def conv1d_transpose(ctx: OpContext, input, filters, output_shape, strides, padding="SAME", data_format="NWC",
                     dilations=None, name=None):
    layout = layout_for(ctx, data_format, 1)
    if layout is None:
        return conv_transpose(ctx, input, filters, output_shape, None, None, None, None, "")
    strides_v = positive(ctx, per_axis(ctx, strides, layout, "strides", (1, 3)), "strides")
    dilations_v = positive(ctx, per_axis(ctx, dilations, layout, "dilations", (1, 3)), "dilations")
    return conv_transpose(ctx, input, filters, output_shape, layout, strides_v, dilations_v,
                          read_padding(ctx, padding, layout, allow_explicit=False), "Conv2DCustomBackpropInput")


@op("tf.nn.conv3d_transpose")
def conv3d_transpose(ctx: OpContext, value=None, filter=None, output_shape=None, strides=None, padding="SAME",
                     data_format="NDHWC", name=None, input=None, filters=None, dilations=None):
    layout = layout_for(ctx, data_format, 3)
    source = input if ctx.is_none(value) else value
    kernel = filters if ctx.is_none(filter) else filter
    if layout is None:
        return conv_transpose(ctx, source, kernel, output_shape, None, None, None, None, "")
    strides_v = positive(ctx, per_axis(ctx, strides, layout, "strides", (1, 3, 5)), "strides")
    dilations_v = positive(ctx, per_axis(ctx, _dilations_or_name(ctx, name, dilations), layout, "dilations",
                                         (1, 3, 5)), "dilations")
    return conv_transpose(ctx, source, kernel, output_shape, layout, strides_v, dilations_v,
                          read_padding(ctx, padding, layout, allow_explicit=False), "Conv3DBackpropInputOp",
                          equal_depth=True)


EXAMPLES = [
    ok("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [8, 100, 100, 24], [1, 2, 2, 1], "SAME",
       expect=[8, 100, 100, 24]),
    ok("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [8, 99, 99, 24], 2, "SAME",
       expect=[8, 99, 99, 24]),
    ok("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [8, 101, 101, 24], 2, "VALID",
       expect=[8, 101, 101, 24]),
    ok("tf.nn.conv2d_transpose", T(None, 50, 50, 16), T(3, 3, 24, 16), [None, 100, 100, 24], 2, "SAME",
       expect=[None, 100, 100, 24]),
    ok("tf.nn.conv2d_transpose", value=T(8, 46, 46, 16), filter=T(3, 3, 24, 16), output_shape=[8, 50, 50, 24],
       strides=1, padding="VALID", dilations=2, expect=[8, 50, 50, 24]),
    ok("tf.nn.conv2d_transpose", T(8, 16, 50, 50), T(3, 3, 24, 16), [8, 24, 100, 100], [1, 1, 2, 2], "SAME",
       data_format="NCHW", expect=[8, 24, 100, 100]),
    bad("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [8, 100, 100, 24], [1, 1, 1, 1], "SAME",
        code=codes.CONV_TRANSPOSE_OUTPUT,
        message="Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed"),
    bad("tf.nn.conv2d_transpose", T(None, 50, 50, 16), T(3, 3, 24, 16), [None, 98, 98, 24], 2, "SAME",
        code=codes.CONV_TRANSPOSE_OUTPUT,
        message="Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed"),
    bad("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [8, 103, 103, 24], 2, "VALID", code=codes.CONV_TRANSPOSE_OUTPUT,
        message="Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed"),
    bad("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [4, 100, 100, 24], 2, "SAME", code=codes.CONV_TRANSPOSE_OUTPUT,
        message="Dimensions must be equal, but are 4 and 8"),
    bad("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [8, 100, 100, 13], 2, "SAME", code=codes.CONV_TRANSPOSE_OUTPUT,
        message="input depth must be evenly divisible by filter depth: 13 vs 24"),
    bad("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 8), [8, 100, 100, 24], 2, "SAME", code=codes.CHANNEL_MISMATCH,
        message="Dimensions must be equal, but are 16 and 8"),
    bad("tf.nn.conv2d_transpose", T(8, 50, 50, 16), T(3, 3, 24, 16), [100, 100, 24], 2, "SAME", code=codes.ARG_LENGTH,
        message="output_shape must contain 4 values or 2 values, but got: 3"),
    bad("tf.nn.conv2d_transpose", T(50, 50, 16), T(3, 3, 24, 16), [8, 100, 100, 24], 2, "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    ok("tf.nn.conv1d_transpose", T(8, 50, 16), T(3, 24, 16), [8, 100, 24], 2, "SAME", expect=[8, 100, 24]),
    bad("tf.nn.conv1d_transpose", T(8, 50, 16), T(3, 24, 16), [8, 50, 24], 2, "SAME", code=codes.CONV_TRANSPOSE_OUTPUT,
        message="Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed"),
    ok("tf.nn.conv3d_transpose", T(8, 5, 50, 50, 16), T(3, 3, 3, 24, 16), [8, 10, 100, 100, 24],
       [1, 2, 2, 2, 1], "SAME", expect=[8, 10, 100, 100, 24]),
    bad("tf.nn.conv3d_transpose", T(8, 5, 50, 50, 16), T(3, 3, 3, 24, 16), [8, 10, 100, 101, 24],
        [1, 2, 2, 2, 1], "SAME", code=codes.CONV_TRANSPOSE_OUTPUT,
        message="Conv3DBackpropInputOp: Size of out_backprop doesn't match computed"),
    bad("tf.nn.conv3d_transpose", T(8, 5, 50, 50, 16), T(3, 3, 3, 24, 16), [8, 10, 100, 100, 12],
        [1, 2, 2, 2, 1], "SAME", code=codes.CONV_TRANSPOSE_OUTPUT,
        message="input and filter_sizes must have the same number of channels"),
    ok("tf.nn.conv1d_transpose", T(8, 50, 16), T(3, 24, 16), [8, 52, 24], 1, "VALID", expect=[8, 52, 24]),
    bad("tf.nn.conv1d_transpose", T(8, 50, 16), T(3, 24, 8), [8, 100, 24], 2, "SAME", code=codes.CHANNEL_MISMATCH,
        message="Dimensions must be equal, but are 16 and 8"),
    bad("tf.nn.conv1d_transpose", T(50, 16), T(3, 24, 16), [8, 100, 24], 2, "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 3 but is rank 2"),
    ok("tf.nn.conv3d_transpose", T(None, 4, 4, 4, 16), T(2, 2, 2, 8, 16), [None, 8, 8, 8, 8], 2, "VALID",
       expect=[None, 8, 8, 8, 8]),
    bad("tf.nn.conv3d_transpose", T(8, 5, 50, 50, 16), T(3, 3, 3, 24, 8), [8, 10, 100, 100, 24],
        [1, 2, 2, 2, 1], "SAME", code=codes.CHANNEL_MISMATCH, message="Dimensions must be equal, but are 16 and 8"),
]
