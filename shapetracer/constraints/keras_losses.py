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

from shapetracer.domain import codes
from shapetracer.constraints._keras import kshape, tf_dims
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.examples import T, bad, ok
from shapetracer.constraints.spec import OpContext, op
from shapetracer.domain.values import ApiRef, BoundMethod, Const, Function, Obj, Tensor, Value

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
               step_batch: Dim | None = None, code: str = codes.KERAS_TARGET) -> bool:
    """Does ``target`` fit ``output`` under ``loss``?  False after reporting a failure.

    ``wrapped``: the loss runs inside Keras' wrapper (compile, loss objects),
    which squeezes/expands a trailing 1 first.  ``step_batch``: the batch size
    one training step really sees, when known (for run-time broadcasts).
    """
    if target.shape.dims is None or output.shape.dims is None:
        return True
    if isinstance(loss, (Function, BoundMethod)):
        return _user_loss(ctx, loss, target, output)
    name, spelled = loss_name(loss)
    if name is None:
        return True
    t, o = list(target.shape.dims), list(output.shape.dims)
    if wrapped:
        t, o = squeeze_or_expand(t, o)
    involved = [target, output]
    received = f"Received: target.shape={kshape(Shape(t))}, output.shape={kshape(Shape(o))}"
    if name in CATEGORICAL | BINARY:
        if len(t) != len(o):
            ctx.fail(code, f"Arguments `target` and `output` must have the same rank (ndim). {received}", involved)
            return False
        if any(a.known and b.known and a.value != b.value for a, b in zip(t, o)):
            ctx.fail(code, f"Arguments `target` and `output` must have the same shape. {received}", involved)
            return False
        return True
    if name in SPARSE:
        if len(t) == len(o) and t and t[-1].known and t[-1].value == 1:
            t = t[:-1]
        received = f"target.shape={kshape(Shape(t))}, output.shape={kshape(Shape(o))}"
        if len(t) != len(o) - 1:
            ctx.fail(code, f"Argument `output` must have rank (ndim) `target.ndim - 1`. Received: {received}",
                     involved)
            return False
        if any(a.known and b.known and a.value != b.value for a, b in zip(t, o[:-1])):
            ctx.fail(code, "Arguments `target` and `output` must have the same shape up until the last "
                           f"dimension: {received}", involved)
            return False
        return True
    return _broadcasts(ctx, spelled, t, o, step_batch, involved, code)


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
            ctx.fail(code, f"Dimensions must be equal, but are {a} and {b} for 'compile_loss/{spelled}/sub' "
                           f"with input shapes: {tf_dims(t)}, {tf_dims(o)}.", involved)
        else:
            ctx.fail(code, f"Incompatible shapes: {tf_dims(runtime_t)} vs. {tf_dims(runtime_o)} "
                           f"[[{{{{node compile_loss/{spelled}/sub}}}}]]", involved)
        return False
    return True


def _user_loss(ctx: OpContext, loss: Value, target: Tensor, output: Tensor) -> bool:
    """A user's loss function runs on (squeezed/expanded) target and output."""
    t, o = squeeze_or_expand(list(target.shape.dims), list(output.shape.dims))
    y_true = Tensor(Shape(t), target.dtype, "tensor", target.origin)
    y_pred = Tensor(Shape(o), output.dtype, "tensor", output.origin)
    ctx.call(loss, y_true, y_pred)
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
        code=codes.LABELS_LOGITS),
    bad("keras.losses.CategoricalCrossentropy.__call__", _obj("CategoricalCrossentropy"), T(8), T(8, 10),
        code=codes.LABELS_LOGITS),
    ok("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8), T(8, 10)),
    ok("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 1),
       T(8, 10)),
    bad("keras.losses.SparseCategoricalCrossentropy.__call__", _obj("SparseCategoricalCrossentropy"), T(8, 10),
        T(8, 10), code=codes.LABELS_LOGITS),
    ok("keras.losses.BinaryCrossentropy.__call__", _obj("BinaryCrossentropy"), T(8), T(8, 1)),
    bad("keras.losses.BinaryCrossentropy.__call__", _obj("BinaryCrossentropy"), T(8, 2), T(8, 1), code=codes.LABELS_LOGITS),
    ok("keras.losses.MeanSquaredError.__call__", _obj("MeanSquaredError"), T(8, 1), T(8, 10)),
    bad("keras.losses.MeanSquaredError.__call__", _obj("MeanSquaredError"), T(None, 5), T(None, 10), code=codes.LABELS_LOGITS),
    ok("keras.losses.categorical_crossentropy", T(None, 10), T(None, 10), expect=[None]),
    bad("keras.losses.categorical_crossentropy", T(None, 1), T(None, 10), code=codes.LABELS_LOGITS),
    ok("keras.losses.mse", T(None, 3), T(None, 3), expect=[None]),
]
