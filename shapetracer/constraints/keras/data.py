"""Data feeding Keras models: the built-in datasets' ``load_data()``,
``keras.utils.to_categorical`` and ``pad_sequences``, ``tf.data.Dataset``
(from_tensor_slices, from_tensors, batch, map, shuffle …), the image loaders
``image_dataset_from_directory`` and ``ImageDataGenerator``
(``flow_from_directory(target_size=...)``, ``flow``).

A dataset or generator is an ``Obj`` whose ``element_spec`` attribute holds
the shapes of one element (a tensor, a tuple ``(x, y)`` or a dict), as
``Dataset.element_spec`` does; fit/evaluate/predict read it.  Reference:
TensorFlow 2.21's tf.data static shapes (``batch`` gives an unknown batch
axis unless ``drop_remainder=True``; from_tensor_slices needs equal first
dims: "Dimensions 8 and 10 are not compatible") and Keras 3's loaders.
Unknown loaders stay unknown.
"""

from __future__ import annotations

import weakref
from typing import Any

from shapetracer.domain import analysis
from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import ANY, UNKNOWN_SHAPE, A, T, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq, SymInt, Tensor, Value

# (train rows, test rows, sample shape, sample dtype, label shape)
_DATASETS = {
    "mnist": (60000, 10000, (28, 28), "uint8", ()),
    "fashion_mnist": (60000, 10000, (28, 28), "uint8", ()),
    "cifar10": (50000, 10000, (32, 32, 3), "uint8", (1,)),
    "cifar100": (50000, 10000, (32, 32, 3), "uint8", (1,)),
    "imdb": (25000, 25000, (), "object", ()),
    "reuters": (8982, 2246, (), "object", ()),
    "boston_housing": (404, 102, (13,), "float64", ()),
    "california_housing": (16512, 4128, (8,), "float32", ()),
}


def _load_data(name: str):
    train, test, sample, dtype, label = _DATASETS[name]

    def load_data(ctx: OpContext, *args, **kwargs):
        """The dataset's documented shapes: ((x_train, y_train), (x_test, y_test))."""
        def split(rows: int) -> Value:
            x = ctx.result([rows, *sample], dtype, label=f"{name}.load_data() gives")
            if dtype == "object":
                _id_lists().add(x)  # reviews / newswires as lists of word ids
            y = ctx.result([rows, *label], "uint8" if name.startswith(("mnist", "fashion", "cifar")) else "int64",
                           label=f"{name}.load_data() gives")
            x.kind = y.kind = "ndarray"
            return Seq([x, y], "tuple")

        return Seq([split(train), split(test)], "tuple")

    load_data.__name__ = f"{name}_load_data"
    op(f"keras.datasets.{name}.load_data")(load_data)


for _name in _DATASETS:
    _load_data(_name)


# --- utilities ----------------------------------------------------------------------------------


@op("keras.utils.to_categorical", "keras.utils.np_utils.to_categorical")
def to_categorical(ctx: OpContext, x, num_classes=None):
    """One column per class; a trailing axis of 1 is dropped first."""
    labels = ctx.tensor(x)
    if labels is None or labels.shape.dims is None:
        return ctx.unknown_tensor("float32")
    dims = list(labels.shape.dims)
    if len(dims) > 1 and dims[-1].known and dims[-1].value == 1:
        dims = dims[:-1]
    classes = ctx.dim(num_classes) if not ctx.is_none(num_classes) else None
    out = ctx.result(dims + [classes or ctx.fresh("num_classes")], "float32", label="to_categorical gives")
    out.kind = "ndarray" if labels.is_numpy or not isinstance(x, Tensor) else "tensor"
    return out


@op("keras.utils.pad_sequences", "keras.preprocessing.sequence.pad_sequences")
def pad_sequences(ctx: OpContext, sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre",
                  value=0.0):
    """``(len(sequences), maxlen) + sample_shape``, the sample shape being what each
    sequence's steps are (``np.asarray(s).shape[1:]``: none for lists of token ids, the
    classes for one-hot rows); where the sequences' items are not known, neither is the rank."""
    rows: Dim | None = None
    if isinstance(sequences, Seq) and sequences.sized:
        rows = Dim(len(sequences.items), frozenset({ctx.site}))
    elif isinstance(sequences, Tensor) and sequences.shape.dims:
        rows = sequences.shape.dims[0]
    sample = _sample_shape(ctx, sequences)
    if sample is None:
        out = ctx.unknown_tensor(dtype_name(dtype, "int32"))
        out.kind = "ndarray"
        return out
    width = ctx.dim(maxlen) if not ctx.is_none(maxlen) else None
    out = ctx.result([rows or ctx.fresh("sequences"), width or ctx.fresh("maxlen")] + sample,
                     dtype_name(dtype, "int32"), label="pad_sequences gives")
    out.kind = "ndarray"
    return out


