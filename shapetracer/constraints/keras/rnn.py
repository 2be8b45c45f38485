"""Keras recurrent layers: SimpleRNN, LSTM, GRU (``return_sequences``,
``return_state``), the generic RNN over LSTMCell/GRUCell/SimpleRNNCell (or a
list of cells), and the wrappers Bidirectional and TimeDistributed.

Reference: Keras 3 (keras/src/layers/rnn).  A recurrent layer takes
``(batch, timesteps, features)``: any other rank fails "Input 0 with name
'None' of layer 'lstm' is incompatible with the layer: expected ndim=3,
found ndim=2. Full shape received: (None, 10)" (pattern 33, code ST119; two
stacked LSTMs without ``return_sequences=True`` is the classic case).  The
cell's kernel is fixed at build; Keras does not check the feature size of a
later symbolic call, but running the layer on arrays with another feature
size fails in the cell's MatMul: "Dimensions must be equal, but are 6 and 5
... with input shapes: [?,6], [5,32]".  TimeDistributed needs rank >= 3
("`TimeDistributed` Layer should be passed an `input_shape` with at least 3
dimensions, received: (None, 4)").
"""

from __future__ import annotations

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.constraints.keras.machinery import (
    InputSpec, L, S, apply_layer, attr, involved_for, keras1_interface, layer_call, layer_name, new_layer,
    register_input,
    result, state_of,
)
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Obj, Seq, Tensor, Value
from shapetracer.constraints.core import messages

# Kernel width per unit: the gates each cell computes from its input.
_GATES = {"LSTM": 4, "GRU": 3, "SimpleRNN": 1}
_STATES = {"LSTM": 2, "GRU": 1, "SimpleRNN": 1}


def _recurrent(ctx: OpContext, kind: str, units, return_sequences, return_state, go_backwards, kwargs: dict,
               use_bias=True, reset_after=None):
    """``reset_after`` None: the Keras's own default (False under TensorFlow 1.15)."""
    return new_layer(ctx, f"keras.layers.{kind}", {"units": units, "return_sequences": return_sequences,
                                                  "return_state": return_state, "go_backwards": go_backwards,
                                                  "use_bias": use_bias, "reset_after": reset_after}, kwargs)


@op("keras.layers.SimpleRNN")
@keras1_interface("recurrent")
def simple_rnn(ctx: OpContext, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
               recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
               recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
               recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
               return_sequences=False, return_state=False, go_backwards=False, stateful=False, unroll=False,
               seed=None, **kwargs):
    return _recurrent(ctx, "SimpleRNN", units, return_sequences, return_state, go_backwards, kwargs, use_bias)


@op("keras.layers.LSTM", "keras.layers.CuDNNLSTM")
@keras1_interface("recurrent")
def lstm(ctx: OpContext, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
         kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
         unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
         activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
         dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False,
         go_backwards=False, stateful=False, unroll=False, use_cudnn="auto", **kwargs):
    return _recurrent(ctx, "LSTM", units, return_sequences, return_state, go_backwards, kwargs, use_bias)


@op("keras.layers.GRU", "keras.layers.CuDNNGRU")
@keras1_interface("recurrent")
def gru(ctx: OpContext, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
        kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
        kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None,
        kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
        recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False, go_backwards=False,
        stateful=False, unroll=False, reset_after=None, use_cudnn="auto", **kwargs):
    return _recurrent(ctx, "GRU", units, return_sequences, return_state, go_backwards, kwargs, use_bias, reset_after)


def _cell(kind: str):
    def construct(ctx: OpContext, units, *args, **kwargs):
        """A cell: only its ``units`` decide shapes."""
        return Obj(f"keras.layers.{kind}Cell", {"units": units}, ctx.site)

    construct.__name__ = f"{kind.lower()}_cell"
    op(f"keras.layers.{kind}Cell")(construct)


for _kind in _GATES:
    _cell(_kind)


