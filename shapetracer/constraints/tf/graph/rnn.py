"""TF1 recurrent nets: RNN cells as objects, dynamic/static/bidirectional RNNs.

Reference: ``tf.compat.v1.nn.dynamic_rnn`` and the cells of
``tf.compat.v1.nn.rnn_cell`` in TF 2.21 (``tf.contrib.rnn`` held the same
classes in TF 1.x).  What is modelled:

- Cells are ``Obj("tf.nn.rnn_cell.LSTMCell", attrs)`` values whose attrs hold
  ``num_units``, ``output_size`` and ``state_size`` like the real properties.
- ``dynamic_rnn`` needs rank-3 inputs ("Shape (8, ?) must have rank at least
  3", shown after its batch/time transpose) with a statically known depth.
  Outputs are ``[B, T, output_size]`` (``[T, B, …]`` when time-major); the state
  is an ``LSTMStateTuple`` (c, h) per LSTM cell, a ``[B, units]`` tensor
  otherwise, a tuple of those for ``MultiRNNCell``.
- A cell's kernel is built from the depth of the first input it sees.  Feeding
  the same cell object another depth later fails in its MatMul: "Dimensions
  must be equal, but are 32 and 24".  This is what breaks
  ``MultiRNNCell([cell] * 3)`` when the input depth differs from
  ``num_units`` (distinct cells of any sizes stack fine), and is recorded on
  the cell object as ``_input_depth``.
- ``initial_state`` and ``sequence_length`` must agree with the batch.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import P, T, bad, instance_of, ok
from shapetracer.domain.dims import statically_none
from shapetracer.constraints.core.spec import UNKNOWN, Const, Obj, OpContext, Seq, SymInt, Tensor, Value, op
from shapetracer.constraints.core import messages

CELL = "tf.nn.rnn_cell."
BASE_CELLS = {"BasicLSTMCell": "lstm_cell", "LSTMCell": "lstm_cell", "GRUCell": "gru_cell",
              "BasicRNNCell": "basic_rnn_cell"}
ALL_CELLS = list(BASE_CELLS) + ["MultiRNNCell", "DropoutWrapper", "ResidualWrapper"]
STATE_TUPLE = "LSTMStateTuple"


def _names(cls: str) -> tuple[str, str]:
    return f"{CELL}{cls}", f"tf.contrib.rnn.{cls}"


def _who(ctx: OpContext) -> str:
    """Message prefix: the op, or the class for ``cell(...)`` / ``cell.zero_state``."""
    parts = ctx.api.rsplit(".", 2)
    return parts[-2] if ctx.display.startswith("__") and len(parts) >= 2 else ctx.display


def _msg(ctx: OpContext, *parts: Message | str, **args: Any) -> Message:
    """A message behind ``_who``'s name, as ``ctx.msg`` puts the op's."""
    return join("{op}: ", *parts, op=_who(ctx), **args)


def _kind(cell: Value) -> str | None:
    """The modelled class name of a cell object, else None."""
    if isinstance(cell, Obj) and cell.type_name.startswith(CELL):
        name = cell.type_name[len(CELL):]
        return name if name in ALL_CELLS else None
    return None


def _attr_dim(ctx: OpContext, cell: Obj, key: str) -> Dim | None:
    """An int attr as a dim whose origin is the line that created the cell."""
    value = cell.attrs.get(key)
    if isinstance(value, SymInt):
        return value.dim
    number = ctx.int(value) if value is not None else None
    if number is None:
        return None
    return Dim(number, frozenset({cell.origin or ctx.site}))


def _base_cells(cell: Obj) -> list[Obj]:
    """The cells that own kernels, in the order inputs flow through them."""
    kind = _kind(cell)
    if kind in BASE_CELLS:
        return [cell]
    if kind in ("DropoutWrapper", "ResidualWrapper"):
        inner = cell.attrs.get("_cell")
        return _base_cells(inner) if isinstance(inner, Obj) else []
    if kind == "MultiRNNCell":
        cells = cell.attrs.get("_cells")
        found: list[Obj] = []
        for item in cells.items if isinstance(cells, Seq) else []:
            found.extend(_base_cells(item) if isinstance(item, Obj) else [])
        return found
    return []


# --- sizes ----------------------------------------------------------------------

def output_size(ctx: OpContext, cell: Value) -> Dim | None:
    kind = _kind(cell)
    if kind in BASE_CELLS:
        return _attr_dim(ctx, cell, "output_size")
    if kind in ("DropoutWrapper", "ResidualWrapper"):
        return output_size(ctx, cell.attrs.get("_cell"))
    if kind == "MultiRNNCell":
        cells = cell.attrs.get("_cells")
        return output_size(ctx, cells.items[-1]) if isinstance(cells, Seq) and cells.items else None
    return None


def _flat_state_width(ctx: OpContext, cell: Value) -> Dim | None:
    """Total state width, as a non-tuple state concatenates it."""
    kind = _kind(cell)
    if kind in ("DropoutWrapper", "ResidualWrapper"):
        return _flat_state_width(ctx, cell.attrs.get("_cell"))
    if kind == "MultiRNNCell":
        cells = cell.attrs.get("_cells")
        widths = [_flat_state_width(ctx, c) for c in (cells.items if isinstance(cells, Seq) else [])]
        if not widths or any(w is None for w in widths):
            return None
        total = widths[0]
        for width in widths[1:]:
            total = total + width
        return total
    units = _attr_dim(ctx, cell, "num_units") if kind else None
    if kind in ("BasicLSTMCell", "LSTMCell") and units is not None:
        hidden = output_size(ctx, cell)
        return units + hidden if hidden is not None else None
    return units


def zero_state_of(ctx: OpContext, cell: Value, batch: Dim, dtype: str | None = "float32") -> Value:
    """The state structure of ``cell`` for ``batch`` rows (what zero_state returns)."""
    kind = _kind(cell)

    def tensor(width: Dim | None) -> Tensor:
        return ctx.result([batch, width if width is not None else ctx.fresh("d")], dtype, label="RNN state shaped")

    if kind in ("DropoutWrapper", "ResidualWrapper"):
        return zero_state_of(ctx, cell.attrs.get("_cell"), batch, dtype)
    if kind == "MultiRNNCell":
        cells = cell.attrs.get("_cells")
        if ctx.bool(cell.attrs.get("state_is_tuple"), True) is False:
            return tensor(_flat_state_width(ctx, cell))
        if not isinstance(cells, Seq):
            return UNKNOWN
        return Seq([zero_state_of(ctx, c, batch, dtype) for c in cells.items], "tuple")
    if kind in ("BasicLSTMCell", "LSTMCell"):
        if ctx.bool(cell.attrs.get("state_is_tuple"), True) is False:
            return tensor(_flat_state_width(ctx, cell))
        c = tensor(_attr_dim(ctx, cell, "num_units"))
        h = tensor(output_size(ctx, cell))
        return Obj(STATE_TUPLE, {"c": c, "h": h}, ctx.site)
    if kind in BASE_CELLS:
        return tensor(_attr_dim(ctx, cell, "num_units"))
    return UNKNOWN


# --- feeding a cell: the kernel remembers the first input depth ----------------------

def _gate_width(ctx: OpContext, cell: Obj) -> int | None:
    units = _attr_dim(ctx, cell, "num_units")
    if units is None:
        return None
    factor = {"BasicLSTMCell": 4, "LSTMCell": 4, "GRUCell": 2}.get(_kind(cell) or "", 1)
    return units * factor


def _feed_base(ctx: OpContext, cell: Obj, depth: Dim) -> bool:
    built = cell.attrs.get("_input_depth")
    if not isinstance(built, SymInt):
        cell.attrs["_input_depth"] = SymInt(depth)
        return True
    hidden = output_size(ctx, cell)
    now, then = (depth + hidden, built.dim + hidden) if hidden is not None else (depth, built.dim)
    return ctx.require(depth.eq(built.dim), codes.RNN_INPUT,
                       _msg(ctx, messages.dims_must_be_equal(now, then),
                            " (input shapes: [?,{a}], [{b},{gate_width}]): this {cell_class} object built its kernel "
                            "for inputs of depth {built_depth} and is now fed depth {depth}",
                            gate_width=_gate_width(ctx, cell), cell_class=str(_kind(cell)), built_depth=built.dim,
                            depth=depth),
                       [depth, built.dim])


def feed(ctx: OpContext, cell: Value, depth: Dim, batch: Dim) -> bool:
    """Run ``depth``-wide inputs through ``cell``; False after a reported failure."""
    kind = _kind(cell)
    if kind in BASE_CELLS:
        return _feed_base(ctx, cell, depth)
    if kind == "DropoutWrapper":
        return feed(ctx, cell.attrs.get("_cell"), depth, batch)
    if kind == "ResidualWrapper":
        inner = cell.attrs.get("_cell")
        if not feed(ctx, inner, depth, batch):
            return False
        out = output_size(ctx, inner)
        if out is None:
            return True
        return ctx.require(depth.eq(out), codes.RNN_INPUT,
                           _msg(ctx, "Shapes ({batch}, {depth}) and ({batch}, {out}) are incompatible "
                                "(ResidualWrapper adds the cell's input to its output)", batch=batch, depth=depth,
                                out=out), [depth, out])
    if kind == "MultiRNNCell":
        cells = cell.attrs.get("_cells")
        for item in cells.items if isinstance(cells, Seq) else []:
            if not feed(ctx, item, depth, batch):
                return False
            depth = output_size(ctx, item) or ctx.fresh("d")
    return True


def _first_layer_name(cell: Value) -> str:
    cells = _base_cells(cell) if isinstance(cell, Obj) else []
    return BASE_CELLS.get(_kind(cells[0]) or "", "rnn_cell") if cells else "rnn_cell"


def _step_rank_ok(ctx: OpContext, cell: Value, step: Shape) -> bool:
    """Cells take one time step as ``[batch, depth]`` (their InputSpec is ndim=2)."""
    if step.rank == 2 or _kind(cell) is None:
        return True
    ctx.fail(codes.RNN_INPUT, _msg(ctx, messages.keras_input_incompatible(0, _first_layer_name(cell)),
                                   messages.keras_expected_ndim("ndim", 2, step.rank, step)), [step])
    return False


# --- checks against the batch ---------------------------------------------------------

def check_state(ctx: OpContext, given: Value, expected: Value) -> bool:
    """``initial_state`` must have the zero state's structure, batch and widths."""
    if isinstance(expected, Obj) and isinstance(given, Obj) and given.type_name == STATE_TUPLE:
        return all(check_state(ctx, given.attrs.get(k, UNKNOWN), expected.attrs[k]) for k in ("c", "h"))
    if isinstance(expected, Seq) and isinstance(given, Seq) and len(given.items) == len(expected.items):
        return all(check_state(ctx, g, e) for g, e in zip(given.items, expected.items))
    if not isinstance(expected, Tensor) or isinstance(given, (Seq, Obj)):
        return True
    state = ctx.tensor(given)
    if state is None or state.shape.rank != 2:
        return True
    (b, w), (eb, ew) = state.shape.dims, expected.shape.dims
    if not ctx.require(b.eq(eb), codes.RNN_INPUT,
                       _msg(ctx, messages.dimension_in_both_shapes(0, eb, b, [eb], [b]),
                            " (inputs vs. initial state {state_shape:tf})", state_shape=state.shape),
                       [b, eb, state]):
        return False
    return ctx.require(w.eq(ew), codes.RNN_INPUT, _msg(ctx, messages.dims_must_be_equal(w, ew),
                                                       ": the initial state {state_shape:tf} does not match the "
                                                       "cell's state size {b}", state_shape=state.shape),
                       [w, ew, state])


