"""tf.data: ``tf.data.Dataset`` (from_tensor_slices, from_tensors, range, batch, padded_batch,
unbatch, map, zip, shuffle, repeat, …).

A dataset is an ``Obj`` whose ``element_spec`` attribute holds the shapes of one element (a
tensor, a tuple ``(x, y)`` or a dict), as ``Dataset.element_spec`` does; Keras' fit, evaluate
and predict read it, and Keras' image loaders make datasets with ``dataset``.  Reference:
TensorFlow 2.21's tf.data static shapes (``batch`` gives an unknown batch axis unless
``drop_remainder=True``; from_tensor_slices needs equal first dims: "Dimensions 8 and 10 are
not compatible").
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, T, bad, instance_of, ok
from shapetracer.constraints.core.common import map_nested
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.core.tracing import run_traced
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq, Tensor, Value


def dataset(ctx: OpContext, element: Value, rows: Dim | None = None, iterated: Value | None = None) -> Obj:
    """A dataset: ``element_spec`` as TensorFlow states it (what fit and map see); ``rows``,
    the number of elements when known; ``iterated``, the element a Python ``for`` loop
    gets when it is more exact than the spec (every batch full: 64 rows in batches of 16)."""
    attrs: dict[str, Value] = {"element_spec": element}
    if rows is not None:
        attrs["rows"] = rows
    if iterated is not None:
        attrs["iterated_element"] = iterated
    return Obj("tf.data.Dataset", attrs, ctx.site)


def _reshaped(t: Tensor, shape: Shape) -> Tensor:
    """A component of an element, a row or a batch of ``t``: a graph tensor with ``t``'s
    dtype, certain where ``t``'s was (int16 labels stay int16 through slices and batches)."""
    out = Tensor(shape, t.dtype, "tensor", t.origin)
    out.dtype_origin = t.dtype_origin if t.dtype else None
    return out


def _rows(value: Value) -> Dim | None:
    rows = value.attrs.get("rows") if isinstance(value, Obj) else None
    return rows if isinstance(rows, Dim) else None


def _map_structure(value: Value, fn) -> Value | None:
    """Apply ``fn`` to every tensor of a (tuple / dict) structure; None if any is unknown."""
    return map_nested(value, lambda leaf: fn(leaf) if isinstance(leaf, Tensor) else None)


def _as_tensors(ctx: OpContext, value: Value) -> Value | None:
    """A tuple or dict is a structure of components; anything else (a list too) is one tensor."""
    return map_nested(value, ctx.tensor, lists=False)


@op("tf.data.Dataset.from_tensor_slices")
def from_tensor_slices(ctx: OpContext, tensors, name=None):
    """Elements are rows: every component loses its first axis, which must agree."""
    structure = _as_tensors(ctx, tensors)
    if structure is None:
        return dataset(ctx, UNKNOWN)
    firsts = [t.shape.dims[0] for t in _leaves(structure) if t.shape.dims]
    known = [d for d in firsts if d.known]
    for dim in known[1:]:
        if dim.value != known[0].value:
            ctx.fail(codes.CONCAT_DIM, Message("Dimensions {a} and {b} are not compatible", a=known[0].value,
                                               b=dim.value),
                     _leaves(structure))
            return UNKNOWN
    if any(t.shape.dims is None or not t.shape.dims for t in _leaves(structure)):
        return dataset(ctx, UNKNOWN)
    rows = known[0] if known else None
    return dataset(ctx, _map_structure(structure, lambda t: _reshaped(t, Shape(t.shape.dims[1:]))), rows)


def _leaves(value: Value) -> list[Tensor]:
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, Seq):
        return [t for v in value.items for t in _leaves(v)]
    if isinstance(value, DictVal):
        return [t for _, v in value.entries for t in _leaves(v)]
    return []


@op("tf.data.Dataset.from_tensors")
def from_tensors(ctx: OpContext, tensors, name=None):
    structure = _as_tensors(ctx, tensors)
    return dataset(ctx, structure if structure is not None else UNKNOWN)


@op("tf.data.Dataset.range")
def dataset_range(ctx: OpContext, *args, output_type=None, name=None):
    return dataset(ctx, ctx.result([], "int64", label="range element"))


@op("tf.data.Dataset.padded_batch")
def padded_batch(ctx: OpContext, self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False,
                 name=None):
    """Padding changes the inner dims (not followed here: the batch of a padded element
    is as batch's, its other dims unknown when padded_shapes is given)."""
    if not ctx.is_none(padded_shapes):
        return dataset(ctx, UNKNOWN)
    return batch(ctx, self, batch_size, drop_remainder)


