"""Keras training calls: compile, fit (with ``validation_data``), evaluate,
predict, train_on_batch, test_on_batch, predict_on_batch (and the legacy
``*_generator`` spellings).

Reference: Keras 3 (keras/src/trainers).  ``fit`` first checks that inputs
and targets hold the same number of samples ("Data cardinality is
ambiguous. Make sure all arrays contain the same number of samples. 'x'
sizes: 8 'y' sizes: 10"), then runs the model on one batch of the inputs
(a model without an input shape is built from them), then the loss compares
targets and outputs (keras/losses).  Inside ``fit``/``evaluate`` the batch
axis is unknown (``None`` in messages); ``predict`` feeds batches of
``batch_size`` (32 by default) rows, so an image missing its batch axis is
cut into rows: "expected shape=(None, 64, 64, 3), found shape=(32, 64, 3)"
(pattern 9).  Datasets and generators (keras/data, tf/ops/data) carry their own batched
element shapes.
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.keras.machinery import L, data_mode, flat_tensors, input_name, labelled
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, SITE, bad, ExampleHost, example_target, instance_of, ok
from shapetracer.constraints.keras.history import history, history_keys
from shapetracer.constraints.keras.losses import CATEGORICAL, SPARSE, check_loss, loss_name
from shapetracer.constraints.keras.models import ModelState, call_model, model_state, output_names
from shapetracer.constraints.core.dtypes import INTEGER, certain
from shapetracer.constraints.core.spec import SPECS, OpContext, call_spec, op
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
        state.compiled, state.metrics, state.weighted_metrics = True, metrics, weighted_metrics
    return NONE


@op(*_names("add_metric"))
def add_metric(ctx: OpContext, self, value=None, name=None, **kwargs):
    """A metric of the model's own: fit logs it under a name of the program's (keras/history)."""
    state = model_state(self)
    if state is not None:
        state.extra_logs = True
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
    involved = flat_tensors(inputs) + flat_tensors(targets)
    if ctx.target.tf1:  # training_utils.check_array_lengths
        x_known = {d.value for d in x_rows if d.known}
        y_known = {d.value for d in y_rows if d.known}
        if len(x_known) > 1:
            ctx.fail(codes.KERAS_INPUT, Message("All input arrays (x) should have the same number of samples. Got "
                                                "array shapes: {shapes:kerases}",
                                                shapes=[t.shape for t in flat_tensors(inputs)]), involved)
        elif len(y_known) > 1:
            ctx.fail(codes.KERAS_TARGET, Message("All target arrays (y) should have the same number of samples. Got "
                                                 "array shapes: {shapes:kerases}",
                                                 shapes=[t.shape for t in flat_tensors(targets)]), involved)
        else:
            ctx.fail(codes.KERAS_TARGET, Message("Input arrays should have the same number of samples as target "
                                                 "arrays. Found {x_samples} input samples and {y_samples} target "
                                                 "samples.", x_samples=min(x_known), y_samples=min(y_known)),
                     involved)
        return False
    if ctx.target.keras2:  # Keras 2.15's data_adapter._check_data_cardinality
        ctx.fail(codes.KERAS_TARGET, Message("Data cardinality is ambiguous:\n  x sizes: {x_sizes:join}\n"
                                             + ("  y sizes: {y_sizes:join}\n" if y_rows else "")
                                             + "Make sure all arrays contain the same number of samples.",
                                             x_sizes=x_rows, y_sizes=y_rows), involved)
        return False
    ctx.fail(codes.KERAS_TARGET, Message("Data cardinality is ambiguous. Make sure all arrays contain the same number "
                                         "of samples. 'x' sizes: {x_sizes:join}"
                                         + (" 'y' sizes: {y_sizes:join}" if y_rows else ""),
                                         x_sizes=x_rows, y_sizes=y_rows), involved)
    return False


# --- TensorFlow 1.15: Keras 2 checks the arrays before anything runs ----------------------------------


def _expand_1d(value: Value) -> Value:
    """standardize_single_array: a 1-D array gets a trailing axis, (n,) -> (n, 1)."""
    if isinstance(value, Tensor) and value.shape.dims is not None and value.shape.rank == 1:
        return Tensor(Shape(list(value.shape.dims) + [Dim(1)]), value.dtype, value.kind, value.origin)
    if isinstance(value, Seq):
        return Seq([_expand_1d(v) for v in value.items], value.kind)
    if isinstance(value, DictVal):
        return DictVal([(k, _expand_1d(v)) for k, v in value.entries])
    return value


def _standardize_v1(ctx: OpContext, arrays: list[Tensor], refs: list[Tensor], names: list[str], prefix: str,
                    code: str) -> bool:
    """Keras 2's standardize_input_data (TensorFlow 1.15's tf.keras and keras 2.3.1): each
    array has exactly the rank of what it feeds and, past the batch axis, its known dims:
    "Error when checking input: expected dense_input to have shape (784,) but got array
    with shape (28,)"."""
    for array, ref, name in zip(arrays, refs, names):
        if array.shape.dims is None or ref.shape.dims is None:
            continue
        got, want = list(array.shape.dims), list(ref.shape.dims)
        if len(got) != len(want):
            ctx.fail(code, Message("Error when checking {checking}: expected {input_name} to have {want_rank} "
                                   "dimensions, but got array with shape {shape:keras}", checking=prefix,
                                   input_name=name, want_rank=len(want), shape=got), [array, ref])
            return False
        if any(a.known and b.known and a.value != b.value for a, b in zip(got[1:], want[1:])):
            ctx.fail(code, Message("Error when checking {checking}: expected {input_name} to have shape "
                                   "{want_shape:keras} but got array with shape {shape:keras}", checking=prefix,
                                   input_name=name, want_shape=want[1:], shape=got[1:]), [array, ref])
            return False
    return True


