"""Keras models: Sequential (a layer list or ``.add``; ``input_shape=``,
``batch_input_shape=``, ``input_dim=``, ``keras.Input`` or ``InputLayer``
first; built lazily otherwise), functional ``Model(inputs, outputs)`` with
several inputs and outputs (lists or dicts), subclassed ``Model``/``Layer``
(``build`` then ``call`` run on the caller's shapes), models nested in
models, and layers shared between calls.  Training calls live in
keras/training.

Reference: Keras 3 (keras/src/models/sequential.py and functional.py).  A
Sequential model whose first layer knows its input is built as layers are
added, so a layer that rejects its input fails at ``Sequential([...])`` or at
``model.add(...)``, before any ``fit``.  Calling a built model (directly, as
a layer, or from fit/predict) first checks the inputs: a functional model's
InputSpec compares every known dim (after squeezing a trailing 1): "Input 0
with name 'input_layer' of layer 'functional' is incompatible with the
layer: expected shape=(None, 64, 64, 3), found shape=(32, 64, 3)"; then the
rank is adjusted by at most a trailing 1, else "Invalid input shape for
input ... Expected shape (None, 784), but input has incompatible shape
(None, 28, 28)"; then the layers run on the new shapes (a functional graph
is replayed node by node).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Callable

from shapetracer.rules.message import Message, join
from shapetracer.domain import analysis
from shapetracer.rules import codes
from shapetracer.constraints.keras import conv, core_layers, rnn
from shapetracer.constraints.keras.machinery import (
    L, Node, S, apply_layer, labelled, auto_name, flat_tensors, in_data_mode, input_name, involved_for, is_symbolic,
    layer_name, node_of, record_node, register_input, state_of, symbolic_mode,
)
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import SITE, T, bad, ExampleHost, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, call_spec, op, SPECS
from shapetracer.domain.values import (
    NONE, UNKNOWN, Const, DictVal, Function, Instance, Obj, Seq, ShapeVal, Tensor, Value,
)
from shapetracer.constraints.core import messages


@dataclass
class ModelState:
    """What Keras keeps inside a model; ``inputs``/``outputs`` are symbolic once built."""

    kind: str  # "sequential" | "functional" | "subclassed"
    layers: list[Value] = field(default_factory=list)
    inputs: list[Tensor] = field(default_factory=list)
    outputs: list[Value] = field(default_factory=list)
    input_keys: list[str] | None = None  # dict-structured inputs
    output_keys: list[str] | None = None
    single_input: bool = True
    single_output: bool = True
    nodes: list[Node] | None = None  # functional: replay order; None when it cannot be replayed
    built: bool = False
    opaque: bool = False  # layers or structure unknown: every result is unknown
    broken: bool = False  # building failed; the program stops there
    loss: Value | None = None
    loss_weights: Value | None = None
    # what compile was given for the metrics, once it is seen (keras/history names the keys)
    compiled: bool = False
    metrics: Value | None = None
    weighted_metrics: Value | None = None
    extra_logs: bool = False  # add_metric: fit logs a key named by the program
    # A model whose graph is not traced (keras.applications): its outputs for given inputs.
    output_rule: Callable[[OpContext, list[Tensor]], list[Value]] | None = None
    # The attributes publish gave the model (inputs, outputs …), to tell when the program
    # assigns its own: standalone Keras up to 2.3 then runs the graph to the new outputs,
    # tf.keras ignores them and Keras 3 refuses the assignment.
    published: dict[str, Value] = field(default_factory=dict)
    # Made through the standalone ``keras`` package: under TensorFlow 1.15 that is keras 2.3.1,
    # whose fit also checks targets against the outputs' shapes (keras/training).
    standalone: bool = False
    # A Sequential built from the first data it saw (no declared input): Keras 2 then checks
    # no model-level input spec, only its layers'.
    built_from_data: bool = False
    # A Sequential whose input is declared (keras.Input, an InputLayer, input_shape= on its
    # first layer): only such a one is a graph network to TensorFlow 1.15's tf.keras, which
    # checks targets against outputs before training (keras_training).
    declared_input: bool = False


@dataclass
class Models:
    """The models of one analysis and their states (a holder of ``analysis.Analysis``)."""

    states: "weakref.WeakKeyDictionary[Value, ModelState]" = field(default_factory=weakref.WeakKeyDictionary)


def models() -> "weakref.WeakKeyDictionary[Value, ModelState]":
    """The models of the running analysis and their states."""
    return analysis.current().holder(Models).states


def model_state(model: Value) -> ModelState | None:
    """The state of a modelled model; subclassed models get one on demand."""
    state = models().get(model)
    if state is None and isinstance(model, Instance) and any(
            base in ("keras.Model", "keras.Sequential") for base in model.cls.api_bases()):
        state = models()[model] = ModelState("subclassed")
    return state


def output_names(state: ModelState) -> list[str]:
    if state.output_keys is not None:
        return list(state.output_keys)
    names = []
    for index, tensor in enumerate(state.outputs):
        node = node_of(tensor) if isinstance(tensor, Tensor) else None
        names.append(layer_name(node.layer) if node is not None else f"output_{index}")
    return names


# --- Sequential -----------------------------------------------------------------------------


@op("keras.Sequential")
def sequential(ctx: OpContext, layers=None, trainable=True, name=None):
    model = Obj("keras.Sequential", {"name": Const(ctx.str(name) or auto_name(ctx, "sequential")),
                                     "layers": Seq([], "list")}, ctx.site)
    state = models()[model] = ModelState("sequential", standalone=ctx.standalone_keras)
    if layers is not None and not ctx.is_none(layers):
        items = ctx.items(layers)
        if items is None:
            state.opaque = True
        for item in items or []:
            _add(ctx, model, state, item)
        _rebuild(ctx, model, state)
    return UNKNOWN if ctx.failed else model


def _add(ctx: OpContext, model: Obj, state: ModelState, layer: Value) -> bool:
    """Sequential.add without the rebuild; True when a layer (not an input) was added."""
    if state.opaque or state.broken:
        return False
    first = not state.layers and not state.inputs
    if isinstance(layer, Tensor):
        if first and is_symbolic(layer):
            state.inputs = [layer]
            state.declared_input = True
            return False
        state.opaque = True
        return False
    if isinstance(layer, Obj) and layer.type_name == "keras.layers.InputLayer":
        if first and isinstance(layer.attrs.get("output"), Tensor):
            state.inputs = [layer.attrs["output"]]
            state.declared_input = True
            return False
        state.opaque = True
        return False
    if not isinstance(layer, (Obj, Instance)):
        state.opaque = True
        return False
    if first:
        _input_from_first_layer(ctx, state, layer)
    state.layers.append(layer)
    listed = model.attrs.get("layers")
    if isinstance(listed, Seq):
        listed.items.append(layer)
    return True


def _input_from_first_layer(ctx: OpContext, state: ModelState, layer: Value) -> None:
    """``Dense(…, input_shape=(784,))`` or a built model first: the model's input is known."""
    declared = state_of(layer).input_shape_arg if isinstance(layer, Obj) else None
    if declared is None:
        inner = models().get(layer)
        if inner is not None and inner.built and len(inner.inputs) == 1:
            dims = inner.inputs[0].shape.dims
            declared = Shape([ctx.fresh("batch")] + list(dims[1:])) if dims else None
    if declared is not None:
        x = ctx.result(declared, "float32", label="input_shape declared as")
        # Keras 2 names the input after the layer that declares it (dense_input)
        keras2_name = f"{layer_name(layer)}_input" if ctx.target.keras2 and isinstance(layer, Obj) else None
        register_input(x, keras2_name or auto_name(ctx, "input_layer"))
        state.inputs = [x]
        state.declared_input = True


