"""Keras losses: how targets must fit outputs, for ``compile(loss=...)`` and for
loss objects and functions called directly (``keras.losses.*``).

Reference: Keras 3 with the TensorFlow backend (keras/src/losses/loss.py
``squeeze_or_expand_to_same_rank``, keras/src/backend/tensorflow/nn.py).
Every loss given to ``compile`` (a name, a function or an object) first
squeezes or expands a trailing 1 when the ranks differ by one; then:
- categorical and binary cross-entropy need equal ranks and equal known dims:
  "Arguments `target` and `output` must have the same rank (ndim). Received:
  target.shape=(None,), output.shape=(None, 10)" and "… must have the same
  shape. Received: target.shape=(None, 1), output.shape=(None, 10)";
- sparse categorical cross-entropy squeezes a trailing 1 off the target and
  needs it one rank below the output: "Argument `output` must have rank
  (ndim) `target.ndim - 1`. Received: target.shape=(None, 10), ...";
- the other losses (mse, mae, hinge …) subtract or multiply, so the shapes
  must broadcast: "Dimensions must be equal, but are 5 and 10 for
  'compile_loss/mse/sub' with input shapes: [?,5], [?,10]", or at run time
  "Incompatible shapes: [8] vs. [8,10]" when a rank-1 target meets
  ``(batch, classes)`` outputs.
A user-defined loss is analysed on the target and output shapes.
"""

from __future__ import annotations

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import T, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import ApiRef, BoundMethod, Const, Function, Instance, Obj, Tensor, Value
from shapetracer.constraints.core.dtypes import INTEGER, certain
from shapetracer.constraints.core.tracing import run_traced
from shapetracer.constraints.core import messages

CATEGORICAL = {"categorical_crossentropy", "categorical_focal_crossentropy"}
BINARY = {"binary_crossentropy", "binary_focal_crossentropy"}
SPARSE = {"sparse_categorical_crossentropy"}
ELEMENTWISE = {"mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error",
               "mean_squared_logarithmic_error", "huber", "log_cosh", "hinge", "squared_hinge", "categorical_hinge",
               "kl_divergence", "poisson", "cosine_similarity"}
_ALIASES = {"mse": "mean_squared_error", "mae": "mean_absolute_error", "mape": "mean_absolute_percentage_error",
            "msle": "mean_squared_logarithmic_error", "kld": "kl_divergence",
            "kullback_leibler_divergence": "kl_divergence", "logcosh": "log_cosh", "huber_loss": "huber"}
CLASSES = {
    "CategoricalCrossentropy": "categorical_crossentropy", "CategoricalFocalCrossentropy": "categorical_focal_crossentropy",
    "SparseCategoricalCrossentropy": "sparse_categorical_crossentropy",
    "BinaryCrossentropy": "binary_crossentropy", "BinaryFocalCrossentropy": "binary_focal_crossentropy",
    "MeanSquaredError": "mean_squared_error", "MeanAbsoluteError": "mean_absolute_error",
    "MeanAbsolutePercentageError": "mean_absolute_percentage_error",
    "MeanSquaredLogarithmicError": "mean_squared_logarithmic_error", "Huber": "huber", "LogCosh": "log_cosh",
    "Hinge": "hinge", "SquaredHinge": "squared_hinge", "CategoricalHinge": "categorical_hinge",
    "KLDivergence": "kl_divergence", "Poisson": "poisson", "CosineSimilarity": "cosine_similarity",
}
_FUNCTIONS = sorted(CATEGORICAL | BINARY | SPARSE | ELEMENTWISE | set(_ALIASES))


