"""Forward convolutions: conv1d/2d/3d, depthwise, separable, atrous, and tf.nn.convolution.

Reference: TensorFlow's Conv2DShapeImpl, Conv3DShape and DepthwiseConv2DNativeShape
(common_shape_fns.cc, GetWindowedOutputSizeFromDimsV2).  Per spatial axis, with the effective
kernel ``ek = (k - 1) * dilation + 1``:

- SAME:     ``ceil(n / stride)``
- VALID:    ``(n - ek) // stride + 1``; ``n < ek`` fails "Negative dimension size caused by
  subtracting 5 from 4" (whatever the stride)
- explicit: ``(n + before + after - ek) // stride + 1``, same failure when negative

Those failures come from the shape function, which needs the dims.  Where graph mode does not
know one (a placeholder's None dim), the kernel checks at run time, more loosely: it computes
``(n - ek + stride) / stride`` truncating toward zero and fails ("Computed output size would be
negative: -2 [input_size: 4, effective_filter_size: 7, stride: 1]") only when that is negative,
so a window one or two wider than the input gives an empty output instead.

Channels follow TF 2.21's grouped convolution: the input depth must be a multiple of the
filter's input depth ("Depth of input (3) is not a multiple of input depth of filter (2)") and
the output depth a multiple of the group count ("Depth of output (32) is not a multiple of the
number of groups (3)": the usual symptom of an RGB image meeting a 1-channel filter).
tf.nn.conv2d/conv1d accept extra leading batch dims in TF 2.21.  Padding strings are
case-sensitive ("same" fails).  The window helpers here also serve pooling.py and
conv_transpose.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, bool_or
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.tf.graph.fed_rank import require_fed_rank, unranked_placeholder
from shapetracer.constraints.core.spec import OpContext, Tensor, op
from shapetracer.constraints.core import messages


class Failed:
    """Marker returned by readers after they reported a finding."""


FAILED = Failed()
# A padding: "SAME", "VALID", explicit (before, after) pairs per spatial axis, or None (unknown).
Padding = Union[str, list[tuple[int, int]], None]


@dataclass(frozen=True)
class Layout:
    """Where the batch, spatial and channel axes of an N-D conv input sit."""

    spatial: int
    channels_first: bool

    @property
    def full(self) -> int:
        return self.spatial + 2

    def split(self, dims: tuple[Dim, ...]) -> tuple[list[Dim], list[Dim], Dim]:
        """(batch dims, spatial dims, channel dim); leading extra axes count as batch."""
        n = self.spatial
        if self.channels_first:
            return list(dims[:-(n + 1)]), list(dims[-n:]), dims[-(n + 1)]
        return list(dims[:-(n + 1)]), list(dims[-(n + 1):-1]), dims[-1]

    def join(self, batch: list[Dim], spatial: list[Dim], channels: Dim) -> list[Dim]:
        return batch + [channels] + spatial if self.channels_first else batch + spatial + [channels]

    def spatial_of(self, values: list[Any]) -> list[Any]:
        """The spatial entries of a full-length (N+2) attribute list."""
        return values[2:] if self.channels_first else values[1:-1]

    def others_of(self, values: list[Any]) -> list[Any]:
        """The batch and channel entries of a full-length attribute list."""
        return [values[0], values[1]] if self.channels_first else [values[0], values[-1]]

    def axis_index(self, i: int) -> int:
        """Position of spatial axis ``i`` in the full layout (TF's ``spatial_dim``)."""
        return i + 2 if self.channels_first else i + 1


def layout_for(ctx: OpContext, data_format: Any, spatial: int) -> Layout | None:
    """Channels-first iff the format starts with "NC" (NCHW, NCW, NCDHW); None if unknown."""
    if ctx.is_none(data_format):
        return Layout(spatial, False)
    text = ctx.str(data_format)
    if text is None:
        return None
    return Layout(spatial, text.upper().startswith("NC"))


def shapes_text(*tensors: Tensor) -> Message:
    return Message("input shapes: {input_shapes:tfs}", input_shapes=tuple(t.shape for t in tensors))


# --- attribute readers ----------------------------------------------------------

def per_axis(ctx: OpContext, value: Any, layout: Layout, name: str, lengths: tuple[int, ...],
             default: int = 1, allow_int: bool = True, outer_ok: bool = False) -> list[int] | None | Failed:
    """A strides/dilations/ksize attribute as one int per spatial axis.

    ``lengths`` are the list lengths TF accepts: 1 means "same for every axis", ``spatial``
    one per spatial axis, ``spatial + 2`` the full layout.  None when unknown.  Convs refuse a
    stride over the batch or channel axis when they run; pooling (``outer_ok``) allows it.
    """
    if ctx.is_none(value):
        return [default] * layout.spatial
    single = ctx.int(value)
    if single is not None:
        return [single] * layout.spatial if allow_int else None
    ints = ctx.int_list(value)
    if ints is None:
        return None
    if len(ints) not in lengths:
        ctx.fail(codes.ARG_LENGTH, ctx.msg("{arg} should be of length {want_lengths:or}. Received: "
                                           "{arg}={values:pylist} of length {length}", arg=name, want_lengths=lengths,
                                           values=ints, length=len(ints)))
        return FAILED
    if len(ints) == 1:
        return ints * layout.spatial
    if len(ints) == layout.full and layout.full != layout.spatial:
        if not outer_ok and name in ("strides", "stride") and any(v != 1 for v in layout.others_of(ints)):
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Current implementation does not yet support strides in the "
                                                      "batch and depth dimensions (strides={values:pylist})",
                                                      values=ints))
            return FAILED
        return layout.spatial_of(ints)
    return ints