def check_sequence_length(ctx: OpContext, sequence_length: Any, batch: Dim) -> bool:
    if ctx.is_none(sequence_length):
        return True
    lengths = ctx.tensor(sequence_length)
    if lengths is None or lengths.shape.dims is None:
        return True
    if lengths.shape.rank != 1:
        ctx.fail(codes.RNN_INPUT, _msg(ctx, "Argument sequence_length must be a vector of length batch_size. "
                                       "Received sequence_length of shape: {shape:tuple}", shape=lengths.shape),
                 [lengths])
        return False
    n = lengths.shape.dims[0]
    return ctx.require(n.eq(batch), codes.RNN_INPUT,
                       _msg(ctx, messages.dimension_in_both_shapes(0, n, batch, [n], [batch]),
                            " (sequence_length vs. batch)"),
                       [n, batch, lengths])


# --- the RNN drivers ---------------------------------------------------------------------

def dynamic_input(ctx: OpContext, inputs: Any) -> Tensor | None:
    """dynamic_rnn's input.  A Python list (``tf.unstack(x, axis=1)``) is a nested
    structure of separate inputs, not a stacked tensor: its first member is checked
    (a ``[batch, depth]`` step fails the rank check); members of rank >= 3 are not modelled."""
    if isinstance(inputs, Seq):
        items = ctx.items(inputs)
        first = ctx.tensor(items[0]) if items else None
        return first if first is not None and first.shape.rank is not None and first.shape.rank < 3 else None
    return ctx.tensor(inputs)