def _rebuild(ctx: OpContext, model: Obj, state: ModelState) -> None:
    """Sequential._maybe_rebuild: with a known input, run every layer on it."""
    if state.opaque or state.broken or not state.inputs or not state.layers:
        return
    x: Value = state.inputs[0]
    for layer in state.layers:
        x = apply_layer(ctx, layer, x)
        if ctx.failed:
            state.broken = True
            return
    state.outputs = [x]
    state.built = True
    publish(model, state)


def publish(model: Value, state: ModelState) -> None:
    """The model's user-visible attributes once built (input_shape, outputs …)."""
    if not isinstance(model, Obj):
        return
    ins = [t for t in state.inputs]
    outs = [t for t in state.outputs]

    def shape_value(t: Value) -> Value:
        if not isinstance(t, Tensor) or t.shape.dims is None:
            return UNKNOWN
        return Seq([Const(d.value if d.known and i else None) for i, d in enumerate(t.shape.dims)], "tuple")

    model.attrs["inputs"] = Seq(list(ins), "list")
    model.attrs["outputs"] = Seq(list(outs), "list")
    model.attrs["input"] = ins[0] if len(ins) == 1 else Seq(list(ins), "list")
    model.attrs["output"] = outs[0] if len(outs) == 1 else Seq(list(outs), "list")
    model.attrs["input_shape"] = shape_value(ins[0]) if len(ins) == 1 else Seq([shape_value(t) for t in ins])
    model.attrs["output_shape"] = shape_value(outs[0]) if len(outs) == 1 else Seq([shape_value(t) for t in outs])
    state.published = {key: model.attrs[key] for key in ("inputs", "outputs", "input", "output")}