def _inputs_v1(ctx: OpContext, state: ModelState, inputs: Value) -> Value | None:
    """The input arrays as TensorFlow 1.15's Keras feeds them (1-D expanded), or None after
    it refused them.  Only a model whose inputs are known is checked."""
    inputs = _expand_1d(inputs)
    if not state.inputs or isinstance(inputs, DictVal):
        return inputs
    given = flat_tensors(inputs)
    if len(given) != len(state.inputs):
        return inputs
    names = [input_name(ref) or "input" for ref in state.inputs]
    if not _standardize_v1(ctx, given, state.inputs, names, "input", codes.KERAS_INPUT):
        return None
    return inputs


# keras 2.3.1 and tf.keras 1.15 check_loss_and_target_compatibility: these losses want targets
# shaped like the outputs.
_KEY_LOSSES = {"mean_squared_error", "binary_crossentropy", "categorical_crossentropy"}


def _targets_v1(ctx: OpContext, state: ModelState, targets: Value, outputs: list[Value]) -> bool:
    """The target arrays against the model's outputs before a step runs, TensorFlow 1.15.

    keras 2.3.1 (``import keras``) first standardizes them against the output shapes (a
    sparse loss against ``(…, 1)``): "Error when checking target: expected dense_2 to have
    shape (10,) but got array with shape (1,)".  Both it and tf.keras then run
    check_loss_and_target_compatibility on graph models: categorical cross-entropy refuses
    a target whose last axis is 1 ("You are passing a target array of shape (4, 1) while
    using as loss `categorical_crossentropy`. …"), and mse and the cross-entropies want the
    output's known dims: "A target array with shape (4, 10, 1) was passed for an output of
    shape (None, 10, 3) while using as loss `mean_squared_error`. This loss expects
    targets to have the same shape as the output."  tf.keras makes that check only for a graph
    network: not for a Sequential with no declared input, however it was built (by fit,
    predict or build()); keras 2.3.1's standardization covers those too (verified under 1.15).
    What passes meets the loss itself (keras/losses), where an elementwise loss broadcasts.
    """
    for target, output, name, loss in _pairs(state, targets, outputs):
        if not isinstance(target, Tensor) or not isinstance(output, Tensor) or loss is None \
                or target.shape.dims is None or output.shape.dims is None or not output.shape.dims:
            continue
        canonical, _ = loss_name(loss)
        if canonical is None:  # a user's function: Keras assumes nothing about it
            continue
        static = Shape([Dim.fresh("batch")] + list(output.shape.dims[1:]))
        declared = Tensor(static, output.dtype, "tensor", output.origin)
        if state.standalone:
            want = declared
            if canonical in SPARSE:
                want = Tensor(Shape(list(static.dims[:-1]) + [Dim(1)]), output.dtype, "tensor", output.origin)
            if not _standardize_v1(ctx, [target], [want], [name], "target", codes.KERAS_TARGET):
                return False
        if state.kind == "subclassed" or (state.kind == "sequential" and not state.declared_input):
            continue  # tf.keras 1.15 checks graph networks only, not a Sequential with no declared input
        got = list(target.shape.dims)
        if canonical in CATEGORICAL and got and got[-1].known and got[-1].value == 1:
            ctx.fail(codes.KERAS_TARGET, Message(
                "You are passing a target array of shape {target_shape:keras} while using as loss "
                "`categorical_crossentropy`. `categorical_crossentropy` expects targets to be binary matrices "
                "(1s and 0s) of shape (samples, classes). If your targets are integer classes, you can convert "
                "them to the expected format via:\n```\nfrom keras.utils import to_categorical\n"
                "y_binary = to_categorical(y_int)\n```\n\nAlternatively, you can use the loss function "
                "`sparse_categorical_crossentropy` instead, which does expect integer targets.", target_shape=got),
                [target, output])
            return False
        if canonical in _KEY_LOSSES and any(a.known and b.known and a.value != b.value
                                            for a, b in zip(got[1:], static.dims[1:])):
            ctx.fail(codes.KERAS_TARGET, Message("A target array with shape {target_shape:keras} was passed for an "
                                                 "output of shape {output_shape:keras} while using as loss "
                                                 "`{loss}`. This loss expects targets to have the same shape "
                                                 "as the output.", target_shape=got,
                                                 output_shape=[None] + list(static.dims[1:]), loss=canonical),
                     [target, output])
            return False
    return True


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