def loss_name(value: Value) -> tuple[str | None, str]:
    """(canonical loss name, the user's spelling) of a loss argument; None if unknown."""
    spelled = None
    if isinstance(value, Const) and isinstance(value.value, str):
        spelled = value.value
    elif isinstance(value, ApiRef) and value.qualname.startswith(("keras.losses.", "keras.metrics.")):
        spelled = value.qualname.rsplit(".", 1)[-1]
    elif isinstance(value, Obj) and value.type_name.startswith("keras.losses."):
        spelled = value.type_name.rsplit(".", 1)[-1]
        return CLASSES.get(spelled), snake(spelled)
    if spelled is None:
        return None, ""
    if spelled in CLASSES:
        return CLASSES[spelled], snake(spelled)
    lower = spelled.lower()
    name = _ALIASES.get(lower, lower)
    return (name if name in CATEGORICAL | BINARY | SPARSE | ELEMENTWISE else None), spelled


def snake(name: str) -> str:
    out = "".join(f"_{c.lower()}" if c.isupper() else c for c in name)
    return out.lstrip("_")


def squeeze_or_expand(target: list[Dim], output: list[Dim]) -> tuple[list[Dim], list[Dim]]:
    """keras losses.loss.squeeze_or_expand_to_same_rank (expand_rank_1=True)."""
    def is_one(dims: list[Dim]) -> bool:
        return bool(dims) and dims[-1].known and dims[-1].value == 1

    if len(target) == len(output) + 1 and is_one(target):
        if len(output) == 1:
            output = output + [Dim(1)]
        else:
            target = target[:-1]
    if len(output) == len(target) + 1 and is_one(output):
        if len(target) == 1:
            target = target + [Dim(1)]
        else:
            output = output[:-1]
    return target, output


def check_loss(ctx: OpContext, loss: Value, target: Tensor, output: Tensor, wrapped: bool = True,
               step_batch: Dim | None = None, code: str = codes.KERAS_TARGET, training: bool = False) -> bool:
    """Does ``target`` fit ``output`` under ``loss``?  False after reporting a failure.

    ``wrapped``: the loss runs inside Keras' wrapper (compile, loss objects),
    which squeezes/expands a trailing 1 first.  ``step_batch``: the batch size
    one training step really sees, when known (for run-time broadcasts).
    ``training``: the compiled loss of fit/evaluate/train_on_batch, where an
    elementwise loss that broadcasts target against output is a warning (ST204).
    Keras 2 (TensorFlow 1.15 and 2.15, or tf_keras) words and decides some of these
    differently: ``_check_keras2``.
    """
    if target.shape.dims is None or output.shape.dims is None:
        return True
    if isinstance(loss, (Function, BoundMethod)):
        return _user_loss(ctx, loss, target, output, training)
    if isinstance(loss, Instance) and "keras.losses.Loss" in loss.cls.api_bases():
        method = loss.cls.lookup("call")  # Loss.__call__ runs the subclass's call
        if isinstance(method, Function):
            return _user_loss(ctx, BoundMethod(loss, "call", method), target, output, training)
        return True
    name, spelled = loss_name(loss)
    if name is None:
        return True
    if ctx.target.keras2:
        return _check_keras2(ctx, name, target, output, wrapped, step_batch, code, training)
    t, o = list(target.shape.dims), list(output.shape.dims)
    if wrapped:
        t, o = squeeze_or_expand(t, o)
    involved = [target, output]
    received = Message("Received: target.shape={target_shape:keras}, output.shape={output_shape:keras}",
                       target_shape=t, output_shape=o)
    if name in CATEGORICAL | BINARY:
        if len(t) != len(o):
            ctx.fail(code, join("Arguments `target` and `output` must have the same rank (ndim). ", received),
                     involved)
            return False
        if any(a.known and b.known and a.value != b.value for a, b in zip(t, o)):
            ctx.fail(code, join("Arguments `target` and `output` must have the same shape. ", received), involved)
            return False
        return True
    if name in SPARSE:
        if len(t) == len(o) and t and t[-1].known and t[-1].value == 1:
            t = t[:-1]
        received = Message("target.shape={target_shape:keras}, output.shape={output_shape:keras}",
                           target_shape=t, output_shape=o)
        if len(t) != len(o) - 1:
            ctx.fail(code, join("Argument `output` must have rank (ndim) `target.ndim - 1`. Received: ", received),
                     involved)
            return False
        if any(a.known and b.known and a.value != b.value for a, b in zip(t, o[:-1])):
            ctx.fail(code, join("Arguments `target` and `output` must have the same shape up until the last "
                                "dimension: ", received), involved)
            return False
        return True
    if not _broadcasts(ctx, spelled, t, o, step_batch, involved, code):
        return False
    if training:
        warn_broadcast(ctx, name, t, o, involved, step_batch)
    return True