def run_dynamic(ctx: OpContext, cell: Value, x: Tensor | None, sequence_length: Any, initial_state: Any,
                time_major: bool | None) -> tuple[Tensor, Value] | None:
    """(outputs, state) of dynamic_rnn over ``x``; None when unknown or failed."""
    if x is None or x.shape.dims is None or time_major is None:
        return None
    dims = x.shape.dims
    if len(dims) < 3:
        shown = Shape([dims[1], dims[0]]) if len(dims) == 2 and not time_major else x.shape
        ctx.fail(codes.RNN_INPUT, _msg(ctx, "Shape {shape:tuple} must have rank at least 3", shape=shown), [x])
        return None
    time, batch = (dims[0], dims[1]) if time_major else (dims[1], dims[0])
    if not _step_rank_ok(ctx, cell, Shape([batch] + list(dims[2:]))):
        return None
    depth = dims[-1]
    if statically_none(depth):
        ctx.fail(codes.UNDEFINED_DIM, _msg(ctx, "Input size (depth of inputs) must be accessible via shape "
                                           "inference, but saw value None for input of shape {shape:tuple}",
                                           shape=x.shape), [x])
        return None
    if not check_sequence_length(ctx, sequence_length, batch) or not feed(ctx, cell, depth, batch):
        return None
    state = zero_state_of(ctx, cell, batch, x.dtype)
    if not ctx.is_none(initial_state) and not check_state(ctx, initial_state, state):
        return None
    if _kind(cell) is None:
        return None
    width = output_size(ctx, cell) or ctx.fresh("d")
    outputs = ctx.result([time, batch, width] if time_major else [batch, time, width], x.dtype,
                         label="RNN outputs shaped")
    return outputs, state


