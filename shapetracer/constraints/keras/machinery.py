"""Keras machinery shared by the ``keras_*`` families (not a family itself).

A Keras layer is an ``Obj`` whose ``attrs`` hold its configuration as values
(``units``, ``filters`` …) and its ``name``; what Keras keeps privately (the
InputSpec fixed by the first call, the shape given by ``input_shape=``) lives
in a side table keyed by the object, so user code never sees it.

Two modes, as in Keras 3:
- *symbolic*: a layer called on ``keras.Input`` tensors (or while a model is
  built).  Only the static checks of Keras run (InputSpec, shape inference);
  unknown dims are ``None`` and pass every check.
- *data*: a layer run on arrays (``fit``/``predict``, or an eager call).  The
  static checks run and so do the TensorFlow kernels behind the layer, whose
  failures Keras does not catch statically (an LSTM's kernel is fixed when it
  is built; a second input with another feature size fails in its MatMul).

Every symbolic layer call records a ``Node`` (layer, inputs, outputs), so a
functional ``Model(inputs, outputs)`` can be replayed on other inputs
(nested models, ``predict`` data), exactly as Keras re-runs its graph.

Messages are Keras 3's own (keras/src/layers/input_spec.py), e.g. "Input 0
with name 'None' of layer 'dense' is incompatible with the layer: expected
axis -1 of input shape to have value 784, but received input with shape
(None, 28, 28)"; shapes render the Keras way, unknown dims as ``None``.
"""

from __future__ import annotations

import contextlib
import inspect
import re
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from shapetracer.domain import analysis
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Origin, Shape
from shapetracer.constraints.core.examples import SITE, ExampleHost
from shapetracer.constraints.core.spec import SPECS, OpContext, _wrap, call_spec, op
from shapetracer.domain.values import (
    UNKNOWN, BoundMethod, Const, DictVal, Function, Instance, Obj, Seq, Tensor, Value,
)
from shapetracer.rules.message import Message, join
from shapetracer.constraints.core import messages

# --- rendering ----------------------------------------------------------------------


def kdims(dims: Iterable[Dim | int | None]) -> str:
    """Keras' tuple rendering of dims: ``(None, 28, 28)``, ``(5,)``."""
    parts = []
    for dim in dims:
        if isinstance(dim, Dim):
            parts.append(str(dim.value) if dim.known else "None")
        else:
            parts.append("None" if dim is None else str(dim))
    return f"({parts[0]},)" if len(parts) == 1 else "(" + ", ".join(parts) + ")"


def kshape(shape: Shape) -> str:
    return "<unknown>" if shape.dims is None else kdims(shape.dims)


# --- names ----------------------------------------------------------------------------


def snake_case(class_name: str) -> str:
    """Keras' automatic layer names: ``MaxPooling2D`` -> ``max_pooling2d``."""
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", class_name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def auto_name(ctx: OpContext, base: str) -> str:
    """``dense``, ``dense_1`` … numbered per base name like Keras does.

    Keras 2 names inputs ``input_1``, ``input_2`` … and functional models ``model``;
    keras 2.3.1 (standalone, beside TensorFlow 1.15) numbers every name from 1
    (``dense_1``)."""
    if ctx.target.keras2:
        base = _KERAS2_NAMES.get(base, base)
        if base == "input" or (ctx.target.tf1 and ctx.standalone_keras):
            name = ctx.unique_name(f"keras:{base}")[len("keras:"):]
            number = int(name.rsplit("_", 1)[1]) + 1 if name != base else 1
            return f"{base}_{number}"
    return ctx.unique_name(f"keras:{base}")[len("keras:"):]


_KERAS2_NAMES = {"input_layer": "input", "functional": "model"}


def short(type_name: str) -> str:
    return type_name.rsplit(".", 1)[-1]


def layer_name(layer: Value) -> str:
    if isinstance(layer, Obj):
        name = layer.attrs.get("name")
        if isinstance(name, Const) and isinstance(name.value, str):
            return name.value
        return snake_case(short(layer.type_name))
    if isinstance(layer, Instance):
        return snake_case(layer.cls.name)
    return "layer"


