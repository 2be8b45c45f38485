"""memory: tensors too large for the device, and Keras training steps that cannot fit.

A tensor whose static shape and dtype are known has a size: elements times the dtype's
width.  When that size exceeds the device's memory (``--device-memory``, ``device-memory``
in ``[tool.shapetracer]``; default 141 GiB, the largest single accelerator on sale) the
job dies with ResourceExhaustedError ("OOM when allocating tensor with shape[...]") at the
op that makes it, so the op is reported (ST205, a warning: the device may be larger).

``fit`` is estimated the same way: the parameters of the layers it trains (Dense,
Embedding, Conv*: what their configuration and input fix) plus the outputs of every layer
for one batch, all float32.  Layers whose size is not known count nothing, so the estimate
is a lower bound.

A numpy array lives in the host's memory, which no log states; it is reported only when no
process could hold it: larger than the user address space of a 64-bit process
(``ADDRESS_SPACE``), ``np.ones((n * 100000, n * 100000))`` fails with "Unable to allocate
596. TiB" on any machine.

Sizes are computed, never allocated: ``tests`` state them as numbers.
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.bounds import DEFAULT_DEVICE_MEMORY, parse_size
from shapetracer.domain.values import Const, Obj, Seq, Tensor
from shapetracer.constraints.core.examples import ok, bad
from shapetracer.constraints.core.spec import (
    ANNOTATORS, OpContext, TrainingStepMemory, add_check,
)

GIB = 1 << 30
ITEMSIZE = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "int8": 1, "uint8": 1, "int16": 2,
            "uint16": 2, "int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "bool": 1, "complex64": 8,
            "complex128": 16}
# A 64-bit Linux process maps at most 128 TiB (x86-64) or 256 TiB (arm64) of user addresses
# unless it asks for more by address hint, which numpy's allocator never does: a single
# array larger than this cannot be allocated on any host, whatever its memory.
ADDRESS_SPACE = 256 << 40
_FIT = tuple(f"{base}.{method}" for base in ("keras.Model", "keras.Sequential")
             for method in ("fit", "fit_generator", "train_on_batch"))


def device_memory(ctx: OpContext) -> int:
    setting = ctx.host.device_memory or DEFAULT_DEVICE_MEMORY
    return parse_size(setting) or parse_size(DEFAULT_DEVICE_MEMORY)  # type: ignore[return-value]


def tensor_bytes(tensor: Tensor, default_dtype: str | None = None) -> tuple[int, list[int]] | None:
    """(bytes, dims) of a tensor whose every dim and dtype are known."""
    dims = tensor.shape.dims
    if dims is None or not all(d.known and isinstance(d.value, int) for d in dims):
        return None
    width = ITEMSIZE.get(tensor.dtype or default_dtype or "")
    if width is None:
        return None
    values = [d.value for d in dims]
    return math.prod(values) * width, values


def _too_large(value: Any, limit: int, numpy: bool = False) -> bool:
    """Whether ``value`` (a tensor, or with ``numpy`` a numpy array too, or a sequence of
    them) is larger than ``limit`` bytes."""
    if isinstance(value, Tensor) and (numpy or not value.is_numpy):
        found = tensor_bytes(value)
        return found is not None and found[0] > limit
    if isinstance(value, Seq):
        return any(_too_large(item, limit, numpy) for item in value.items)
    return False


def _start_fit(ctx: OpContext, args: dict) -> None:
    ctx.host.memory_fit = TrainingStepMemory()


def _layer_params(layer: Obj, x: Any) -> int:
    """Parameters a layer builds on input ``x`` (0 when not known)."""
    attrs = layer.attrs
    last = x.shape.dims[-1] if isinstance(x, Tensor) and x.shape.dims else None
    width = last.value if last is not None and last.known and isinstance(last.value, int) else None
    kind = layer.type_name.rsplit(".", 1)[-1]

    def number(key: str) -> int | None:
        value = attrs.get(key)
        return value.value if isinstance(value, Const) and isinstance(value.value, int) else None

    if kind == "Dense" and width is not None and number("units"):
        return width * number("units") + number("units")
    if kind == "Embedding" and number("input_dim") and number("output_dim"):
        return number("input_dim") * number("output_dim")
    if kind in ("Conv1D", "Conv2D", "Conv3D") and width is not None and number("filters"):
        size = attrs.get("kernel_size")
        sizes = [size.value] if isinstance(size, Const) else \
            [i.value for i in size.items] if isinstance(size, Seq) and all(isinstance(i, Const) for i in size.items) \
            else None
        if not sizes or not all(isinstance(s, int) for s in sizes):
            return 0
        if len(sizes) == 1:
            sizes = sizes * {"Conv1D": 1, "Conv2D": 2, "Conv3D": 3}[kind]
        return math.prod(sizes) * width * number("filters") + number("filters")
    return 0


def annotate(ctx: OpContext, args: dict, result: Any) -> Any:
    """Warn at the op that makes a tensor larger than the device; sum up a fit's step."""
    estimate = ctx.host.memory_fit
    if estimate is not None and ctx.api.endswith(".__call__") and isinstance(result, Tensor):
        layer = args.get("self", args.get("layer"))
        found = tensor_bytes(result, "float32")
        if found is not None:
            estimate.activations += found[0]
            if estimate.largest is None or found[0] > math.prod(estimate.largest[1] or [1]) * 4:
                estimate.largest = (ctx.api.rsplit(".", 2)[-2], found[1])
        if isinstance(layer, Obj):
            estimate.params += _layer_params(layer, args.get("inputs", args.get("x")))
            estimate.reported = estimate.reported or layer in _WARNED
    if ctx.api in _FIT:
        _finish_fit(ctx, estimate)
        return result
    if estimate is None and ctx.api.endswith(".__call__") and isinstance(args.get("self"), Obj):
        _layer_weights(ctx, args["self"], args.get("inputs", args.get("x")))
    if isinstance(result, Tensor) and result.is_numpy:
        _host_array(ctx, args, result)
        return result
    if not isinstance(result, Tensor):
        return result
    found = tensor_bytes(result)
    if found is None:
        return result
    size, dims = found
    limit = device_memory(ctx)
    if size <= limit or any(_too_large(v, limit) for k, v in args.items() if k != "ctx"):
        return result
    elements = math.prod(dims)
    ctx.warn(codes.DEVICE_MEMORY,
             ctx.msg("a {dtype} tensor of shape {shape:list} holds {elements:,} elements = {size:,} bytes "
                     "({size:human}), more than the device memory ({device_memory:human}): OOM when allocating tensor",
                     dtype=result.dtype, shape=dims, elements=elements, size=size, device_memory=limit), [result])
    return result


