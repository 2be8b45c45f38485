"""``h5py.File`` and its datasets.

A dataset read from a file has the file's shape (unknown here); one the program creates
(``create_dataset(name, shape=...)`` or ``data=...``) has that shape, and reading it back
by name from the same file object gives it again.  Indexing a dataset reads an ndarray
as numpy indexing would (``f["x"][:]``, ``f["x"][0]``); ``create_dataset`` with both
``shape`` and ``data`` needs them to agree ("Shape tuple is incompatible with data").
Reference: h5py 2.10 and 3.16.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import array_result, as_array, numpy_dtype, unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, instance_of, ok
from shapetracer.constraints.core.indexing import getitem
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import Shape
from shapetracer.domain.values import NONE, UNKNOWN, Const, DictVal, Obj, ShapeVal, Tensor, dim_int
from shapetracer.rules import codes

FILE, DATASET = "h5py.File", "h5py.Dataset"


def _dataset(ctx: OpContext, shape: Shape, dtype: str | None) -> Obj:
    length = dim_int(shape.dims[0]) if shape.dims else UNKNOWN
    return Obj(DATASET, {"shape": ShapeVal(shape, numpy=True), "dtype": Const(dtype) if dtype else UNKNOWN,
                         "ndim": Const(len(shape.dims)) if shape.dims is not None else UNKNOWN,
                         "_length": length}, ctx.site)


def _array(ctx: OpContext, dataset: Any) -> Tensor:
    """The whole dataset as an ndarray."""
    shape = dataset.attrs.get("shape") if isinstance(dataset, Obj) else None
    dtype = ctx.str(dataset.attrs.get("dtype", UNKNOWN)) if isinstance(dataset, Obj) else None
    if not isinstance(shape, ShapeVal) or shape.shape.dims is None:
        return unknown_array(ctx, dtype)
    return array_result(ctx, list(shape.shape.dims), dtype, label="read as")


@op(FILE)
def h5_file(ctx: OpContext, name=None, mode="r", *args, **kwargs):
    return Obj(FILE, {"_datasets": DictVal()}, ctx.site)


@op(f"{FILE}.create_group", f"{FILE}.require_group")
def create_group(ctx: OpContext, self, name, *args, **kwargs):
    """A group holds datasets as a file does (modelled as one)."""
    return Obj(FILE, {"_datasets": DictVal()}, ctx.site)


@op(f"{FILE}.__enter__")
def file_enter(ctx: OpContext, self):
    return self


@op(f"{FILE}.__exit__", f"{FILE}.close", f"{FILE}.flush")
def file_close(ctx: OpContext, self, *args):
    return NONE


@op(f"{FILE}.create_dataset")
def create_dataset(ctx: OpContext, self, name, shape=None, dtype=None, data=None, **kwargs):
    values = as_array(ctx, data) if not ctx.is_none(data) else None
    dims = ctx.shape_arg(shape) if not ctx.is_none(shape) else None
    dtype_name = numpy_dtype(ctx, dtype, values.dtype if values is not None else "float32")
    if values is not None and values.shape.dims is not None and dims is not None and None not in dims:
        count = Shape(dims).num_elements()
        have = values.shape.num_elements()
        if not ctx.require(count.eq(have), codes.NUMPY_SHAPE,
                           ctx.msg("Shape tuple is incompatible with data (shape {shape_a:tuple}, data "
                                   "{shape_b:tuple})", shape_a=Shape(dims), shape_b=values.shape), [values, *dims]):
            return UNKNOWN
    if dims is not None:
        made = Shape([d if d is not None else ctx.fresh("size") for d in dims])
    elif values is not None:
        made = values.shape
    else:
        made = Shape.unknown()
    created = _dataset(ctx, made, dtype_name)
    key = ctx.str(name)
    store = self.attrs.get("_datasets") if isinstance(self, Obj) else None
    if key is not None and isinstance(store, DictVal) and not ctx.host.undecided:
        store.set(Const(key), created)
    return created


@op(f"{FILE}.__getitem__")
def file_getitem(ctx: OpContext, self, key):
    """A dataset this program created under that name, else one of the file's shape."""
    store = self.attrs.get("_datasets") if isinstance(self, Obj) else None
    name = ctx.str(key)
    if name is not None and isinstance(store, DictVal):
        found = store.get(Const(name))
        if found is not None:
            return found
    return _dataset(ctx, Shape.unknown(), None)


@op(f"{DATASET}.__getitem__")
def dataset_getitem(ctx: OpContext, self, key):
    array = _array(ctx, self)
    if array.shape.dims is None:
        return array
    return getitem(ctx, array, key)


@op(f"{DATASET}.__len__")
def dataset_len(ctx: OpContext, self):
    return self.attrs.get("_length", UNKNOWN) if isinstance(self, Obj) else UNKNOWN


@op(f"{DATASET}.__array__", f"{DATASET}.astype")
def dataset_array(ctx: OpContext, self, *args, **kwargs):
    return _array(ctx, self)


EXAMPLES = [
    ok(FILE, "data.h5", "r", expect=instance_of(FILE)),
    ok(f"{FILE}.create_dataset", Obj(FILE, {"_datasets": DictVal()}), "x", data=A(100, 28, 28),
       expect=instance_of(DATASET, ndim=3)),
    ok(f"{FILE}.create_dataset", Obj(FILE, {"_datasets": DictVal()}), "y", shape=(100, 10), dtype="float32",
       expect=instance_of(DATASET)),
    bad(f"{FILE}.create_dataset", Obj(FILE, {"_datasets": DictVal()}), "x", shape=(10, 3), data=A(100, 3),
        code=codes.NUMPY_SHAPE, message="Shape tuple is incompatible with data"),
    ok(f"{FILE}.__getitem__", Obj(FILE, {"_datasets": DictVal()}), "images", expect=instance_of(DATASET)),
    ok(f"{DATASET}.__getitem__", Obj(DATASET, {"shape": ShapeVal(Shape.of(100, 28, 28), numpy=True)}),
       Const(0), expect=[28, 28]),
    ok(f"{DATASET}.__getitem__", Obj(DATASET, {"shape": ShapeVal(Shape.unknown(), numpy=True)}), Const(0),
       expect=UNKNOWN_SHAPE),
    ok(f"{DATASET}.__len__", Obj(DATASET, {"_length": Const(100)}), expect=100),
    ok(f"{DATASET}.astype", Obj(DATASET, {"shape": ShapeVal(Shape.of(5, 2), numpy=True)}), "float32", expect=[5, 2]),
    ok(f"{FILE}.__enter__", Obj(FILE, {"_datasets": DictVal()}), expect=instance_of(FILE)),
    *[ok(f"{FILE}.{name}", Obj(FILE, {"_datasets": DictVal()}), expect=NONE) for name in ("__exit__", "close", "flush")],
    *[ok(f"{FILE}.{name}", Obj(FILE, {"_datasets": DictVal()}), "group", expect=instance_of(FILE))
      for name in ("create_group", "require_group")],
    ok(f"{DATASET}.__array__", Obj(DATASET, {"shape": ShapeVal(Shape.of(5, 2), numpy=True)}), expect=[5, 2]),
]