# --- per-layer private state -------------------------------------------------------------


@dataclass
class InputSpec:
    """What a layer accepts (keras.layers.InputSpec): ranks and fixed axes."""

    ndim: int | None = None
    min_ndim: int | None = None
    max_ndim: int | None = None
    axes: dict[int, Dim] = field(default_factory=dict)


@dataclass
class LayerState:
    built: bool = False
    spec: InputSpec | None = None  # set when the layer is built
    built_at: Origin | None = None  # the call that built it
    input_shape_arg: Shape | None = None  # input_shape= / input_dim= / batch_input_shape=
    features: Dim | None = None  # feature size an RNN/attention kernel was built for
    keras231: bool = False  # made by keras 2.3.1 (standalone keras, TensorFlow 1.15 target)


@dataclass
class LayerStates:
    """Every layer's private state in one analysis (a holder of ``analysis.Analysis``)."""

    by_layer: "weakref.WeakKeyDictionary[Value, LayerState]" = field(default_factory=weakref.WeakKeyDictionary)


def _states() -> "weakref.WeakKeyDictionary[Value, LayerState]":
    return analysis.current().holder(LayerStates).by_layer


def state_of(layer: Value) -> LayerState:
    states = _states()
    state = states.get(layer)
    if state is None:
        state = states[layer] = LayerState()
    return state


# --- the program-wide image data format ------------------------------------------------------


@dataclass
class KerasConfig:
    """Keras' global settings that decide shapes: ``keras.backend.image_data_format()``,
    "channels_last" unless the program sets it (``set_image_data_format``, Keras 1's
    ``set_image_dim_ordering("th")``); None once it is set where the analysis cannot
    tell whether the setting ran, or to a value it cannot read."""

    image_data_format: str | None = "channels_last"


def _config() -> KerasConfig:
    return analysis.current().holder(KerasConfig)


def image_data_format() -> str | None:
    return _config().image_data_format


def set_image_data_format(ctx: OpContext, value: str | None) -> None:
    """The program sets the format; in a branch that may not run, the old and the new
    setting are both possible afterwards, so unless they agree it is unknown."""
    config = _config()
    if value not in ("channels_last", "channels_first"):
        value = None
    if ctx.host.undecided and value != config.image_data_format:
        value = None
    config.image_data_format = value


# --- symbolic tensors and the graph they form ---------------------------------------------


@dataclass
class Node:
    """One symbolic layer call: enough to run it again on other tensors."""

    layer: Value
    inputs: Value
    args: list[Value]
    kwargs: dict[str, Value]
    outputs: list[Tensor]


@dataclass
class KerasGraph:
    """The symbolic tensors of one analysis, the layer calls that made them, and how many
    fit/predict calls enclose the current layer call."""

    symbolic: "weakref.WeakSet[Tensor]" = field(default_factory=weakref.WeakSet)
    nodes: "weakref.WeakKeyDictionary[Tensor, Node]" = field(default_factory=weakref.WeakKeyDictionary)
    input_names: "weakref.WeakKeyDictionary[Tensor, str]" = field(default_factory=weakref.WeakKeyDictionary)
    data_depth: int = 0


def _graph() -> KerasGraph:
    return analysis.current().holder(KerasGraph)


def mark_symbolic(value: Value) -> None:
    symbolic = _graph().symbolic
    for tensor in flat_tensors(value):
        symbolic.add(tensor)


def is_symbolic(tensor: Tensor) -> bool:
    return tensor in _graph().symbolic


def register_input(tensor: Tensor, name: str) -> None:
    graph = _graph()
    graph.symbolic.add(tensor)
    graph.input_names[tensor] = name


def input_name(tensor: Tensor) -> str | None:
    return _graph().input_names.get(tensor)


def node_of(tensor: Tensor) -> Node | None:
    return _graph().nodes.get(tensor)


