"""tf.data's elements one by one: ``Dataset.from_generator`` (``output_signature`` of
``tf.TensorSpec``s, or ``output_types`` with ``output_shapes``), ``window``, and what a
pipeline's exact elements decide when it is iterated.

A generator's element spec is what the call declares: a dim given as ``None`` is unknown
to TensorFlow, and without shapes (``output_types`` only) the elements have no static
rank at all, which Keras refuses when it builds a model from them (``keras/training``).
When the program's generator yields values the analysis knows one by one (a loop over a
literal list), the dataset carries them: iterating then checks each against the declared
shape ("`generator` yielded an element of shape (5,) where an element of shape (3,) was
expected.") and ``batch`` checks that the elements of each batch have one shape
("Cannot batch tensors with different shapes in component 0. First element had shape [3]
and element 1 had shape [5]."; ``padded_batch`` pads instead).  These fail only when the
dataset is iterated, so the dataset carries the failure (``iteration_failure``) and
``fit``/``evaluate``/``predict`` report it.  Verified under TensorFlow 2.15 and 2.21.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.common import dtype_name, map_nested
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, T, bad, instance_of, ok
from shapetracer.constraints.core.spec import ANNOTATORS, OpContext, op
from shapetracer.constraints.core.tracing import run_traced
from shapetracer.domain.dims import Dim, Shape
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq, ShapeVal, Tensor, Value
from shapetracer.rules import codes
from shapetracer.rules.message import Message

DATASET, SPEC = "tf.data.Dataset", "tf.TensorSpec"
_MAX_ELEMENTS = 1000  # exact elements kept, beyond which a generator's yields are not listed


# --- tf.TensorSpec -------------------------------------------------------------------------------

@op("tf.TensorSpec")
def tensor_spec(ctx: OpContext, shape, dtype="float32", name=None):
    """``shape=None`` leaves even the rank unknown (to TensorFlow as well)."""
    dims = ctx.shape_arg(shape) if not ctx.is_none(shape) else None
    for dim in dims or []:
        if dim is not None and dim.known and dim.value < 0:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Dimension {value} must be >= 0", value=dim.value))
            return UNKNOWN
    if dims is None:
        declared = Shape.without_static_rank() if ctx.is_none(shape) else Shape.unknown()
    else:
        declared = Shape([d if d is not None else ctx.fresh("spec") for d in dims])
    return Obj(SPEC, {"shape": ShapeVal(declared), "dtype": Const(dtype_name(dtype, "float32"))}, ctx.site)


def _spec_tensor(ctx: OpContext, spec: Value) -> Tensor | None:
    if not (isinstance(spec, Obj) and spec.type_name == SPEC):
        return None
    shape = spec.attrs.get("shape")
    dtype = ctx.str(spec.attrs.get("dtype", UNKNOWN))
    return ctx.result(shape.shape if isinstance(shape, ShapeVal) else None, dtype, label="an element is")


def _declared(ctx: OpContext, types: Value, shapes: Value) -> Value | None:
    """The element structure ``output_types``/``output_shapes`` declare (shapes missing:
    elements of no static rank)."""
    if isinstance(types, Seq):
        parts = ctx.items(shapes) if shapes is not None and not ctx.is_none(shapes) else None
        if parts is not None and len(parts) != len(types.items):
            return None
        items = [_declared(ctx, t, parts[i] if parts is not None else None) for i, t in enumerate(types.items)]
        return None if any(i is None for i in items) else Seq(items, "tuple")
    if isinstance(types, DictVal):
        entries = []
        for key, value in types.entries:
            shape = shapes.get(key) if isinstance(shapes, DictVal) else None
            entries.append((key, _declared(ctx, value, shape)))
        return None if any(v is None for _, v in entries) else DictVal(entries)
    dtype = dtype_name(types)
    if shapes is None or ctx.is_none(shapes):
        return ctx.result(Shape.without_static_rank(), dtype, label="an element is")
    dims = ctx.shape_arg(shapes)
    if dims is None:
        return ctx.result(None, dtype, label="an element is")
    return ctx.result([d if d is not None else ctx.fresh("element") for d in dims], dtype, label="an element is")


def _signature(ctx: OpContext, signature: Value) -> Value | None:
    return map_nested(signature, lambda spec: _spec_tensor(ctx, spec))


# --- the generator's yields ----------------------------------------------------------------------

def _structure(ctx: OpContext, value: Value, like: Value) -> Value | None:
    """A yielded value as a structure of arrays shaped like the declared element."""
    if isinstance(like, Seq):
        items = ctx.items(value)
        if items is None or len(items) != len(like.items):
            return None
        parts = [_structure(ctx, item, part) for item, part in zip(items, like.items)]
        return None if any(p is None for p in parts) else Seq(parts, "tuple")
    if isinstance(like, DictVal):
        return None  # dict yields: keys not followed
    return ctx.tensor(value)


def _leaves(value: Value) -> list[Tensor]:
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, Seq):
        return [t for item in value.items for t in _leaves(item)]
    return []


def _misfit(declared: Tensor, given: Tensor) -> bool:
    """A yielded array TensorFlow refuses for the declared shape (known dims only)."""
    if declared.shape.dims is None or given.shape.dims is None:
        return False
    if len(declared.shape.dims) != len(given.shape.dims):
        return True
    return any(d.known and g.known and d.value != g.value for d, g in zip(declared.shape.dims, given.shape.dims))


@op("tf.data.Dataset.from_generator")
def from_generator(ctx: OpContext, generator, output_types=None, output_shapes=None, args=None,
                   output_signature=None, name=None):
    if not ctx.is_none(output_signature):
        element = _signature(ctx, output_signature)
    elif output_types is not None and not ctx.is_none(output_types):
        element = _declared(ctx, output_types, output_shapes)
    else:
        element = None
    attrs: dict[str, Value] = {"element_spec": element if element is not None else UNKNOWN}
    if element is not None:
        call_args = ctx.items(args) if args is not None and not ctx.is_none(args) else []
        yielded = ctx.call(generator, *(call_args or []))
        if isinstance(yielded, Seq) and yielded.sized and len(yielded.items) <= _MAX_ELEMENTS:
            elements = [_structure(ctx, item, element) for item in yielded.items]
            if all(e is not None for e in elements):
                attrs["elements"] = Seq(elements, "list")
                attrs["rows"] = Dim(len(elements), frozenset({ctx.site}))
                failure = _first_misfit(element, elements)
                if failure is not None:
                    attrs["iteration_failure"] = failure
    return Obj(DATASET, attrs, ctx.site)


def _first_misfit(element: Value, elements: list[Value]) -> Value | None:
    declared = _leaves(element)
    for value in elements:
        for want, got in zip(declared, _leaves(value)):
            if _misfit(want, got):
                return _failure(codes.SHAPE_REQUIREMENT,
                                Message("`generator` yielded an element of shape {shape_a:keras} where an element "
                                        "of shape {shape_b:keras} was expected.", shape_a=got.shape,
                                        shape_b=want.shape), [want, got])
    return None


def _failure(code: str, message: Message, involved: list[Tensor]) -> Obj:
    """A failure the dataset raises when iterated, with the values it involves."""
    return Obj("tf.data.IterationFailure", {"code": Const(code), "message": Const(message),
                                            "involved": Seq(list(involved), "list")})


# --- windows --------------------------------------------------------------------------------------

@op("tf.data.Dataset.window")
def window(ctx: OpContext, self, size, shift=None, stride=1, drop_remainder=False, name=None):
    """A dataset of datasets: each window's elements are the elements (``flat_map`` with
    ``batch`` makes them tensors again)."""
    element = self.attrs.get("element_spec", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    inner = Obj(DATASET, {"element_spec": element}, ctx.site)
    return Obj(DATASET, {"element_spec": inner}, ctx.site)


@op("tf.data.Dataset.flat_map", "tf.data.Dataset.interleave")
def flat_map(ctx: OpContext, self, map_func, *args, **kwargs):
    """The function turns each element into a dataset whose elements are the result's."""
    element = self.attrs.get("element_spec", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    if element is UNKNOWN:
        return Obj(DATASET, {"element_spec": UNKNOWN}, ctx.site)
    arguments = element.items if isinstance(element, Seq) else [element]
    made = run_traced(ctx, lambda: ctx.call(map_func, *arguments))
    inner = made.attrs.get("element_spec", UNKNOWN) if isinstance(made, Obj) and made.type_name == DATASET \
        else UNKNOWN
    return Obj(DATASET, {"element_spec": inner}, ctx.site)


# --- what pipelines do to the exact elements --------------------------------------------------------

_KEEP_ORDER = ("prefetch", "cache", "with_options", "apply", "ignore_errors")


def _batch_failure(ctx: OpContext, elements: list[Value], size: int, ordered: bool, dropping: bool) -> Obj | None:
    """The first batch whose elements differ in shape; with an unknown order, only when
    every two elements differ (then every batch of two or more does)."""
    if size < 2 or len(elements) < 2:
        return None
    if ordered:
        for start in range(0, len(elements), size):
            group = elements[start:start + size]
            if len(group) < size and dropping:
                break
            failure = _group_failure(group)
            if failure is not None:
                return failure
        return None
    if all(_group_failure([a, b]) is not None for i, a in enumerate(elements) for b in elements[i + 1:]):
        return _group_failure(elements[:2])
    return None


def _group_failure(group: list[Value]) -> Obj | None:
    first = _leaves(group[0])
    for index, other in enumerate(group[1:], start=1):
        for component, (a, b) in enumerate(zip(first, _leaves(other))):
            if a.shape.dims is None or b.shape.dims is None:
                continue
            if len(a.shape.dims) != len(b.shape.dims) or any(
                    x.known and y.known and x.value != y.value for x, y in zip(a.shape.dims, b.shape.dims)):
                return _failure(codes.CONCAT_DIM,
                                Message("Cannot batch tensors with different shapes in component {input_index}. "
                                        "First element had shape {shape_a:tf} and element {index} had shape "
                                        "{shape_b:tf}.", input_index=component, shape_a=a.shape, index=index,
                                        shape_b=b.shape), [a, b])
    return None


def _padded(ctx: OpContext, element: Value, shapes: Value, batch: Dim | None) -> Value | None:
    """``padded_batch``'s element: each component padded to its ``padded_shapes`` entry
    (None entries: the batch's longest), a batch axis in front."""
    if isinstance(element, Tensor):
        dims = ctx.shape_arg(shapes)
        if dims is None or element.shape.dims is None or len(dims) != len(element.shape.dims):
            return None
        return Tensor(Shape([batch or ctx.fresh("batch")] + [d if d is not None else ctx.fresh("padded")
                                                             for d in dims]), element.dtype, "tensor", element.origin)
    if isinstance(element, Seq):
        parts = ctx.items(shapes)
        if parts is None or len(parts) != len(element.items):
            return None
        items = [_padded(ctx, e, p, batch) for e, p in zip(element.items, parts)]
        return None if any(i is None for i in items) else Seq(items, "tuple")
    return None


def _padding_failure(ctx: OpContext, elements: list[Value], shapes: Value) -> Obj | None:
    """An element longer than its padded shape: "Attempted to pad to a smaller size than
    the input element."."""
    if shapes is None or ctx.is_none(shapes):
        return None
    wanted = [ctx.shape_arg(p) for p in ctx.items(shapes) or []] if isinstance(shapes, Seq) and \
        shapes.items and isinstance(shapes.items[0], Seq) else [ctx.shape_arg(shapes)]
    for value in elements:
        for dims, got in zip(wanted, _leaves(value)):
            if dims is None or got.shape.dims is None or len(dims) != len(got.shape.dims):
                continue
            for want, have in zip(dims, got.shape.dims):
                if want is not None and want.known and have.known and have.value > want.value:
                    return _failure(codes.SHAPE_REQUIREMENT,
                                    Message("Attempted to pad to a smaller size than the input element (an element "
                                            "of shape {shape:tf}, padded to {values:pylist}).", shape=got.shape,
                                            values=[d if d is not None else None for d in dims]), [got])
    return None


def _keep_unranked(before: Value, after: Value) -> None:
    """Batching (shuffling, ...) elements of no static rank gives elements of none either."""
    for old, new in zip(_leaves(before) if before is not None else [], _leaves(after) if after is not None else []):
        if old.shape.no_static_rank and new.shape.dims is None:
            new.shape = Shape.without_static_rank()


def follow_elements(ctx: OpContext, args: dict, result: Any) -> Any:
    """Carry a dataset's exact elements and its iteration failure through a pipeline."""
    if not (isinstance(result, Obj) and result.type_name == DATASET and ctx.api.startswith("tf.data.Dataset.")):
        return result
    source = args.get("self")
    sources = [source] if isinstance(source, Obj) else []
    if ctx.api.endswith(".zip"):
        given = [v for k, v in args.items() if k != "ctx"]
        sources = [d for v in given for d in (v.items if isinstance(v, Seq) else [v])
                   if isinstance(d, Obj) and d.type_name == DATASET]
    if isinstance(source, Obj) and not ctx.api.endswith((".map", ".flat_map", ".interleave", ".window")):
        _keep_unranked(source.attrs.get("element_spec"), result.attrs.get("element_spec"))
    shapes = args.get("padded_shapes")
    if ctx.api.endswith(".padded_batch") and isinstance(source, Obj) and shapes is not None \
            and not ctx.is_none(shapes) and result.attrs.get("element_spec") is UNKNOWN:
        dropping = ctx.bool(args.get("drop_remainder"), False)
        padded = _padded(ctx, source.attrs.get("element_spec", UNKNOWN), shapes,
                         ctx.dim(args.get("batch_size")) if dropping else None)
        if padded is not None:
            result.attrs["element_spec"] = padded
    failures = [s.attrs["iteration_failure"] for s in sources if "iteration_failure" in s.attrs]
    if failures and "iteration_failure" not in result.attrs:
        result.attrs["iteration_failure"] = failures[0]
    if not isinstance(source, Obj) or "elements" not in source.attrs:
        return result
    method = ctx.api.rsplit(".", 1)[-1]
    elements = list(source.attrs["elements"].items)
    ordered = source.attrs.get("ordered") is not False
    if method in _KEEP_ORDER or method in ("shuffle", "repeat", "take", "skip"):
        if method == "take" or method == "skip":
            count = ctx.int(args.get("count"))
            if count is None or count < 0:
                return result
            elements = elements[:count] if method == "take" else elements[count:]
        result.attrs["elements"] = Seq(elements, "list")
        if method == "shuffle" or not ordered:
            result.attrs["ordered"] = False
    elif method == "padded_batch" and "iteration_failure" not in result.attrs:
        failure = _padding_failure(ctx, elements, args.get("padded_shapes"))
        if failure is not None:
            result.attrs["iteration_failure"] = failure
    elif method == "batch" and "iteration_failure" not in result.attrs:
        size = ctx.int(args.get("batch_size"))
        dropping = ctx.bool(args.get("drop_remainder"), False)
        if size is not None and dropping is not None:
            failure = _batch_failure(ctx, elements, size, ordered, dropping)
            if failure is not None:
                result.attrs["iteration_failure"] = failure
    return result


ANNOTATORS.append(follow_elements)


def _generated(*lengths: int) -> Obj:
    """An example generator dataset: elements (tokens [n], label []) of these lengths."""
    element = Seq([T(None, dtype="int32"), T(dtype="int32")], "tuple")
    elements = Seq([Seq([T(n, dtype="int32"), T(dtype="int32")], "tuple") for n in lengths], "list")
    return Obj(DATASET, {"element_spec": element, "elements": elements})


EXAMPLES = [
    ok("tf.TensorSpec", (None, 3), expect=instance_of(SPEC)),
    ok("tf.data.Dataset.from_generator", UNKNOWN, output_types=(Const("float32"), Const("int32")),
       expect=instance_of(DATASET, element_spec=(UNKNOWN_SHAPE, UNKNOWN_SHAPE))),
    ok("tf.data.Dataset.from_generator", UNKNOWN, output_types=(Const("int32"), Const("int32")),
       output_shapes=([None], []), expect=instance_of(DATASET, element_spec=([None], []))),
    ok("tf.data.Dataset.from_generator", UNKNOWN, output_signature=Obj(SPEC, {"shape": ShapeVal(Shape.of(6)),
                                                                                "dtype": Const("float32")}),
       expect=instance_of(DATASET, element_spec=[6])),
    ok("tf.data.Dataset.window", _generated(3, 3), 2, expect=instance_of(DATASET)),
    ok("tf.data.Dataset.flat_map", _generated(3, 3), UNKNOWN, expect=instance_of(DATASET, element_spec=UNKNOWN)),
    ok("tf.data.Dataset.interleave", _generated(3, 3), UNKNOWN, expect=instance_of(DATASET, element_spec=UNKNOWN)),
    # batching the exact elements: the failure travels with the dataset until it is iterated
    ok("tf.data.Dataset.batch", _generated(3, 5, 2, 4), 2,
       expect=instance_of(DATASET, iteration_failure=instance_of("tf.data.IterationFailure"))),
    ok("tf.data.Dataset.batch", _generated(3, 3, 2, 2), 2, expect=instance_of(DATASET)),
    ok("tf.data.Dataset.padded_batch", _generated(3, 5), 2, padded_shapes=([6], []),
       expect=instance_of(DATASET, element_spec=([None, 6], [None]))),
    ok("tf.data.Dataset.padded_batch", _generated(3, 5), 2, padded_shapes=([4], []),
       expect=instance_of(DATASET, iteration_failure=instance_of("tf.data.IterationFailure"))),
    bad("tf.TensorSpec", (None, -3), code=codes.SHAPE_REQUIREMENT, message="must be >= 0"),
]