def _broadcasts(ctx: OpContext, spelled: str, t: list[Dim], o: list[Dim], step_batch: Dim | None,
                involved: list, code: str) -> bool:
    """Elementwise losses subtract target and output: right-aligned broadcasting.

    A pair of dims known statically fails when the step is traced ("Dimensions
    must be equal"); a pair involving an unknown batch axis fails when it runs,
    with the batch size one step really sees ("Incompatible shapes").
    """
    runtime_t = [step_batch] + t[1:] if step_batch is not None and t and not t[0].known else t
    runtime_o = [step_batch] + o[1:] if step_batch is not None and o and not o[0].known else o
    for offset in range(1, min(len(t), len(o)) + 1):
        a, b = runtime_t[-offset], runtime_o[-offset]
        if not (a.known and b.known) or a.value == b.value or a.value == 1 or b.value == 1:
            continue
        if t[-offset].known and o[-offset].known:
            ctx.fail(code, join(messages.dims_must_be_equal(a, b),
                                " for 'compile_loss/{loss}/sub' with input shapes: {target_shape:tf}, "
                                "{output_shape:tf}.", loss=spelled, target_shape=t, output_shape=o), involved)
        else:
            ctx.fail(code, join(messages.incompatible_shapes(runtime_t, runtime_o),
                                " [[{{{{node compile_loss/{loss}/sub}}}}]]", loss=spelled), involved)
        return False
    return True


def warn_broadcast(ctx: OpContext, name: str, t: list[Dim], o: list[Dim], involved: list,
                   step_batch: Dim | None = None) -> bool:
    """ST204 when an elementwise loss that passed its checks broadcasts target and output
    to a larger shape: it runs, but every output meets targets it was not meant for (or
    the other way round).  True when it warned."""
    width = max(len(t), len(o))
    padded_t = [None] * (width - len(t)) + list(t)
    padded_o = [None] * (width - len(o)) + list(o)
    repeated = []
    for axis, (a, b) in enumerate(zip(padded_t, padded_o)):
        if axis == 0 and width == len(t) == len(o):
            continue  # the batch axis: the same rows on both sides
        size_a = a.value if a is not None and a.known else None
        size_b = b.value if b is not None and b.known else None
        if (a is None or size_a == 1) and size_b is not None and size_b > 1:
            repeated.append(Message("each target is repeated across {size} outputs on axis {axis}", size=size_b,
                                    axis=axis - width))
        elif (b is None or size_b == 1) and size_a is not None and size_a > 1:
            repeated.append(Message("each output is repeated across {size} targets on axis {axis}", size=size_a,
                                    axis=axis - width))
    if not repeated:
        return False
    result = []
    for a, b in zip(padded_t, padded_o):
        keep = b if a is None or (a.known and a.value == 1) else a
        result.append(keep)
    batch_first = [step_batch] + result[1:] if step_batch is not None and result and result[0] is not None \
        and not result[0].known else result
    ctx.warn(codes.LOSS_BROADCAST,
             Message("loss `{loss}` broadcasts targets of shape {target_shape:keras} against outputs of shape "
                     "{output_shape:keras} to {broadcast_shape:keras} ({repeated:semicolons}): training runs, but "
                     "computes the wrong thing", loss=name, target_shape=t, output_shape=o,
                     broadcast_shape=batch_first, repeated=repeated), involved)
    return True


