"""Keras attention layers: Attention (dot-product), AdditiveAttention and
MultiHeadAttention.

Reference: Keras 3 (keras/src/layers/attention).  Attention takes
``[query, value]`` or ``[query, value, key]`` and returns
``(batch, Tq, value_dim)`` (plus scores ``(batch, Tq, Tv)`` with
``return_attention_scores=True``); Keras does not compare the query and key
widths statically, but on arrays the score MatMul fails "Dimensions must be
equal, but are 4 and 6 ... with input shapes: [2,3,4], [2,6,5]".
MultiHeadAttention projects every input, so widths may differ; its output
has the query's shape (last axis ``output_shape`` if given), and key and
value must agree off the last axis: "All dimensions of `value` and `key`,
except the last one, must be equal. Received: value_shape=(None, 5, 6) and
key_shape=(None, 7, 6)".
"""

from __future__ import annotations

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.constraints.keras.machinery import (
    L, S, attr, involved_for, layer_call, layer_name, new_layer, result,
)
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Seq, Tensor
from shapetracer.constraints.core import messages


@op("keras.layers.Attention")
def attention(ctx: OpContext, use_scale=False, score_mode="dot", dropout=0.0, seed=None, **kwargs):
    return new_layer(ctx, "keras.layers.Attention", {"use_scale": use_scale, "score_mode": score_mode}, kwargs)


@op("keras.layers.AdditiveAttention")
def additive_attention(ctx: OpContext, use_scale=True, dropout=0.0, **kwargs):
    return new_layer(ctx, "keras.layers.AdditiveAttention", {"use_scale": use_scale}, kwargs)


def _attention_call(ctx: OpContext, layer, x, data: bool, *args, return_attention_scores=False, **kwargs):
    """Scores are query · keyᵀ; the output mixes values: ``(batch, Tq, value_dim)``."""
    if isinstance(x, Tensor) or len(x) not in (2, 3):
        ctx.fail(codes.KERAS_INPUT, Message("{layer_class} layer must be called on a list of inputs, namely [query, "
                                            "value] or [query, value, key].",
                                            layer_class=layer.type_name.rsplit(".", 1)[-1]), involved_for(layer))
        return ctx.unknown_tensor()
    query, value = x[0], x[1]
    key = x[2] if len(x) == 3 else value
    if query.shape.rank < 2 or value.shape.rank < 2 or key.shape.rank < 2:
        return ctx.unknown_tensor(query.dtype)
    width, key_width = query.shape.dims[-1], key.shape.dims[-1]
    if data and width.known and key_width.known and width.value != key_width.value:
        transposed = list(key.shape.dims[:-2]) + [key.shape.dims[-1], key.shape.dims[-2]]
        ctx.fail(codes.MATMUL_DIM, join(messages.dims_must_be_equal(width.value, key_width.value),
                                        " for '{layer}/MatMul' with input shapes: {shape_a:tf}, {shape_b:tf}",
                                        layer=layer_name(layer), shape_a=query.shape, shape_b=transposed),
                 involved_for(layer, query, key))
        return ctx.unknown_tensor(query.dtype)
    out = result(ctx, layer, list(query.shape.dims[:-1]) + [value.shape.dims[-1]], query.dtype)
    if ctx.bool(return_attention_scores, False):
        scores = result(ctx, layer, list(query.shape.dims[:-1]) + [key.shape.dims[-2]], query.dtype)
        return Seq([out, scores], "list")
    return out


layer_call("keras.layers.Attention", multi=True)(_attention_call)
layer_call("keras.layers.AdditiveAttention", multi=True)(_attention_call)


@op("keras.layers.MultiHeadAttention")
def multi_head_attention(ctx: OpContext, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
                         output_shape=None, attention_axes=None, sliding_window=None, flash_attention=None,
                         kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                         bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                         bias_constraint=None, use_gate=False, seed=None, **kwargs):
    return new_layer(ctx, "keras.layers.MultiHeadAttention",
                     {"num_heads": num_heads, "key_dim": key_dim, "value_dim": value_dim,
                      "output_shape": output_shape, "attention_axes": attention_axes}, kwargs)


