"""Keras training calls: compile, fit (with ``validation_data``), evaluate,
predict, train_on_batch, test_on_batch, predict_on_batch (and the legacy
``*_generator`` spellings).

Reference: Keras 3 (keras/src/trainers).  ``fit`` first checks that inputs
and targets hold the same number of samples ("Data cardinality is
ambiguous. Make sure all arrays contain the same number of samples. 'x'
sizes: 8 'y' sizes: 10"), then runs the model on one batch of the inputs
(a model without an input shape is built from them), then the loss compares
targets and outputs (keras_losses).  Inside ``fit``/``evaluate`` the batch
axis is unknown (``None`` in messages); ``predict`` feeds batches of
``batch_size`` (32 by default) rows, so an image missing its batch axis is
cut into rows: "expected shape=(None, 64, 64, 3), found shape=(32, 64, 3)"
(pattern 9).  Datasets and generators (keras_data) carry their own batched
element shapes.
"""

from __future__ import annotations

from shapetracer.domain import codes
from shapetracer.constraints._keras import L, data_mode, flat_tensors, labelled
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.examples import SITE, A, ExampleHost, bad, ok
from shapetracer.constraints.keras_losses import check_loss
from shapetracer.constraints.keras_models import ModelState, call_model, model_state, output_names
from shapetracer.constraints.spec import SPECS, OpContext, call_spec, op
from shapetracer.domain.values import NONE, UNKNOWN, Const, DictVal, Obj, Seq, Tensor, Value

_BASES = ("keras.Model", "keras.Sequential")


def _names(*methods: str) -> list[str]:
    return [f"{base}.{method}" for base in _BASES for method in methods]


@op(*_names("compile"))
def compile_model(ctx: OpContext, self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None,
                  weighted_metrics=None, run_eagerly=False, steps_per_execution=1, jit_compile="auto",
                  auto_scale_loss=True, **kwargs):
    state = model_state(self)
    if state is not None:
        state.loss = loss
        state.loss_weights = loss_weights
    return NONE


# --- reading the data ----------------------------------------------------------------------------


def _split(x: Value, y: Value) -> tuple[Value, Value, bool]:
    """(inputs, targets, already batched): a dataset or generator yields both."""
    if isinstance(x, Obj) and "element_spec" in x.attrs:
        element = x.attrs["element_spec"]
        if isinstance(element, Seq) and element.kind == "tuple" and len(element.items) in (2, 3):
            return element.items[0], element.items[1], True
        return element, NONE, True
    return x, y, False


def _rows(ctx: OpContext, value: Value) -> list[Dim]:
    return [t.shape.dims[0] for t in flat_tensors(value) if t.shape.dims]


def _same_cardinality(ctx: OpContext, inputs: Value, targets: Value) -> bool:
    """Every array must hold the same number of samples."""
    x_rows, y_rows = _rows(ctx, inputs), _rows(ctx, targets)
    known = {d.value for d in x_rows + y_rows if d.known}
    if len(known) <= 1:
        return True
    sizes = (f"'x' sizes: {', '.join(str(d) for d in x_rows)}"
             + (f" 'y' sizes: {', '.join(str(d) for d in y_rows)}" if y_rows else ""))
    ctx.fail(codes.KERAS_TARGET, "Data cardinality is ambiguous. Make sure all arrays contain the same number of samples. "
                      + sizes, flat_tensors(inputs) + flat_tensors(targets))
    return False


def _rebatch(value: Value, batch: Dim) -> Value:
    """The arrays as one training step sees them: batch axis ``batch``, as tensors."""
    if isinstance(value, Tensor):
        if value.shape.dims is None or not value.shape.dims:
            return Tensor(value.shape, value.dtype, "tensor", value.origin)
        return Tensor(Shape([batch] + list(value.shape.dims[1:])), _float(value.dtype), "tensor", value.origin)
    if isinstance(value, Seq):
        return Seq([_rebatch(v, batch) for v in value.items], value.kind)
    if isinstance(value, DictVal):
        return DictVal([(k, _rebatch(v, batch)) for k, v in value.entries])
    return value