# --- Keras 2 (TensorFlow 1.15's tf.keras and keras 2.3.1, Keras 2.15, tf_keras) ----------------

# The op an elementwise Keras 2 loss compares target and output with, and whether the
# output comes first in it (Keras 2.15's "Dimensions must be equal" names the op).
_KERAS2_OPS = {"mean_squared_error": ("mean_squared_error/SquaredDifference", True),
               "mean_absolute_error": ("mean_absolute_error/sub", True),
               "huber": ("huber_loss/Sub", True),
               "hinge": ("hinge/mul", False), "squared_hinge": ("squared_hinge/mul", False)}


def squeeze_keras2(target: list[Dim], output: list[Dim]) -> tuple[list[Dim], list[Dim]]:
    """Keras 2's ``squeeze_or_expand_dimensions`` (confusion_matrix.remove_squeezable_dimensions):
    when the ranks differ by one, a trailing 1 is squeezed off the longer side; nothing is added."""
    def is_one(dims: list[Dim]) -> bool:
        return bool(dims) and dims[-1].known and dims[-1].value == 1

    if len(target) == len(output) + 1 and is_one(target):
        return target[:-1], output
    if len(output) == len(target) + 1 and is_one(output):
        return target, output[:-1]
    return target, output


def _check_keras2(ctx: OpContext, name: str, target: Tensor, output: Tensor, wrapped: bool,
                  step_batch: Dim | None, code: str, training: bool) -> bool:
    """A Keras 2 loss on target and output.

    Keras 2.15 first gives a rank-1 target a trailing axis when the output has rank 2
    (compile_utils.match_dtype_and_rank; TensorFlow 1.15 expands every 1-D target array
    before, keras_training), then squeezes a trailing 1 (``squeeze_keras2``).  Then:
    categorical cross-entropy needs compatible shapes ("Shapes (None, 1) and (None, 10)
    are incompatible"), binary cross-entropy equal ones ("`logits` and `labels` must have
    the same shape, received ((None, 10) vs (None, 1)).", output first), sparse
    cross-entropy flattens the target to one class id per row of logits ("`labels.shape`
    must equal `logits.shape` except for the last dimension. Received: labels.shape=(40,)
    and logits.shape=(4, 10)"; at run time "logits and labels must have the same first
    dimension, got logits shape [4,10] and labels shape [40]"), and the other losses
    broadcast.  TensorFlow 1.15's backend asserts nothing for the cross-entropies: what
    its fit checks first (keras/training) stands in; there a mismatch fails in the kernels.
    """
    t, o = list(target.shape.dims), list(output.shape.dims)
    if training and len(t) == 1 and len(o) == 2:
        t = t + [Dim(1)]
    if wrapped:
        t, o = squeeze_keras2(t, o)
    involved = [target, output]
    tf1 = ctx.target.tf1
    if name in SPARSE:
        return _sparse_keras2(ctx, t, o, step_batch, code, involved)
    if name in CATEGORICAL and not tf1:
        if len(t) != len(o) or any(a.known and b.known and a.value != b.value for a, b in zip(t, o)):
            ctx.fail(code, Message("Shapes {target_shape:keras} and {output_shape:keras} are incompatible",
                                   target_shape=t, output_shape=o), involved)
            return False
        return True
    if name in BINARY and not tf1:
        if len(t) != len(o) or any(a.known and b.known and a.value != b.value for a, b in zip(t, o)):
            ctx.fail(code, Message("`logits` and `labels` must have the same shape, received ({output_shape:keras} vs "
                                   "{target_shape:keras}).", output_shape=o, target_shape=t),
                     involved)
            return False
        return True
    op_name, output_first = _KERAS2_OPS.get(name, (f"{name}/sub", True))
    runtime_t = [step_batch] + t[1:] if step_batch is not None and t and not t[0].known else t
    runtime_o = [step_batch] + o[1:] if step_batch is not None and o and not o[0].known else o
    for offset in range(1, min(len(t), len(o)) + 1):
        a, b = runtime_t[-offset], runtime_o[-offset]
        if not (a.known and b.known) or a.value == b.value or a.value == 1 or b.value == 1:
            continue
        first, second = (o, t) if output_first else (t, o)
        if t[-offset].known and o[-offset].known and not tf1:
            x, y = (b, a) if output_first else (a, b)
            ctx.fail(code, join(messages.dims_must_be_equal(x, y),
                                " for '{{{{node {node}}}}}' with input shapes: {shape_a:tf}, {shape_b:tf}.",
                                node=op_name, shape_a=first, shape_b=second), involved)
        else:
            first, second = (runtime_o, runtime_t) if output_first else (runtime_t, runtime_o)
            ctx.fail(code, messages.incompatible_shapes(first, second), involved)
        return False
    if training:
        warn_broadcast(ctx, name, t, o, involved, step_batch)
    return True