@contextlib.contextmanager
def data_mode() -> Iterator[None]:
    """Layers run inside this block see arrays, not symbolic tensors (fit/predict)."""
    graph = _graph()
    graph.data_depth += 1
    try:
        yield
    finally:
        graph.data_depth -= 1


@contextlib.contextmanager
def symbolic_mode() -> Iterator[None]:
    """A model built lazily inside fit/predict is first built symbolically."""
    graph = _graph()
    saved, graph.data_depth = graph.data_depth, 0
    try:
        yield
    finally:
        graph.data_depth = saved


def in_data_mode(tensors: list[Tensor]) -> bool:
    """Arrays, eager tensors (fully known, not from keras.Input) or fit/predict."""
    if _graph().data_depth > 0:
        return True
    return any(t.is_numpy or (not is_symbolic(t) and t.shape.fully_known) for t in tensors)


def flat_tensors(value: Value) -> list[Tensor]:
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, Seq):
        return [t for item in value.items for t in flat_tensors(item)]
    if isinstance(value, DictVal):
        return [t for _, item in value.entries for t in flat_tensors(item)]
    return []


# --- reading configuration ------------------------------------------------------------------


def int_tuple(ctx: OpContext, value: Any, n: int) -> list[int] | None:
    """``3`` -> ``[3, 3]``; ``(3, 5)`` stays; unreadable -> None."""
    ints = ctx.int_list(value)
    if ints is None:
        return None
    if len(ints) == 1:
        return ints * n
    return ints if len(ints) == n else None


def padding_of(ctx: OpContext, value: Any) -> str | None:
    text = ctx.str(value)
    return text.lower() if text else None


def channels_last(ctx: OpContext, data_format: Any) -> bool | None:
    """Whether a layer's ``data_format`` puts channels last; ``None`` means the program-wide
    setting (``image_data_format()``), unknown where the program set it undecidedly."""
    text = image_data_format() if ctx.is_none(data_format) else ctx.str(data_format)
    if text is None:
        return None
    return text != "channels_first"


# Keras 1 keywords (keras/legacy/interfaces.py of standalone Keras 2.0-2.3, which renamed them;
# later Keras refuse them): the new name of those that decide shapes, and the others that
# only mark a call as written for Keras 1.
_KERAS1_RENAMED = {"border_mode": "padding", "subsample": "strides", "subsample_length": "strides",
                   "dim_ordering": "data_format", "nb_filter": "filters", "filter_length": "kernel_size",
                   "atrous_rate": "dilation_rate", "pool_length": "pool_size", "stride": "strides", "bias": "use_bias"}
_KERAS1_ONLY = {"nb_row", "nb_col", "init", "W_regularizer", "b_regularizer", "W_constraint", "b_constraint"}
_DIM_ORDERING_FORMATS = {"tf": "channels_last", "th": "channels_first", "default": None}


def keras1_keywords(ctx: OpContext, kwargs: dict[str, Any]) -> dict[str, Value] | None:
    """The Keras 2 arguments a call's Keras 1 keywords stand for (``border_mode="same"`` is
    ``padding="same"``, ``dim_ordering="th"`` is ``data_format="channels_first"``); None when
    the call uses no Keras 1 keyword.  Only standalone Keras 2.0-2.3 runs such a call (later
    Keras refuse the keywords), so it is read as that Keras reads it."""
    if not any(key in _KERAS1_RENAMED or key in _KERAS1_ONLY for key in kwargs):
        return None
    converted: dict[str, Value] = {}
    for old, new in _KERAS1_RENAMED.items():
        if old in kwargs:
            value = _wrap(kwargs[old])
            if old == "dim_ordering":
                text = ctx.str(value)
                value = Const(_DIM_ORDERING_FORMATS[text]) if text in _DIM_ORDERING_FORMATS else UNKNOWN
            converted[new] = value
    return converted


def attr(layer: Obj, name: str) -> Value:
    return layer.attrs.get(name, UNKNOWN)