def positive(ctx: OpContext, values: list[int] | None | Failed, name: str) -> list[int] | None | Failed:
    """Strides, dilations and windows must be at least 1 ("Stride must be > 0, but got 0")."""
    if isinstance(values, list) and any(v < 1 for v in values):
        bad_value = min(values)
        if name == "ksize":
            problem = "cannot be zero" if bad_value == 0 else "must be positive"
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("`ksize` " + problem + ". Received: ksize={values:pylist}",
                                                      values=values))
            return FAILED
        label = "Stride" if name.startswith("stride") else "Dilation"
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(label + " must be > 0, but got {value}", value=bad_value))
        return FAILED
    return values


def read_padding(ctx: OpContext, padding: Any, layout: Layout, allow_explicit: bool = True) -> Padding | Failed:
    """"SAME"/"VALID", explicit spatial pairs, None when unknown, FAILED after a finding."""
    text = ctx.str(padding)
    if text is not None:
        if text in ("SAME", "VALID"):
            return text
        if text == "EXPLICIT":
            return None
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(messages.attr_not_allowed("padding", f'"{text}"',
                                                                            ('"SAME"', '"VALID"', '"EXPLICIT"'))))
        return FAILED
    if not allow_explicit:
        return None
    items = ctx.items(padding)
    if items is None:
        return None
    if len(items) != layout.full:
        ctx.fail(codes.ARG_LENGTH, ctx.msg("When padding is a list, it must be of size {want_length}. Received: "
                                           "padding of size {length}", want_length=layout.full, length=len(items)))
        return FAILED
    pairs = [ctx.int_list(item) for item in items]
    if any(p is None or len(p) != 2 for p in pairs):
        return None
    if any(v != 0 for pair in layout.others_of(pairs) for v in pair):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Nonzero explicit padding in the batch or depth dimensions is not "
                                                  "supported (padding={pairs:pylist})", pairs=pairs))
        return FAILED
    return [(p[0], p[1]) for p in layout.spatial_of(pairs)]


# --- window arithmetic ----------------------------------------------------------

def axis_padding(padding: Padding, i: int) -> str | tuple[int, int] | None:
    """Spatial axis ``i``'s share of a padding."""
    return padding[i] if isinstance(padding, list) else padding


def effective_kernel(k: Dim, dilation: int) -> Dim:
    return k if dilation == 1 else (k - 1) * dilation + 1


def window_output(ctx: OpContext, n: Dim, k: Dim, stride: int | None, dilation: int | None,
                  padding: str | tuple[int, int] | None, context: Message) -> Dim | None | Failed:
    """The output length of one spatial axis; None when unknown, FAILED after a finding."""
    if dilation is None:
        return None
    ek = effective_kernel(k, dilation)
    if padding == "SAME":
        if stride is None:
            return None
        return n if stride == 1 else n.ceildiv(stride).with_origins([ctx.site])
    if padding is None:
        return None
    before, after = (0, 0) if padding == "VALID" else padding
    padded = n if before == after == 0 else n + (before + after)
    if padded.known and ek.known:
        if not ctx.require(padded.ge(ek), codes.NEGATIVE_DIM,
                           ctx.msg(messages.negative_dimension(ek, padded), " (", context, ")"), [n, k]):
            return FAILED
    elif stride is not None and not _kernel_window_fits(ctx, padded, ek, stride, context, [n, k]):
        return FAILED
    if stride is None:
        return None
    if ek.known and ek.value == 1 and stride == 1:
        return padded
    return ((padded - ek).floordiv(stride) + 1).with_origins([ctx.site])