def _id_lists() -> "weakref.WeakSet[Tensor]":
    """The 1-D object arrays known to hold lists of word ids (the text datasets' loaders)."""
    return analysis.current().table("keras.id_lists", weakref.WeakSet)


def _sample_shape(ctx: OpContext, sequences: Value) -> list[Dim] | None:
    """The dims of one step of the sequences (Keras reads them from the first non-empty one);
    None when the items are not known: a 1-D object array holds Python objects the analysis
    does not follow (unless a dataset loader made it of word-id lists), an unknown list
    anything."""
    if isinstance(sequences, Tensor):
        dims = sequences.shape.dims
        if dims is None or not dims:
            return None
        if len(dims) == 1:
            # an array of unknown dtype may be of objects as well (np.empty(n, dtype=list))
            plain = sequences.dtype is not None and sequences.dtype != "object"
            return [] if plain or sequences in _id_lists() else None
        return list(dims[2:])
    if not isinstance(sequences, Seq):
        return None
    samples = []
    for item in sequences.items:
        if isinstance(item, Seq) and item.items and all(_scalar(step) for step in item.items):
            samples.append([])  # a list of ids, also one of unknown length (its items are examples)
            continue
        tensor = ctx.tensor(item)
        if tensor is None or tensor.shape.dims is None or not tensor.shape.dims:
            return None
        samples.append(list(tensor.shape.dims[1:]))
    if any(len(sample) != len(samples[0]) for sample in samples[1:]):
        return None
    return samples[0] if samples else []


def _scalar(value: Value) -> bool:
    return isinstance(value, SymInt) or (isinstance(value, Const) and isinstance(value.value, (int, float))) \
        or (isinstance(value, Tensor) and value.shape.rank == 0)


# --- the text tokenizer (keras.preprocessing.text) ----------------------------------------------------

_TOKENIZER = "keras.preprocessing.text.Tokenizer"
_MAX_TEXTS = 1024  # texts whose id lists are listed one by one; more are one example list


@op(_TOKENIZER)
def tokenizer(ctx: OpContext, num_words=None, filters=None, lower=True, split=" ", char_level=False,
              oov_token=None, **kwargs):
    return Obj(_TOKENIZER, {"num_words": num_words if num_words is not None else Const(None)}, ctx.site)


@op(f"{_TOKENIZER}.fit_on_texts", f"{_TOKENIZER}.fit_on_sequences")
def tokenizer_fit(ctx: OpContext, self, texts):
    """Builds the vocabulary: nothing shaped."""
    return Const(None)


@op(f"{_TOKENIZER}.texts_to_sequences")
def texts_to_sequences(ctx: OpContext, self, texts):
    """A list of word ids per text, as long as the text has known words (not known here)."""
    def ids() -> Seq:
        return Seq([SymInt(ctx.fresh("word_id", 0))], "list", sized=False)
    items = ctx.items(texts)
    if items is not None and len(items) <= _MAX_TEXTS:
        return Seq([ids() for _ in items], "list")
    return Seq([ids()], "list", sized=False)


# --- tf.data -------------------------------------------------------------------------------------------


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


def _rows(value: Value) -> Dim | None:
    rows = value.attrs.get("rows") if isinstance(value, Obj) else None
    return rows if isinstance(rows, Dim) else None


def _map_structure(value: Value, fn) -> Value | None:
    """Apply ``fn`` to every tensor of a (tuple / dict) structure; None if any is unknown."""
    if isinstance(value, Tensor):
        return fn(value)
    if isinstance(value, Seq):
        items = [_map_structure(v, fn) for v in value.items]
        return None if any(i is None for i in items) else Seq(items, "tuple")
    if isinstance(value, DictVal):
        entries = [(k, _map_structure(v, fn)) for k, v in value.entries]
        return None if any(v is None for _, v in entries) else DictVal(entries)
    return None