@op("keras.Sequential.add")
def sequential_add(ctx: OpContext, self, layer, rebuild=True):
    state = models().get(self)
    if state is None:
        return NONE
    was_built = state.built
    added = _add(ctx, self, state, layer)
    if ctx.bool(rebuild, True) is not False:
        if was_built and added and state.outputs:
            out = apply_layer(ctx, layer, state.outputs[0])
            if ctx.failed:
                state.broken = True
                return NONE
            state.outputs = [out]
            publish(self, state)
        elif not was_built:
            _rebuild(ctx, self, state)
    return NONE


@op("keras.Sequential.pop")
def sequential_pop(ctx: OpContext, self, rebuild=True):
    state = models().get(self)
    if state is None or not state.layers:
        return UNKNOWN
    layer = state.layers.pop()
    listed = self.attrs.get("layers")
    if isinstance(listed, Seq) and listed.items:
        listed.items.pop()
    state.built = False
    state.outputs = []
    if ctx.bool(rebuild, True) is not False:
        _rebuild(ctx, self, state)
    return layer


@op("keras.Sequential.build", "keras.Model.build", "keras.layers.Layer.build")
def model_build(ctx: OpContext, self, input_shape=None):
    """build((None, 784)) gives an unbuilt model its input; subclassed models run ``call``."""
    dims = ctx.shape_arg(input_shape) if not ctx.is_none(input_shape) else None
    if dims is None:
        return NONE
    x = ctx.result([d if d is not None else ctx.fresh("batch" if i == 0 else "d") for i, d in enumerate(dims)],
                   "float32", label="build() declared")
    register_input(x, auto_name(ctx, "input_layer"))
    state = model_state(self)
    if isinstance(self, Instance):
        call_model(ctx, self, x, [], {})
    elif state is not None and state.kind == "sequential" and not state.built:
        state.inputs = [x]
        _rebuild(ctx, self, state)
    return NONE


# --- functional models ------------------------------------------------------------------------


def _flatten(ctx: OpContext, value: Value) -> tuple[list[Tensor] | None, bool, list[str] | None]:
    """(tensors, single, dict keys) of a model's inputs or outputs."""
    if isinstance(value, Tensor):
        return [value], True, None
    if isinstance(value, Seq):
        tensors = [ctx.tensor(v) for v in value.items]
        return (None if any(t is None for t in tensors) else tensors), False, None
    if isinstance(value, DictVal):
        keys = [k.value if isinstance(k, Const) else None for k, _ in value.entries]
        tensors = [ctx.tensor(v) for _, v in value.entries]
        if any(k is None for k in keys) or any(t is None for t in tensors):
            return None, False, None
        return tensors, False, keys
    return None, True, None


def _trace(inputs: list[Tensor], outputs: list[Tensor]) -> list[Node] | None:
    """The nodes between inputs and outputs in a runnable order (Keras' graph walk)."""
    known = {id(t) for t in inputs}
    order: list[Node] = []
    placed: set[int] = set()

    def visit(tensor: Tensor, depth: int) -> bool:
        if id(tensor) in known:
            return True
        node = node_of(tensor)
        if node is None or depth > 2000:
            return False
        if id(node) not in placed:
            sources = flat_tensors(node.inputs) + [t for a in node.args for t in flat_tensors(a)] + \
                [t for v in node.kwargs.values() for t in flat_tensors(v)]
            for source in sources:
                if is_symbolic(source) and not visit(source, depth + 1):
                    return False
            placed.add(id(node))
            order.append(node)
        known.update(id(t) for t in node.outputs)
        return True

    return order if all(visit(t, 0) for t in outputs) else None