def _kernel_window_fits(ctx: OpContext, padded: Dim, ek: Dim, stride: int, context: Message, involved) -> bool:
    """A window over a dim graph mode does not know is checked by the kernel, which is looser.

    GetWindowedOutputSizeVerbose computes ``(padded - ek + stride) / stride`` with C++'s
    truncating division and fails only when that is negative, i.e. when
    ``padded - ek + 2 * stride <= 0``: a 5-wide window over 4 values with stride 1 gives an
    empty output, not an error.
    """
    message = ctx.msg("Computed output size would be negative [input_size: {size}, effective_filter_size: {span}, "
                      "stride: {stride}] (", context, ")", size=padded, span=ek, stride=stride)
    return ctx.require((padded + 2 * stride).gt(ek), codes.NEGATIVE_DIM, message, involved)


def spatial_outputs(ctx: OpContext, spatial: list[Dim], kernel: list[Dim], strides, dilations,
                    padding: Padding, context: Message) -> list[Dim] | None:
    """Every spatial axis's output (fresh where unknown); None after a finding."""
    out = []
    for i, (n, k) in enumerate(zip(spatial, kernel)):
        stride = strides[i] if isinstance(strides, list) else None
        dilation = dilations[i] if isinstance(dilations, list) else None
        dim = window_output(ctx, n, k, stride, dilation, axis_padding(padding, i), context)
        if dim is FAILED:
            return None
        out.append(dim if dim is not None else ctx.fresh())
    return out


# --- checks -------------------------------------------------------------------

def check_rank(ctx: OpContext, t: Tensor, rank: int, exact: bool, context: Message) -> bool:
    """TF words too-low and too-high ranks the same: "Shape must be rank 4 but is rank 3"."""
    actual = t.shape.rank
    if actual < rank or (exact and actual != rank):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(rank, actual), " (", context, ")"), [t])
        return False
    return True


def check_groups(ctx: OpContext, depth: Dim, filter_in: Dim, filter_out: Dim, context: Message) -> bool:
    """Grouped-conv channel rule; only decided where the filter's input depth is known."""
    if not filter_in.known or filter_in.value < 1:
        return True
    hint = Message("the input has {depth} channels, the filter expects {filter_in}", depth=depth, filter_in=filter_in)
    if not ctx.require(depth.mod(filter_in.value).eq(0), codes.CHANNEL_MISMATCH,
                       ctx.msg("Depth of input ({depth}) is not a multiple of input depth of filter ({filter_in}); ",
                               hint, " (", context, ")", depth=depth, filter_in=filter_in), [depth, filter_in]):
        return False
    if depth.known and filter_out.known:
        groups = depth.value // filter_in.value
        if groups < 1:
            return True  # an empty input depth: nothing to group (and no division by zero)
        if filter_out.value % groups != 0:
            ctx.fail(codes.CHANNEL_MISMATCH, ctx.msg("Depth of output ({filter_out}) is not a multiple of the "
                                                     "number of groups ({groups}); ", hint, " (", context, ")",
                                                     filter_out=filter_out, groups=groups),
                     [depth, filter_in, filter_out])
            return False
    elif filter_out.known and filter_out.value > 0:
        # An unknown depth: the group count depth / filter_in must divide the output depth,
        # i.e. depth is filter_in times one of its divisors (a linear, finite condition).
        divisors = [g for g in range(1, filter_out.value + 1) if filter_out.value % g == 0]
        fits = bool_or(*(depth.eq(filter_in.value * g) for g in divisors))
        if not ctx.require(fits, codes.CHANNEL_MISMATCH,
                           ctx.msg("Depth of output ({filter_out}) is not a multiple of the number of groups "
                                   "({depth}/{filter_in}); ", hint, " (", context, ")", filter_out=filter_out),
                           [depth, filter_in, filter_out]):
            return False
    return True


# --- the forward convolution ------------------------------------------------------