@op("keras.layers.StackedRNNCells")
def stacked_cells(ctx: OpContext, cells, **kwargs):
    return Obj("keras.layers.StackedRNNCells", {"cells": cells}, ctx.site)


@op("keras.layers.RNN")
def rnn(ctx: OpContext, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
        unroll=False, zero_output_for_mask=False, **kwargs):
    return new_layer(ctx, "keras.layers.RNN", {"cell": cell, "return_sequences": return_sequences,
                                              "return_state": return_state}, kwargs)


# --- calls --------------------------------------------------------------------------------------


def _outputs(ctx: OpContext, layer: Obj, x: Tensor, units: Dim | None, states: int) -> Value:
    """The output (sequence or last step) and, with ``return_state``, the states."""
    batch, steps = x.shape.dims[0], x.shape.dims[1]
    width = units or ctx.fresh("units")
    sequences = ctx.bool(attr(layer, "return_sequences"), False)
    with_state = ctx.bool(attr(layer, "return_state"), False)
    if sequences is None or with_state is None:
        return ctx.unknown_tensor(x.dtype)
    out = result(ctx, layer, [batch, steps, width] if sequences else [batch, width], x.dtype)
    if not with_state:
        return out
    state_list: list[Value] = [result(ctx, layer, [batch, width], x.dtype) for _ in range(states)]
    return Seq([out] + state_list, "list")


def _recurrent_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """The cell's kernel is ``[features, gates * units]``, fixed at the first call."""
    kind = layer.type_name.rsplit(".", 1)[-1]
    if kind not in _GATES or x.shape.rank != 3:
        return ctx.unknown_tensor(x.dtype)
    units = ctx.dim(attr(layer, "units"))
    if not _features_match(ctx, layer, x, data, _GATES[kind], units):
        return ctx.unknown_tensor(x.dtype)
    return _outputs(ctx, layer, x, units, _STATES[kind])


def _features_match(ctx: OpContext, layer: Obj, x: Tensor, data: bool, gates: int, units: Dim | None) -> bool:
    state = state_of(layer)
    features = x.shape.dims[-1]
    if state.features is None:
        state.features = features
        return True
    built = state.features
    if not data or not (built.known and features.known) or built.value == features.value:
        return True
    kind = layer.type_name.rsplit(".", 1)[-1].lower()
    width = gates * units.value if units is not None and units.known else None
    ctx.fail(codes.RNN_INPUT, join(messages.dims_must_be_equal(features.value, built.value),
                                   " for '{layer}/{kind}_cell/MatMul' with input shapes: {shape_a:tf}, {shape_b:tf}",
                                   layer=layer_name(layer), kind=kind, shape_a=[x.shape.dims[0], features],
                                   shape_b=[built.value, width]),
             involved_for(layer, x))
    return False


for _kind in _GATES:
    layer_call(f"keras.layers.{_kind}", InputSpec(ndim=3), code=codes.RNN_INPUT)(_recurrent_call)


def _last_cell(value: Value) -> tuple[Value, int]:
    """The cell whose units give the output, and how many states the stack returns."""
    if isinstance(value, Obj) and value.type_name == "keras.layers.StackedRNNCells":
        value = value.attrs.get("cells", UNKNOWN)
    if isinstance(value, Seq) and value.items:
        return value.items[-1], sum(_STATES.get(_cell_kind(c), 1) for c in value.items)
    return value, _STATES.get(_cell_kind(value), 1)


def _cell_kind(cell: Value) -> str:
    return cell.type_name.rsplit(".", 1)[-1][:-len("Cell")] if isinstance(cell, Obj) else ""


@layer_call("keras.layers.RNN", InputSpec(min_ndim=3), code=codes.RNN_INPUT)
def rnn_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    cell, states = _last_cell(attr(layer, "cell"))
    units = ctx.dim(cell.attrs.get("units")) if isinstance(cell, Obj) else None
    return _outputs(ctx, layer, x, units, states)


# --- Bidirectional -----------------------------------------------------------------------------------