def _as_tensors(ctx: OpContext, value: Value) -> Value | None:
    """A tuple or dict is a structure of components; anything else is one tensor."""
    if isinstance(value, Seq) and value.kind == "tuple":
        items = [_as_tensors(ctx, v) for v in value.items]
        return None if any(i is None for i in items) else Seq(items, "tuple")
    if isinstance(value, DictVal):
        entries = [(k, _as_tensors(ctx, v)) for k, v in value.entries]
        return None if any(v is None for _, v in entries) else DictVal(entries)
    return ctx.tensor(value)


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
            ctx.fail(codes.CONCAT_DIM, f"Dimensions {known[0].value} and {dim.value} are not compatible",
                     _leaves(structure))
            return UNKNOWN
    if any(t.shape.dims is None or not t.shape.dims for t in _leaves(structure)):
        return dataset(ctx, UNKNOWN)
    rows = known[0] if known else None
    return dataset(ctx, _map_structure(structure, lambda t: Tensor(Shape(t.shape.dims[1:]), t.dtype, "tensor",
                                                                   t.origin)), rows)


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
        out = _map_structure(element, lambda t: Tensor(
            Shape([dim or ctx.fresh("batch")] + list(t.shape.dims)) if t.shape.dims is not None else Shape.unknown(),
            t.dtype, "tensor", t.origin))
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
    rows = _map_structure(element, lambda t: Tensor(Shape(t.shape.dims[1:]) if t.shape.dims else Shape.unknown(),
                                                    t.dtype, "tensor", t.origin))
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
    if element is UNKNOWN:
        return dataset(ctx, UNKNOWN)
    args = element.items if isinstance(element, Seq) else [element]
    out = ctx.call(map_func, *args)
    if isinstance(out, Seq):
        out = Seq(list(out.items), "tuple")
    return dataset(ctx, out)


@op("tf.data.Dataset.zip")
def dataset_zip(ctx: OpContext, *datasets, name=None):
    parts = list(datasets)
    if len(parts) == 1 and isinstance(parts[0], Seq):
        parts = list(parts[0].items)
    elements = [p.attrs.get("element_spec", UNKNOWN) if isinstance(p, Obj) else UNKNOWN for p in parts]
    return dataset(ctx, Seq(elements, "tuple"))


@op("tf.data.Dataset.as_numpy_iterator", "tf.data.Dataset.cardinality")
def dataset_opaque(ctx: OpContext, self, *args, **kwargs):
    return UNKNOWN


# --- image loaders ----------------------------------------------------------------------------------------

_CHANNELS = {"rgb": 3, "grayscale": 1, "rgba": 4}


def _image_batch(ctx: OpContext, size, color_mode, batch: Dim | None) -> Tensor | None:
    hw = ctx.int_list(size)
    channels = _CHANNELS.get(ctx.str(color_mode) or "")
    if hw is None or len(hw) != 2 or channels is None:
        return None
    dims = [batch or ctx.fresh("batch"), hw[0], hw[1], channels]
    return ctx.result(dims, "float32", label="images loaded as")


def _class_count(ctx: OpContext, classes) -> Dim:
    names = ctx.items(classes) if classes is not None and not ctx.is_none(classes) else None
    return Dim(len(names), frozenset({ctx.site})) if names is not None else ctx.fresh("classes")


@op("keras.utils.image_dataset_from_directory", "keras.preprocessing.image_dataset_from_directory")
def image_dataset_from_directory(ctx: OpContext, directory, labels="inferred", label_mode="int", class_names=None,
                                 color_mode="rgb", batch_size=32, image_size=(256, 256), shuffle=True, seed=None,
                                 validation_split=None, subset=None, interpolation="bilinear", follow_links=False,
                                 crop_to_aspect_ratio=False, pad_to_aspect_ratio=False, data_format=None,
                                 format="tf", verbose=True):
    """Batches of ``(images, labels)``; labels by ``label_mode`` (int, categorical, binary, None)."""
    batched = not ctx.is_none(batch_size)
    images = _image_batch(ctx, image_size, color_mode, None)
    if images is None:
        return dataset(ctx, UNKNOWN)
    if not batched:
        images = Tensor(Shape(images.shape.dims[1:]), images.dtype, "tensor", images.origin)
    lead = [images.shape.dims[0]] if batched else []
    mode = None if ctx.is_none(label_mode) else ctx.str(label_mode)
    if mode is None and not ctx.is_none(label_mode):
        return dataset(ctx, Seq([images, ctx.unknown_tensor()], "tuple"))
    if mode is None or ctx.is_none(labels):
        return dataset(ctx, images)
    label_dims = {"int": [], "binary": [1], "categorical": [_class_count(ctx, class_names)]}.get(mode)
    if label_dims is None:
        return dataset(ctx, Seq([images, ctx.unknown_tensor()], "tuple"))
    return dataset(ctx, Seq([images, ctx.result(lead + label_dims, "float32", label="labels loaded as")], "tuple"))


@op("keras.preprocessing.image.ImageDataGenerator")
def image_data_generator(ctx: OpContext, *args, **kwargs):
    """Augmentation settings do not change shapes."""
    return Obj("keras.preprocessing.image.ImageDataGenerator", {}, ctx.site)