def convolve(ctx: OpContext, value: Any, filters: Any, layout: Layout | None, strides, dilations,
             padding: Padding | Failed, exact_rank: bool = False, depthwise: bool = False) -> Tensor:
    """Shared body of every forward conv: ranks, channels, then the window per spatial axis."""
    x, w = ctx.tensor(value), ctx.tensor(filters)
    dtype = x.dtype if x is not None else None
    if layout is not None and unranked_placeholder(x):
        # no static rank: it builds, and the fed value must have the layout's rank
        require_fed_rank(ctx, x, layout.full, codes.RANK_MISMATCH,
                         ctx.msg("input must be {rank}-dimensional (the value fed to {input}, a placeholder "
                                 "declared without a shape)", rank=layout.full, input=x.name))
        # TensorFlow's static shape: (?, ?, ?, out); the rest is the run's to check
        out = w.shape.dims[layout.spatial + 1] if w is not None and w.shape.rank == layout.full else ctx.fresh("out")
        return ctx.result(layout.join([ctx.fresh("batch")], [ctx.fresh("fed") for _ in range(layout.spatial)], out),
                          dtype, label="convolved to")
    if x is None or w is None or x.shape.dims is None or w.shape.dims is None or layout is None:
        return ctx.unknown_tensor(dtype)
    if any(v is FAILED for v in (strides, dilations, padding)):
        return ctx.unknown_tensor(dtype)
    context = shapes_text(x, w)
    if not check_rank(ctx, x, layout.full, exact_rank, context) or \
            not check_rank(ctx, w, layout.full, True, context):
        return ctx.unknown_tensor(dtype)
    batch, spatial, depth = layout.split(x.shape.dims)
    n = layout.spatial
    kernel, filter_in, filter_out = list(w.shape.dims[:n]), w.shape.dims[n], w.shape.dims[n + 1]
    if depthwise:
        if not ctx.require(depth.eq(filter_in), codes.CHANNEL_MISMATCH,
                           ctx.msg(messages.dims_must_be_equal(depth, filter_in),
                                   " (input depth vs the filter's in_channels; ", context, ")"), [depth, filter_in]):
            return ctx.unknown_tensor(dtype)
        out_depth = (depth * filter_out).with_origins([ctx.site])
    else:
        if not check_groups(ctx, depth, filter_in, filter_out, context):
            return ctx.unknown_tensor(dtype)
        out_depth = filter_out
    out_spatial = spatial_outputs(ctx, spatial, kernel, strides, dilations, padding, context)
    if out_spatial is None:
        return ctx.unknown_tensor(dtype)
    return ctx.result(layout.join(batch, out_spatial, out_depth), dtype, label="convolved to")


def _v2_data_format(ctx: OpContext, use_cudnn_on_gpu: Any, data_format: Any) -> Any:
    """TF2's conv2d/conv1d take data_format where TF1 had use_cudnn_on_gpu (5th positional)."""
    return use_cudnn_on_gpu if ctx.str(use_cudnn_on_gpu) is not None else data_format


@op("tf.nn.conv2d")
def conv2d(ctx: OpContext, input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True,
           data_format="NHWC", dilations=None, name=None, filters=None):
    layout = layout_for(ctx, _v2_data_format(ctx, use_cudnn_on_gpu, data_format), 2)
    kernel = filters if ctx.is_none(filter) else filter
    if layout is None:
        return convolve(ctx, input, kernel, None, None, None, None)
    strides_v = positive(ctx, per_axis(ctx, strides, layout, "strides", (1, 2, 4)), "strides")
    dilations_v = positive(ctx, per_axis(ctx, dilations, layout, "dilations", (1, 2, 4)), "dilations")
    return convolve(ctx, input, kernel, layout, strides_v, dilations_v, read_padding(ctx, padding, layout))


@op("tf.nn.conv1d")
def conv1d(ctx: OpContext, value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None,
           data_format=None, name=None, input=None, dilations=None):
    layout = layout_for(ctx, _v2_data_format(ctx, use_cudnn_on_gpu, data_format), 1)
    source = input if ctx.is_none(value) else value
    if layout is None:
        return convolve(ctx, source, filters, None, None, None, None)
    stride_v = positive(ctx, per_axis(ctx, stride, layout, "stride", (1, 1, 3)), "stride")
    dilations_v = positive(ctx, per_axis(ctx, dilations, layout, "dilations", (1, 1, 3)), "dilations")
    # conv1d takes only "SAME"/"VALID"; a list is a TypeError, not a shape question.
    return convolve(ctx, source, filters, layout, stride_v, dilations_v,
                    read_padding(ctx, padding, layout, allow_explicit=False))