def shape_of_arg(ctx: OpContext, value: Any) -> list[Dim | None] | None:
    """A Keras shape tuple (``(28, 28)``, ``784``); ``None`` entries stay None."""
    if ctx.is_none(value):
        return None
    return ctx.shape_arg(value)


# --- layers: construction --------------------------------------------------------------------

# keras 2.3.1's legacy interface (keras/legacy/interfaces.py) also renamed Keras 1 arguments
# that ``keras1_keywords`` cannot: a Keras 1 Dense or recurrent layer names its width
# ``output_dim`` (Keras 2 requires ``units``, so the call does not even bind without it).
_KERAS1_UNITS = {"dense": {"output_dim": "units"}, "recurrent": {"output_dim": "units"}}


def keras1_interface(kind: str) -> Callable[[Callable[..., Value]], Callable[..., Value]]:
    """A layer constructor that, called through the standalone ``keras`` package under the
    TensorFlow 1.15 target (keras 2.3.1), first renames Keras 1 arguments the way keras
    2.3.1 does: ``Dense(output_dim=10, init="uniform")`` is ``Dense(10)``.  Through
    tf.keras, Keras 2.15 and Keras 3 the call fails with a TypeError instead (units is
    missing), which is not a shape question: the layer is unknown there."""
    def wrap(fn: Callable[..., Value]) -> Callable[..., Value]:
        signature = inspect.signature(fn)

        def construct(ctx: OpContext, *args: Value, **kwargs: Value) -> Value:
            if ctx.target.tf1 and ctx.standalone_keras:
                for old, new in _KERAS1_UNITS[kind].items():
                    if old in kwargs and new not in kwargs and not args:
                        kwargs[new] = kwargs.pop(old)
            try:
                bound = signature.bind(ctx, *args, **kwargs)
            except TypeError:
                return UNKNOWN
            return fn(*bound.args, **bound.kwargs)

        construct.__name__, construct.__doc__, construct.__module__ = fn.__name__, fn.__doc__, fn.__module__
        construct.__qualname__ = fn.__qualname__
        return construct

    return wrap



_SHAPE_KWARGS = ("input_shape", "input_dim", "batch_input_shape", "batch_size", "name", "dtype",
                 "trainable", "autocast", "activity_regularizer", "weights", "input_length")


def new_layer(ctx: OpContext, type_name: str, config: dict[str, Any], kwargs: dict[str, Any]) -> Obj:
    """A layer object: its config as attrs, its name, and any ``input_shape=``."""
    name = ctx.str(kwargs.get("name")) or auto_name(ctx, snake_case(short(type_name)))
    attrs: dict[str, Value] = {"name": Const(name)}
    attrs.update({k: _wrap(v) for k, v in config.items()})
    keras231 = ctx.target.tf1 and ctx.standalone_keras
    renamed = keras1_keywords(ctx, kwargs)
    if renamed:  # standalone Keras 2.0-2.3 accepted Keras 1 keywords under their new names
        attrs.update({k: v for k, v in renamed.items() if k in config})
    if "data_format" in attrs and ctx.is_none(attrs["data_format"]):
        # Keras reads the program-wide format when the layer is made (normalize_data_format)
        fmt = image_data_format()
        attrs["data_format"] = Const(fmt) if fmt is not None else UNKNOWN
    layer = Obj(type_name, attrs, ctx.site)
    state = state_of(layer)
    state.input_shape_arg = _input_shape_arg(ctx, kwargs)
    state.keras231 = keras231
    return layer


def _input_shape_arg(ctx: OpContext, kwargs: dict[str, Any]) -> Shape | None:
    """The batch shape a first layer declares; None entries become fresh dims."""
    batch = kwargs.get("batch_input_shape")
    if batch is not None and not ctx.is_none(batch):
        dims = shape_of_arg(ctx, batch)
        return None if dims is None else Shape(d if d is not None else ctx.fresh("batch") for d in dims)
    for key in ("input_shape", "input_dim"):
        value = kwargs.get(key)
        if value is not None and not ctx.is_none(value):
            dims = shape_of_arg(ctx, value)
            if dims is None:
                return None
            size = ctx.int(kwargs.get("batch_size")) if kwargs.get("batch_size") is not None else None
            batch_dim = Dim(size, frozenset({ctx.site})) if size else ctx.fresh("batch")
            return Shape([batch_dim] + [d if d is not None else ctx.fresh() for d in dims])
    return None