@layer_call("keras.layers.MultiHeadAttention")
def multi_head_attention_call(ctx: OpContext, layer, query: Tensor, data: bool, value=None, key=None,
                              query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
                              return_attention_scores=False, training=None, use_causal_mask=False, **kwargs):
    """Output like the query (last axis ``output_shape``); scores ``(batch, heads, Tq, Tv)``."""
    value_t = ctx.tensor(value)
    key_t = ctx.tensor(key) if key is not None and not ctx.is_none(key) else value_t
    if value_t is None or key_t is None or value_t.shape.dims is None or key_t.shape.dims is None:
        return ctx.unknown_tensor(query.dtype)
    if key_t is not value_t:
        same_rank = key_t.shape.rank == value_t.shape.rank
        mismatch = not same_rank or any(a.known and b.known and a.value != b.value
                                        for a, b in zip(value_t.shape.dims[:-1], key_t.shape.dims[:-1]))
        if mismatch:
            ctx.fail(codes.KERAS_INPUT, Message("All dimensions of `value` and `key`, except the last one, must be "
                                                "equal. Received: value_shape={shape_a:keras} and "
                                                "key_shape={shape_b:keras}", shape_a=value_t.shape,
                                                shape_b=key_t.shape),
                     involved_for(layer, value_t, key_t))
            return ctx.unknown_tensor(query.dtype)
    declared = ctx.int_list(attr(layer, "output_shape")) if not ctx.is_none(attr(layer, "output_shape")) else None
    last = list(declared) if declared is not None else [query.shape.dims[-1]]
    out = result(ctx, layer, list(query.shape.dims[:-1]) + last, query.dtype)
    if not ctx.bool(return_attention_scores, False):
        return out
    if query.shape.rank != 3 or not ctx.is_none(attr(layer, "attention_axes")):
        return Seq([out, ctx.unknown_tensor(query.dtype)], "tuple")
    heads = ctx.dim(attr(layer, "num_heads")) or ctx.fresh("heads")
    scores = result(ctx, layer, [query.shape.dims[0], heads, query.shape.dims[1], value_t.shape.dims[1]],
                    query.dtype)
    return Seq([out, scores], "tuple")


EXAMPLES = [
    ok("keras.layers.Attention.__call__", L("keras.layers.Attention"), [S(3, 4), S(5, 4)],
       expect=[None, 3, 4]),
    ok("keras.layers.Attention.__call__", L("keras.layers.Attention"), [S(3, 4), S(5, 4), S(5, 4)],
       expect=[None, 3, 4]),
    ok("keras.layers.Attention.__call__", L("keras.layers.Attention"), [S(3, 4), S(5, 6)],
       expect=[None, 3, 6]),
    ok("keras.layers.AdditiveAttention.__call__", L("keras.layers.AdditiveAttention"),
       [S(3, 4), S(5, 4)], expect=[None, 3, 4]),
    bad("keras.layers.Attention.__call__", L("keras.layers.Attention"), [A(2, 3, 4), A(2, 5, 6)], code=codes.MATMUL_DIM,
        message="Dimensions must be equal, but are 4 and 6 for 'attention/MatMul' with"),
    bad("keras.layers.Attention.__call__", L("keras.layers.Attention"), S(3, 4), code=codes.KERAS_INPUT,
        message="Attention layer must be called on a list of inputs, namely [query"),
    ok("keras.layers.MultiHeadAttention.__call__", L("keras.layers.MultiHeadAttention", 2, 8), S(3, 4),
       S(5, 6), expect=[None, 3, 4]),
    ok("keras.layers.MultiHeadAttention.__call__", L("keras.layers.MultiHeadAttention", 2, 8, output_shape=7),
       S(3, 4), S(5, 6), expect=[None, 3, 7]),
    ok("keras.layers.MultiHeadAttention.__call__", L("keras.layers.MultiHeadAttention", 4, 16), S(10, 64),
       S(10, 64), S(10, 32), expect=[None, 10, 64]),
    bad("keras.layers.MultiHeadAttention.__call__", L("keras.layers.MultiHeadAttention", 2, 8), S(3, 4),
        S(5, 6), S(7, 6), code=codes.KERAS_INPUT,
        message="All dimensions of `value` and `key`, except the last one, must be equal"),
]