def _float(dtype: str | None) -> str | None:
    """Keras converts input arrays to the model's float dtype."""
    return "float32" if dtype in ("float64", "uint8", "int64", "int32") else dtype


def _step_batch(ctx: OpContext, inputs: Value, batch_size: Value, batched: bool) -> Dim | None:
    """Rows in the first step: ``min(batch_size, samples)`` for arrays (32 by default)."""
    rows = _rows(ctx, inputs)
    if batched:
        return rows[0] if rows and rows[0].known else None
    size = ctx.int(batch_size) if not ctx.is_none(batch_size) else 32
    if not rows or not rows[0].known or size is None:
        return None
    return Dim(min(size, rows[0].value), rows[0].origins)


# --- running a step -------------------------------------------------------------------------------


def _outputs(ctx: OpContext, model: Value, inputs: Value, batch: Dim) -> list[Value] | None:
    """The model's outputs for one step on ``inputs`` (None after a failure or when unknown)."""
    with data_mode():
        out = call_model(ctx, model, _rebatch(inputs, batch), [], {})
    if ctx.failed or out is UNKNOWN:
        return None
    if isinstance(out, DictVal):
        return [v for _, v in out.entries]
    if isinstance(out, Seq):
        return list(out.items)
    return [out]


def _targets_fit(ctx: OpContext, state: ModelState, targets: Value, outputs: list[Value], batch: Dim,
                 step: Dim | None) -> bool:
    """Each target against its output under the compiled loss."""
    names = output_names(state) if len(outputs) == len(state.outputs) else [f"output_{i}" for i in
                                                                             range(len(outputs))]
    if isinstance(targets, DictVal):
        paired = [(targets.get(Const(n)), o, n) for n, o in zip(names, outputs)]
    elif isinstance(targets, Seq) and len(targets.items) == len(outputs) and len(outputs) > 1:
        paired = [(t, o, n) for t, o, n in zip(targets.items, outputs, names)]
    elif len(outputs) == 1:
        single = targets.items[0] if isinstance(targets, Seq) and len(targets.items) == 1 else targets
        paired = [(single, outputs[0], names[0] if names else "output_0")]
    else:
        return True
    for index, (target, output, name) in enumerate(paired):
        loss = _loss_for(state.loss, index, name)
        t = _rebatch(target, batch) if target is not None else None
        if not isinstance(t, Tensor) or not isinstance(output, Tensor) or loss is None:
            continue
        if not check_loss(ctx, loss, t, output, step_batch=step):
            return False
    return True


def _loss_for(loss: Value | None, index: int, name: str) -> Value | None:
    if isinstance(loss, Seq):
        return loss.items[index] if index < len(loss.items) else None
    if isinstance(loss, DictVal):
        return loss.get(Const(name))
    return loss


def _train_step(ctx: OpContext, model: Value, x: Value, y: Value, batch_size: Value, fixed_batch: bool) -> bool:
    """Cardinality, the model on the inputs, the loss on targets and outputs."""
    state = model_state(model)
    if state is None or state.opaque or state.broken:
        return True
    inputs, targets, batched = _split(x, y)
    if not flat_tensors(inputs):
        return True
    if not batched and not _same_cardinality(ctx, inputs, targets):
        return False
    rows = _rows(ctx, inputs)
    step = _step_batch(ctx, inputs, batch_size, batched) if not fixed_batch else (rows[0] if rows else None)
    static = fixed_batch or (not batched and _even_batches(ctx, rows, batch_size))
    batch = step if step is not None and static else ctx.fresh("batch")
    outputs = _outputs(ctx, model, inputs, batch)
    if outputs is None or not flat_tensors(targets) or state.loss is None:
        return not ctx.failed
    return _targets_fit(ctx, state, targets, outputs, batch, step)