@op("keras.Model", "keras.models.Functional", "keras.Functional")
def functional_model(ctx: OpContext, *args, **kwargs):
    """``Model(inputs, outputs)``; anything else (no graph) is an opaque model."""
    inputs = kwargs.get("inputs", args[0] if args else None)
    outputs = kwargs.get("outputs", args[1] if len(args) > 1 else None)
    name = ctx.str(kwargs.get("name")) or auto_name(ctx, "functional")
    model = Obj("keras.Model", {"name": Const(name)}, ctx.site)
    state = models()[model] = ModelState("functional", standalone=ctx.standalone_keras)
    ins, state.single_input, state.input_keys = _flatten(ctx, inputs) if inputs is not None else (None, True, None)
    outs, state.single_output, state.output_keys = _flatten(ctx, outputs) if outputs is not None else \
        (None, True, None)
    if ctx.target.keras2 and isinstance(outputs, Seq) and outs is not None and len(outs) == 1:
        state.single_output = True  # Keras 2: a list of one output gives a single tensor, Keras 3 a list
    if ins is None or outs is None:
        state.opaque = True
        return model
    state.inputs, state.outputs, state.built = ins, outs, True
    state.nodes = _trace(ins, outs)
    if state.nodes is None:  # a graph not traced: its layers are not known, nor their number
        model.attrs["layers"] = Seq([], "list", sized=False)
        publish(model, state)
        return model
    # Keras lists a functional model's InputLayers first (model.layers[0], get_layer(index=0))
    layers: list[Value] = [Obj("keras.layers.InputLayer", {"name": Const(input_name(t) or "input_layer"),
                                                           "output": t}, ctx.site) for t in ins]
    for node in state.nodes:
        if not any(node.layer is seen for seen in layers):
            layers.append(node.layer)
    state.layers = layers
    model.attrs["layers"] = Seq(list(layers), "list")
    publish(model, state)
    return model


# --- calling a model ------------------------------------------------------------------------------


@op("keras.Model.__call__", "keras.Sequential.__call__", "keras.layers.Layer.__call__")
def model_call(ctx: OpContext, self, *args, **kwargs):
    """A model (or subclassed layer) called on tensors: check, then run its layers."""
    if not args and "inputs" not in kwargs:
        return UNKNOWN
    inputs = args[0] if args else kwargs.pop("inputs")
    return call_model(ctx, self, inputs, list(args[1:]), kwargs)


def call_model(ctx: OpContext, model: Value, inputs: Value, args: list[Value], kwargs: dict) -> Value:
    tensors = flat_tensors(inputs)
    symbolic = bool(tensors) and not in_data_mode(tensors) and all(is_symbolic(t) for t in tensors)
    if isinstance(model, Instance):
        out = _call_subclassed(ctx, model, inputs, args, kwargs)
    else:
        state = models().get(model)
        if state is None or state.opaque or state.broken or _rewired(model, state):
            return UNKNOWN
        if state.kind == "sequential":
            out = _call_sequential(ctx, model, state, inputs)
        else:
            out = _call_functional(ctx, model, state, inputs)
    if ctx.failed:
        return UNKNOWN
    if symbolic and out is not UNKNOWN:
        record_node(model, inputs, args, kwargs, out)
    return out


def _rewired(model: Value, state: ModelState) -> bool:
    """The program replaced the model's inputs or outputs (``vgg.outputs = [...]``): what a
    call computes then depends on the Keras version, so it is not known."""
    return isinstance(model, Obj) and any(model.attrs.get(key) is not value for key, value in state.published.items())


def _call_subclassed(ctx: OpContext, instance: Instance, inputs: Value, args: list[Value], kwargs: dict) -> Value:
    """Keras runs ``build(input_shape)`` once, then ``call``."""
    state = state_of(instance)
    x = ctx.tensor(inputs)
    build = instance.cls.lookup("build")
    if not state.built and isinstance(build, Function) and x is not None and x.shape.dims is not None:
        ctx.call(build, instance, ShapeVal(x.shape))
    state.built = True
    call = instance.cls.lookup("call")
    if not isinstance(call, Function):
        return UNKNOWN
    # Layer.__call__ passes training= and mask= on only to a call that takes them
    kwargs = {k: v for k, v in kwargs.items() if k not in ("training", "mask") or _takes(call, k)}
    return ctx.call(call, instance, inputs, *args, **kwargs)


def _takes(function: Function, name: str) -> bool:
    """Whether a user function has a parameter ``name`` (or ``**kwargs``)."""
    params = function.node.params
    named = {p.name.value for p in list(params.params) + list(params.kwonly_params)}
    return name in named or params.star_kwarg is not None


def _call_sequential(ctx: OpContext, model: Obj, state: ModelState, inputs: Value) -> Value:
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None or not state.layers:
        return ctx.unknown_tensor()
    if not state.built:  # built from the first input it sees, symbolically
        with symbolic_mode():
            symbolic = ctx.result([ctx.fresh("batch")] + list(x.shape.dims[1:]), x.dtype, label="model built for")
            register_input(symbolic, auto_name(ctx, "input_layer"))
            state.inputs = [symbolic]
            state.built_from_data = True
            _rebuild(ctx, model, state)
        if ctx.failed or not state.built:
            return UNKNOWN
    if ctx.target.keras2 and not state.built_from_data and not _input_spec_ok(ctx, model, 0, state.inputs[0], x):
        return UNKNOWN  # Keras 2's Sequential with a declared input checks it like a functional model
    x = _adjust_rank(ctx, model, state.inputs[0], x)
    if x is None:
        return UNKNOWN
    out: Value = x
    for layer in state.layers:
        out = apply_layer(ctx, layer, out)
        if ctx.failed:
            return UNKNOWN
    return out