@op("keras.preprocessing.image.ImageDataGenerator.flow_from_directory")
def flow_from_directory(ctx: OpContext, self, directory, target_size=(256, 256), color_mode="rgb", classes=None,
                        class_mode="categorical", batch_size=32, shuffle=True, seed=None, save_to_dir=None,
                        save_prefix="", save_format="png", follow_links=False, subset=None,
                        interpolation="nearest", keep_aspect_ratio=False):
    """Batches of images resized to ``target_size``; labels by ``class_mode``."""
    images = _image_batch(ctx, target_size, color_mode, None)
    if images is None:
        return _iterator(ctx, UNKNOWN)
    batch = images.shape.dims[0]
    mode = None if ctx.is_none(class_mode) else ctx.str(class_mode)
    if ctx.is_none(class_mode):
        return _iterator(ctx, images)
    if mode == "input":
        return _iterator(ctx, Seq([images, images], "tuple"))
    label_dims = {"categorical": [_class_count(ctx, classes)], "binary": [], "sparse": []}.get(mode or "")
    if label_dims is None:
        return _iterator(ctx, Seq([images, ctx.unknown_tensor()], "tuple"))
    return _iterator(ctx, Seq([images, ctx.result([batch] + label_dims, "float32", label="labels loaded as")],
                              "tuple"))


@op("keras.preprocessing.image.ImageDataGenerator.flow")
def flow(ctx: OpContext, self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None,
         save_to_dir=None, save_prefix="", save_format="png", ignore_class_split=False, subset=None):
    """Batches of the arrays' rows."""
    batch = ctx.fresh("batch")
    images = ctx.tensor(x)
    if images is None or images.shape.dims is None:
        return _iterator(ctx, UNKNOWN)
    rows = Tensor(Shape([batch] + list(images.shape.dims[1:])), "float32", "tensor", images.origin)
    labels = ctx.tensor(y) if y is not None and not ctx.is_none(y) else None
    if labels is None or labels.shape.dims is None:
        return _iterator(ctx, rows if labels is None else Seq([rows, ctx.unknown_tensor()], "tuple"))
    return _iterator(ctx, Seq([rows, Tensor(Shape([batch] + list(labels.shape.dims[1:])), labels.dtype, "tensor",
                                            labels.origin)], "tuple"))


@op("keras.preprocessing.image.ImageDataGenerator.fit")
def generator_fit(ctx: OpContext, self, x, augment=False, rounds=1, seed=None):
    return Const(None)


def _iterator(ctx: OpContext, element: Value) -> Obj:
    return Obj("keras.preprocessing.image.DirectoryIterator", {"element_spec": element}, ctx.site)


def _first(x: Value, *rest: Value) -> Value:
    """An example map function: keeps the first component (``lambda x, y: x``)."""
    return x


_GENERATOR = Obj("keras.preprocessing.image.ImageDataGenerator")
_ITERATOR = "keras.preprocessing.image.DirectoryIterator"


def _dataset(element: Any, **attrs: Any) -> instance_of:
    """``expect=`` a dataset whose elements are ``element``."""
    return instance_of("tf.data.Dataset", element_spec=element, **attrs)


def _ds(*element: Tensor) -> Obj:
    return Obj("tf.data.Dataset", {"element_spec": Seq(list(element), "tuple") if len(element) > 1 else element[0]})