def _sparse_keras2(ctx: OpContext, t: list[Dim], o: list[Dim], step_batch: Dim | None, code: str,
                   involved: list) -> bool:
    """Keras 2's sparse cross-entropy flattens the target to class ids and the output to
    rows of logits: as many ids as rows, or it fails."""
    if not o:
        return True
    if len(t) == len(o) and t and t[-1].known and t[-1].value == 1:
        t = t[:-1]
    same_batch = bool(t) and len(o) >= 2
    ids, rows = _count(t[1:] if same_batch else t), _count(o[1:-1] if same_batch else o[:-1])
    if ids is None or rows is None or ids == rows:
        return True
    batch = step_batch if step_batch is not None else (t[0] if t and t[0].known else None)
    classes = o[-1]
    if batch is not None and batch.known:
        labels, logits = batch.value * ids, batch.value * rows
        if not ctx.target.tf1 and t and t[0].known:
            ctx.fail(code, Message("`labels.shape` must equal `logits.shape` except for the last dimension. "
                                   "Received: labels.shape=({labels},) and logits.shape=({logits}, {classes})",
                                   labels=labels, logits=logits, classes=classes), involved)
        else:
            ctx.fail(code, Message("logits and labels must have the same first dimension, got logits shape "
                                   "[{logits},{classes}] and labels shape [{labels}]", logits=logits, classes=classes,
                                   labels=labels), involved)
    else:
        ctx.fail(code, Message("logits and labels must have the same first dimension, got logits shape "
                               "{output_shape:tf} and labels shape {target_shape:tf}", output_shape=o, target_shape=t),
                 involved)
    return False


def _count(dims: list[Dim]) -> int | None:
    total = 1
    for dim in dims:
        if not dim.known:
            return None
        total *= dim.value
    return total


def _user_loss(ctx: OpContext, loss: Value, target: Tensor, output: Tensor, training: bool = False) -> bool:
    """A user's loss (a function, or a ``keras.losses.Loss`` subclass's ``call``) runs on the
    (squeezed/expanded) target and output.

    The target's dtype is each version's: TensorFlow 1.15's Keras and Keras 3 hand a
    user's loss float32 targets, Keras 2.15 (and tf_keras) keep an integer array integer
    (it casts only floating arrays to floatx), so ``y_true * y_pred`` fails there.  Under
    ``fit`` the loss runs inside the traced train function: what fails in it is raised at
    the ``fit`` line, the loss's own line beside it."""
    if ctx.target.keras2:  # Keras 2 wraps it too, but only squeezes
        t, o = squeeze_keras2(list(target.shape.dims), list(output.shape.dims))
    else:
        t, o = squeeze_or_expand(list(target.shape.dims), list(output.shape.dims))
    y_true = Tensor(Shape(t), target.dtype, "tensor", target.origin)
    if ctx.target.keras2 and not ctx.target.tf1 and certain(target) in INTEGER:
        y_true.dtype_origin = target.dtype_origin
    y_pred = Tensor(Shape(o), output.dtype, "tensor", output.origin)
    if output.dtype == "float32" and not _mixed_precision(ctx):
        y_pred.dtype_origin = output.origin  # Keras' layers compute in floatx: float32
    if not (training and ctx.target.keras2 and not ctx.target.tf1):
        ctx.call(loss, y_true, y_pred)
        return not ctx.failed
    return _traced(ctx, lambda: ctx.call(loss, y_true, y_pred))