def _match_inputs(ctx: OpContext, state: ModelState, inputs: Value) -> list[Tensor] | None:
    """The given inputs in the order of the model's inputs, or None when they do not line up."""
    if isinstance(inputs, DictVal):
        keys = state.input_keys or [input_name(ref) for ref in state.inputs]
        tensors = []
        for key in keys:
            value = inputs.get(Const(key)) if key is not None else None
            tensors.append(ctx.tensor(value) if value is not None else None)
        return None if any(t is None for t in tensors) else tensors
    given, _, _ = _flatten(ctx, _nested_tensors_flattened(inputs))
    if given is None or len(given) != len(state.inputs):
        return None
    return given


def _nested_tensors_flattened(value: Value, depth: int = 0) -> Value:
    """Keras flattens the structure a model is called with (``[[x], label]`` is two inputs,
    as when one model's list output feeds another); a list of numbers stays one array."""
    if not isinstance(value, Seq) or not value.sized or depth > 8:
        return value
    items: list[Value] = []
    for item in value.items:
        if isinstance(item, Seq) and item.sized and item.items \
                and all(isinstance(leaf, (Tensor, Seq)) for leaf in item.items):
            inner = _nested_tensors_flattened(item, depth + 1)
            items.extend(inner.items if isinstance(inner, Seq) else [inner])
        else:
            items.append(item)
    return Seq(items, value.kind)


def _call_functional(ctx: OpContext, model: Obj, state: ModelState, inputs: Value) -> Value:
    given = _match_inputs(ctx, state, inputs)
    if given is None or any(t.shape.dims is None for t in given):
        return _pack(state, [ctx.unknown_tensor() for _ in state.outputs])
    adjusted = []
    whole_shape = _checks_whole_input(ctx, given)
    for index, (ref, x) in enumerate(zip(state.inputs, given)):
        if whole_shape and not _input_spec_ok(ctx, model, index, ref, x):
            return UNKNOWN
        fixed = _adjust_rank(ctx, model, ref, x)
        if fixed is None:
            return UNKNOWN
        adjusted.append(fixed)
    # Replayed even when the shapes are the model's own: some checks only fail on data
    # (a shared LSTM called with two feature sizes).
    if state.output_rule is not None:
        outputs = state.output_rule(ctx, adjusted)
    else:
        outputs = _replay(ctx, state, adjusted) if state.nodes is not None else _reuse_outputs(state, adjusted)
    if ctx.failed:
        return UNKNOWN
    return _pack(state, outputs if outputs is not None else [ctx.unknown_tensor() for _ in state.outputs])


def _pack(state: ModelState, outputs: list[Value]) -> Value:
    if state.output_keys is not None:
        return DictVal([(Const(k), v) for k, v in zip(state.output_keys, outputs)])
    if state.single_output and len(outputs) == 1:
        return outputs[0]
    return Seq(list(outputs), "list")


def _checks_whole_input(ctx: OpContext, given: list[Tensor]) -> bool:
    """Whether calling a functional model compares the whole input shape with the one it was
    built for.  Keras 3 does at every call.  Keras 2.15 does only on data (fit, predict, an
    eager call): called on another model's symbolic Input of another size it only warns ("Model
    was constructed with shape (None, 64, 64, 3) ... but it was called on an input with
    incompatible shape") and runs its layers on it.  TensorFlow 1.15 (tf.keras and keras
    2.3.1) never does: graph mode builds the nested model again for the new input, and only
    its layers' own checks apply (an array given to fit or predict is checked first, by the
    training loop).  Verified under 1.15, 2.15 and 2.21."""
    if not ctx.target.keras2:
        return True
    return not ctx.target.tf1 and in_data_mode(given)


def _input_spec_ok(ctx: OpContext, model: Obj, index: int, ref: Tensor, x: Tensor) -> bool:
    """Functional.input_spec: known dims equal, a trailing 1 squeezed on either side."""
    if ref.shape.dims is None:
        return True
    expected: list[Dim | None] = [None] + list(ref.shape.dims[1:])
    spec = expected[:-1] if expected and isinstance(expected[-1], Dim) and expected[-1].known \
        and expected[-1].value == 1 else expected
    found = list(x.shape.dims)
    if found and found[-1].known and found[-1].value == 1:
        found = found[:-1]
    for want, got in zip(spec, found):
        if want is not None and want.known and got.known and want.value != got.value:
            name = input_name(ref) or "input_layer"
            if ctx.target.keras2:  # Keras 2 (keras/engine/input_spec.py) shows the full shapes
                ctx.fail(codes.KERAS_INPUT, join(messages.keras_input_incompatible(index, layer_name(model)),
                                                 "expected shape={want_shape:keras}, found shape={shape:keras}",
                                                 want_shape=expected, shape=x.shape),
                         involved_for(model, x) + [ref])
                return False
            ctx.fail(codes.KERAS_INPUT, join(messages.keras_input_incompatible(index, layer_name(model), name),
                                             "expected shape={want_shape:keras}, found shape={shape:keras}",
                                             want_shape=expected, shape=found),
                     involved_for(model, x) + [ref])
            return False
    return True