def run_static(ctx: OpContext, cell: Value, inputs: Any, initial_state: Any, sequence_length: Any
               ) -> tuple[list[Tensor], Value] | None:
    """(list of outputs, state) of static_rnn over a list of ``[B, D]`` steps."""
    items = ctx.items(inputs)
    if not items or isinstance(inputs, Tensor):
        return None
    steps = [ctx.tensor(item) for item in items]
    if any(s is None or s.shape.dims is None for s in steps):
        return None
    for step in steps:
        if not _step_rank_ok(ctx, cell, step.shape) or step.shape.rank != 2:
            return None
    batch = steps[0].shape.dims[0]
    if statically_none(steps[0].shape.dims[1]):
        ctx.fail(codes.UNDEFINED_DIM, _msg(ctx, "Input size (dimension 0 of input of shape {shape:tuple}) must be "
                                           "accessible via shape inference, but saw value None.",
                                           shape=steps[0].shape),
                 [steps[0]])
        return None
    for step in steps:
        if not feed(ctx, cell, step.shape.dims[1], batch):
            return None
    if not check_sequence_length(ctx, sequence_length, batch):
        return None
    state = zero_state_of(ctx, cell, batch, steps[0].dtype)
    if not ctx.is_none(initial_state) and not check_state(ctx, initial_state, state):
        return None
    if _kind(cell) is None:
        return None
    width = output_size(ctx, cell) or ctx.fresh("d")
    return [ctx.result([batch, width], steps[0].dtype, label="RNN output shaped") for _ in steps], state


@op("tf.nn.dynamic_rnn")
def dynamic_rnn(ctx: OpContext, cell, inputs, sequence_length=None, initial_state=None, dtype=None,
                parallel_iterations=None, swap_memory=False, time_major=False, scope=None):
    result = run_dynamic(ctx, cell, dynamic_input(ctx, inputs), sequence_length, initial_state,
                         ctx.bool(time_major, False))
    return Seq(list(result), "tuple") if result else UNKNOWN


@op("tf.nn.bidirectional_dynamic_rnn")
def bidirectional_dynamic_rnn(ctx: OpContext, cell_fw, cell_bw, inputs, sequence_length=None,
                              initial_state_fw=None, initial_state_bw=None, dtype=None, parallel_iterations=None,
                              swap_memory=False, time_major=False, scope=None):
    x, major = dynamic_input(ctx, inputs), ctx.bool(time_major, False)
    forward = run_dynamic(ctx, cell_fw, x, sequence_length, initial_state_fw, major)
    if forward is None or ctx.failed:
        return UNKNOWN
    backward = run_dynamic(ctx, cell_bw, x, sequence_length, initial_state_bw, major)
    if backward is None:
        return UNKNOWN
    return Seq([Seq([forward[0], backward[0]], "tuple"), Seq([forward[1], backward[1]], "tuple")], "tuple")


@op("tf.nn.static_rnn", "tf.contrib.rnn.static_rnn")
def static_rnn(ctx: OpContext, cell, inputs, initial_state=None, dtype=None, sequence_length=None, scope=None):
    result = run_static(ctx, cell, inputs, initial_state, sequence_length)
    return Seq([Seq(list(result[0]), "list"), result[1]], "tuple") if result else UNKNOWN


@op("tf.nn.static_bidirectional_rnn", "tf.contrib.rnn.static_bidirectional_rnn")
def static_bidirectional_rnn(ctx: OpContext, cell_fw, cell_bw, inputs, initial_state_fw=None,
                             initial_state_bw=None, dtype=None, sequence_length=None, scope=None):
    forward = run_static(ctx, cell_fw, inputs, initial_state_fw, sequence_length)
    if forward is None or ctx.failed:
        return UNKNOWN
    backward = run_static(ctx, cell_bw, inputs, initial_state_bw, sequence_length)
    if backward is None:
        return UNKNOWN
    joined = [ctx.result([f.shape.dims[0], f.shape.dims[1] + b.shape.dims[1]], f.dtype, label="RNN output shaped")
              for f, b in zip(forward[0], backward[0])]
    return Seq([Seq(joined, "list"), forward[1], backward[1]], "tuple")


# --- cell constructors --------------------------------------------------------------------

def _created(ctx: OpContext, cls: str, units: Any) -> Any:
    """The creating line as an origin, labelled for related-line notes."""
    shown = ctx.int(units)
    return ctx.site.relabelled(f"{cls} created with num_units", str(shown) if shown is not None else "?",
                               (("cell_class", cls), ("num_units", shown)))