@op("keras.layers.Bidirectional")
def bidirectional(ctx: OpContext, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
    return new_layer(ctx, "keras.layers.Bidirectional", {"layer": layer, "merge_mode": merge_mode,
                                                         "backward_layer": backward_layer}, kwargs)


@layer_call("keras.layers.Bidirectional", InputSpec(ndim=3), code=codes.RNN_INPUT)
def bidirectional_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Runs the layer both ways; ``concat`` doubles the feature axis, None returns both."""
    inner = attr(layer, "layer")
    forward = apply_layer(ctx, inner, x)
    if ctx.failed:
        return UNKNOWN
    backward_layer = attr(layer, "backward_layer")
    backward = apply_layer(ctx, backward_layer, x) if isinstance(backward_layer, Obj) else forward
    mode = None if ctx.is_none(attr(layer, "merge_mode")) else ctx.str(attr(layer, "merge_mode"))
    outputs = [forward, backward]
    states: list[Value] = []
    if isinstance(forward, Seq):  # return_state: (output, *states) each way
        states = forward.items[1:] + (backward.items[1:] if isinstance(backward, Seq) else [])
        outputs = [forward.items[0], backward.items[0] if isinstance(backward, Seq) else backward]
    if not all(isinstance(o, Tensor) and o.shape.dims is not None for o in outputs):
        return ctx.unknown_tensor(x.dtype)
    first, second = outputs
    if mode is None and not ctx.is_none(attr(layer, "merge_mode")):
        return ctx.unknown_tensor(x.dtype)
    if mode is None:
        merged: list[Value] = [first, second]
    elif mode == "concat":
        merged = [result(ctx, layer, list(first.shape.dims[:-1]) + [first.shape.dims[-1] + second.shape.dims[-1]],
                         x.dtype)]
    else:
        merged = [result(ctx, layer, first.shape.dims, x.dtype)]
    if states:
        return Seq(merged + states, "list")
    return merged[0] if len(merged) == 1 else Seq(merged, "list")


# --- TimeDistributed ------------------------------------------------------------------------------------


@op("keras.layers.TimeDistributed")
def time_distributed(ctx: OpContext, layer, **kwargs):
    return new_layer(ctx, "keras.layers.TimeDistributed", {"layer": layer}, kwargs)


@layer_call("keras.layers.TimeDistributed")
def time_distributed_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """The wrapped layer sees ``(batch,) + shape[2:]``; the time axis is put back."""
    if x.shape.rank < 3:
        ctx.fail(codes.KERAS_INPUT, Message("`TimeDistributed` Layer should be passed an `input_shape` with at "
                                            "least 3 dimensions, received: {shape:keras}", shape=x.shape),
                 involved_for(layer, x))
        return ctx.unknown_tensor(x.dtype)
    step = Tensor(Shape([x.shape.dims[0]] + list(x.shape.dims[2:])), x.dtype, x.kind, x.origin)
    if not data:
        register_input(step, "time_step")
    inner = apply_layer(ctx, attr(layer, "layer"), step)
    if not isinstance(inner, Tensor) or inner.shape.dims is None:
        return ctx.unknown_tensor(x.dtype)
    return result(ctx, layer, [x.shape.dims[0], x.shape.dims[1]] + list(inner.shape.dims[1:]), inner.dtype)


EXAMPLES = [
    ok("keras.layers.LSTM.__call__", L("keras.layers.LSTM", 64), S(10, 8), expect=[None, 64]),
    ok("keras.layers.LSTM.__call__", L("keras.layers.LSTM", 64, return_sequences=True), S(10, 8),
       expect=[None, 10, 64]),
    ok("keras.layers.GRU.__call__", L("keras.layers.GRU", 8), S(None, 3), expect=[None, 8]),
    ok("keras.layers.SimpleRNN.__call__", L("keras.layers.SimpleRNN", 3, return_sequences=True), S(None, 4),
       expect=[None, None, 3]),
    ok("keras.layers.LSTM.__call__", L("keras.layers.LSTM", 2, built=(None, 3, 4)), S(3, 5), expect=[None, 2]),
    bad("keras.layers.LSTM.__call__", L("keras.layers.LSTM", 8), S(10), code=codes.RNN_INPUT,
        message="expected ndim=3, found ndim=2"),
    bad("keras.layers.LSTM.__call__", L("keras.layers.LSTM", 8), S(3, 4, 5), code=codes.RNN_INPUT,
        message="expected ndim=3, found ndim=4"),
    bad("keras.layers.SimpleRNN.__call__", L("keras.layers.SimpleRNN", 3), S(4), code=codes.RNN_INPUT,
        message="expected ndim=3, found ndim=2"),
    bad("keras.layers.LSTM.__call__", L("keras.layers.LSTM", 8, built=(None, 10, 5)), A(4, 10, 6), code=codes.RNN_INPUT,
        message="Dimensions must be equal, but are 6 and 5 for 'lstm/lstm_cell/MatMul'"),
    ok("keras.layers.RNN.__call__", L("keras.layers.RNN", L("keras.layers.LSTMCell", 5)), S(3, 4),
       expect=[None, 5]),
    ok("keras.layers.RNN.__call__", L("keras.layers.RNN", L("keras.layers.GRUCell", 6), return_sequences=True),
       S(3, 4), expect=[None, 3, 6]),
    ok("keras.layers.RNN.__call__", L("keras.layers.RNN", L("keras.layers.SimpleRNNCell", 7)), S(3, 4),
       expect=[None, 7]),
    ok("keras.layers.RNN.__call__",
       L("keras.layers.RNN", L("keras.layers.StackedRNNCells", [L("keras.layers.LSTMCell", 8),
                                                               L("keras.layers.LSTMCell", 2)])),
       S(3, 4), expect=[None, 2]),
    bad("keras.layers.RNN.__call__", L("keras.layers.RNN", L("keras.layers.GRUCell", 6)), S(4), code=codes.RNN_INPUT,
        message="expected min_ndim=3, found ndim=2"),
    ok("keras.layers.LSTM.__call__", L("keras.layers.CuDNNLSTM", 16), S(10, 8), expect=[None, 16]),  # Keras 2 name
    ok("keras.layers.GRU.__call__", L("keras.layers.CuDNNGRU", 16, return_sequences=True), S(10, 8),
       expect=[None, 10, 16]),
    ok("keras.layers.CuDNNLSTM", 16, expect=instance_of("keras.layers.LSTM")),
    ok("keras.layers.CuDNNGRU", 16, expect=instance_of("keras.layers.GRU")),
    ok("keras.layers.Bidirectional.__call__",
       L("keras.layers.Bidirectional", L("keras.layers.LSTM", 2, return_sequences=True)), S(3, 4),
       expect=[None, 3, 4]),
    ok("keras.layers.Bidirectional.__call__", L("keras.layers.Bidirectional", L("keras.layers.LSTM", 2),
                                                merge_mode="sum"), S(3, 4), expect=[None, 2]),
    bad("keras.layers.Bidirectional.__call__", L("keras.layers.Bidirectional", L("keras.layers.LSTM", 2)),
        S(4), code=codes.RNN_INPUT, message="expected ndim=3, found ndim=2"),
    ok("keras.layers.TimeDistributed.__call__", L("keras.layers.TimeDistributed", L("keras.layers.Dense", 3)),
       S(5, 4), expect=[None, 5, 3]),
    ok("keras.layers.TimeDistributed.__call__",
       L("keras.layers.TimeDistributed", L("keras.layers.Conv2D", 3, 3)), S(5, 8, 8, 1),
       expect=[None, 5, 6, 6, 3]),
    bad("keras.layers.TimeDistributed.__call__", L("keras.layers.TimeDistributed", L("keras.layers.Dense", 3)),
        S(4), code=codes.KERAS_INPUT,
        message="`TimeDistributed` Layer should be passed an `input_shape` with at least"),
    ok("keras.layers.LSTM", output_dim=8, target="keras-2.3.1", expect=instance_of("keras.layers.LSTM", units=8)),

]