# --- layers: calling ----------------------------------------------------------------------------

Body = Callable[..., Value]


def layer_call(type_name: str, spec: InputSpec | None = None, code: str = codes.KERAS_INPUT,
               multi: bool = False) -> Callable[[Body], Body]:
    """Register ``body`` as the shape rule of ``<type_name>.__call__``.

    The registered spec does what every Keras layer call does around the
    layer's own rule: read the input(s), check the InputSpec (the static one,
    or the one fixed when the layer was built), run ``body(ctx, layer, x,
    data)``, then mark the outputs symbolic and record the node.  ``multi``
    layers (merges, attention) get a list of tensors.
    """

    def register(body: Body) -> Body:
        def call(ctx: OpContext, self, inputs, *args, **kwargs):
            return run_layer(ctx, self, inputs, args, kwargs, body, spec, code, multi)

        # The family of a spec is its function's module; the signature stays
        # Layer.__call__'s (self, inputs, *args, **kwargs).
        call.__module__, call.__name__, call.__doc__ = body.__module__, body.__name__, body.__doc__

        op(f"{type_name}.__call__")(call)
        return body

    return register


def run_layer(ctx: OpContext, layer: Value, inputs: Value, args: tuple, kwargs: dict,
              body: Body, spec: InputSpec | None, code: str, multi: bool) -> Value:
    if not isinstance(layer, Obj):
        return UNKNOWN
    if multi:
        items = ctx.items(inputs)
        if items is None:
            x: Any = None
            tensors: list[Tensor] = []
            if ctx.tensor(inputs) is not None and not isinstance(inputs, Seq):
                x = ctx.tensor(inputs)  # a merge on one tensor: the body words the error
                tensors = [x]
        else:
            tensors = [ctx.tensor(i) for i in items]
            if any(t is None for t in tensors):
                return ctx.unknown_tensor()
            x = tensors
    else:
        x = ctx.tensor(inputs)
        tensors = [x] if x is not None else []
    if x is None or any(t.shape.dims is None for t in tensors):
        return ctx.unknown_tensor(tensors[0].dtype if tensors else None)
    data = in_data_mode(tensors)
    state = state_of(layer)
    current = state.spec if state.built and state.spec is not None else spec
    if current is not None and not multi:
        if not check_spec(ctx, layer, current, x, code=code):
            return ctx.unknown_tensor(x.dtype)
    if any(t.shape.rank == 0 for t in tensors):
        return ctx.unknown_tensor(tensors[0].dtype)  # a scalar into a layer: Keras fails on types, not shapes
    result = body(ctx, layer, x, data, *args, **kwargs)
    if ctx.failed:
        return UNKNOWN
    if not state.built:
        state.built = True
        state.built_at = ctx.site
    if not data and all(is_symbolic(t) for t in tensors):
        record_node(layer, inputs, args, kwargs, result)
    return result


def record_node(layer: Value, inputs: Value, args: Iterable[Value], kwargs: dict, outputs: Value) -> None:
    """A symbolic call: its outputs are symbolic and remember how they were made."""
    mark_symbolic(outputs)
    node = Node(layer, inputs, list(args), dict(kwargs), flat_tensors(outputs))
    for tensor in node.outputs:
        _graph().nodes[tensor] = node
    if isinstance(layer, Obj):
        layer.attrs.setdefault("input", inputs)
        layer.attrs.setdefault("output", outputs)


def build_spec(layer: Obj, spec: InputSpec, site: Origin | None = None) -> None:
    """Fix the layer's InputSpec the first time it is called (``build``)."""
    state = state_of(layer)
    if state.spec is None:
        state.spec = spec
        state.built_at = site