def _mixed_precision(ctx: OpContext) -> bool:
    """A program that changes Keras' float type (mixed precision, ``set_floatx``) may compute
    in float16 or float64: the dtype of outputs is not certain there."""
    text = getattr(ctx.site.locator, "text", None)
    return not isinstance(text, str) or "mixed_precision" in text or "floatx" in text


def _traced(ctx: OpContext, run) -> bool:
    """Run user code that ``fit`` traces: its failures are raised at ``fit``'s line."""
    run_traced(ctx, run)
    return not ctx.failed


# --- loss objects and functions ---------------------------------------------------------------


def _loss_class(class_name: str):
    type_name = f"keras.losses.{class_name}"

    def construct(ctx: OpContext, *args, **kwargs):
        """A loss object: only its kind decides shapes (from_logits, reduction … do not)."""
        return Obj(type_name, {"name": Const(snake(class_name))}, ctx.site)

    def call(ctx: OpContext, self, y_true, y_pred, sample_weight=None):
        target, output = ctx.tensor(y_true), ctx.tensor(y_pred)
        if target is None or output is None:
            return ctx.unknown_tensor()
        if not check_loss(ctx, self, target, output, code=codes.LABELS_LOGITS):
            return ctx.unknown_tensor()
        return ctx.result([], "float32", label=f"{snake(class_name)} gives")

    construct.__name__ = snake(class_name)
    call.__name__ = f"{snake(class_name)}_call"
    op(type_name)(construct)
    op(f"{type_name}.__call__")(call)


for _class in CLASSES:
    _loss_class(_class)


@op(*[f"keras.losses.{name}" for name in _FUNCTIONS])
def loss_function(ctx: OpContext, y_true, y_pred, *args, **kwargs):
    """``keras.losses.categorical_crossentropy(y_true, y_pred)``: per-sample losses, no squeeze."""
    target, output = ctx.tensor(y_true), ctx.tensor(y_pred)
    if target is None or output is None or output.shape.dims is None:
        return ctx.unknown_tensor()
    name, _ = loss_name(ApiRef(ctx.api))
    if not check_loss(ctx, ApiRef(ctx.api), target, output, wrapped=name in ELEMENTWISE, code=codes.LABELS_LOGITS):
        return ctx.unknown_tensor()
    return ctx.result(list(output.shape.dims[:-1]), "float32", label=f"{ctx.display} gives")


def _obj(class_name: str) -> Obj:
    return Obj(f"keras.losses.{class_name}", {"name": Const(snake(class_name))})