def _int_attr(ctx: OpContext, value: Any) -> Value:
    known = ctx.int(value)
    if known is not None:
        return Const(known)
    return value if isinstance(value, SymInt) else UNKNOWN


def _base_cell(ctx: OpContext, cls: str, num_units: Any, num_proj: Any = None, state_is_tuple: Any = True) -> Obj:
    units = _int_attr(ctx, num_units)
    proj = _int_attr(ctx, num_proj) if not ctx.is_none(num_proj) else Const(None)
    out = proj if not ctx.is_none(proj) else units
    lstm = cls in ("BasicLSTMCell", "LSTMCell")
    tuple_state = ctx.bool(state_is_tuple, True) is not False
    if lstm and tuple_state:
        state: Value = Obj(STATE_TUPLE, {"c": units, "h": out})
    elif lstm:
        known = [ctx.int(units), ctx.int(out)]
        state = Const(known[0] + known[1]) if None not in known else UNKNOWN
    else:
        state = units
    attrs = {"num_units": units, "output_size": out, "state_size": state,
             "state_is_tuple": Const(tuple_state), "num_proj": proj}
    return Obj(CELL + cls, attrs, _created(ctx, cls, num_units))


@op(*_names("BasicLSTMCell"))
def basic_lstm_cell(ctx: OpContext, num_units, forget_bias=1.0, state_is_tuple=True, activation=None, reuse=None,
                    name=None, dtype=None, **kwargs):
    return _base_cell(ctx, "BasicLSTMCell", num_units, state_is_tuple=state_is_tuple)


@op(*_names("LSTMCell"))
def lstm_cell(ctx: OpContext, num_units, use_peepholes=False, cell_clip=None, initializer=None, num_proj=None,
              proj_clip=None, num_unit_shards=None, num_proj_shards=None, forget_bias=1.0, state_is_tuple=True,
              activation=None, reuse=None, name=None, dtype=None, **kwargs):
    return _base_cell(ctx, "LSTMCell", num_units, num_proj, state_is_tuple)


@op(*_names("GRUCell"))
def gru_cell(ctx: OpContext, num_units, activation=None, reuse=None, kernel_initializer=None, bias_initializer=None,
             name=None, dtype=None, **kwargs):
    return _base_cell(ctx, "GRUCell", num_units)


@op(*_names("BasicRNNCell"))
def basic_rnn_cell(ctx: OpContext, num_units, activation=None, reuse=None, name=None, dtype=None, **kwargs):
    return _base_cell(ctx, "BasicRNNCell", num_units)


def _wrapper(ctx: OpContext, cls: str, cell: Any) -> Obj:
    inner = cell if isinstance(cell, Obj) else UNKNOWN
    attrs = {"_cell": inner, "output_size": UNKNOWN, "state_size": UNKNOWN}
    if isinstance(inner, Obj):
        attrs.update(output_size=inner.attrs.get("output_size", UNKNOWN),
                     state_size=inner.attrs.get("state_size", UNKNOWN))
    return Obj(CELL + cls, attrs, ctx.site)


@op(*_names("DropoutWrapper"))
def dropout_wrapper(ctx: OpContext, cell, input_keep_prob=1.0, output_keep_prob=1.0, state_keep_prob=1.0,
                    variational_recurrent=False, input_size=None, dtype=None, seed=None,
                    dropout_state_filter_visitor=None, **kwargs):
    return _wrapper(ctx, "DropoutWrapper", cell)


@op(*_names("ResidualWrapper"))
def residual_wrapper(ctx: OpContext, cell, residual_fn=None, **kwargs):
    return _wrapper(ctx, "ResidualWrapper", cell)


@op(*_names("MultiRNNCell"))
def multi_rnn_cell(ctx: OpContext, cells, state_is_tuple=True):
    """Stacks cells; keeps the very objects passed (``[cell] * 3`` is one cell thrice)."""
    items = ctx.items(cells)
    if items is not None and not items:
        return UNKNOWN  # "Must specify at least one cell for MultiRNNCell." is not a shape matter
    tuple_state = ctx.bool(state_is_tuple, True) is not False
    attrs: dict[str, Value] = {"_cells": Seq(list(items), "list") if items is not None else UNKNOWN,
                               "state_is_tuple": Const(tuple_state), "output_size": UNKNOWN,
                               "state_size": UNKNOWN}
    if items is not None:
        last = items[-1]
        attrs["output_size"] = last.attrs.get("output_size", UNKNOWN) if isinstance(last, Obj) else UNKNOWN
        sizes = [c.attrs.get("state_size", UNKNOWN) if isinstance(c, Obj) else UNKNOWN for c in items]
        attrs["state_size"] = Seq(sizes, "tuple") if tuple_state else UNKNOWN
    return Obj(CELL + "MultiRNNCell", attrs, ctx.site)