def check_spec(ctx: OpContext, layer: Obj, spec: InputSpec, x: Tensor, index: int = 0,
               code: str = codes.KERAS_INPUT) -> bool:
    """keras.layers.input_spec.assert_input_compatibility, for one input."""
    name = layer_name(layer)
    head = messages.keras_input_incompatible(index, name, "None")
    involved = involved_for(layer, x)
    rank = x.shape.rank
    full: Shape | None = x.shape
    style = "keras"
    tf1 = ctx.target.tf1
    keras231 = tf1 and state_of(layer).keras231
    if ctx.target.keras2:  # Keras 2 names no input; TensorFlow 1.15's leaves the layer unquoted
        head = messages.keras_input_incompatible_tf1(index, name) if tf1 else \
            messages.keras_input_incompatible(index, name)
        if tf1:  # and shows a TensorShape: [None, 28, 28]
            style = "tensorshape"
        if tf1 and spec.min_ndim is not None and spec.ndim is None and "Conv" in short(layer.type_name):
            spec = InputSpec(ndim=spec.min_ndim, axes=spec.axes)  # 1.15's convolutions: ndim=rank+2
    if keras231:  # keras 2.3.1 (keras/engine/base_layer.py): no full shape, its own head
        head = messages.keras_input_incompatible_keras231(index, name)
        full = None
    if spec.ndim is not None and rank != spec.ndim:
        ctx.fail(code, head + messages.keras_expected_ndim("ndim", spec.ndim, rank, full, style), involved)
        return False
    if spec.max_ndim is not None and rank > spec.max_ndim:
        ctx.fail(code, head + messages.keras_expected_ndim("max_ndim", spec.max_ndim, rank), involved)
        return False
    if spec.min_ndim is not None and rank < spec.min_ndim:
        ctx.fail(code, head + messages.keras_expected_ndim("min_ndim", spec.min_ndim, rank, full, style), involved)
        return False
    for axis, want in spec.axes.items():
        if not -rank <= axis < rank:
            continue
        got = x.shape.dims[axis]
        if got.known and want.known and got.value != want.value:
            reason = messages.keras_expected_axis_keras231(axis, want.value, x.shape) if keras231 else \
                messages.keras_expected_axis_tf1(axis, want.value, x.shape) if tf1 else \
                messages.keras_expected_axis(axis, want.value, x.shape)
            ctx.fail(code, head + reason, involved + [want])
            return False
    return True


def involved_for(layer: Value, *tensors: Tensor) -> list[Any]:
    """The layer's construction and build sites, and the tensors' origins."""
    items: list[Any] = list(tensors)
    if isinstance(layer, Obj) and layer.origin is not None:
        items.append(layer.origin.relabelled(f"layer '{layer_name(layer)}' created here", "",
                                             (("layer", layer_name(layer)),)))
        built = state_of(layer).built_at
        if built is not None:
            items.append(built.relabelled(f"layer '{layer_name(layer)}' built here", "",
                                          (("layer", layer_name(layer)),)))
    return items


def result(ctx: OpContext, layer: Obj, dims: Iterable[Dim | int | None], dtype: str | None = "float32") -> Tensor:
    """A layer's output, labelled "dense gives [?, 10]" in reports."""
    return ctx.result(list(dims), dtype, label=f"{layer_name(layer)} gives")


def apply_layer(ctx: OpContext, layer: Value, inputs: Value, kwargs: dict[str, Value] | None = None,
                args: list[Value] | None = None) -> Value:
    """Call a layer-like value (layer, model, subclassed instance, function) on inputs.

    Modelled objects run their ``__call__`` spec directly at this site, so a
    failure inside marks ``ctx`` failed; user code goes through the host.
    """
    kwargs = kwargs or {}
    if isinstance(layer, Obj):
        name = f"{layer.type_name}.__call__"
        spec = SPECS.get(name)
        if spec is None:
            return UNKNOWN
        inner = OpContext(ctx.host, name, ctx.site)
        value = call_spec(spec, inner, [layer, inputs] + list(args or []), kwargs)
        if inner.failed:
            ctx.failed = True
        return value
    if isinstance(layer, (Instance, Function, BoundMethod)):
        return ctx.call(layer, inputs, *(args or []), **kwargs)
    return UNKNOWN


