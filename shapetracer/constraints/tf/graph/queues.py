"""TF1 input queues: FIFOQueue, RandomShuffleQueue and PaddingFIFOQueue with their
enqueue/dequeue methods, and the batching helpers built on them (tf.train.batch,
shuffle_batch, batch_join, shuffle_batch_join, slice_input_producer).

Reference: tensorflow/python/ops/data_flow_ops.py and training/input.py in TF 2.21
(``tf.compat.v1``), checked in graph mode.  A queue with ``shapes=`` holds
components of those shapes:

- ``enqueue(vals)``: each value's static shape must be compatible with its
  component's ("Shapes (28, 27) and (28, 28) are incompatible");
  ``enqueue_many(vals)``: every value has rank >= 1 ("Shape () must have rank
  at least 1"), their first dims merge ("Dimensions 10 and 9 are not
  compatible") and each row ``shape[1:]`` is compatible with its component.
  Dims that only a run knows (a placeholder's ``None``) are checked by the
  enqueue kernel when a run evaluates the op: "Shape mismatch in tuple
  component 0. Expected [2,4], got [2,3]".
- ``dequeue()`` gives the component shapes, ``dequeue_many(n)`` ``[n] + shape``,
  ``dequeue_up_to(n)`` ``[?] + shape``; one component comes back as a tensor, a
  queue with ``names=`` gives a dict.  A queue without ``shapes`` gives tensors
  of unknown shape.
- FIFOQueue and RandomShuffleQueue need fully defined shapes: "All shapes must
  be fully defined: [TensorShape([Dimension(None), Dimension(3)])]";
  PaddingFIFOQueue allows ``None`` dims (padded by dequeue_many).  ``shapes`` must
  list one shape per dtype ("Queue shapes must have the same length as dtypes,
  received len(shapes)=1, len(dtypes)=2").

``tf.train.batch`` and friends enqueue their tensors into such a queue, so the
same rules apply: the per-example shapes (``shapes=`` or the tensors' static
shapes, without the first axis when ``enqueue_many``) must be fully defined
unless ``dynamic_pad=True`` — the classic failure of batching decoded images
of unknown size.  The batch is ``[batch_size] + shape`` (``?`` with
``allow_smaller_final_batch``).  A value count that does not match the
queue's components is not checked statically by TensorFlow, nor here.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, statically_none
from shapetracer.constraints.core.examples import P, T, UNKNOWN_SHAPE, bad, instance_of, ok
from shapetracer.constraints.core.spec import UNKNOWN, Const, DictVal, Obj, OpContext, Seq, ShapeVal, Tensor, Value, op

QUEUES = ("FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue")
METHODS = ("enqueue", "enqueue_many", "dequeue", "dequeue_many", "dequeue_up_to", "size", "close")


def _type(cls: str) -> str:
    return f"tf.{cls}"


# --- shapes as TensorFlow prints them ---------------------------------------------------------

def _declared(dims: list[Dim | None] | None) -> list[Dim | None] | None:
    """A shape argument with the dims TensorFlow sees as None made None."""
    if dims is None:
        return None
    return [None if d is None or statically_none(d) else d for d in dims]


# --- the queue object -------------------------------------------------------------------------

def _dims(ctx: OpContext, value: Any) -> list[Dim | None] | None:
    """One shape argument as dims; ``None`` where TensorFlow has None (a literal None, or a
    dim declared None); an element only the analysis does not know becomes a fresh dim
    (TensorFlow knows it)."""
    if isinstance(value, ShapeVal):
        return None if value.shape.dims is None else _declared(list(value.shape.dims))
    single = ctx.dim(value)
    if single is not None:
        return [single]
    items = ctx.items(value)
    if items is None:
        return None
    out: list[Dim | None] = []
    for item in items:
        if ctx.is_none(item):
            out.append(None)
        else:
            dim = ctx.dim(item)
            out.append(dim if dim is not None and not statically_none(dim) else
                       None if dim is not None else ctx.fresh("d"))
    return out


def _is_dim_entry(ctx: OpContext, item: Value) -> bool | None:
    """Whether a ``shapes`` entry is an int or None (so ``shapes`` is one flat shape);
    None when it cannot be told."""
    if ctx.is_none(item) or ctx.dim(item) is not None:
        return True
    if isinstance(item, (Seq, ShapeVal)):
        return False
    return None


def _shape_list(ctx: OpContext, shapes: Any) -> list[list[Dim | None] | None] | None:
    """``shapes=`` as one dim list per component, as ``_as_shape_list`` reads it: a
    TensorShape, or a list of ints and Nones, is a single shape."""
    if ctx.is_none(shapes):
        return None
    if isinstance(shapes, ShapeVal):
        return [_dims(ctx, shapes)]
    items = ctx.items(shapes) if isinstance(shapes, Seq) else None
    if items is None:
        return None
    kinds = [_is_dim_entry(ctx, item) for item in items]
    if any(kind is None for kind in kinds):
        return None
    if all(kinds):
        return [_dims(ctx, shapes)]
    return [_dims(ctx, item) for item in items]


def _dtype_count(ctx: OpContext, dtypes: Any) -> int | None:
    if isinstance(dtypes, Seq):
        return len(dtypes.items) if dtypes.sized else None
    return None if ctx.is_unknown(dtypes) else 1


def _make_queue(ctx: OpContext, cls: str, dtypes: Any, shapes: Any, names: Any) -> Value:
    count = _dtype_count(ctx, dtypes)
    listed = _shape_list(ctx, shapes)
    if listed is not None and count is not None and len(listed) != count:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Queue shapes must have the same length as dtypes, received "
                                                  "len(shapes)={shapes_length}, len(dtypes)={dtypes_length}",
                                                  shapes_length=len(listed), dtypes_length=count))
        return UNKNOWN
    if listed is not None and cls != "PaddingFIFOQueue" and not _fully_defined(ctx, listed, []):
        return UNKNOWN
    attrs: dict[str, Value] = {"_count": Const(count)}
    if listed is not None and all(dims is not None for dims in listed):
        # a padded (None) dim is one TensorFlow does not know: named like a declared-None dim
        attrs["_shapes"] = Seq([ShapeVal(Shape(d if d is not None else ctx.fresh(f"{ctx.display}.shape[{i}]")
                                               for i, d in enumerate(dims))) for dims in listed], "list")
    keys = ctx.items(names) if not ctx.is_none(names) else None
    if keys is not None:
        attrs["_names"] = Seq(list(keys), "list")
    return Obj(_type(cls), attrs, ctx.site)


def _fully_defined(ctx: OpContext, listed: list, tensors: list) -> bool:
    """FIFOQueue / RandomShuffleQueue: every component shape fully defined."""
    if any(dims is None for dims in listed):
        return True  # an unreadable shape: TensorFlow may know it
    if all(None not in dims for dims in listed):
        return True
    ctx.fail(codes.UNDEFINED_DIM, ctx.msg("All shapes must be fully defined: {shapes:tensorshape_reprs}",
                                          shapes=listed),
             list(tensors) + [d for dims in listed for d in dims if d is not None])
    return False


def _components(queue: Obj) -> list[list[Dim | None]] | None:
    """The declared component shapes of a queue (None entries: padded dims)."""
    shapes = queue.attrs.get("_shapes")
    if not isinstance(shapes, Seq):
        return None
    out = []
    for item in shapes.items:
        if not isinstance(item, ShapeVal) or item.shape.dims is None:
            return None
        out.append(_declared(list(item.shape.dims)))
    return out


@op("tf.FIFOQueue", "tf.queue.FIFOQueue")
def fifo_queue(ctx: OpContext, capacity, dtypes, shapes=None, names=None, shared_name=None, name="fifo_queue"):
    return _make_queue(ctx, "FIFOQueue", dtypes, shapes, names)


@op("tf.RandomShuffleQueue", "tf.queue.RandomShuffleQueue")
def random_shuffle_queue(ctx: OpContext, capacity, min_after_dequeue, dtypes, shapes=None, names=None, seed=None,
                         shared_name=None, name="random_shuffle_queue"):
    return _make_queue(ctx, "RandomShuffleQueue", dtypes, shapes, names)


@op("tf.PaddingFIFOQueue", "tf.queue.PaddingFIFOQueue")
def padding_fifo_queue(ctx: OpContext, capacity, dtypes, shapes, names=None, shared_name=None,
                       name="padding_fifo_queue"):
    return _make_queue(ctx, "PaddingFIFOQueue", dtypes, shapes, names)


# --- enqueue ----------------------------------------------------------------------------------

def _values(ctx: OpContext, queue: Obj, vals: Any) -> list[Value] | None:
    """The values an enqueue gives, in component order (a dict by the queue's names)."""
    names = queue.attrs.get("_names")
    if isinstance(vals, DictVal):
        if not isinstance(names, Seq):
            return None
        found = [vals.get(key) for key in names.items]
        return None if any(v is None for v in found) else found
    if isinstance(vals, Seq):
        return list(vals.items) if vals.sized else None
    return [vals]


def _compatible(ctx: OpContext, have: list[Dim], want: list[Dim | None], index: int, value: Tensor,
                many: bool) -> bool:
    """``have`` (a value's shape, without the batch axis for enqueue_many) against a component."""
    message = ctx.msg("Shapes {shape_a:tuple} and {shape_b:tuple} are incompatible", shape_a=_declared(have) or [],
                      shape_b=want)
    if len(have) != len(want):
        ctx.fail(codes.SHAPE_REQUIREMENT, message, [value])
        return False
    for got, need in zip(have, want):
        if need is None:
            continue
        if got.known and need.known and got.value != need.value:
            ctx.fail(codes.SHAPE_REQUIREMENT, message, [value, need])
            return False
    for got, need in zip(have, want):
        if need is None or (got.known and need.known):
            continue
        expected = ([Dim.fresh("n")] if many else []) + [d if d is not None else Dim.fresh("d") for d in want]
        kernel = ctx.msg("Shape mismatch in tuple component {index}. Expected {want_shape:tf}, got {shape:tf}",
                         index=index, want_shape=expected, shape=value.shape)
        if not ctx.require(got.eq(need), codes.SHAPE_REQUIREMENT, kernel if statically_none(got) else message,
                           [value, need, got]):
            return False
    return True


def _enqueue(ctx: OpContext, self, vals, many: bool) -> Value:
    operation = Obj("tf.Operation", {}, ctx.site)
    if not isinstance(self, Obj):
        return operation
    components = _components(self)
    values = _values(ctx, self, vals)
    if values is None:
        return operation
    tensors = [ctx.tensor(v) for v in values]
    batch: Dim | None = None
    batch_of: Tensor | None = None
    for index, t in enumerate(tensors):
        if t is None or t.shape.dims is None:
            continue
        if many:
            if t.shape.rank == 0:
                ctx.fail(codes.RANK_MISMATCH, ctx.msg("Shape () must have rank at least 1"), [t])
                return UNKNOWN
            first = t.shape.dims[0]
            if batch is None:
                batch, batch_of = first, t
            elif not _same_batch(ctx, batch, first, batch_of, t):
                return UNKNOWN
        if components is None or index >= len(components):
            continue
        have = list(t.shape.dims[1:] if many else t.shape.dims)
        if not _compatible(ctx, have, components[index], index, t, many):
            return UNKNOWN
    return operation


def _same_batch(ctx: OpContext, a: Dim, b: Dim, first: Tensor, other: Tensor) -> bool:
    message = ctx.msg("Dimensions {a} and {b} are not compatible", a=a, b=b)
    if a.known and b.known:
        if a.value != b.value:
            ctx.fail(codes.SHAPE_REQUIREMENT, message, [first, other])
            return False
        return True
    return ctx.require(a.eq(b), codes.SHAPE_REQUIREMENT, message, [first, other, a, b])


def _enqueue_one(ctx: OpContext, self, vals, name=None):
    return _enqueue(ctx, self, vals, many=False)


def _enqueue_many(ctx: OpContext, self, vals, name=None):
    return _enqueue(ctx, self, vals, many=True)


# --- dequeue ----------------------------------------------------------------------------------

def _dequeued(ctx: OpContext, queue: Any, lead: list[Dim]) -> Value:
    if not isinstance(queue, Obj):
        return UNKNOWN
    count = queue.attrs.get("_count")
    shapes = queue.attrs.get("_shapes")
    n = ctx.int(count) if isinstance(count, Const) else None
    if isinstance(shapes, Seq) and all(isinstance(s, ShapeVal) and s.shape.dims is not None for s in shapes.items):
        tensors = [ctx.result(lead + list(s.shape.dims), label="dequeued as") for s in shapes.items]
    elif n is not None:
        tensors = [ctx.unknown_tensor() for _ in range(n)]
    else:
        return UNKNOWN
    names = queue.attrs.get("_names")
    if isinstance(names, Seq) and len(names.items) == len(tensors):
        return DictVal(list(zip(names.items, tensors)))
    if len(tensors) == 1:
        return tensors[0]
    return Seq(tensors, "list")


def _dequeue(ctx: OpContext, self, name=None):
    return _dequeued(ctx, self, [])


def _dequeue_many(ctx: OpContext, self, n, name=None):
    return _dequeued(ctx, self, [ctx.dim(n) or ctx.fresh("n")])


def _dequeue_up_to(ctx: OpContext, self, n, name=None):
    return _dequeued(ctx, self, [ctx.fresh("n", 0)])


def _size(ctx: OpContext, self, name=None):
    return ctx.result([], "int32", label="queue size")


def _close(ctx: OpContext, self, cancel_pending_enqueues=False, name=None):
    return Obj("tf.Operation", {}, ctx.site)


for _method, _fn in (("enqueue", _enqueue_one), ("enqueue_many", _enqueue_many), ("dequeue", _dequeue),
                     ("dequeue_many", _dequeue_many), ("dequeue_up_to", _dequeue_up_to), ("size", _size),
                     ("close", _close)):
    op(*[f"{_type(cls)}.{_method}" for cls in QUEUES])(_fn)


# --- tf.train.batch and friends ----------------------------------------------------------------

def _example_tensors(ctx: OpContext, tensors: Any) -> tuple[list[Value], str] | None:
    """The tensors a batch helper enqueues and how the result is shaped back
    ("list", "dict"); None for a lone tensor (TensorFlow iterates it) or unknown input."""
    if isinstance(tensors, DictVal):
        return [v for _, v in tensors.entries], "dict"
    if isinstance(tensors, Seq) and tensors.sized:
        return list(tensors.items), "list"
    return None


def _batched(ctx: OpContext, tensors: Any, batch_size: Any, enqueue_many: Any, shapes: Any, dynamic_pad: Any,
             allow_smaller_final_batch: Any) -> Value:
    read = _example_tensors(ctx, tensors)
    if read is None:
        return UNKNOWN
    values, kind = read
    many = ctx.bool(enqueue_many, False)
    pad = ctx.bool(dynamic_pad, False)
    if many is None or pad is None:
        return UNKNOWN
    found = [ctx.tensor(v) for v in values]
    if any(t is None or t.shape.dims is None for t in found):
        return UNKNOWN
    if many:
        batch: Dim | None = None
        for t in found:
            if t.shape.rank == 0:
                ctx.fail(codes.RANK_MISMATCH, ctx.msg("Shape () must have rank at least 1"), [t])
                return UNKNOWN
            if batch is None:
                batch, first = t.shape.dims[0], t
            elif not _same_batch(ctx, batch, t.shape.dims[0], first, t):
                return UNKNOWN
    rows = [list(t.shape.dims[1:] if many else t.shape.dims) for t in found]
    declared = _shape_list(ctx, shapes)
    if declared is not None:
        if len(declared) != len(found) or any(d is None for d in declared):
            return UNKNOWN
        for index, (t, have, want) in enumerate(zip(found, rows, declared)):
            if not _compatible(ctx, have, want, index, t, False):
                return UNKNOWN
        rows = [[w if w is not None else h for h, w in zip(have, want)] for have, want in zip(rows, declared)]
        tf_rows = declared
    else:
        tf_rows = [_declared(r) for r in rows]
    if not pad and not _fully_defined(ctx, tf_rows, found):
        return UNKNOWN
    smaller = ctx.bool(allow_smaller_final_batch, False)
    size = ctx.dim(batch_size) if smaller is False else None
    lead = size or ctx.fresh("batch", 0)
    out = [ctx.result([lead] + r, t.dtype, label="batched as") for r, t in zip(rows, found)]
    if kind == "dict":
        return DictVal([(k, v) for (k, _), v in zip(tensors.entries, out)])
    if len(out) == 1:
        return out[0]
    return Seq(out, "list")


@op("tf.train.batch")
def batch(ctx: OpContext, tensors, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None,
          dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None):
    return _batched(ctx, tensors, batch_size, enqueue_many, shapes, dynamic_pad, allow_smaller_final_batch)


@op("tf.train.shuffle_batch")
def shuffle_batch(ctx: OpContext, tensors, batch_size, capacity, min_after_dequeue, num_threads=1, seed=None,
                  enqueue_many=False, shapes=None, allow_smaller_final_batch=False, shared_name=None, name=None):
    return _batched(ctx, tensors, batch_size, enqueue_many, shapes, False, allow_smaller_final_batch)


@op("tf.train.batch_join")
def batch_join(ctx: OpContext, tensors_list, batch_size, capacity=32, enqueue_many=False, shapes=None,
               dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None):
    """Every member of ``tensors_list`` is enqueued into one queue; the first sets the shapes."""
    members = ctx.items(tensors_list)
    if not members:
        return UNKNOWN
    return _batched(ctx, members[0], batch_size, enqueue_many, shapes, dynamic_pad, allow_smaller_final_batch)


@op("tf.train.shuffle_batch_join")
def shuffle_batch_join(ctx: OpContext, tensors_list, batch_size, capacity, min_after_dequeue, seed=None,
                       enqueue_many=False, shapes=None, allow_smaller_final_batch=False, shared_name=None,
                       name=None):
    members = ctx.items(tensors_list)
    if not members:
        return UNKNOWN
    return _batched(ctx, members[0], batch_size, enqueue_many, shapes, False, allow_smaller_final_batch)


@op("tf.train.slice_input_producer")
def slice_input_producer(ctx: OpContext, tensor_list, num_epochs=None, shuffle=True, seed=None, capacity=32,
                         shared_name=None, name=None):
    """One row of every tensor: ``shape[1:]`` each (the rows are not checked to match)."""
    items = ctx.items(tensor_list) if isinstance(tensor_list, Seq) else None
    if items is None:
        return UNKNOWN
    rows = []
    for item in items:
        t = ctx.tensor(item)
        if t is None or t.shape.dims is None or t.shape.rank == 0:
            rows.append(ctx.unknown_tensor(t.dtype if t is not None else None))
        else:
            rows.append(ctx.result(list(t.shape.dims[1:]), t.dtype, label="sliced to"))
    return Seq(rows, "list")


# --- examples ----------------------------------------------------------------------------------

def _queue(cls: str, *shapes: tuple, names: list[str] | None = None) -> Obj:
    """An example queue with fully known component shapes."""
    attrs: dict[str, Value] = {"_count": Const(len(shapes)),
                               "_shapes": Seq([ShapeVal(Shape.of(*s)) for s in shapes], "list")}
    if names:
        attrs["_names"] = Seq([Const(n) for n in names], "list")
    return Obj(_type(cls), attrs)


def _untyped(count: int) -> Obj:
    return Obj(_type("FIFOQueue"), {"_count": Const(count)})


def _padding(*dims: int | None) -> Obj:
    """A PaddingFIFOQueue with one component; None dims are padded (unknown to TensorFlow)."""
    shape = P(*dims, name="padding_fifo_queue").shape
    return Obj(_type("PaddingFIFOQueue"), {"_count": Const(1), "_shapes": Seq([ShapeVal(shape)], "list")})


_INT = "int32"

EXAMPLES = [
    ok("tf.FIFOQueue", 100, ["float32", _INT], shapes=[[28, 28], []], expect=instance_of("tf.FIFOQueue")),
    ok("tf.FIFOQueue", 100, "float32", shapes=[3], expect=instance_of("tf.FIFOQueue")),
    ok("tf.FIFOQueue", 100, ["float32"], expect=instance_of("tf.FIFOQueue")),
    bad("tf.FIFOQueue", 10, ["float32", _INT], shapes=[[3]], code=codes.SHAPE_REQUIREMENT,
        message="Queue shapes must have the same length as dtypes, received len(shapes)=1, len(dtypes)=2"),
    bad("tf.FIFOQueue", 10, ["float32"], shapes=[[None, 3]], code=codes.UNDEFINED_DIM,
        message="All shapes must be fully defined: [TensorShape([Dimension(None), Dimension(3)])]"),
    ok("tf.RandomShuffleQueue", 100, 10, ["float32"], shapes=[[5]], expect=instance_of("tf.RandomShuffleQueue")),
    bad("tf.RandomShuffleQueue", 100, 10, ["float32"], shapes=[[None]], code=codes.UNDEFINED_DIM,
        message="All shapes must be fully defined"),
    ok("tf.PaddingFIFOQueue", 10, ["float32"], shapes=[[None, 3]], expect=instance_of("tf.PaddingFIFOQueue")),
    ok("tf.FIFOQueue.enqueue", _queue("FIFOQueue", (28, 28), ()), [T(28, 28), 1], expect=instance_of("tf.Operation")),
    ok("tf.FIFOQueue.enqueue", _queue("FIFOQueue", (3,)), T(3), expect=instance_of("tf.Operation")),
    ok("tf.RandomShuffleQueue.enqueue", _queue("RandomShuffleQueue", (5,), (), names=["x", "y"]),
       {"x": T(5), "y": T(dtype=_INT)}, expect=instance_of("tf.Operation")),
    bad("tf.FIFOQueue.enqueue", _queue("FIFOQueue", (28, 28), ()), [T(28, 27), 1], code=codes.SHAPE_REQUIREMENT,
        message="Shapes (28, 27) and (28, 28) are incompatible"),
    bad("tf.FIFOQueue.enqueue", _queue("FIFOQueue", (28, 28), ()), [P(None, 28, 28), 1],
        code=codes.SHAPE_REQUIREMENT, message="Shapes (?, 28, 28) and (28, 28) are incompatible"),
    ok("tf.PaddingFIFOQueue.enqueue", _padding(None, 3), T(7, 3), expect=instance_of("tf.Operation")),
    bad("tf.PaddingFIFOQueue.enqueue", _padding(None, 3), T(7, 4), code=codes.SHAPE_REQUIREMENT,
        message="Shapes (7, 4) and (?, 3) are incompatible"),
    ok("tf.FIFOQueue.enqueue_many", _queue("FIFOQueue", (28, 28), ()), [T(10, 28, 28), T(10, dtype=_INT)],
       expect=instance_of("tf.Operation")),
    ok("tf.FIFOQueue.enqueue_many", _queue("FIFOQueue", (28, 28), ()), [P(None, 28, 28), T(10, dtype=_INT)],
       expect=instance_of("tf.Operation")),
    bad("tf.FIFOQueue.enqueue_many", _queue("FIFOQueue", (28, 28), ()), [T(10, 28, 27), T(10, dtype=_INT)],
        code=codes.SHAPE_REQUIREMENT, message="Shapes (28, 27) and (28, 28) are incompatible"),
    bad("tf.FIFOQueue.enqueue_many", _queue("FIFOQueue", (28, 28), ()), [T(10, 28, 28), T(9, dtype=_INT)],
        code=codes.SHAPE_REQUIREMENT, message="Dimensions 10 and 9 are not compatible"),
    bad("tf.RandomShuffleQueue.enqueue_many", _queue("RandomShuffleQueue", (28, 28), ()), [T(5, 28, 28), 1],
        code=codes.RANK_MISMATCH, message="Shape () must have rank at least 1"),
    bad("tf.PaddingFIFOQueue.enqueue_many", _padding(None), T(4), code=codes.SHAPE_REQUIREMENT,
        message="Shapes () and (?,) are incompatible"),
    ok("tf.FIFOQueue.dequeue", _queue("FIFOQueue", (28, 28), ()), expect=([28, 28], [])),
    ok("tf.FIFOQueue.dequeue", _queue("FIFOQueue", (3,)), expect=[3]),
    ok("tf.FIFOQueue.dequeue", _untyped(1), expect=UNKNOWN_SHAPE),
    ok("tf.RandomShuffleQueue.dequeue", _queue("RandomShuffleQueue", (5,)), expect=[5]),
    ok("tf.PaddingFIFOQueue.dequeue", _padding(None, 3), expect=[None, 3]),
    ok("tf.FIFOQueue.dequeue_many", _queue("FIFOQueue", (28, 28), ()), 32, expect=([32, 28, 28], [32])),
    ok("tf.RandomShuffleQueue.dequeue_many", _queue("RandomShuffleQueue", (5,)), 4, expect=[4, 5]),
    ok("tf.PaddingFIFOQueue.dequeue_many", _padding(None, 3), 4, expect=[4, None, 3]),
    ok("tf.FIFOQueue.dequeue_up_to", _queue("FIFOQueue", (28, 28), ()), 32, expect=([None, 28, 28], [None])),
    ok("tf.RandomShuffleQueue.dequeue_up_to", _queue("RandomShuffleQueue", (5,)), 4, expect=[None, 5]),
    ok("tf.PaddingFIFOQueue.dequeue_up_to", _padding(2), 4, expect=[None, 2]),
    ok("tf.FIFOQueue.size", _queue("FIFOQueue", (3,)), expect=[]),
    ok("tf.RandomShuffleQueue.size", _queue("RandomShuffleQueue", (3,)), expect=[]),
    ok("tf.PaddingFIFOQueue.size", _padding(3), expect=[]),
    ok("tf.FIFOQueue.close", _queue("FIFOQueue", (3,)), expect=instance_of("tf.Operation")),
    ok("tf.RandomShuffleQueue.close", _queue("RandomShuffleQueue", (3,)), expect=instance_of("tf.Operation")),
    ok("tf.PaddingFIFOQueue.close", _padding(3), expect=instance_of("tf.Operation")),
    ok("tf.train.batch", [T(28, 28, 1), T(dtype=_INT)], batch_size=32, expect=([32, 28, 28, 1], [32])),
    ok("tf.train.batch", [T(28, 28, 1)], batch_size=32, expect=[32, 28, 28, 1]),
    ok("tf.train.batch", [T(28, 28, 1)], batch_size=32, allow_smaller_final_batch=True, expect=[None, 28, 28, 1]),
    ok("tf.train.batch", [P(None, None, 3)], batch_size=8, dynamic_pad=True, expect=[8, None, None, 3]),
    ok("tf.train.batch", [P(None, None, 3)], batch_size=8, shapes=[[28, 28, 3]], expect=[8, 28, 28, 3]),
    ok("tf.train.batch", [T(10, 28), T(10)], batch_size=4, enqueue_many=True, expect=([4, 28], [4])),
    bad("tf.train.batch", [P(None, None, 3), T(dtype=_INT)], batch_size=32, code=codes.UNDEFINED_DIM,
        message="All shapes must be fully defined: [TensorShape([Dimension(None), Dimension(None), Dimension(3)]), "
                "TensorShape([])]"),
    bad("tf.train.batch", [T(10, 28), T(9)], batch_size=4, enqueue_many=True, code=codes.SHAPE_REQUIREMENT,
        message="Dimensions 10 and 9 are not compatible"),
    bad("tf.train.batch", [T()], batch_size=4, enqueue_many=True, code=codes.RANK_MISMATCH,
        message="Shape () must have rank at least 1"),
    bad("tf.train.batch", [T(28, 28, 1)], batch_size=4, shapes=[[28, 27, 1]], code=codes.SHAPE_REQUIREMENT,
        message="Shapes (28, 28, 1) and (28, 27, 1) are incompatible"),
    ok("tf.train.shuffle_batch", [T(28, 28, 1), T(dtype=_INT)], 32, 100, 10, expect=([32, 28, 28, 1], [32])),
    bad("tf.train.shuffle_batch", [P(None), T(dtype=_INT)], 32, 100, 10, code=codes.UNDEFINED_DIM,
        message="All shapes must be fully defined: [TensorShape([Dimension(None)]), TensorShape([])]"),
    ok("tf.train.batch_join", [[T(3), T()], [T(3), T()]], 8, expect=([8, 3], [8])),
    bad("tf.train.batch_join", [[P(None), T()]], 8, code=codes.UNDEFINED_DIM, message="All shapes must be fully"),
    ok("tf.train.shuffle_batch_join", [[T(3)], [T(3)]], 8, 100, 10, expect=[8, 3]),
    ok("tf.train.slice_input_producer", [T(10, 3), T(10, dtype=_INT)], expect=([3], [])),
]