EXAMPLES = [
    ok("keras.utils.to_categorical", A(60000), 10, expect=[60000, 10]),
    ok("keras.utils.to_categorical", A(50000, 1), num_classes=10, expect=[50000, 10]),
    ok("keras.utils.to_categorical", A(None), expect=[None, None]),
    ok("keras.utils.pad_sequences", A(25000), maxlen=200, expect=[25000, 200]),
    ok("tf.data.Dataset.from_tensor_slices", (A(8, 3), A(8)),
       expect=_dataset(([3], []), rows=8)),
    bad("tf.data.Dataset.from_tensor_slices", (A(8, 3), A(10)), code=codes.CONCAT_DIM,
        message="Dimensions 8 and 10 are not compatible"),
    bad("tf.data.Dataset.from_tensor_slices", DictVal([(Const("a"), T(8, 3)), (Const("b"), T(9))]), code=codes.CONCAT_DIM,
        message="Dimensions 8 and 9 are not compatible"),
    ok("tf.data.Dataset.batch", _ds(T(3), T()), 32, expect=_dataset(([None, 3], [None]))),
    ok("tf.data.Dataset.batch", _ds(T(3)), 32, drop_remainder=True, expect=_dataset([32, 3])),
    ok("tf.data.Dataset.shuffle", _ds(T(None, 3)), 100, expect=_dataset([None, 3])),
    # every dataset the Keras datasets load: ((x_train, y_train), (x_test, y_test))
    *[ok(f"keras.datasets.{name}.load_data",
         expect=(([train, *sample], [train, *label]), ([test, *sample], [test, *label])))
      for name, (train, test, sample, _, label) in _DATASETS.items()],
    ok("tf.data.Dataset.from_tensors", (A(8, 3), A(8)), expect=_dataset(([8, 3], [8]))),
    ok("tf.data.Dataset.range", 10, expect=_dataset([])),
    ok("tf.data.Dataset.padded_batch", _ds(T(None)), 4, expect=_dataset([None, None])),
    ok("tf.data.Dataset.unbatch", _ds(T(None, 5)), expect=_dataset([5])),
    # reordering, repeating, caching, filtering keep the element
    *[ok(f"tf.data.Dataset.{method}", _ds(T(None, 3), T(None)), *args,
         expect=_dataset(([None, 3], [None])))
      for method, args in (("shuffle", (1000,)), ("repeat", ()), ("prefetch", (1,)), ("cache", ()), ("take", (5,)),
                           ("skip", (5,)), ("with_options", (UNKNOWN,)), ("filter", (UNKNOWN,)), ("shard", (2, 0)),
                           ("apply", (UNKNOWN,)), ("ignore_errors", ()), ("concatenate", (_ds(T(None, 3), T(None)),)))],
    ok("tf.data.Dataset.map", _ds(T(28, 28), T()), _first, expect=_dataset([28, 28])),
    ok("tf.data.Dataset.zip", (_ds(T(3)), _ds(T())), expect=_dataset(([3], []))),
    ok("tf.data.Dataset.as_numpy_iterator", _ds(T(3)), expect=UNKNOWN),
    ok("tf.data.Dataset.cardinality", _ds(T(3)), expect=UNKNOWN),
    ok("keras.utils.image_dataset_from_directory", "data/train", image_size=(180, 180), batch_size=32,
       expect=_dataset(([None, 180, 180, 3], [None]))),
    ok("keras.utils.image_dataset_from_directory", "data/train", label_mode="categorical", class_names=["a", "b"],
       color_mode="grayscale", expect=_dataset(([None, 256, 256, 1], [None, 2]))),
    ok("keras.preprocessing.image.ImageDataGenerator", rescale=1 / 255,
       expect=instance_of("keras.preprocessing.image.ImageDataGenerator")),
    ok("keras.preprocessing.image.ImageDataGenerator.flow_from_directory", _GENERATOR, "data/train",
       target_size=(150, 150), classes=["cat", "dog"],
       expect=instance_of(_ITERATOR, element_spec=([None, 150, 150, 3], [None, 2]))),
    ok("keras.preprocessing.image.ImageDataGenerator.flow", _GENERATOR, A(64, 28, 28, 1), A(64, 10), batch_size=16,
       expect=instance_of(_ITERATOR, element_spec=([None, 28, 28, 1], [None, 10]))),
    ok("keras.preprocessing.image.ImageDataGenerator.fit", _GENERATOR, A(64, 28, 28, 1), expect=Const(None)),
    # pad_sequences keeps the steps' own dims; items it cannot see leave the rank unknown
    ok("keras.utils.pad_sequences", [[1, 2], [3]], maxlen=5, expect=[2, 5]),
    ok("keras.utils.pad_sequences", [A(3, 4), A(2, 4)], maxlen=5, expect=[2, 5, 4]),
    ok("keras.utils.pad_sequences", A(100, dtype="object"), maxlen=5, expect=UNKNOWN_SHAPE),
    ok("keras.utils.pad_sequences", A(100, dtype=None), maxlen=5, expect=UNKNOWN_SHAPE),
    # the text tokenizer: one list of word ids per text
    ok("keras.preprocessing.text.Tokenizer", num_words=100, expect=instance_of("keras.preprocessing.text.Tokenizer")),
    ok("keras.preprocessing.text.Tokenizer.fit_on_texts", Obj("keras.preprocessing.text.Tokenizer"), ["a b", "c"],
       expect=Const(None)),
    ok("keras.preprocessing.text.Tokenizer.fit_on_sequences", Obj("keras.preprocessing.text.Tokenizer"), [[1, 2]],
       expect=Const(None)),
    ok("keras.preprocessing.text.Tokenizer.texts_to_sequences", Obj("keras.preprocessing.text.Tokenizer"),
       ["a b", "c"], expect=(ANY, ANY)),
]