def _adjust_rank(ctx: OpContext, model: Value, ref: Tensor, x: Tensor) -> Tensor | None:
    """Functional._adjust_input_rank: a trailing 1 may be squeezed or added, nothing else."""
    if ref.shape.dims is None or x.shape.dims is None or ref.shape.rank == x.shape.rank:
        return x
    last = x.shape.dims[-1] if x.shape.dims else None  # a scalar has no trailing axis
    if x.shape.rank == ref.shape.rank + 1 and last is not None and last.known and last.value == 1:
        return Tensor(Shape(x.shape.dims[:-1]), x.dtype, x.kind, x.origin)
    ref_last = ref.shape.dims[-1] if ref.shape.dims else None
    if x.shape.rank == ref.shape.rank - 1 and ref_last is not None and ref_last.known and ref_last.value == 1:
        return Tensor(Shape(list(x.shape.dims) + [Dim(1)]), x.dtype, x.kind, x.origin)
    if ctx.target.keras2:  # Keras 2's _conform_to_reference_input leaves it; its layers decide
        return x
    ctx.fail(codes.KERAS_INPUT, Message("Invalid input shape for input Tensor(shape={shape:keras}) with name "
                                        "'{input_name}'. Expected shape {want_shape:keras}, but input has incompatible "
                                        "shape {shape:keras}", shape=x.shape,
                                        input_name=input_name(ref) or "keras_tensor",
                                        want_shape=[None] + list(ref.shape.dims[1:])), involved_for(model, x) + [ref])
    return None


def _reuse_outputs(state: ModelState, given: list[Tensor]) -> list[Value] | None:
    """Inputs shaped exactly like the model's: its outputs, with the caller's batch
    (for graphs that cannot be replayed node by node)."""
    for ref, x in zip(state.inputs, given):
        if ref.shape.rank != x.shape.rank or ref.shape.dims is None:
            return None
        for a, b in zip(ref.shape.dims[1:], x.shape.dims[1:]):
            if not (a.known and b.known and a.value == b.value):
                return None
    batches = [ref.shape.dims[0] for ref in state.inputs if ref.shape.dims]
    batch = given[0].shape.dims[0] if given and given[0].shape.dims else None
    outputs: list[Value] = []
    for out in state.outputs:
        if not isinstance(out, Tensor) or out.shape.dims is None or not out.shape.dims or batch is None:
            outputs.append(out)
            continue
        first = out.shape.dims[0]
        if any(first.same_as(b) for b in batches):
            out = Tensor(Shape([batch] + list(out.shape.dims[1:])), out.dtype, "tensor", out.origin)
        outputs.append(out)
    return outputs


def _replay(ctx: OpContext, state: ModelState, given: list[Tensor]) -> list[Value] | None:
    """Run the functional graph again on new inputs, node by node."""
    if state.nodes is None:
        return None
    mapping: dict[int, Value] = {id(ref): x for ref, x in zip(state.inputs, given)}
    for node in state.nodes:
        inputs = _substitute(node.inputs, mapping)
        args = [_substitute(a, mapping) for a in node.args]
        kwargs = {k: _substitute(v, mapping) for k, v in node.kwargs.items()}
        if inputs is None or any(a is None for a in args) or any(v is None for v in kwargs.values()):
            return None
        out = apply_layer(ctx, node.layer, inputs, kwargs, args)
        if ctx.failed:
            return None
        produced = flat_tensors(out)
        if len(produced) != len(node.outputs):
            return None
        mapping.update({id(old): new for old, new in zip(node.outputs, produced)})
    return [mapping.get(id(t), ctx.unknown_tensor()) for t in state.outputs]


def _substitute(value: Value, mapping: dict[int, Value]) -> Value | None:
    if isinstance(value, Tensor):
        if id(value) in mapping:
            return mapping[id(value)]
        return None if is_symbolic(value) else value
    if isinstance(value, Seq):
        items = [_substitute(v, mapping) for v in value.items]
        return None if any(i is None for i in items) else Seq(items, value.kind)
    if isinstance(value, DictVal):
        entries = [(k, _substitute(v, mapping)) for k, v in value.entries]
        return None if any(v is None for _, v in entries) else DictVal(entries)
    return value