@op("tf.nn.conv3d")
def conv3d(ctx: OpContext, input, filter=None, strides=None, padding=None, data_format="NDHWC",
           dilations=None, name=None, filters=None):
    layout = layout_for(ctx, data_format, 3)
    kernel = filters if ctx.is_none(filter) else filter
    if layout is None:
        return convolve(ctx, input, kernel, None, None, None, None)
    # Conv3D takes full 5-element lists only; an int is a TypeError (not modelled).
    strides_v = positive(ctx, per_axis(ctx, strides, layout, "strides", (5,), allow_int=False), "strides")
    dilations_v = positive(ctx, per_axis(ctx, dilations, layout, "dilations", (5,), allow_int=False),
                           "dilations")
    # TF 2.21's tf.nn.conv3d accepts extra batch dims; compat.v1 does not: stay lenient.
    return convolve(ctx, input, kernel, layout, strides_v, dilations_v,
                    read_padding(ctx, padding, layout, allow_explicit=False))


def _depthwise_strides(ctx: OpContext, strides: Any, layout: Layout) -> list[int] | None | Failed:
    """DepthwiseConv2dNative wants exactly 4 strides ("...requires the stride attribute to
    contain 4 values, but got: 2"); an int is a TypeError, not modelled."""
    ints = ctx.int_list(strides) if ctx.int(strides) is None else None
    if ints is not None and len(ints) != 4:
        ctx.fail(codes.ARG_LENGTH, ctx.msg("DepthwiseConv2D requires the stride attribute to contain 4 values, but "
                                           "got: {length}", length=len(ints)))
        return FAILED
    return positive(ctx, per_axis(ctx, strides, layout, "strides", (4,), allow_int=False), "strides")


def _rate(ctx: OpContext, rate: Any, dilations: Any, layout: Layout) -> list[int] | None | Failed:
    """TF1's ``rate`` and TF2's ``dilations`` (one or two ints) for depthwise/separable convs."""
    chosen = dilations if ctx.is_none(rate) else rate
    return positive(ctx, per_axis(ctx, chosen, layout, "dilations", (1, 2, 4)), "dilations")


@op("tf.nn.depthwise_conv2d")
def depthwise_conv2d(ctx: OpContext, input, filter, strides, padding, rate=None, name=None, data_format=None,
                     dilations=None):
    layout = layout_for(ctx, data_format, 2)
    if layout is None:
        return convolve(ctx, input, filter, None, None, None, None)
    return convolve(ctx, input, filter, layout, _depthwise_strides(ctx, strides, layout),
                    _rate(ctx, rate, dilations, layout), read_padding(ctx, padding, layout), exact_rank=True,
                    depthwise=True)


@op("tf.nn.depthwise_conv2d_native")
def depthwise_conv2d_native(ctx: OpContext, input, filter, strides, padding, data_format="NHWC", dilations=None,
                            name=None):
    """The raw DepthwiseConv2dNative op (TF1's name; ``tf.compat.v1`` in TF2): rank 4 input."""
    return depthwise_conv2d(ctx, input, filter, strides, padding, None, name, data_format, dilations)


@op("tf.nn.separable_conv2d")
def separable_conv2d(ctx: OpContext, input, depthwise_filter, pointwise_filter, strides, padding, rate=None,
                     name=None, data_format=None, dilations=None):
    layout = layout_for(ctx, data_format, 2)
    if layout is None:
        return ctx.unknown_tensor()
    depthwise = convolve(ctx, input, depthwise_filter, layout, _depthwise_strides(ctx, strides, layout),
                         _rate(ctx, rate, dilations, layout), read_padding(ctx, padding, layout),
                         exact_rank=True, depthwise=True)
    if ctx.failed:
        return depthwise
    pointwise = ctx.tensor(pointwise_filter)
    if pointwise is not None and pointwise.shape.rank == 4:
        for dim in pointwise.shape.dims[:2]:
            if dim.known and dim.value != 1:
                ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Dimensions {dim} and 1 are not compatible (the pointwise "
                                                          "filter must be 1x1, got {shape:tf})", dim=dim,
                                                          shape=pointwise.shape), [pointwise])
                return ctx.unknown_tensor(depthwise.dtype)
    return convolve(ctx, depthwise, pointwise_filter, layout, [1, 1], [1, 1], "VALID", exact_rank=True)


@op("tf.nn.atrous_conv2d")
def atrous_conv2d(ctx: OpContext, value, filters, rate, padding, name=None):
    layout = Layout(2, False)
    rate_v = ctx.int(rate)
    if rate_v is not None and rate_v < 1:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("rate {rate} cannot be less than one", rate=rate_v))
        return ctx.unknown_tensor()
    dilations = [rate_v, rate_v] if rate_v is not None else None
    return convolve(ctx, value, filters, layout, [1, 1], dilations,
                    read_padding(ctx, padding, layout, allow_explicit=False))