def _even_batches(ctx: OpContext, rows: list[Dim], batch_size: Value) -> bool:
    """Keras traces fit with a static batch axis only when ``batch_size`` divides the samples."""
    size = ctx.int(batch_size) if not ctx.is_none(batch_size) else 32
    return bool(rows) and rows[0].known and size is not None and size > 0 and rows[0].value % size == 0


def _history(ctx: OpContext) -> Obj:
    return Obj("keras.callbacks.History", {"history": DictVal()}, ctx.site)


@op(*_names("fit", "fit_generator"))
def fit(ctx: OpContext, self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None,
        validation_split=0.0, validation_data=None, shuffle=True, class_weight=None, sample_weight=None,
        initial_epoch=0, steps_per_epoch=None, validation_steps=None, validation_batch_size=None,
        validation_freq=1, **kwargs):
    if not _train_step(ctx, self, x, y, batch_size, fixed_batch=False):
        return UNKNOWN
    if validation_data is not None and not ctx.is_none(validation_data):
        if isinstance(validation_data, Obj):
            _train_step(ctx, self, validation_data, NONE, validation_batch_size, fixed_batch=False)
        else:
            parts = ctx.items(validation_data)
            if parts is not None and len(parts) in (2, 3):
                size = batch_size if ctx.is_none(validation_batch_size) else validation_batch_size
                _train_step(ctx, self, parts[0], parts[1], size, fixed_batch=False)
    return _history(ctx)


@op(*_names("evaluate", "evaluate_generator"))
def evaluate(ctx: OpContext, self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
             callbacks=None, return_dict=False, **kwargs):
    _train_step(ctx, self, x, y, batch_size, fixed_batch=False)
    return UNKNOWN


@op(*_names("train_on_batch", "test_on_batch"))
def train_on_batch(ctx: OpContext, self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
    _train_step(ctx, self, x, y, NONE, fixed_batch=True)
    return UNKNOWN


@op(*_names("predict", "predict_generator", "predict_on_batch"))
def predict(ctx: OpContext, self, x, batch_size=None, verbose="auto", steps=None, callbacks=None, **kwargs):
    """Batches of ``batch_size`` rows run through the model; the result is a numpy array."""
    state = model_state(self)
    if state is None or state.opaque or state.broken:
        return UNKNOWN
    inputs, _, batched = _split(x, NONE)
    rows = _rows(ctx, inputs)
    if not rows:
        return UNKNOWN
    whole = ctx.api.endswith("predict_on_batch")
    step = rows[0] if whole else (_step_batch(ctx, inputs, batch_size, batched) or ctx.fresh("batch"))
    outputs = _outputs(ctx, self, inputs, step)
    if outputs is None:
        return UNKNOWN
    arrays: list[Value] = []
    for out in outputs:
        if isinstance(out, Tensor) and out.shape.dims:
            rows_out = rows[0] if not batched else out.shape.dims[0]
            array = ctx.result([rows_out] + list(out.shape.dims[1:]), out.dtype or "float32",
                               label="predict gives")
            array.kind = "ndarray"
            arrays.append(array)
        else:
            arrays.append(UNKNOWN)
    return arrays[0] if len(arrays) == 1 and state.single_output else Seq(arrays, "list")


# --- objects that configure training without touching shapes ----------------------------------

OPTIMIZERS = ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam", "Ftrl", "Lion",
              "Adafactor", "LossScaleOptimizer"]
SCHEDULES = ["ExponentialDecay", "PiecewiseConstantDecay", "PolynomialDecay", "InverseTimeDecay", "CosineDecay",
             "CosineDecayRestarts"]
CALLBACKS = ["EarlyStopping", "ModelCheckpoint", "ReduceLROnPlateau", "TensorBoard", "LearningRateScheduler",
             "CSVLogger", "TerminateOnNaN", "History", "LambdaCallback", "BackupAndRestore", "ProgbarLogger"]
METRICS = ["Accuracy", "BinaryAccuracy", "CategoricalAccuracy", "SparseCategoricalAccuracy", "TopKCategoricalAccuracy",
           "SparseTopKCategoricalAccuracy", "AUC", "Precision", "Recall", "MeanSquaredError", "MeanAbsoluteError",
           "RootMeanSquaredError", "Mean", "Sum", "F1Score", "MeanIoU"]