def _host_array(ctx: OpContext, args: dict, result: Tensor) -> None:
    """Warn at the numpy call that makes an array no process can hold (``ADDRESS_SPACE``);
    an array made from one already too large is not reported again."""
    found = tensor_bytes(result)
    if found is None or found[0] <= ADDRESS_SPACE:
        return
    if any(_too_large(v, ADDRESS_SPACE, numpy=True) for k, v in args.items() if k != "ctx"):
        return
    size, dims = found
    ctx.warn(codes.DEVICE_MEMORY,
             ctx.msg("a {dtype} array of shape {shape:list} holds {elements:,} elements = {size:,} bytes "
                     "({size:human}), more than a 64-bit process can address ({address_space:human}): "
                     "Unable to allocate on any host",
                     dtype=result.dtype, shape=dims, elements=math.prod(dims), size=size,
                     address_space=ADDRESS_SPACE), [result])


# Layers already reported for their own weights: their later calls (fit, predict) and the fit
# estimates that include them are not reported again.
_WARNED: "weakref.WeakSet[Obj]" = weakref.WeakSet()


def _layer_weights(ctx: OpContext, layer: Obj, x: Any) -> None:
    """A layer whose own weights exceed the device fails when Keras builds it."""
    params = _layer_params(layer, x)
    limit = device_memory(ctx)
    if params * 4 > limit and layer not in _WARNED:
        _WARNED.add(layer)
        kind = layer.type_name.rsplit(".", 1)[-1]
        ctx.warn(codes.DEVICE_MEMORY,
                 Message("{layer_class}: its weights are {params:,} float32 parameters = {size:,} bytes "
                         "({size:human}), more than the device memory ({device_memory:human}): OOM when allocating "
                         "tensor",
                         layer_class=kind, params=params, size=params * 4, device_memory=limit),
                 [x] if isinstance(x, Tensor) else [])


def _finish_fit(ctx: OpContext, estimate: TrainingStepMemory | None) -> None:
    ctx.host.memory_fit = None
    if estimate is None or estimate.reported:
        return
    total = estimate.params * 4 + estimate.activations
    limit = device_memory(ctx)
    if total <= limit:
        return
    largest = Message("")
    if estimate.largest is not None:
        largest = Message("; the largest, {layer_class}, outputs {shape:list}", layer_class=estimate.largest[0],
                          shape=estimate.largest[1])
    ctx.warn(codes.DEVICE_MEMORY,
             ctx.msg("one training step needs at least {size:,} bytes ({size:human}): {params:,} float32 parameters "
                     "({params_size:human}) and one batch's layer outputs ({activations_size:human})", largest,
                     ", more than the device memory ({device_memory:human})", size=total, params=estimate.params,
                     params_size=estimate.params * 4, activations_size=estimate.activations, device_memory=limit))


ANNOTATORS.append(annotate)
for _name in _FIT:
    add_check(_name, _start_fit)


EXAMPLES = [
    # 200000 x 200000 float32: 160,000,000,000 bytes = 149.0 GiB > 141 GiB
    ok("tf.random.normal", [200000, 200000], expect=[200000, 200000], warns=codes.DEVICE_MEMORY),
    ok("tf.zeros", [3200000, 3200000], dtype="float16", expect=[3200000, 3200000], warns=codes.DEVICE_MEMORY),
    ok("tf.zeros", [100000, 100000], expect=[100000, 100000]),  # 40 GB: fits
    ok("tf.ones", [None, 10**9], expect=[None, 10**9]),  # a dim not known: no size
    # ST205 is a warning; an op that fails on its shape is reported for that, not for its size
    bad("tf.zeros", [-1, 200000], code=codes.SHAPE_REQUIREMENT, message="Fill dimensions must be >= 0"),
]