@op("tf.data.Dataset.batch")
def batch(ctx: OpContext, self, batch_size, drop_remainder=False, *args, **kwargs):
    """A batch axis in front: known only with ``drop_remainder=True``."""
    element = self.attrs.get("element_spec", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    dropping = ctx.bool(drop_remainder, False)
    size = ctx.dim(batch_size) if dropping else None

    def batched_by(dim: Dim | None) -> Value:
        out = _map_structure(element, lambda t: _reshaped(
            t, Shape([dim or ctx.fresh("batch")] + list(t.shape.dims)) if t.shape.dims is not None
            else Shape.unknown()))
        return out if out is not None else UNKNOWN

    # the loop over the dataset sees the real batches: all full when the rows divide evenly
    rows, wanted = _rows(self), ctx.dim(batch_size)
    iterated, batches = None, None
    if rows is not None and rows.known and wanted is not None and wanted.known and wanted.value > 0:
        full, rest = divmod(rows.value, wanted.value)
        batches = Dim(full if dropping else full + (rest > 0))
        if dropping:
            pass  # every batch has batch_size rows: the spec says so already
        elif rest == 0 and full > 0:
            iterated = batched_by(Dim(wanted.value, frozenset({ctx.site})))
        elif full == 0 and rest > 0:
            iterated = batched_by(Dim(rest, frozenset({ctx.site})))  # one short batch
    return dataset(ctx, batched_by(size), batches, iterated)


@op("tf.data.Dataset.unbatch")
def unbatch(ctx: OpContext, self, name=None):
    element = self.attrs.get("element_spec", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    rows = _map_structure(element, lambda t: _reshaped(t, Shape(t.shape.dims[1:]) if t.shape.dims
                                                       else Shape.unknown()))
    return dataset(ctx, rows if rows is not None else UNKNOWN)


_SAME_ELEMENT = ["shuffle", "repeat", "prefetch", "cache", "take", "skip", "with_options", "filter", "shard",
                 "apply", "ignore_errors", "concatenate"]


_SAME_ROWS = ("shuffle", "prefetch", "cache", "with_options")


def _same_element(ctx: OpContext, self, *args, **kwargs):
    """Reordering, repeating, caching, filtering: elements keep their shapes (and the
    element count, for the methods that keep every element once)."""
    if not isinstance(self, Obj):
        return UNKNOWN
    keeps = ctx.api.rsplit(".", 1)[-1] in _SAME_ROWS
    return dataset(ctx, self.attrs.get("element_spec", UNKNOWN), _rows(self) if keeps else None,
                   self.attrs.get("iterated_element") if keeps else None)


op(*[f"tf.data.Dataset.{m}" for m in _SAME_ELEMENT])(_same_element)


@op("tf.data.Dataset.map")
def dataset_map(ctx: OpContext, self, map_func, num_parallel_calls=None, deterministic=None, name=None):
    """The function runs on one element (a tuple element is passed as separate arguments)."""
    element = self.attrs.get("element_spec", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    if element is UNKNOWN:  # still traced: what fails whatever the element fails
        run_traced(ctx, lambda: ctx.call(map_func, *[UNKNOWN] * _required_arguments(map_func)))
        return dataset(ctx, UNKNOWN)
    args = element.items if isinstance(element, Seq) else [element]
    out = run_traced(ctx, lambda: ctx.call(map_func, *args))  # tf.data traces it into a graph
    if out is None:
        return UNKNOWN
    if isinstance(out, Seq):
        out = Seq(list(out.items), "tuple")
    return dataset(ctx, out)


def _required_arguments(fn: Value) -> int:
    """How many positional arguments a user function needs (an element's components)."""
    params = getattr(getattr(fn, "node", None), "params", None)
    plain = getattr(params, "params", None)
    if plain is None:
        return 1
    return max(1, sum(1 for p in plain if getattr(p, "default", None) is None))


@op("tf.data.Dataset.zip")
def dataset_zip(ctx: OpContext, *datasets, name=None):
    parts = list(datasets)
    if len(parts) == 1 and isinstance(parts[0], Seq):
        parts = list(parts[0].items)
    elements = [p.attrs.get("element_spec", UNKNOWN) if isinstance(p, Obj) else UNKNOWN for p in parts]
    return dataset(ctx, Seq(elements, "tuple"))


@op("tf.data.Dataset.make_one_shot_iterator", "tf.data.Dataset.make_initializable_iterator",
    "tf.data.make_one_shot_iterator", "tf.data.make_initializable_iterator")
def make_iterator(ctx: OpContext, dataset_, shared_name=None):
    """TF1's iterators: ``get_next()`` gives one element, as the dataset states it."""
    element = dataset_.attrs.get("element_spec", UNKNOWN) if isinstance(dataset_, Obj) else UNKNOWN
    return Obj("tf.data.Iterator", {"element": element}, ctx.site)


@op("tf.data.Iterator.get_next")
def get_next(ctx: OpContext, self, name=None):
    element = self.attrs.get("element", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    out = _map_structure(element, lambda t: _reshaped(t, t.shape))
    return out if out is not None else UNKNOWN


@op("tf.data.Dataset.as_numpy_iterator", "tf.data.Dataset.cardinality")
def dataset_opaque(ctx: OpContext, self, *args, **kwargs):
    return UNKNOWN


def _first(x: Value, *rest: Value) -> Value:
    """An example map function: keeps the first component (``lambda x, y: x``)."""
    return x


def expected_dataset(element: Any, **attrs: Any) -> instance_of:
    """``expect=`` a dataset whose elements are ``element``."""
    return instance_of("tf.data.Dataset", element_spec=element, **attrs)


def _ds(*element: Tensor) -> Obj:
    return Obj("tf.data.Dataset", {"element_spec": Seq(list(element), "tuple") if len(element) > 1 else element[0]})


EXAMPLES = [
    ok("tf.data.Dataset.from_tensor_slices", (A(8, 3), A(8)),
       expect=expected_dataset(([3], []), rows=8)),
    bad("tf.data.Dataset.from_tensor_slices", (A(8, 3), A(10)), code=codes.CONCAT_DIM,
        message="Dimensions 8 and 10 are not compatible"),
    bad("tf.data.Dataset.from_tensor_slices", DictVal([(Const("a"), T(8, 3)), (Const("b"), T(9))]), code=codes.CONCAT_DIM,
        message="Dimensions 8 and 9 are not compatible"),
    ok("tf.data.Dataset.batch", _ds(T(3), T()), 32, expect=expected_dataset(([None, 3], [None]))),
    ok("tf.data.Dataset.batch", _ds(T(3)), 32, drop_remainder=True, expect=expected_dataset([32, 3])),
    ok("tf.data.Dataset.shuffle", _ds(T(None, 3)), 100, expect=expected_dataset([None, 3])),
    ok("tf.data.Dataset.from_tensors", (A(8, 3), A(8)), expect=expected_dataset(([8, 3], [8]))),
    ok("tf.data.Dataset.range", 10, expect=expected_dataset([])),
    ok("tf.data.Dataset.padded_batch", _ds(T(None)), 4, expect=expected_dataset([None, None])),
    ok("tf.data.Dataset.unbatch", _ds(T(None, 5)), expect=expected_dataset([5])),
    # reordering, repeating, caching, filtering keep the element
    *[ok(f"tf.data.Dataset.{method}", _ds(T(None, 3), T(None)), *args,
         expect=expected_dataset(([None, 3], [None])))
      for method, args in (("shuffle", (1000,)), ("repeat", ()), ("prefetch", (1,)), ("cache", ()), ("take", (5,)),
                           ("skip", (5,)), ("with_options", (UNKNOWN,)), ("filter", (UNKNOWN,)), ("shard", (2, 0)),
                           ("apply", (UNKNOWN,)), ("ignore_errors", ()), ("concatenate", (_ds(T(None, 3), T(None)),)))],
    ok("tf.data.Dataset.map", _ds(T(28, 28), T()), _first, expect=expected_dataset([28, 28])),
    ok("tf.data.Dataset.zip", (_ds(T(3)), _ds(T())), expect=expected_dataset(([3], []))),
    *[ok(name, _ds(T(None, 3)), expect=instance_of("tf.data.Iterator"))
      for name in ("tf.data.Dataset.make_one_shot_iterator", "tf.data.Dataset.make_initializable_iterator",
                   "tf.data.make_one_shot_iterator", "tf.data.make_initializable_iterator")],
    ok("tf.data.Iterator.get_next", Obj("tf.data.Iterator", {"element": _ds(T(None, 3), T(None))
                                                             .attrs["element_spec"]}), expect=([None, 3], [None])),
    *[ok(name, _ds(T(None, 3)), expect=instance_of("tf.data.Iterator"))
      for name in ("tf.data.Dataset.make_one_shot_iterator", "tf.data.Dataset.make_initializable_iterator",
                   "tf.data.make_one_shot_iterator", "tf.data.make_initializable_iterator")],
    ok("tf.data.Iterator.get_next", Obj("tf.data.Iterator", {"element": UNKNOWN}), expect=UNKNOWN),
    ok("tf.data.Dataset.as_numpy_iterator", _ds(T(3)), expect=UNKNOWN),
    ok("tf.data.Dataset.cardinality", _ds(T(3)), expect=UNKNOWN),
]