_CONFIG_OBJECTS = ([f"keras.optimizers.{n}" for n in OPTIMIZERS]
                   + [f"keras.optimizers.legacy.{n}" for n in OPTIMIZERS]
                   + [f"keras.optimizers.schedules.{n}" for n in SCHEDULES]
                   + [f"keras.callbacks.{n}" for n in CALLBACKS]
                   + [f"keras.metrics.{n}" for n in METRICS])


def _config_object(ctx: OpContext, *args, **kwargs):
    """Optimizers, schedules, callbacks and metric objects: configuration, no shapes."""
    return Obj(ctx.api, {}, ctx.site)


op(*_CONFIG_OBJECTS)(_config_object)

_OPTIMIZER_METHODS = ["apply_gradients", "minimize", "apply", "build", "get_config"]
_METRIC_METHODS = ["update_state", "result", "reset_state", "reset_states"]


def _config_method(ctx: OpContext, self, *args, **kwargs):
    """Updating weights or running sums: nothing whose shape the program reads."""
    return Const(None) if ctx.api.rsplit(".", 1)[-1] in ("apply_gradients", "update_state", "reset_state",
                                                         "reset_states", "build") else UNKNOWN


op(*[f"keras.optimizers.{n}.{m}" for n in OPTIMIZERS for m in _OPTIMIZER_METHODS]
   + [f"keras.metrics.{n}.{m}" for n in METRICS for m in _METRIC_METHODS])(_config_method)


# --- examples ---------------------------------------------------------------------------------------


def _compiled(loss: str, *layers) -> Obj:
    ctx = OpContext(ExampleHost(), "keras.Sequential", SITE)
    model = call_spec(SPECS["keras.Sequential"], ctx, [Seq(list(layers), "list")], {})
    compile_model(ctx, model, "adam", Const(loss))
    return labelled(model, f"Sequential({list(layers)!r}, loss={loss!r})")


def _mlp(loss: str, units: int = 10) -> Obj:
    return _compiled(loss, L("keras.layers.Dense", 16, input_shape=(784,)), L("keras.layers.Dense", units))


EXAMPLES = [
    ok("keras.Sequential.fit", _mlp("sparse_categorical_crossentropy"), A(64, 784), A(64)),
    ok("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64, 10)),
    ok("keras.Sequential.fit", _mlp("binary_crossentropy", 1), A(64, 784), A(64)),
    ok("keras.Sequential.fit", _mlp("mse", 1), A(64, 784), A(64, 1), validation_data=(A(8, 784), A(8, 1))),
    ok("keras.Sequential.fit", _mlp("mse"), A(64, 784, 1), A(64, 10)),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64, 1), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64, 5), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("sparse_categorical_crossentropy"), A(64, 784), A(64, 10), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("mse"), A(64, 784), A(64, 5), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("mse"), A(8, 784), A(8), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(10, 64), code=codes.KERAS_TARGET),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 28, 28), A(64, 10), code=codes.KERAS_INPUT),
    bad("keras.Sequential.fit", _mlp("sparse_categorical_crossentropy"), A(64, 784), A(64),
        validation_data=(A(8, 784), A(8, 10)), code=codes.KERAS_TARGET),
    ok("keras.Sequential.predict", _mlp("mse"), A(5, 784), expect=[5, 10]),
    bad("keras.Sequential.predict", _mlp("mse"), A(5, 100), code=codes.KERAS_INPUT),
    bad("keras.Sequential.evaluate", _mlp("categorical_crossentropy"), A(64, 784), A(64), code=codes.KERAS_TARGET),
    bad("keras.Sequential.train_on_batch", _mlp("mse"), A(4, 28, 28), A(4, 10), code=codes.KERAS_INPUT),
    ok("keras.Sequential.predict_on_batch", _mlp("mse"), A(4, 784), expect=[4, 10]),
]