@op("tf.nn.convolution")
def convolution(ctx: OpContext, input, filters=None, strides=None, padding=None, data_format=None,
                dilations=None, name=None, filter=None, dilation_rate=None):
    """N-D conv; the spatial rank comes from the filter.  TF1 put ``padding`` third
    (``convolution(input, filter, padding, strides, dilation_rate)``): a string there is TF1."""
    if ctx.str(strides) is not None:
        strides, padding = padding, strides
        if not ctx.is_none(data_format) and ctx.str(data_format) is None:
            dilation_rate, data_format = data_format, None  # TF1's 5th positional
    kernel = filter if ctx.is_none(filters) else filters
    w = ctx.tensor(kernel)
    if w is None or w.shape.rank is None or w.shape.rank < 3:
        return ctx.unknown_tensor()
    layout = layout_for(ctx, data_format, w.shape.rank - 2)
    if layout is None:
        return convolve(ctx, input, kernel, None, None, None, None)
    n = layout.spatial
    padding_v = read_padding(ctx, "VALID" if ctx.is_none(padding) else padding, layout)
    strides_v = positive(ctx, per_axis(ctx, strides, layout, "strides", (1, n)), "strides")
    rate = dilations if ctx.is_none(dilation_rate) else dilation_rate
    dilations_v = positive(ctx, per_axis(ctx, rate, layout, "dilations", (1, n)), "dilations")
    return convolve(ctx, input, kernel, layout, strides_v, dilations_v, padding_v)


_SHAPELESS = Tensor(Shape.without_static_rank(), "float32", "placeholder", None, "input:0")  # placeholder(tf.float32)

