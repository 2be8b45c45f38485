"""Keras merge layers: Concatenate, Add, Subtract, Multiply, Average,
Maximum, Minimum, Dot, and their functional spellings (``layers.concatenate``,
``layers.add`` …, which build the layer and call it at once).

Reference: Keras 3 (keras/src/layers/merging).  Elementwise merges
broadcast the non-batch shapes pairwise, failing "Inputs have incompatible
shapes. Received shapes (4,) and (5,)"; Subtract takes exactly two inputs;
Concatenate needs equal ranks and equal dims off the concatenation axis: "A
`Concatenate` layer requires inputs with matching shapes except for the
concatenation axis. Received: input_shape=[(None, 4), (None, 5, 2)]"; Dot
needs the contracted axes equal: "Incompatible input shapes: axis values 4
(at axis 1) != 5 (at axis 1). Full input shapes: (None, 4), (None, 5)".
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import normalize_axis
from shapetracer.constraints.keras.machinery import (
    L, S, apply_layer, attr, involved_for, layer_call, new_layer, result,
)
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Tensor

ELEMENTWISE = ["Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum"]


def _list_required(ctx: OpContext, layer, x, what: str = "A merge layer") -> list[Tensor] | None:
    """Merges take a list; one tensor fails the way Keras words it."""
    if isinstance(x, Tensor):
        ctx.fail(codes.KERAS_INPUT, Message(what + " should be called on a list of inputs. Received: "
                                            "input_shape={shape:keras} (not a list of shapes)", shape=x.shape),
                 involved_for(layer, x))
        return None
    if not x:
        ctx.fail(codes.KERAS_INPUT, Message(what + " should be called on a list of at least 1 input. Received 0 "
                                            "inputs. Full input_shape received: []"), involved_for(layer))
        return None
    return x


# --- elementwise ------------------------------------------------------------------------------


def _elementwise_ctor(type_name: str):
    def construct(ctx: OpContext, **kwargs):
        return new_layer(ctx, type_name, {}, kwargs)

    construct.__name__ = type_name.rsplit(".", 1)[-1].lower()
    return construct


def _broadcast(ctx: OpContext, layer, first: list[Dim], second: list[Dim], xs: list[Tensor]) -> list[Dim] | None:
    """keras Merge._compute_elemwise_op_output_shape on non-batch shapes."""
    if len(first) < len(second):
        first, second = second, first
    if not second:
        return first
    out = list(first[:len(first) - len(second)])
    for a, b in zip(first[len(first) - len(second):], second):
        if a.known and a.value == 1:
            out.append(b)
        elif b.known and b.value == 1:
            out.append(a)
        elif a.known and b.known and a.value != b.value:
            ctx.fail(codes.BROADCAST, Message("Inputs have incompatible shapes. Received shapes {shape_a:keras} "
                                              "and {shape_b:keras}", shape_a=first, shape_b=second),
                     involved_for(layer, *xs))
            return None
        else:
            out.append(a if a.known else b)
    return out


def _elementwise_call(ctx: OpContext, layer, x, data: bool, *args, **kwargs):
    xs = _list_required(ctx, layer, x)
    if xs is None:
        return ctx.unknown_tensor()
    if layer.type_name.endswith("Subtract") and len(xs) != 2:
        ctx.fail(codes.KERAS_INPUT, Message("A `Subtract` layer should be called on exactly 2 inputs. Received: "
                                            "input_shape={shapes:kerases}", shapes=[t.shape for t in xs]),
                 involved_for(layer, *xs))
        return ctx.unknown_tensor(xs[0].dtype)
    batches = {t.shape.dims[0].value for t in xs if t.shape.rank and t.shape.dims[0].known}
    if len(batches) > 1:
        ctx.fail(codes.BROADCAST, Message("Cannot merge tensors with different batch sizes. Received tensors with "
                                          "shapes {shapes:kerases}", shapes=[t.shape for t in xs]),
                 involved_for(layer, *xs))
        return ctx.unknown_tensor(xs[0].dtype)
    shape: list[Dim] | None = list(xs[0].shape.dims[1:])
    for other in xs[1:]:
        shape = _broadcast(ctx, layer, shape, list(other.shape.dims[1:]), xs)
        if shape is None:
            return ctx.unknown_tensor(xs[0].dtype)
    if len(xs) == 1:
        return ctx.same_shape(xs[0])
    batch = next((t.shape.dims[0] for t in xs if t.shape.rank and t.shape.dims[0].known), xs[0].shape.dims[0])
    return result(ctx, layer, [batch] + shape, xs[0].dtype)


for _cls in ELEMENTWISE:
    _name = f"keras.layers.{_cls}"
    op(_name)(_elementwise_ctor(_name))
    layer_call(_name, multi=True)(_elementwise_call)


# --- Concatenate --------------------------------------------------------------------------------------


@op("keras.layers.Concatenate")
def concatenate_layer(ctx: OpContext, axis=-1, **kwargs):
    return new_layer(ctx, "keras.layers.Concatenate", {"axis": axis}, kwargs)


@layer_call("keras.layers.Concatenate", multi=True)
def concatenate_call(ctx: OpContext, layer, x, data: bool, *args, **kwargs):
    """Equal ranks, equal known dims off the axis; the axis adds up."""
    xs = _list_required(ctx, layer, x, "A `Concatenate` layer")
    axis = ctx.int(attr(layer, "axis"))
    if xs is None or axis is None:
        return ctx.unknown_tensor()
    message = Message("A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. "
                      "Received: input_shape={shapes:kerases}", shapes=[t.shape for t in xs])
    rank = xs[0].shape.rank
    if any(t.shape.rank != rank for t in xs):
        ctx.fail(codes.CONCAT_DIM, message, involved_for(layer, *xs))
        return ctx.unknown_tensor(xs[0].dtype)
    where = normalize_axis(axis, rank)
    if where is None:
        return ctx.unknown_tensor(xs[0].dtype)
    out: list[Dim] = []
    for i in range(rank):
        column = [t.shape.dims[i] for t in xs]
        if i == where:
            total = column[0]
            for dim in column[1:]:
                total = total + dim
            out.append(total if all(d.known for d in column) else ctx.fresh("concat"))
            continue
        known = {d.value for d in column if d.known}
        if len(known) > 1:
            ctx.fail(codes.CONCAT_DIM, message, involved_for(layer, *xs))
            return ctx.unknown_tensor(xs[0].dtype)
        out.append(next((d for d in column if d.known), column[0]))
    return result(ctx, layer, out, xs[0].dtype)


# --- Dot -------------------------------------------------------------------------------------------------


@op("keras.layers.Dot")
def dot_layer(ctx: OpContext, axes, normalize=False, **kwargs):
    return new_layer(ctx, "keras.layers.Dot", {"axes": axes, "normalize": normalize}, kwargs)


@layer_call("keras.layers.Dot", multi=True)
def dot_call(ctx: OpContext, layer, x, data: bool, *args, **kwargs):
    """A batched dot product over one axis of each input."""
    if isinstance(x, Tensor) or len(x) != 2:
        ctx.fail(codes.KERAS_INPUT, Message("A `Dot` layer should be called on a list of 2 inputs. Received: "
                                            "input_shape=" + ("{shape:keras}" if isinstance(x, Tensor) else
                                                              "{shapes:kerases}"),
                                            **({"shape": x.shape} if isinstance(x, Tensor) else
                                               {"shapes": [t.shape for t in x]})),
                 involved_for(layer))
        return ctx.unknown_tensor()
    a, b = x
    axes = ctx.int_list(attr(layer, "axes"))
    if axes is None or len(axes) not in (1, 2):
        return ctx.unknown_tensor(a.dtype)
    single = len(axes) == 1
    pair = [axes[0], axes[0]] if single else axes
    if single and axes[0] < 0:
        pair = [axes[0] % a.shape.rank, axes[0] % b.shape.rank]
    if not (0 <= pair[0] < a.shape.rank and 0 <= pair[1] < b.shape.rank):
        return ctx.unknown_tensor(a.dtype)
    left, right = a.shape.dims[pair[0]], b.shape.dims[pair[1]]
    if left.known and right.known and left.value != right.value:
        ctx.fail(codes.MATMUL_DIM, Message("Incompatible input shapes: axis values {a} (at axis {axis_a}) != "
                                           "{b} (at axis {axis_b}). Full input shapes: {shape_a:keras}, "
                                           "{shape_b:keras}", a=left.value, axis_a=pair[0], b=right.value,
                                           axis_b=pair[1], shape_a=a.shape, shape_b=b.shape), involved_for(layer, a, b))
        return ctx.unknown_tensor(a.dtype)
    first = [d for i, d in enumerate(a.shape.dims) if i != pair[0]]
    second = [d for i, d in enumerate(b.shape.dims) if i != pair[1]][1:]
    out = first + second
    return result(ctx, layer, out + [1] if len(out) == 1 else out, a.dtype)


# --- functional spellings ------------------------------------------------------------------------------------


def _merge_now(ctx: OpContext, type_name: str, inputs, config: dict, kwargs: dict):
    layer = new_layer(ctx, type_name, config, kwargs)
    value = apply_layer(ctx, layer, inputs)
    return UNKNOWN if ctx.failed else value


@op("keras.layers.concatenate")
def concatenate(ctx: OpContext, inputs, axis=-1, **kwargs):
    return _merge_now(ctx, "keras.layers.Concatenate", inputs, {"axis": axis}, kwargs)


@op("keras.layers.dot")
def dot(ctx: OpContext, inputs, axes=-1, **kwargs):
    return _merge_now(ctx, "keras.layers.Dot", inputs, {"axes": axes}, kwargs)


def _functional(cls: str):
    def merge(ctx: OpContext, inputs, **kwargs):
        return _merge_now(ctx, f"keras.layers.{cls}", inputs, {}, kwargs)

    merge.__name__ = cls.lower()
    op(f"keras.layers.{cls.lower()}")(merge)


for _cls in ELEMENTWISE:
    _functional(_cls)


EXAMPLES = [
    ok("keras.layers.Add.__call__", L("keras.layers.Add"), [S(4), S(4)], expect=[None, 4]),
    ok("keras.layers.Add.__call__", L("keras.layers.Add"), [S(4), S(1)], expect=[None, 4]),
    ok("keras.layers.Add.__call__", L("keras.layers.Add"), [S(4), S(3, 4)], expect=[None, 3, 4]),
    ok("keras.layers.Maximum.__call__", L("keras.layers.Maximum"), [S(3, 4), S(1, 4)],
       expect=[None, 3, 4]),
    bad("keras.layers.Add.__call__", L("keras.layers.Add"), [S(4), S(5)], code=codes.BROADCAST,
        message="Inputs have incompatible shapes"),
    bad("keras.layers.Multiply.__call__", L("keras.layers.Multiply"), [S(3, 4), S(2, 4)],
        code=codes.BROADCAST, message="Inputs have incompatible shapes"),
    bad("keras.layers.Subtract.__call__", L("keras.layers.Subtract"), [S(4), S(4), S(4)],
        code=codes.KERAS_INPUT, message="A `Subtract` layer should be called on exactly 2 inputs"),
    bad("keras.layers.Add.__call__", L("keras.layers.Add"), S(4), code=codes.KERAS_INPUT,
        message="A merge layer should be called on a list of inputs"),
    ok("keras.layers.add", [S(4), S(4)], expect=[None, 4]),
    # every elementwise merge, as a layer and as a function
    *[example for cls in ELEMENTWISE for example in (
        ok(f"keras.layers.{cls}.__call__", L(f"keras.layers.{cls}"), [S(3, 4), S(1, 4)], expect=[None, 3, 4]),
        ok(f"keras.layers.{cls.lower()}", [S(2, 5), S(2, 5)], expect=[None, 2, 5]))],
    bad("keras.layers.Minimum.__call__", L("keras.layers.Minimum"), [S(3, 4), S(3, 5)], code=codes.BROADCAST,
        message="Inputs have incompatible shapes. Received shapes (3, 4) and (3, 5)"),
    bad("keras.layers.average", [S(4), S(5)], code=codes.BROADCAST, message="Inputs have incompatible shapes"),
    ok("keras.layers.Concatenate.__call__", L("keras.layers.Concatenate"), [S(4, 3), S(4, 2)],
       expect=[None, 4, 5]),
    ok("keras.layers.Concatenate.__call__", L("keras.layers.Concatenate", axis=1), [S(3, 4), S(2, 4)],
       expect=[None, 5, 4]),
    ok("keras.layers.concatenate", [S(4, 3), S(4, 2)], expect=[None, 4, 5]),
    bad("keras.layers.Concatenate.__call__", L("keras.layers.Concatenate"), [S(4), S(5, 2)],
        code=codes.CONCAT_DIM, message="A `Concatenate` layer requires inputs with matching shapes except for"),
    bad("keras.layers.concatenate", [S(4, 3), S(5, 2)], axis=-1, code=codes.CONCAT_DIM,
        message="A `Concatenate` layer requires inputs with matching shapes except for"),
    ok("keras.layers.Dot.__call__", L("keras.layers.Dot", axes=1), [S(4), S(4)], expect=[None, 1]),
    ok("keras.layers.Dot.__call__", L("keras.layers.Dot", axes=(2, 2)), [S(3, 4), S(5, 4)],
       expect=[None, 3, 5]),
    ok("keras.layers.dot", [S(3, 4), S(5, 4)], axes=(2, 2), expect=[None, 3, 5]),
    bad("keras.layers.Dot.__call__", L("keras.layers.Dot", axes=1), [S(4), S(5)], code=codes.MATMUL_DIM,
        message="Incompatible input shapes: axis values 4"),
]