def _pairs(state: ModelState, targets: Value, outputs: list[Value]) -> list[tuple[Value | None, Value, str, Value | None]]:
    """(target, output, output name, compiled loss) for each output the targets line up with."""
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
        return []
    return [(t, o, n, _loss_for(state.loss, index, n)) for index, (t, o, n) in enumerate(paired)]


def _targets_fit(ctx: OpContext, state: ModelState, targets: Value, outputs: list[Value], batch: Dim,
                 step: Dim | None) -> bool:
    """Each target against its output under the compiled loss."""
    for target, output, name, loss in _pairs(state, targets, outputs):
        t = _rebatch(target, batch) if target is not None else None
        if not isinstance(t, Tensor) or not isinstance(output, Tensor) or loss is None:
            continue
        if isinstance(target, Tensor) and ctx.target.keras2 and not ctx.target.tf1 and certain(target) in INTEGER:
            t.dtype, t.dtype_origin = target.dtype, target.dtype_origin  # Keras 2.15 casts only floating arrays
        if not check_loss(ctx, loss, t, output, step_batch=step, training=True):
            return False
    return True


def _loss_for(loss: Value | None, index: int, name: str) -> Value | None:
    if isinstance(loss, Seq):
        return loss.items[index] if index < len(loss.items) else None
    if isinstance(loss, DictVal):
        return loss.get(Const(name))
    return loss


def _dataset_fails(ctx: OpContext, x: Value) -> bool:
    """A dataset that fails when iterated (tf/ops/data_elements): the call that iterates it
    raises; True after that report."""
    failure = x.attrs.get("iteration_failure") if isinstance(x, Obj) else None
    if not isinstance(failure, Obj):
        return False
    involved = failure.attrs.get("involved")
    message = failure.attrs.get("message")
    if not (isinstance(message, Const) and isinstance(message.value, Message)):
        return False
    ctx.fail(ctx.str(failure.attrs.get("code")) or codes.SHAPE_REQUIREMENT, message.value,
             list(involved.items) if isinstance(involved, Seq) else [])
    return True


def _unranked_inputs(ctx: OpContext, state: ModelState, inputs: Value) -> bool:
    """Elements of no static rank (a generator dataset without output shapes): Keras 3
    cannot take them, Keras 2.15 only into a model it must build from them; True after
    that report."""
    if ctx.target.tf1 or not any(t.shape.no_static_rank for t in flat_tensors(inputs)):
        return False
    if ctx.target.keras2 and state.built:
        return False
    message = "Cannot iterate over a shape with unknown rank." if ctx.target.keras2 else \
        "as_list() is not defined on an unknown TensorShape."
    ctx.fail(codes.UNDEFINED_DIM, Message(message + " (the dataset's elements have no static shape: give the generator "
                                                    "output_shapes or an output_signature)"), flat_tensors(inputs))
    return True