EXAMPLES = [
    # a placeholder without a shape: the conv builds, (?, ?, ?, out); the fed rank is checked at run
    ok("tf.nn.conv2d", _SHAPELESS, T(7, 7, 3, 16), [1, 2, 2, 1], "SAME", expect=[None, None, None, 16]),
    # conv2d: SAME keeps ceil(n / s), VALID drops the window; v1 `filter`, v2 `filters`.
    ok("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), [1, 1, 1, 1], "SAME", expect=[None, 28, 28, 32]),
    ok("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), [1, 2, 2, 1], "VALID", expect=[None, 12, 12, 32]),
    ok("tf.nn.conv2d", T(None, 28, 28, 1), filters=T(5, 5, 1, 32), strides=2, padding="SAME",
       expect=[None, 14, 14, 32]),
    ok("tf.nn.conv2d", T(None, 28, 28, 1), filter=T(5, 5, 1, 32), strides=[2, 3], padding="VALID",
       expect=[None, 12, 8, 32]),
    ok("tf.nn.conv2d", T(None, 10, 10, 1), T(3, 3, 1, 8), 1, "VALID", dilations=[1, 2, 2, 1],
       expect=[None, 6, 6, 8]),
    ok("tf.nn.conv2d", T(None, 1, 28, 28), T(5, 5, 1, 32), [1, 1, 1, 1], "SAME", data_format="NCHW",
       expect=[None, 32, 28, 28]),
    ok("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), 1, [[0, 0], [2, 2], [2, 2], [0, 0]],
       expect=[None, 28, 28, 32]),
    ok("tf.nn.conv2d", T(None, 28, 28, 4), T(5, 5, 2, 32), 1, "SAME", expect=[None, 28, 28, 32]),  # 2 groups
    ok("tf.nn.conv2d", T(None, 28, 28, None), T(5, 5, 1, 5), 1, "SAME", expect=[None, 28, 28, 5]),
    ok("tf.nn.conv2d", T(2, 3, 28, 28, 1), T(5, 5, 1, 32), 1, "SAME", expect=[2, 3, 28, 28, 32]),
    ok("tf.nn.conv2d", T(None, None, None, None), T(5, 5, 3, 8), 1, "VALID", expect=[None, None, None, 8]),
    ok("tf.nn.conv2d", T(None, None, 28, 3), T(5, 5, 3, 8), 2, "VALID", expect=[None, None, 12, 8]),
    ok("tf.nn.conv2d", T(None, 5, 5, 1), T(5, 5, 1, 32), 2, "VALID", expect=[None, 1, 1, 32]),
    bad("tf.nn.conv2d", T(28, 28, 1), T(5, 5, 1, 32), [1, 1, 1, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 1, 32), [1, 1, 1, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.conv2d", T(None, 28, 28, 3), T(5, 5, 2, 32), [1, 1, 1, 1], "SAME", code=codes.CHANNEL_MISMATCH,
        message="Depth of input (3) is not a multiple of input depth of filter (2)"),
    bad("tf.nn.conv2d", T(None, 28, 28, 3), T(5, 5, 1, 32), [1, 1, 1, 1], "SAME", code=codes.CHANNEL_MISMATCH,
        message="Depth of output (32) is not a multiple of the number of groups (3)"),
    bad("tf.nn.conv2d", T(None, 4, 4, 1), T(5, 5, 1, 32), [1, 1, 1, 1], "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.nn.conv2d", T(None, 4, 4, 1), T(3, 3, 1, 32), 1, "VALID", dilations=2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.nn.conv2d", T(None, None, 4, 1), T(5, 5, 1, 32), 2, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), 0, "SAME", code=codes.SHAPE_REQUIREMENT,
        message="Stride must be > 0, but got 0"),
    bad("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), [1, 1, 1], "SAME", code=codes.ARG_LENGTH,
        message="strides should be of length 1, 2 or 4"),
    bad("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), [1, 1, 1, 1], "same", code=codes.SHAPE_REQUIREMENT,
        message='Value for attr \'padding\' of "same" is not in the list of allowed'),
    bad("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), [2, 1, 1, 1], "SAME", code=codes.SHAPE_REQUIREMENT,
        message="Current implementation does not yet support strides in the batch and"),
    bad("tf.nn.conv2d", T(None, 28, 28, 1), T(5, 5, 1, 32), 1, [[1, 0], [2, 2], [2, 2], [0, 0]], code=codes.SHAPE_REQUIREMENT,
        message="Nonzero explicit padding in the batch or depth dimensions is not"),
    # conv1d / conv3d
    ok("tf.nn.conv1d", T(None, 100, 3), T(5, 3, 8), 2, "VALID", expect=[None, 48, 8]),
    ok("tf.nn.conv1d", value=T(None, 100, 3), filters=T(5, 3, 8), stride=[1, 2, 1], padding="SAME",
       expect=[None, 50, 8]),
    ok("tf.nn.conv1d", T(None, 3, 100), T(5, 3, 8), 1, "VALID", data_format="NCW", expect=[None, 8, 96]),
    bad("tf.nn.conv1d", T(None, 100, 3), T(5, 4, 8), 2, "VALID", code=codes.CHANNEL_MISMATCH,
        message="Depth of input (3) is not a multiple of input depth of filter (4)"),
    bad("tf.nn.conv1d", T(100, 3), T(5, 3, 8), 2, "VALID", code=codes.RANK_MISMATCH,
        message="Shape must be rank 3 but is rank 2"),
    bad("tf.nn.conv1d", T(None, 4, 3), T(5, 3, 8), 1, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.nn.conv1d", T(None, 100, 3), T(5, 3, 8), [2, 2], "VALID", code=codes.ARG_LENGTH,
        message="stride should be of length 1, 1 or 3"),
    ok("tf.nn.conv3d", T(None, 16, 28, 28, 1), T(3, 5, 5, 1, 32), [1, 1, 2, 2, 1], "VALID",
       expect=[None, 14, 12, 12, 32]),
    ok("tf.nn.conv3d", T(None, 16, 28, 28, 4), T(3, 5, 5, 4, 32), [1, 2, 2, 2, 1], "SAME",
       expect=[None, 8, 14, 14, 32]),
    bad("tf.nn.conv3d", T(None, 16, 28, 28, 3), T(3, 5, 5, 2, 32), [1, 1, 2, 2, 1], "VALID", code=codes.CHANNEL_MISMATCH,
        message="Depth of input (3) is not a multiple of input depth of filter (2)"),
    bad("tf.nn.conv3d", T(16, 28, 28, 3), T(3, 5, 5, 3, 32), [1, 1, 2, 2, 1], "VALID", code=codes.RANK_MISMATCH,
        message="Shape must be rank 5 but is rank 4"),
    bad("tf.nn.conv3d", T(None, 2, 28, 28, 1), T(3, 5, 5, 1, 32), [1, 1, 2, 2, 1], "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    # depthwise / separable / atrous / convolution
    ok("tf.nn.depthwise_conv2d", T(None, 28, 28, 3), T(5, 5, 3, 2), [1, 1, 1, 1], "SAME", expect=[None, 28, 28, 6]),
    ok("tf.nn.depthwise_conv2d", T(None, 28, 28, 3), T(3, 3, 3, 2), [1, 1, 1, 1], "VALID", rate=[2, 2],
       expect=[None, 24, 24, 6]),
    ok("tf.nn.depthwise_conv2d", T(None, 3, 28, 28), T(3, 3, 3, 2), [1, 1, 1, 1], "VALID", data_format="NCHW",
       expect=[None, 6, 26, 26]),
    bad("tf.nn.depthwise_conv2d", T(None, 28, 28, 3), T(5, 5, 1, 2), [1, 1, 1, 1], "SAME", code=codes.CHANNEL_MISMATCH,
        message="Dimensions must be equal, but are 3 and 1"),
    ok("tf.nn.depthwise_conv2d_native", T(None, 28, 28, 3), T(5, 5, 3, 2), [1, 1, 1, 1], "SAME",
       expect=[None, 28, 28, 6]),
    bad("tf.nn.depthwise_conv2d_native", T(1, 28, 1), T(3, 3, 1, 2), [1, 1, 1, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.depthwise_conv2d", T(28, 28, 3), T(5, 5, 3, 2), [1, 1, 1, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.depthwise_conv2d", T(None, 28, 28, 3), T(5, 5, 3, 2), [2, 2], "SAME", code=codes.ARG_LENGTH,
        message="DepthwiseConv2D requires the stride attribute to contain 4 values, but"),
    ok("tf.nn.separable_conv2d", T(None, 28, 28, 3), T(5, 5, 3, 2), T(1, 1, 6, 16), [1, 2, 2, 1], "VALID",
       expect=[None, 12, 12, 16]),
    ok("tf.nn.separable_conv2d", T(None, 28, 28, 3), T(3, 3, 3, 2), T(1, 1, 6, 16), [1, 1, 1, 1], "VALID",
       dilations=[2, 2], expect=[None, 24, 24, 16]),
    bad("tf.nn.separable_conv2d", T(None, 28, 28, 3), T(5, 5, 3, 2), T(1, 1, 5, 16), [1, 1, 1, 1], "SAME",
        code=codes.CHANNEL_MISMATCH, message="Depth of input (6) is not a multiple of input depth of filter (5)"),
    bad("tf.nn.separable_conv2d", T(None, 28, 28, 4), T(5, 5, 3, 2), T(1, 1, 6, 16), [1, 1, 1, 1], "SAME",
        code=codes.CHANNEL_MISMATCH, message="Dimensions must be equal, but are 4 and 3"),
    bad("tf.nn.separable_conv2d", T(None, 4, 4, 3), T(5, 5, 3, 2), T(1, 1, 6, 16), [1, 1, 1, 1], "VALID",
        code=codes.NEGATIVE_DIM, message="Negative dimension size caused by subtracting 5 from 4"),
    ok("tf.nn.atrous_conv2d", T(None, 28, 28, 3), T(3, 3, 3, 16), 2, "VALID", expect=[None, 24, 24, 16]),
    ok("tf.nn.atrous_conv2d", T(None, 28, 28, 3), T(3, 3, 3, 16), 2, "SAME", expect=[None, 28, 28, 16]),
    bad("tf.nn.atrous_conv2d", T(None, 4, 4, 3), T(3, 3, 3, 16), 2, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.nn.atrous_conv2d", T(None, 28, 28, 3), T(3, 3, 2, 16), 2, "VALID", code=codes.CHANNEL_MISMATCH,
        message="Depth of input (3) is not a multiple of input depth of filter (2)"),
    ok("tf.nn.convolution", T(None, 28, 28, 1), T(5, 5, 1, 32), strides=2, padding="VALID",
       expect=[None, 12, 12, 32]),
    ok("tf.nn.convolution", T(None, 28, 28, 1), T(5, 5, 1, 32), "SAME", [2, 2], expect=[None, 14, 14, 32]),
    bad("tf.nn.convolution", T(None, 4, 4, 1), T(5, 5, 1, 32), padding="VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.nn.convolution", T(None, 28, 28, 3), T(5, 5, 2, 32), padding="SAME", code=codes.CHANNEL_MISMATCH,
        message="Depth of input (3) is not a multiple of input depth of filter (2)"),
    ok("tf.nn.convolution", T(None, 16, 28, 28, 1), T(3, 3, 3, 1, 8), padding="SAME", expect=[None, 16, 28, 28, 8]),
]