# --- window arithmetic (conv, pooling) -------------------------------------------------------------


def window_length(size: Dim, kernel: int, stride: int, dilation: int, padding: str) -> Dim:
    """Output length of a sliding window (keras compute_conv_output_shape)."""
    if padding in ("same", "causal"):
        return size.ceildiv(stride)
    span = (kernel - 1) * dilation + 1
    return (size - span).floordiv(stride) + 1


def transpose_length(size: Dim, kernel: int, stride: int, dilation: int, padding: str,
                     output_padding: int | None) -> Dim:
    """keras compute_conv_transpose_output_shape for one spatial axis."""
    span = kernel + (kernel - 1) * (dilation - 1)
    if output_padding is None:
        if padding == "valid":
            return size * stride + max(span - stride, 0)
        return size * stride
    pad = span // 2 if padding == "same" else 0
    return (size - 1) * stride + span - 2 * pad + output_padding


def window_fits(ctx: OpContext, layer: Obj, x: Tensor, size: Dim, span: int, data: bool, kernel_op: str,
                keras_message: Callable[[], Message]) -> bool:
    """A VALID window must fit: statically (Keras) when the size is known, at run time on data."""
    name = layer_name(layer)
    if size.known:
        if size.value >= span:
            return True
        message = join(messages.negative_dimension(span, size.value),
                       " for '{layer}/{kernel}' with input shapes: {shape:tf}", layer=name, kernel=kernel_op,
                       shape=x.shape) if data \
            else keras_message()
        ctx.fail(codes.NEGATIVE_DIM, message, involved_for(layer, x))
        return False
    if data:
        return ctx.require(size.ge(span), codes.NEGATIVE_DIM,
                           join(messages.negative_dimension(span, size), " for '{layer}/{kernel}'", layer=name,
                                kernel=kernel_op),
                           involved_for(layer, x))
    return True


# --- examples ----------------------------------------------------------------------------------------


class ExampleObj(Obj):
    """A layer or model built for an op example; its repr keeps test ids and docs short."""

    label = ""

    def __repr__(self) -> str:
        return self.label


class ExampleTensor(Tensor):
    """A symbolic tensor built for an op example, shown as the ``keras.Input`` that makes it."""

    def __repr__(self) -> str:
        return f"keras.Input{kshape(Shape(self.shape.dims[1:]))}" if self.shape.dims else "keras.Input()"


def labelled(obj: Obj, label: str) -> Obj:
    """Give an example object a short repr, keeping its identity (state tables are keyed by it)."""
    obj.__class__ = ExampleObj
    obj.label = label
    return obj


def L(api: str, *args: Any, built: tuple | None = None, **kwargs: Any) -> Obj:
    """An example layer: ``L("keras.layers.Dense", 10)``; ``built=(None, 784)``
    first calls it symbolically on that shape (so its InputSpec is fixed)."""
    host = ExampleHost()
    ctx = OpContext(host, api, SITE)
    made = call_spec(SPECS[api], ctx, [_wrap(a) for a in args], {k: _wrap(v) for k, v in kwargs.items()})
    if not isinstance(made, Obj):
        raise ValueError(f"{api} did not build a layer")
    rendered = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    layer = labelled(made, f"{short(api)}({', '.join(rendered)})" + (f".built_on{built}" if built else ""))
    if built is not None:
        apply_layer(OpContext(host, api, SITE), layer, S(*built[1:]) if built else S())
    return layer


def S(*dims: int | None, dtype: str = "float32") -> Tensor:
    """A symbolic Keras tensor with an unknown batch axis, as ``keras.Input(dims)`` makes it."""
    x = ExampleTensor(Shape.of(None, *dims), dtype)
    register_input(x, "input_layer")
    return x