def _train_step(ctx: OpContext, model: Value, x: Value, y: Value, batch_size: Value, fixed_batch: bool) -> bool:
    """Cardinality, the model on the inputs, the loss on targets and outputs."""
    if _dataset_fails(ctx, x):
        return False
    state = model_state(model)
    if state is None or state.opaque or state.broken:
        return True
    inputs, targets, batched = _split(x, y)
    if batched and _unranked_inputs(ctx, state, inputs):
        return False
    if not flat_tensors(inputs):
        return True
    v1 = ctx.target.tf1 and not batched  # TensorFlow 1.15 standardizes numpy arrays first
    if v1:
        inputs = _inputs_v1(ctx, state, inputs)
        if inputs is None:
            return False
        targets = _expand_1d(targets)
    if not batched and not _same_cardinality(ctx, inputs, targets):
        return False
    rows = _rows(ctx, inputs)
    step = _step_batch(ctx, inputs, batch_size, batched) if not fixed_batch else (rows[0] if rows else None)
    static = fixed_batch or (not batched and _even_batches(ctx, rows, batch_size))
    batch = step if step is not None and static else ctx.fresh("batch")
    outputs = _outputs(ctx, model, inputs, batch)
    if outputs is None or not flat_tensors(targets) or state.loss is None:
        return not ctx.failed
    if v1 and not _targets_v1(ctx, state, targets, outputs):
        return False
    return _targets_fit(ctx, state, targets, outputs, batch, step)


def _even_batches(ctx: OpContext, rows: list[Dim], batch_size: Value) -> bool:
    """Keras traces fit with a static batch axis only when ``batch_size`` divides the samples."""
    size = ctx.int(batch_size) if not ctx.is_none(batch_size) else 32
    return bool(rows) and rows[0].known and size is not None and size > 0 and rows[0].value % size == 0


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
    return history(ctx, history_keys(ctx, model_state(self), callbacks, validation_split, validation_data))


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
    if _dataset_fails(ctx, x):
        return UNKNOWN
    state = model_state(self)
    if state is None or state.opaque or state.broken:
        return UNKNOWN
    inputs, _, batched = _split(x, NONE)
    if batched and _unranked_inputs(ctx, state, inputs):
        return UNKNOWN
    if ctx.target.tf1 and not batched:
        inputs = _inputs_v1(ctx, state, inputs)
        if inputs is None:
            return UNKNOWN
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


def _compiled(loss: str, *layers, target: str | None = None) -> Obj:
    """A compiled example Sequential, built under the example target ``target``."""
    ctx = OpContext(ExampleHost(target=example_target(target)), "keras.Sequential", SITE,
                    "keras.Sequential" if target == "keras-2.3.1" else None)
    model = call_spec(SPECS["keras.Sequential"], ctx, [Seq(list(layers), "list")], {})
    compile_model(ctx, model, "adam", Const(loss))
    under = f" [{target}]" if target else ""
    return labelled(model, f"Sequential({list(layers)!r}, loss={loss!r}){under}")


def _mlp(loss: str, units: int = 10, target: str | None = None) -> Obj:
    return _compiled(loss, L("keras.layers.Dense", 16, input_shape=(784,)), L("keras.layers.Dense", units),
                     target=target)


