"""Data feeding Keras models: ``keras.utils.to_categorical`` and ``pad_sequences``, the text
``Tokenizer``, the image loaders ``image_dataset_from_directory`` and ``ImageDataGenerator``
(``flow_from_directory(target_size=...)``, ``flow``).

A generator is an ``Obj`` whose ``element_spec`` attribute holds the shapes of one element
(a tensor, a tuple ``(x, y)`` or a dict), as a ``tf.data.Dataset`` (tf/ops/data) does;
fit/evaluate/predict read it.  Reference: Keras 3's loaders.  Unknown loaders stay unknown.
The built-in datasets' ``load_data()`` are datasets/loaders'.
"""

from __future__ import annotations

from shapetracer.constraints.core.arrays import id_lists
from shapetracer.constraints.core.common import dtype_name
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import ANY, UNKNOWN_SHAPE, A, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.tf.ops.data import dataset, expected_dataset
from shapetracer.domain.values import UNKNOWN, Const, Obj, Seq, SymInt, Tensor, Value

# These helpers only say what shapes the data takes; Keras raises nothing about shapes here
# (a label past num_classes is a value error), so the family has no failing example.
NO_FAILURES = "Keras' data utilities raise no shape error: they only give the data its shapes"


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
            return [] if plain or sequences in id_lists() else None
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


_GENERATOR = Obj("keras.preprocessing.image.ImageDataGenerator")
_ITERATOR = "keras.preprocessing.image.DirectoryIterator"


EXAMPLES = [
    ok("keras.utils.to_categorical", A(60000), 10, expect=[60000, 10]),
    ok("keras.utils.to_categorical", A(50000, 1), num_classes=10, expect=[50000, 10]),
    ok("keras.utils.to_categorical", A(None), expect=[None, None]),
    ok("keras.utils.pad_sequences", A(25000), maxlen=200, expect=[25000, 200]),
    ok("keras.utils.image_dataset_from_directory", "data/train", image_size=(180, 180), batch_size=32,
       expect=expected_dataset(([None, 180, 180, 3], [None]))),
    ok("keras.utils.image_dataset_from_directory", "data/train", label_mode="categorical", class_names=["a", "b"],
       color_mode="grayscale", expect=expected_dataset(([None, 256, 256, 1], [None, 2]))),
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
