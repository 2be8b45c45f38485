"""The keys of ``History.history``, the dict ``model.fit`` returns: known only when every
source of a key is seen, so that reading a key it cannot hold is ST150 (frontend/containers).

Checked against the real Kerases (a one-epoch fit on zeros, ``sorted(h.history)``):
the keys are ``loss`` and one per metric given to ``compile``, each again with ``val_`` when
``validation_data`` or a non-zero ``validation_split`` is given.  A metric string is named as
the version spells it: ``metrics=["accuracy"]`` logs ``acc`` under TensorFlow 1.15's tf.keras
and ``accuracy`` under keras 2.3.1 and every TensorFlow 2 (the classic
``history.history["val_acc"]`` KeyError); ``"mae"``/``"mse"`` log ``mean_absolute_error``/
``mean_squared_error`` under tf.keras 1.15 only.  Learning-rate callbacks add ``lr`` (Keras 2)
or ``learning_rate`` (Keras 3), a LambdaCallback or a user's callback may add anything, and a
subclassed model's ``train_step`` returns its own logs: all of those leave the dict open, as do
metrics the analysis cannot name (objects, functions, dicts, variables), several outputs (the
names then get output prefixes), ``weighted_metrics`` and a compile the analysis did not see.
"""

from __future__ import annotations

from shapetracer.constraints.core.spec import OpContext
from shapetracer.constraints.keras.models import ModelState
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq, Value

# metric strings whose logged name was checked under tf.keras 1.15, keras 2.3.1, TF 2.15, Keras 3
_TF1_TFKERAS = {"accuracy": "acc", "acc": "acc", "mae": "mean_absolute_error", "mse": "mean_squared_error",
                "sparse_categorical_accuracy": "sparse_categorical_accuracy",
                "sparse_top_k_categorical_accuracy": "sparse_top_k_categorical_accuracy"}
# callbacks that write no key into the logs fit returns
_QUIET_CALLBACKS = frozenset(f"keras.callbacks.{name}" for name in (
    "EarlyStopping", "ModelCheckpoint", "TensorBoard", "CSVLogger", "TerminateOnNaN", "ProgbarLogger",
    "BackupAndRestore", "History"))


def history_keys(ctx: OpContext, state: ModelState | None, callbacks: Value, validation_split: Value,
                 validation_data: Value) -> list[str] | None:
    """The keys ``fit`` logs, or None when something may log a key the analysis cannot name."""
    if state is None or not state.compiled or state.opaque or state.kind == "subclassed" \
            or not state.single_output or not ctx.is_none(state.weighted_metrics):
        return None  # a subclassed model's train_step returns its own logs
    if state.extra_logs or not all(_library_layer(layer) for layer in state.layers) \
            or state.kind == "functional" and state.nodes is None:
        return None  # add_metric on the model, or in a user's layer; a nested model logs its own
    if ctx.api.endswith("fit_generator"):
        return None  # its positional parameters are not fit's (steps_per_epoch second)
    names = _metric_names(ctx, state)
    if names is None or not _quiet(ctx, callbacks):
        return None
    validated = _validates(ctx, validation_split, validation_data)
    if validated is None:
        return None
    keys = ["loss"] + names
    return keys + [f"val_{key}" for key in keys] if validated else keys


def history(ctx: OpContext, keys: list[str] | None) -> Obj:
    """The History object; its dict is complete (``DictVal.complete``) when the keys are known."""
    if keys is None:
        return Obj("keras.callbacks.History", {"history": DictVal()}, ctx.site)
    origin = ctx.site.relabelled("fit logs these keys", "")
    return Obj("keras.callbacks.History",
               {"history": DictVal([(Const(key), UNKNOWN) for key in keys], complete=origin)}, ctx.site)


def _library_layer(layer: Value) -> bool:
    return isinstance(layer, Obj) and layer.type_name.startswith("keras.layers.")


def _metric_names(ctx: OpContext, state: ModelState) -> list[str] | None:
    metrics = state.metrics
    if ctx.is_none(metrics):
        return []
    if not (isinstance(metrics, Seq) and metrics.sized):
        return None
    names = []
    for item in metrics.items:
        spelled = ctx.str(item)
        if spelled not in _TF1_TFKERAS:
            return None
        names.append(_TF1_TFKERAS[spelled] if ctx.target.tf1 and not state.standalone else spelled)
    return names


def _quiet(ctx: OpContext, callbacks: Value) -> bool:
    if ctx.is_none(callbacks):
        return True
    return isinstance(callbacks, Seq) and callbacks.sized and all(
        isinstance(cb, Obj) and cb.type_name in _QUIET_CALLBACKS for cb in callbacks.items)


def _validates(ctx: OpContext, validation_split: Value, validation_data: Value) -> bool | None:
    """Whether fit validates: True, False, or None when the analysis cannot tell."""
    if not ctx.is_none(validation_data):
        return True if isinstance(validation_data, (Seq, Obj)) else None
    split = Const(validation_split) if isinstance(validation_split, (int, float)) else validation_split
    if isinstance(split, Const) and isinstance(split.value, (int, float)) and not isinstance(split.value, bool):
        return split.value != 0
    return None