# --- custom layers ----------------------------------------------------------------------------------


@op("keras.layers.Layer.add_weight", "keras.Model.add_weight")
def add_weight(ctx: OpContext, self, *args, shape=None, initializer=None, dtype=None, trainable=True,
               autocast=True, regularizer=None, constraint=None, aggregation="none",
               overwrite_with_gradient=False, name=None, **kwargs):
    """A weight of the declared shape (``shape=None`` is a scalar)."""
    if ctx.is_none(shape):
        return ctx.result([], "float32", label="add_weight declared as", kind="variable")
    dims = ctx.shape_arg(shape)
    if dims is None:
        return ctx.unknown_tensor("float32")
    return ctx.result([d if d is not None else ctx.fresh("weight") for d in dims], "float32",
                      label="add_weight declared as", kind="variable")


# --- other model methods --------------------------------------------------------------------------


@op("keras.Model.get_layer", "keras.Sequential.get_layer")
def get_layer(ctx: OpContext, self, name=None, index=None):
    state = model_state(self)
    if state is None:
        return UNKNOWN
    position = ctx.int(index) if index is not None else None
    if position is not None and -len(state.layers) <= position < len(state.layers):
        return state.layers[position]
    wanted = ctx.str(name)
    for layer in state.layers:
        if wanted is not None and layer_name(layer) == wanted:
            return layer
    return UNKNOWN


_NO_SHAPE_EFFECT = ["summary", "save", "save_weights", "load_weights", "get_config", "to_json", "count_params",
                    "reset_states", "reset_metrics", "export", "compute_loss"]  # get/set_weights: keras/weights


def _no_shape_effect(ctx: OpContext, self, *args, **kwargs):
    """Saving, printing and weight bookkeeping: no shape is involved."""
    return NONE if ctx.api.rsplit(".", 1)[-1] in ("summary", "save", "save_weights", "load_weights",
                                                  "set_weights", "reset_states", "reset_metrics") else UNKNOWN


op(*[f"{base}.{method}" for base in ("keras.Model", "keras.Sequential") for method in _NO_SHAPE_EFFECT])(
    _no_shape_effect)


@op("keras.models.load_model", "keras.saving.load_model", "keras.models.clone_model", "keras.models.model_from_json")
def load_model(ctx: OpContext, *args, **kwargs):
    """A model from disk (or a copy): its architecture is not known here."""
    return UNKNOWN


# --- examples -----------------------------------------------------------------------------------


_EXAMPLE_LAYER_FAMILIES = (conv, core_layers, rnn)  # the layers the examples below build


def _called(layer: Obj, x: Value) -> Value:
    """An example layer called on symbolic ``x`` (the call is recorded, as in a program)."""
    return apply_layer(OpContext(ExampleHost(), f"{layer.type_name}.__call__", SITE), layer, x)


def _functional(inputs: Tensor, *layers: Obj) -> tuple[Tensor, Value]:
    """(inputs, outputs) of example layers applied one after the other."""
    out: Value = inputs
    for layer in layers:
        out = _called(layer, out)
    return inputs, out


def example_model(*layers) -> Obj:
    """An example Sequential built from example layers."""
    ctx = OpContext(ExampleHost(), "keras.Sequential", SITE)
    model = call_spec(SPECS["keras.Sequential"], ctx, [Seq(list(layers), "list")], {})
    return labelled(model, f"Sequential({list(layers)!r})")


_MLP_GRAPH = _functional(S(784), L("keras.layers.Dense", 32), L("keras.layers.Dense", 10))
_MLP = labelled(call_spec(SPECS["keras.Model"], OpContext(ExampleHost(), "keras.Model", SITE), list(_MLP_GRAPH), {}),
                "Model(Input(784) -> Dense(32) -> Dense(10))")