@op(*_names(STATE_TUPLE))
def lstm_state_tuple(ctx: OpContext, c, h):
    return Obj(STATE_TUPLE, {"c": c, "h": h}, ctx.site)


# --- methods --------------------------------------------------------------------------------

@op(*[f"{CELL}{cls}.zero_state" for cls in ALL_CELLS])
def zero_state(ctx: OpContext, self, batch_size, dtype=None):
    batch = ctx.dim(batch_size) or ctx.fresh("d")
    return zero_state_of(ctx, self, batch, ctx.str(dtype) or "float32")


@op(*[f"{CELL}{cls}.__call__" for cls in ALL_CELLS])
def cell_call(ctx: OpContext, self, inputs, state, scope=None):
    """One step: ``[B, D]`` and a state in, ``([B, output_size], new state)`` out."""
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None or not _step_rank_ok(ctx, self, x.shape) or x.shape.rank != 2:
        return UNKNOWN
    batch, depth = x.shape.dims
    if not feed(ctx, self, depth, batch):
        return UNKNOWN
    expected = zero_state_of(ctx, self, batch, x.dtype)
    if not check_state(ctx, state, expected):
        return UNKNOWN
    width = output_size(ctx, self) or ctx.fresh("d")
    return Seq([ctx.result([batch, width], x.dtype, label="RNN cell output shaped"), expected], "tuple")


@op(f"{STATE_TUPLE}.__getitem__")
def state_tuple_getitem(ctx: OpContext, self, key):
    index = ctx.int(key)
    if index is None or not isinstance(self, Obj):
        return UNKNOWN
    if not -2 <= index <= 1:
        ctx.fail(codes.INDEX_RANGE, _msg(ctx, "tuple index out of range (LSTMStateTuple has c and h; index {index})",
                                         index=index))
        return UNKNOWN
    return self.attrs.get("c" if index in (0, -2) else "h", UNKNOWN)


@op(f"{STATE_TUPLE}.__iter__")
def state_tuple_iter(ctx: OpContext, self):
    if not isinstance(self, Obj):
        return UNKNOWN
    return Seq([self.attrs.get("c", UNKNOWN), self.attrs.get("h", UNKNOWN)], "tuple")


# --- examples ----------------------------------------------------------------------------------
# Cells are built with fresh objects per example (examples run one call each).

def _lstm(units: int, **kw: Any) -> Obj:
    return Obj(CELL + "LSTMCell", {"num_units": Const(units), "output_size": Const(kw.get("num_proj", units)),
                                   "state_is_tuple": Const(True),
                                   "num_proj": Const(kw.get("num_proj"))})


def _gru(units: int) -> Obj:
    return Obj(CELL + "GRUCell", {"num_units": Const(units), "output_size": Const(units)})


def _multi(*cells: Obj) -> Obj:
    return Obj(CELL + "MultiRNNCell", {"_cells": Seq(list(cells)), "state_is_tuple": Const(True)})


def _shared_stack(units: int, times: int) -> Obj:
    cell = _lstm(units)
    return _multi(*([cell] * times))


def _wrapped_shared_stack(units: int) -> Obj:
    """``MultiRNNCell([DropoutWrapper(cell) for _ in range(2)])``: two wrappers, one kernel."""
    cell = _lstm(units)
    return _multi(_dropout(cell), _dropout(cell))


def _state(batch: int | None, c: int, h: int) -> Obj:
    return Obj(STATE_TUPLE, {"c": T(batch, c), "h": T(batch, h)})


def _residual(inner: Obj) -> Obj:
    return Obj(CELL + "ResidualWrapper", {"_cell": inner})


def _dropout(inner: Obj) -> Obj:
    return Obj(CELL + "DropoutWrapper", {"_cell": inner})


