"""Dataset loaders that hand programs their arrays: Keras' built-in datasets and TensorFlow 1's
MNIST tutorial loader.

``keras.datasets.<name>.load_data()`` gives ``((x_train, y_train), (x_test, y_test))`` with the
shapes and dtypes each dataset documents; the text datasets (imdb, reuters) give 1-D object
arrays of word-id lists, marked (``core.arrays.id_lists``) so that ``pad_sequences`` reads them
as lists.

TensorFlow 1's tutorial loader is ``input_data.read_data_sets`` (from
``tensorflow.examples.tutorials.mnist``, also ``tf.contrib.learn.datasets.mnist``).

``read_data_sets(train_dir, one_hot=False, dtype=tf.float32, reshape=True,
validation_size=5000)`` gives ``train`` (60000 - validation_size rows), ``validation``
(validation_size rows) and ``test`` (10000 rows).  Each has ``images`` — (rows, 784)
float32, or (rows, 28, 28, 1) with ``reshape=False`` — ``labels`` — (rows, 10) with
``one_hot=True``, else (rows,) class ids — and ``num_examples``; ``next_batch(n)`` gives
``(images, labels)`` of ``n`` rows (when ``n`` is at most the rows).  ``fake_data=True``
gives unknown data.

Reference: tensorflow/contrib/learn/python/learn/datasets/mnist.py (TF 1.15), which
raises "Validation size should be between 0 and 60000. Received: 70000." for a
validation size past the training images.
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.constraints.core.examples import SITE, ExampleHost, bad, instance_of, ok
from shapetracer.constraints.core.arrays import id_lists, numpy_dtype
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import UNKNOWN, Const, Obj, Seq, Tensor, Value


# --- Keras' built-in datasets ---------------------------------------------------------------

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
                id_lists().add(x)  # reviews / newswires as lists of word ids
            y = ctx.result([rows, *label], "uint8" if name.startswith(("mnist", "fashion", "cifar")) else "int64",
                           label=f"{name}.load_data() gives")
            x.kind = y.kind = "ndarray"
            return Seq([x, y], "tuple")

        return Seq([split(train), split(test)], "tuple")

    load_data.__name__ = f"{name}_load_data"
    op(f"keras.datasets.{name}.load_data")(load_data)


for _name in _DATASETS:
    _load_data(_name)


# --- TensorFlow 1's MNIST tutorial loader ---------------------------------------------------

MNIST = "tf.contrib.learn.datasets.mnist"
DATASETS = "tf.contrib.learn.datasets.base.Datasets"
DATASET = f"{MNIST}.DataSet"
_TRAIN_IMAGES, _TEST_IMAGES = 60000, 10000


def _part(ctx: OpContext, rows: int, one_hot: bool, reshape: bool, dtype: str, label: str) -> Obj:
    n = Dim(rows, frozenset({ctx.site}))
    images = ctx.result([n, 784] if reshape else [n, 28, 28, 1], dtype, label=f"mnist.{label}.images",
                        kind="ndarray")
    labels = ctx.result([n, 10] if one_hot else [n], "float64" if one_hot else "uint8",
                        label=f"mnist.{label}.labels", kind="ndarray")
    return Obj(DATASET, {"images": images, "labels": labels, "num_examples": Const(rows)}, ctx.site)


@op(f"{MNIST}.read_data_sets")
def read_data_sets(ctx: OpContext, train_dir, fake_data=False, one_hot=False, dtype=None, reshape=True,
                   validation_size=5000, seed=None, source_url=None):
    """``train``, ``validation`` and ``test`` parts, with the tutorial's shapes."""
    fake, hot, flat = ctx.bool(fake_data, False), ctx.bool(one_hot, False), ctx.bool(reshape, True)
    validation = ctx.int(validation_size)
    name = numpy_dtype(ctx, dtype, "float32")
    if fake is not False or hot is None or flat is None or validation is None or name is None:
        return UNKNOWN
    if not 0 <= validation <= _TRAIN_IMAGES:
        ctx.fail(codes.SHAPE_REQUIREMENT, Message("Validation size should be between 0 and {bound}. "
                                                  "Received: {validation}.", bound=_TRAIN_IMAGES,
                                                  validation=validation))
        return UNKNOWN
    image_type = "uint8" if name == "uint8" else "float32"
    parts = {"train": _TRAIN_IMAGES - validation, "validation": validation, "test": _TEST_IMAGES}
    return Obj(DATASETS, {part: _part(ctx, rows, hot, flat, image_type, part) for part, rows in parts.items()},
               ctx.site)


@op(f"{DATASET}.next_batch")
def next_batch(ctx: OpContext, self, batch_size, fake_data=False, shuffle=True):
    """``(images, labels)`` of ``batch_size`` rows (fewer only when it exceeds the part)."""
    if not isinstance(self, Obj) or ctx.bool(fake_data, False) is not False:
        return UNKNOWN
    size = ctx.dim(batch_size)
    total = ctx.int(self.attrs.get("num_examples", UNKNOWN))
    if size is not None and size.known and total is not None and size.value > total:
        size = None
    out = []
    for key in ("images", "labels"):
        part = self.attrs.get(key)
        if not isinstance(part, Tensor) or not part.shape.dims:
            return UNKNOWN
        out.append(ctx.result([size or ctx.fresh("batch", 0)] + list(part.shape.dims[1:]), part.dtype,
                              label="next_batch gives", kind="ndarray"))
    return Seq(out, "tuple")


def _train(one_hot: bool) -> Value:
    return _part(OpContext(ExampleHost(), DATASET, SITE), 55000, one_hot, True, "float32", "train")


EXAMPLES = [
    # every dataset the Keras datasets load: ((x_train, y_train), (x_test, y_test))
    *[ok(f"keras.datasets.{name}.load_data",
         expect=(([train, *sample], [train, *label]), ([test, *sample], [test, *label])))
      for name, (train, test, sample, _, label) in _DATASETS.items()],
    ok(f"{MNIST}.read_data_sets", "MNIST_data/", one_hot=True, expect=instance_of(DATASETS)),
    ok(f"{MNIST}.read_data_sets", "MNIST_data/", reshape=False, validation_size=0, expect=instance_of(DATASETS)),
    bad(f"{MNIST}.read_data_sets", "MNIST_data/", validation_size=70000, code=codes.SHAPE_REQUIREMENT,
        message="Validation size should be between 0 and 60000. Received: 70000."),
    ok(f"{DATASET}.next_batch", _train(True), 100, expect=([100, 784], [100, 10])),
    ok(f"{DATASET}.next_batch", _train(False), 50, expect=([50, 784], [50])),
]