EXAMPLES = [
    ok("keras.losses.CategoricalCrossentropy.__call__", _obj("CategoricalCrossentropy"), T(8, 10), T(8, 10),
       expect=[]),
    bad("keras.losses.CategoricalCrossentropy.__call__", _obj("CategoricalCrossentropy"), T(8, 1), T(8, 10),
        code=codes.LABELS_LOGITS, message="Arguments `target` and `output` must have the same shape"),
    bad("keras.losses.CategoricalCrossentropy.__call__", _obj("CategoricalCrossentropy"), T(8), T(8, 10),
        code=codes.LABELS_LOGITS, message="Arguments `target` and `output` must have the same rank"),
    ok("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8), T(8, 10),
       expect=[]),
    ok("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 1),
       T(8, 10), expect=[]),
    bad("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 10),
        T(8, 10), code=codes.LABELS_LOGITS, message="Argument `output` must have rank"),
    ok("keras.losses.BinaryCrossentropy.__call__", _obj("BinaryCrossentropy"), T(8), T(8, 1), expect=[]),
    bad("keras.losses.BinaryCrossentropy.__call__", _obj("BinaryCrossentropy"), T(8, 2), T(8, 1), code=codes.LABELS_LOGITS,
        message="Arguments `target` and `output` must have the same shape"),
    ok("keras.losses.MeanSquaredError.__call__", _obj("MeanSquaredError"), T(8, 1), T(8, 10), expect=[]),
    bad("keras.losses.MeanSquaredError.__call__", _obj("MeanSquaredError"), T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 5 and 10 for"),
    ok("keras.losses.categorical_crossentropy", T(None, 10), T(None, 10), expect=[None]),
    bad("keras.losses.categorical_crossentropy", T(None, 1), T(None, 10), code=codes.LABELS_LOGITS,
        message="Arguments `target` and `output` must have the same shape"),
    ok("keras.losses.mse", T(None, 3), T(None, 3), expect=[None]),
    # every loss class: built, and called on a target that fits its output (a sparse loss takes class ids)
    *[example for cls, name in CLASSES.items() for example in (
        ok(f"keras.losses.{cls}", expect=instance_of(f"keras.losses.{cls}", name=snake(cls))),
        ok(f"keras.losses.{cls}.__call__", _obj(cls), T(8) if name in SPARSE else T(8, 10), T(8, 10), expect=[]))],
    # every loss function gives one loss per sample
    *[ok(f"keras.losses.{name}", T(None) if name in SPARSE else T(None, 10), T(None, 10), expect=[None])
      for name in _FUNCTIONS],
    bad("keras.losses.CategoricalFocalCrossentropy.__call__", _obj("CategoricalFocalCrossentropy"), T(8), T(8, 10),
        code=codes.LABELS_LOGITS, message="Arguments `target` and `output` must have the same rank (ndim)"),
    bad("keras.losses.Huber.__call__", _obj("Huber"), T(8, 3), T(8, 4), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 3 and 4 for 'compile_loss/huber/sub'"),
    bad("keras.losses.binary_focal_crossentropy", T(None, 2), T(None, 1), code=codes.LABELS_LOGITS,
        message="Arguments `target` and `output` must have the same shape"),
    bad("keras.losses.kld", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 5 and 10 for 'compile_loss/kld/sub'"),
    # Keras 2 (TensorFlow 2.15's Keras, tf_keras): squeeze only, then its own checks and wordings
    bad("keras.losses.categorical_crossentropy", T(None, 1), T(None, 10), target="2.15", code=codes.LABELS_LOGITS,
        message="Shapes (None, 1) and (None, 10) are incompatible"),
    bad("keras.losses.BinaryCrossentropy.__call__", _obj("BinaryCrossentropy"), T(8, 2), T(8, 1), target="2.15",
        code=codes.LABELS_LOGITS, message="`logits` and `labels` must have the same shape, received ((8, 1) vs (8, 2))."),
    bad("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 10),
        T(8, 10), target="2.15", code=codes.LABELS_LOGITS,
        message="Received: labels.shape=(80,) and logits.shape=(8, 10)"),
    ok("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 1),
       T(8, 10), target="2.15", expect=[]),
    bad("keras.losses.MeanSquaredError.__call__", _obj("MeanSquaredError"), T(None, 5), T(None, 10), target="2.15",
        code=codes.LABELS_LOGITS, message="but are 10 and 5 for '{{node mean_squared_error/SquaredDifference}}'"),
    ok("keras.losses.MeanSquaredError.__call__", _obj("MeanSquaredError"), T(8, 1), T(8, 10), target="1.15", expect=[]),
    bad("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 10),
        T(8, 10), target="1.15", code=codes.LABELS_LOGITS,
        message="logits and labels must have the same first dimension, got logits shape [8,10] and labels shape [80]"),

]