EXAMPLES = [
    ok("tf.nn.rnn_cell.LSTMCell", 16, expect=instance_of("tf.nn.rnn_cell.LSTMCell")),
    ok("tf.contrib.rnn.GRUCell", num_units=8, expect=instance_of("tf.nn.rnn_cell.GRUCell")),
    ok("tf.nn.rnn_cell.MultiRNNCell", [_lstm(16), _gru(4)], expect=instance_of("tf.nn.rnn_cell.MultiRNNCell")),
    ok("tf.nn.rnn_cell.LSTMCell", 16, num_proj=4, state_is_tuple=False, expect=instance_of("tf.nn.rnn_cell.LSTMCell")),
    ok("tf.contrib.rnn.BasicLSTMCell", 32, forget_bias=1.0, expect=instance_of("tf.nn.rnn_cell.BasicLSTMCell")),
    ok("tf.nn.rnn_cell.BasicRNNCell", 8, expect=instance_of("tf.nn.rnn_cell.BasicRNNCell")),
    ok("tf.nn.rnn_cell.DropoutWrapper", _lstm(16), output_keep_prob=0.5,
       expect=instance_of("tf.nn.rnn_cell.DropoutWrapper")),
    ok("tf.contrib.rnn.ResidualWrapper", _gru(8), expect=instance_of("tf.nn.rnn_cell.ResidualWrapper")),
    ok("tf.nn.rnn_cell.LSTMStateTuple", T(32, 16), T(32, 16), expect=instance_of("LSTMStateTuple")),
    ok("LSTMStateTuple.__iter__", _state(32, 16, 16), expect=([32, 16], [32, 16])),
    ok("tf.nn.dynamic_rnn", _lstm(16), T(None, 10, 8), dtype="float32",
       expect=([None, 10, 16], instance_of("LSTMStateTuple"))),
    ok("tf.nn.dynamic_rnn", _gru(16), T(None, 10, 8), dtype="float32", expect=([None, 10, 16], [None, 16])),
    ok("tf.nn.dynamic_rnn", _lstm(16, num_proj=4), T(None, 10, 8), dtype="float32",
       expect=([None, 10, 4], instance_of("LSTMStateTuple"))),
    ok("tf.nn.dynamic_rnn", _multi(_lstm(16), _gru(4)), T(None, 10, 8), dtype="float32",
       expect=([None, 10, 4], (instance_of("LSTMStateTuple"), [None, 4]))),
    ok("tf.nn.dynamic_rnn", _shared_stack(16, 3), T(None, 10, 16), dtype="float32",
       expect=([None, 10, 16], (instance_of("LSTMStateTuple"), instance_of("LSTMStateTuple"), instance_of("LSTMStateTuple")))),
    ok("tf.nn.dynamic_rnn", _residual(_lstm(8)), T(None, 10, 8), dtype="float32",
       expect=([None, 10, 8], instance_of("LSTMStateTuple"))),
    ok("tf.nn.dynamic_rnn", _lstm(16), T(32, 10, 8), initial_state=_state(32, 16, 16),
       expect=([32, 10, 16], instance_of("LSTMStateTuple"))),
    ok("tf.nn.dynamic_rnn", _lstm(16), T(32, 10, 8), sequence_length=T(32, dtype="int32"), dtype="float32",
       expect=([32, 10, 16], instance_of("LSTMStateTuple"))),
    ok("tf.nn.dynamic_rnn", _lstm(16), T(None, 10, 8), initial_state=_state(None, 16, 16),
       expect=([None, 10, 16], instance_of("LSTMStateTuple"))),
    bad("tf.nn.dynamic_rnn", _lstm(16), T(None, 8), dtype="float32", code=codes.RNN_INPUT,
        message="Shape (8, ?) must have rank at least 3"),
    bad("tf.nn.dynamic_rnn", _lstm(16), T(None, 10, 8, 2), dtype="float32", code=codes.RNN_INPUT,
        message="expected ndim=2, found ndim=3"),
    bad("tf.nn.dynamic_rnn", _lstm(16), P(None, 10, None), dtype="float32", code=codes.UNDEFINED_DIM,
        message="Input size (depth of inputs) must be accessible via shape inference"),
    ok("tf.nn.dynamic_rnn", _lstm(16), T(None, 10, None), dtype="float32",
       expect=([None, 10, 16], instance_of("LSTMStateTuple"))),
    bad("tf.nn.dynamic_rnn", _shared_stack(16, 3), T(None, 10, 8), dtype="float32", code=codes.RNN_INPUT,
        message="Dimensions must be equal, but are 32 and 24"),
    bad("tf.nn.dynamic_rnn", _wrapped_shared_stack(16), T(None, 10, 8), dtype="float32", code=codes.RNN_INPUT,
        message="Dimensions must be equal, but are 32 and 24"),
    bad("tf.nn.dynamic_rnn", _residual(_lstm(16)), T(None, 10, 8), dtype="float32", code=codes.RNN_INPUT,
        message="Shapes (?, 8) and (?, 16) are incompatible (ResidualWrapper adds the"),
    bad("tf.nn.dynamic_rnn", _lstm(16), T(64, 10, 8), initial_state=_state(32, 16, 16), code=codes.RNN_INPUT,
        message="Dimension 0 in both shapes must be equal, but are 64 and 32"),
    bad("tf.nn.dynamic_rnn", _lstm(16), T(32, 10, 8), initial_state=_state(32, 8, 8), code=codes.RNN_INPUT,
        message="Dimensions must be equal, but are 8 and 16"),
    bad("tf.nn.dynamic_rnn", _gru(16), T(32, 10, 8), sequence_length=T(32, 1, dtype="int32"), dtype="float32",
        code=codes.RNN_INPUT, message="Argument sequence_length must be a vector of length batch_size"),
    bad("tf.nn.dynamic_rnn", _gru(16), T(32, 10, 8), sequence_length=T(16, dtype="int32"), dtype="float32",
        code=codes.RNN_INPUT, message="Dimension 0 in both shapes must be equal, but are 16 and 32"),
    ok("tf.nn.bidirectional_dynamic_rnn", _lstm(16), _gru(8), T(None, 10, 8), dtype="float32",
       expect=(([None, 10, 16], [None, 10, 8]), (instance_of("LSTMStateTuple"), [None, 8]))),
    bad("tf.nn.bidirectional_dynamic_rnn", _lstm(16), _gru(8), T(None, 8), dtype="float32", code=codes.RNN_INPUT,
        message="Shape (8, ?) must have rank at least 3"),
    bad("tf.nn.bidirectional_dynamic_rnn", _lstm(16), _gru(8), P(None, 10, None), dtype="float32", code=codes.UNDEFINED_DIM,
        message="Input size (depth of inputs) must be accessible via shape inference"),
    bad("tf.nn.bidirectional_dynamic_rnn", _lstm(16), _shared_stack(4, 2), T(None, 10, 8), dtype="float32",
        code=codes.RNN_INPUT, message="Dimensions must be equal, but are 8 and 12"),
    ok("tf.nn.bidirectional_dynamic_rnn", _gru(8), _gru(8), T(10, None, 3), time_major=True, dtype="float32",
       expect=(([10, None, 8], [10, None, 8]), ([None, 8], [None, 8]))),
    ok("tf.nn.static_rnn", _lstm(16), [T(None, 8), T(None, 8), T(None, 8)], dtype="float32",
       expect=(([None, 16], [None, 16], [None, 16]), instance_of("LSTMStateTuple"))),
    ok("tf.contrib.rnn.static_rnn", _gru(4), [T(5, 3)], dtype="float32", expect=(([5, 4],), [5, 4])),
    bad("tf.nn.static_rnn", _lstm(16), [T(None, 3, 8)], dtype="float32", code=codes.RNN_INPUT,
        message="expected ndim=2, found ndim=3"),
    bad("tf.nn.static_rnn", _lstm(16), [P(None, None)], dtype="float32", code=codes.UNDEFINED_DIM,
        message="Input size (dimension 0 of input of shape (?, ?)) must be accessible"),
    bad("tf.nn.static_rnn", _lstm(16), [T(None, 8), T(None, 9)], dtype="float32", code=codes.RNN_INPUT,
        message="Dimensions must be equal, but are 25 and 24"),
    ok("tf.nn.static_bidirectional_rnn", _lstm(16), _gru(8), [T(None, 8)], dtype="float32",
       expect=(([None, 24],), instance_of("LSTMStateTuple"), [None, 8])),
    bad("tf.nn.static_bidirectional_rnn", _lstm(16), _gru(8), [T(8)], dtype="float32", code=codes.RNN_INPUT,
        message="expected ndim=2, found ndim=1"),
    ok("tf.nn.rnn_cell.GRUCell.zero_state", _gru(16), 32, "float32", expect=[32, 16]),
    ok("tf.nn.rnn_cell.LSTMCell.zero_state", _lstm(16), 32, "float32", expect=instance_of("LSTMStateTuple")),
    ok("tf.nn.rnn_cell.MultiRNNCell.zero_state", _multi(_lstm(16), _gru(4)), 32, "float32",
       expect=(instance_of("LSTMStateTuple"), [32, 4])),
    ok("tf.nn.rnn_cell.DropoutWrapper.zero_state", _dropout(_gru(5)), 7, "float32", expect=[7, 5]),
    ok("tf.nn.rnn_cell.LSTMCell.__call__", _lstm(16), T(32, 8), _state(32, 16, 16),
       expect=([32, 16], instance_of("LSTMStateTuple"))),
    bad("tf.nn.rnn_cell.LSTMCell.__call__", _lstm(16), T(32, 10, 8), _state(32, 16, 16), code=codes.RNN_INPUT,
        message="expected ndim=2, found ndim=3"),
    bad("tf.nn.rnn_cell.LSTMCell.__call__", _lstm(16), T(16, 8), _state(32, 16, 16), code=codes.RNN_INPUT,
        message="Dimension 0 in both shapes must be equal, but are 16 and 32"),
    ok("tf.nn.rnn_cell.GRUCell.__call__", _gru(4), T(None, 3), T(None, 4), expect=([None, 4], [None, 4])),
    bad("tf.nn.rnn_cell.GRUCell.__call__", _gru(4), T(5, 3), T(5, 6), code=codes.RNN_INPUT,
        message="Dimensions must be equal, but are 6 and 4"),
    ok("LSTMStateTuple.__getitem__", _state(32, 16, 16), 1, expect=[32, 16]),
    ok("LSTMStateTuple.__getitem__", _state(32, 16, 4), -1, expect=[32, 4]),
    bad("LSTMStateTuple.__getitem__", _state(32, 16, 16), 2, code=codes.INDEX_RANGE,
        message="tuple index out of range"),
]