EXAMPLES = [
    ok("keras.Sequential.fit", _mlp("sparse_categorical_crossentropy"), A(64, 784), A(64),
       expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64, 10),
       expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.fit", _mlp("binary_crossentropy", 1), A(64, 784), A(64),
       expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.fit", _mlp("mse", 1), A(64, 784), A(64, 1), validation_data=(A(8, 784), A(8, 1)),
       expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.fit", _mlp("mse"), A(64, 784, 1), A(64, 10), expect=instance_of("keras.callbacks.History")),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64), code=codes.KERAS_TARGET,
        message="Arguments `target` and `output` must have the same rank"),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64, 1), code=codes.KERAS_TARGET,
        message="Arguments `target` and `output` must have the same shape"),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(64, 5), code=codes.KERAS_TARGET,
        message="Arguments `target` and `output` must have the same shape"),
    bad("keras.Sequential.fit", _mlp("sparse_categorical_crossentropy"), A(64, 784), A(64, 10), code=codes.KERAS_TARGET,
        message="Argument `output` must have rank"),
    bad("keras.Sequential.fit", _mlp("mse"), A(64, 784), A(64, 5), code=codes.KERAS_TARGET,
        message="Dimensions must be equal, but are 5 and 10 for 'compile_loss/mse/sub'"),
    bad("keras.Sequential.fit", _mlp("mse"), A(8, 784), A(8), code=codes.KERAS_TARGET,
        message="Incompatible shapes: [8] vs"),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 784), A(10, 64), code=codes.KERAS_TARGET,
        message="Data cardinality is ambiguous"),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy"), A(64, 28, 28), A(64, 10), code=codes.KERAS_INPUT,
        message="Invalid input shape for input Tensor(shape=(32, 28, 28)) with name"),
    bad("keras.Sequential.fit", _mlp("sparse_categorical_crossentropy"), A(64, 784), A(64),
        validation_data=(A(8, 784), A(8, 10)), code=codes.KERAS_TARGET, message="Argument `output` must have rank"),
    ok("keras.Sequential.predict", _mlp("mse"), A(5, 784), expect=[5, 10]),
    bad("keras.Sequential.predict", _mlp("mse"), A(5, 100), code=codes.KERAS_INPUT,
        message="expected axis -1 of input shape to have value 784, but received input"),
    bad("keras.Sequential.evaluate", _mlp("categorical_crossentropy"), A(64, 784), A(64), code=codes.KERAS_TARGET,
        message="Arguments `target` and `output` must have the same rank"),
    bad("keras.Sequential.train_on_batch", _mlp("mse"), A(4, 28, 28), A(4, 10), code=codes.KERAS_INPUT,
        message="Invalid input shape for input Tensor(shape=(4, 28, 28)) with name"),
    ok("keras.Sequential.predict_on_batch", _mlp("mse"), A(4, 784), expect=[4, 10]),
    ok("keras.Sequential.predict_generator", _mlp("mse"), A(6, 784), expect=[6, 10]),
    ok("keras.Sequential.fit_generator", _mlp("mse"), A(64, 784), A(64, 10),
       expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.evaluate_generator", _mlp("mse"), A(64, 784), A(64, 10), expect=UNKNOWN),
    bad("keras.Sequential.evaluate_generator", _mlp("mse"), A(64, 784), A(64, 3), code=codes.KERAS_TARGET,
        message="Dimensions must be equal, but are 3 and 10 for 'compile_loss/mse/sub'"),
    ok("keras.Sequential.test_on_batch", _mlp("mse"), A(4, 784), A(4, 10), expect=UNKNOWN),
    bad("keras.Sequential.test_on_batch", _mlp("categorical_crossentropy"), A(4, 784), A(4), code=codes.KERAS_TARGET,
        message="Arguments `target` and `output` must have the same rank"),
    ok("keras.Sequential.compile", _mlp("mse"), "adam", loss="mse", metrics=["mae"], expect=Const(None)),
    ok("keras.Model.add_metric", _mlp("mse"), A(64, 10), name="mean_out", expect=Const(None)),
    ok("keras.Sequential.add_metric", _mlp("mse"), A(64, 10), name="mean_out", expect=Const(None)),
    # optimizers, schedules, callbacks and metrics are configuration objects of their own type
    *[ok(name, expect=instance_of(name)) for name in _CONFIG_OBJECTS],
    ok("keras.optimizers.Adam", learning_rate=1e-3, expect=instance_of("keras.optimizers.Adam")),
    *[ok(f"keras.optimizers.Adam.{method}", Obj("keras.optimizers.Adam"), *args, expect=expect)
      for method, args, expect in (("apply_gradients", (UNKNOWN,), Const(None)),
                                   ("minimize", (UNKNOWN, UNKNOWN), UNKNOWN), ("apply", (UNKNOWN,), UNKNOWN),
                                   ("build", (UNKNOWN,), Const(None)), ("get_config", (), UNKNOWN))],
    *[ok(f"keras.metrics.Accuracy.{method}", Obj("keras.metrics.Accuracy"), *args, expect=expect)
      for method, args, expect in (("update_state", (A(8), A(8)), Const(None)), ("result", (), UNKNOWN),
                                   ("reset_state", (), Const(None)), ("reset_states", (), Const(None)))],
    # Keras 2 under TensorFlow 1.15 checks the arrays before anything runs (standardize_input_data,
    # check_loss_and_target_compatibility); keras 2.3.1 (standalone) also the targets' shapes
    bad("keras.Sequential.fit", _mlp("mse", target="1.15"), A(64, 28), A(64, 10), target="1.15",
        code=codes.KERAS_INPUT,
        message="Error when checking input: expected dense_input to have shape (784,) but got array with shape (28,)"),
    bad("keras.Sequential.predict", _mlp("mse", target="1.15"), A(5, 784, 1), target="1.15", code=codes.KERAS_INPUT,
        message="expected dense_input to have 2 dimensions, but got array with shape (5, 784, 1)"),
    ok("keras.Sequential.predict", _mlp("mse", target="2.15"), A(5, 784, 1), target="2.15", expect=[5, 10]),
    bad("keras.Sequential.fit", _mlp("mse", target="1.15"), A(64, 784), A(64, 1), target="1.15",
        code=codes.KERAS_TARGET, message="A target array with shape (64, 1) was passed for an output of shape "
                                         "(None, 10) while using as loss `mean_squared_error`."),
    ok("keras.Sequential.fit", _mlp("mse", target="2.15"), A(64, 784), A(64, 1), target="2.15",
       warns=codes.LOSS_BROADCAST, expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.fit", _mlp("mse"), A(64, 784), A(64, 1), warns=codes.LOSS_BROADCAST,
       expect=instance_of("keras.callbacks.History")),
    ok("keras.Sequential.fit", _mlp("mae", target="1.15"), A(64, 784), A(64, 1), target="1.15",
       warns=codes.LOSS_BROADCAST, expect=instance_of("keras.callbacks.History")),
    bad("keras.Sequential.fit", _mlp("mae", target="keras-2.3.1"), A(64, 784), A(64, 1), target="keras-2.3.1",
        code=codes.KERAS_TARGET, message="to have shape (10,) but got array with shape (1,)"),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy", target="1.15"), A(64, 784), A(64), target="1.15",
        code=codes.KERAS_TARGET, message="You are passing a target array of shape (64, 1) while using as loss "
                                         "`categorical_crossentropy`."),
    bad("keras.Sequential.fit", _mlp("mse", target="1.15"), A(64, 784), A(32, 10), target="1.15",
        code=codes.KERAS_TARGET, message="Input arrays should have the same number of samples as target arrays. "
                                         "Found 64 input samples and 32 target samples."),
    # Keras 2.15: the model's input spec, match_dtype_and_rank, and its own loss wordings
    bad("keras.Sequential.fit", _mlp("mse", target="2.15"), A(64, 28), A(64, 10), target="2.15",
        code=codes.KERAS_INPUT, message='Input 0 of layer "sequential" is incompatible with the layer: '
                                        'expected shape=(None, 784), found shape=(32, 28)'),
    bad("keras.Sequential.fit", _mlp("mse", target="2.15"), A(64, 784), A(64, 5), target="2.15",
        code=codes.KERAS_TARGET, message="but are 10 and 5 for '{{node mean_squared_error/SquaredDifference}}'"),
    ok("keras.Sequential.fit", _mlp("mse", target="2.15"), A(64, 784), A(64), target="2.15",
       warns=codes.LOSS_BROADCAST, expect=instance_of("keras.callbacks.History")),
    bad("keras.Sequential.fit", _mlp("categorical_crossentropy", target="2.15"), A(64, 784), A(64, 1),
        target="2.15", code=codes.KERAS_TARGET, message="Shapes (32, 1) and (32, 10) are incompatible"),
    bad("keras.Sequential.fit", _mlp("mse", target="2.15"), A(64, 784), A(32, 10), target="2.15",
        code=codes.KERAS_TARGET, message="Data cardinality is ambiguous:"),

]