EXAMPLES = [
    ok("keras.Sequential", [L("keras.layers.Dense", 128, input_shape=(784,)), L("keras.layers.Dense", 10)],
       expect=instance_of("keras.Sequential")),
    ok("keras.Sequential", [S(28, 28, 1), L("keras.layers.Conv2D", 8, 3), L("keras.layers.Flatten"),
                            L("keras.layers.Dense", 10)], expect=instance_of("keras.Sequential")),
    ok("keras.Sequential", [L("keras.layers.Dense", 8), L("keras.layers.Dense", 4)],
       expect=instance_of("keras.Sequential")),
    bad("keras.Sequential", [S(10, 5), L("keras.layers.LSTM", 8), L("keras.layers.LSTM", 4)], code=codes.RNN_INPUT,
        message="expected ndim=3, found ndim=2"),
    bad("keras.Sequential", [L("keras.layers.Conv2D", 8, 3, input_shape=(28, 28))], code=codes.KERAS_INPUT,
        message="expected min_ndim=4, found ndim=3"),
    bad("keras.Sequential", [S(784), L("keras.layers.Dense", 10), L("keras.layers.Reshape", (28, 28))],
        code=codes.RESHAPE_SIZE, message="The total size of the tensor must be unchanged"),
    ok("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10, input_shape=(784,))), S(784),
       expect=[None, 10]),
    ok("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10, input_shape=(784,))), S(784, 1),
       expect=[None, 10]),
    ok("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10)), T(None, 5, 6), expect=[None, 5, 10]),
    bad("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10, input_shape=(784,))), S(28, 28),
        code=codes.KERAS_INPUT, message="Invalid input shape for input Tensor(shape=(None, 28, 28)) with name"),
    bad("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10, input_shape=(784,))), S(100),
        code=codes.KERAS_INPUT, message="expected axis -1 of input shape to have value 784, but received input"),
    bad("keras.Sequential.__call__", example_model(S(28, 28, 1), L("keras.layers.Conv2D", 4, 3)), T(4, 28, 28, 3),
        code=codes.KERAS_INPUT, message="expected axis -1 of input shape to have value 1, but received input"),
    ok("keras.Model", *_MLP_GRAPH, expect=instance_of("keras.Model")),
    ok("keras.Model", inputs=_MLP_GRAPH[0], outputs=_MLP_GRAPH[1], name="mlp",
       expect=instance_of("keras.Model", name="mlp")),
    ok("keras.models.Functional", *_MLP_GRAPH, expect=instance_of("keras.Model")),
    ok("keras.Model", expect=instance_of("keras.Model")),  # subclassing or no graph: an opaque model
    ok("keras.Model.__call__", _MLP, T(16, 784), expect=[16, 10]),
    bad("keras.Model.__call__", _MLP, T(16, 100), code=codes.KERAS_INPUT,
        message="expected shape=(None, 784), found shape=(16, 100)"),
    # growing, shrinking and building a Sequential (each run adds or removes one more layer)
    ok("keras.Sequential.add", example_model(L("keras.layers.Dense", 8)), L("keras.layers.Dense", 8), expect=Const(None)),
    ok("keras.Sequential.pop", example_model(*[L("keras.layers.Dense", 8) for _ in range(4)]),
       expect=instance_of("keras.layers.Dense")),
    ok("keras.Sequential.build", example_model(L("keras.layers.Dense", 10)), (None, 784), expect=Const(None)),
    ok("keras.Sequential.get_layer", example_model(L("keras.layers.Dense", 10, name="logits")), "logits",
       expect=instance_of("keras.layers.Dense")),
    ok("keras.Sequential.get_layer", example_model(L("keras.layers.Dense", 10)), index=0,
       expect=instance_of("keras.layers.Dense")),
    ok("keras.layers.Layer.add_weight", UNKNOWN, shape=(784, 10), expect=[784, 10]),
    ok("keras.layers.Layer.add_weight", UNKNOWN, expect=[]),
    # saving, printing and weight bookkeeping
    *[ok(f"keras.Sequential.{method}", example_model(L("keras.layers.Dense", 10)),
         expect=Const(None) if method in ("summary", "save", "save_weights", "load_weights", "set_weights",
                                          "reset_states", "reset_metrics") else UNKNOWN)
      for method in _NO_SHAPE_EFFECT],
    *[ok(name, "model.keras", expect=UNKNOWN) for name in ("keras.models.load_model", "keras.saving.load_model",
                                                          "keras.models.clone_model", "keras.models.model_from_json")],
    # Keras 2 checks a Sequential's declared input like a functional model's, then leaves other
    # ranks to the layers (Keras 3 raises "Invalid input shape" for them)
    bad("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10, input_shape=(784,))), S(100), target="2.15",
        code=codes.KERAS_INPUT, message='Input 0 of layer "sequential" is incompatible with the layer: '
                                        'expected shape=(None, 784), found shape=(None, 100)'),
    ok("keras.Sequential.__call__", example_model(L("keras.layers.Dense", 10, input_shape=(784,))), S(784, 1),
       target="2.15", expect=[None, 10]),
    bad("keras.Sequential.__call__", example_model(S(28, 28, 1), L("keras.layers.Conv2D", 4, 3)), T(4, 28), target="2.15",
        code=codes.KERAS_INPUT, message='Input 0 of layer "conv2d" is incompatible with the layer: expected min_ndim=4'),

]
