"""Layer and model constructor arguments one Keras takes and another refuses.

Keras 1 named many arguments differently (``Conv2D(nb_filter, border_mode="same",
subsample=(2, 2), init="he_normal", W_regularizer=...)``, ``Dense(output_dim=10)``,
``Dropout(p=0.5)``, ``Model(input=x, output=y)``).  Standalone keras 2.0-2.3 renamed them
with a warning (keras/legacy/interfaces.py), so code written for Keras 1 kept running under
TensorFlow 1.15 with ``import keras``.  Every other Keras refuses them when the layer is made:
tf.keras 1.15, Keras 2.15 and tf_keras with TypeError ``('Keyword argument not understood:',
'border_mode')``, Keras 3 with ValueError ``Unrecognized keyword arguments passed to Conv2D:
{'border_mode': 'same'}``; where the Keras 2 name is a required argument the Keras 1 call
omits (``Dropout(p=0.5)``), Python's own TypeError "missing 1 required positional argument:
'rate'" comes first.  Keras 3 also dropped arguments every Keras 2 layer took: ``weights=``
(except Embedding's own), ``batch_input_shape=`` and ``batch_size=`` (``keras.Input`` takes
them), ``dynamic=``.  Each name and outcome below was verified by constructing the layer under
keras 2.3.1, tf.keras 1.15, Keras 2.15 and Keras 3.

The API model cannot say this by itself: a Keras layer constructor takes ``**kwargs``, so its
signature accepts any keyword.  ``api_changes.bad_call`` asks ``refusal`` for every call of a
class; the finding (ST404) names the spelling that replaces each keyword, and carries the
renames as a fact (``renames``: (old, new) pairs, new "" when no argument replaces it).
"""

from __future__ import annotations

from shapetracer.api import model as api
from shapetracer.domain.target import Target
from shapetracer.rules import codes
from shapetracer.rules.message import Message

_INITIALIZERS = {"init": "kernel_initializer", "W_regularizer": "kernel_regularizer",
                 "b_regularizer": "bias_regularizer", "W_constraint": "kernel_constraint",
                 "b_constraint": "bias_constraint", "bias": "use_bias"}
_DIM_ORDERING = {"dim_ordering": "data_format"}
_WINDOW = {"nb_row": "kernel_size", "nb_col": "kernel_size"}
_CONV = {"nb_filter": "filters", "border_mode": "padding", **_INITIALIZERS}
_CONV1D = {**_CONV, "filter_length": "kernel_size", "subsample_length": "strides"}
_CONV2D = {**_CONV, "subsample": "strides", **_DIM_ORDERING, **_WINDOW}
_RECURRENT = {"output_dim": "units", "init": "kernel_initializer", "inner_init": "recurrent_initializer",
              "W_regularizer": "kernel_regularizer", "b_regularizer": "bias_regularizer",
              "U_regularizer": "recurrent_regularizer", "dropout_W": "dropout", "dropout_U": "recurrent_dropout",
              "consume_less": "implementation"}

# Keras 1 keyword -> the Keras 2 argument (None: removed without a replacement), per class: the
# names keras 2.3.1 converts for that class and Keras 2 takes there (GRU has no unit_forget_bias
# for forget_bias_init="one" to become, SimpleRNN no recurrent_activation; keras 2.3.1 refuses those).
KERAS1_ARGUMENTS: dict[str, dict[str, str | None]] = {}


def _classes(names: str, renames: dict[str, str | None]) -> None:
    for name in names.split():
        KERAS1_ARGUMENTS[name] = renames


_classes("Dense", {"output_dim": "units", **_INITIALIZERS})
_classes("Conv1D Convolution1D LocallyConnected1D", _CONV1D)
_classes("Conv2D Convolution2D Conv2DTranspose Convolution2DTranspose LocallyConnected2D", _CONV2D)
_classes("SeparableConv2D SeparableConvolution2D",
         {k: v for k, v in _CONV2D.items() if k not in ("W_regularizer", "W_constraint")}
         | {"init": "depthwise_initializer"})
_classes("Conv3D Convolution3D", {**_CONV, "subsample": "strides", **_DIM_ORDERING, "kernel_dim1": "kernel_size",
                                  "kernel_dim2": "kernel_size", "kernel_dim3": "kernel_size"})
_classes("ConvLSTM2D", {k: v for k, v in _CONV2D.items() if k not in ("W_constraint", "b_constraint")}
         | {k: v for k, v in _RECURRENT.items() if k not in ("output_dim", "consume_less")}
         | {"inner_activation": "recurrent_activation", "forget_bias_init": "unit_forget_bias"})
_classes("LSTM", {**_RECURRENT, "inner_activation": "recurrent_activation", "forget_bias_init": "unit_forget_bias"})
_classes("GRU", {**_RECURRENT, "inner_activation": "recurrent_activation"})
_classes("SimpleRNN", _RECURRENT)
_classes("MaxPooling1D AveragePooling1D MaxPool1D AvgPool1D",
         {"pool_length": "pool_size", "stride": "strides", "border_mode": "padding"})
_classes("MaxPooling2D AveragePooling2D MaxPool2D AvgPool2D MaxPooling3D AveragePooling3D MaxPool3D AvgPool3D",
         {"border_mode": "padding", **_DIM_ORDERING})
_classes("GlobalMaxPooling2D GlobalAveragePooling2D GlobalMaxPool2D GlobalAvgPool2D "
         "GlobalMaxPooling3D GlobalAveragePooling3D GlobalMaxPool3D GlobalAvgPool3D "
         "UpSampling2D UpSampling3D ZeroPadding2D ZeroPadding3D Cropping2D Cropping3D", _DIM_ORDERING)
_classes("UpSampling1D", {"length": "size"})
_classes("Embedding", {"init": "embeddings_initializer", "W_regularizer": "embeddings_regularizer",
                       "W_constraint": "embeddings_constraint", "dropout": None})
_classes("BatchNormalization", {"beta_init": "beta_initializer", "gamma_init": "gamma_initializer", "mode": None})
_classes("Dropout SpatialDropout1D GaussianDropout", {"p": "rate"})
_classes("SpatialDropout2D SpatialDropout3D", {"p": "rate", **_DIM_ORDERING})
_classes("GaussianNoise", {"sigma": "stddev"})
_classes("PReLU", {"init": "alpha_initializer"})
_classes("Model", {"input": "inputs", "output": "outputs"})

# Keras 3 names a layer by its class, and these aliases are the same class.
_KERAS3_CLASS = {"Convolution1D": "Conv1D", "Convolution2D": "Conv2D", "Convolution3D": "Conv3D",
                 "Convolution2DTranspose": "Conv2DTranspose", "SeparableConvolution2D": "SeparableConv2D",
                 **{f"{short}{n}D": f"{long}{n}D" for n in (1, 2, 3)
                    for short, long in (("MaxPool", "MaxPooling"), ("AvgPool", "AveragePooling"),
                                        ("GlobalMaxPool", "GlobalMaxPooling"),
                                        ("GlobalAvgPool", "GlobalAveragePooling"))}}

# What to do instead, for a Keras 1 argument Keras 2 removed.
_REMOVED = {"dropout": "put a SpatialDropout1D layer after the Embedding",
            "mode": "Keras 2 normalizes per feature only (mode=0); drop the argument"}

# Arguments of every Keras 2 layer that Keras 3 refuses (unless the class names it itself,
# as Embedding does weights=), with what replaces each.
KERAS3_DROPPED = {
    "weights": "call set_weights() on the layer once it is built",
    "batch_input_shape": "start the model with keras.Input(batch_shape=...)",
    "batch_size": "start the model with keras.Input(shape=..., batch_size=...)",
    "dynamic": "pass run_eagerly=True to compile() instead",
}
_KERAS3_KEEPS = {"InputLayer"}  # takes batch_input_shape and batch_size itself


def _flavour(spelled: str, target: Target) -> str | None:
    """Which Keras runs a call spelled this way: "keras231" (accepts Keras 1 names),
    "keras2" (tf.keras 1.15, Keras 2.15, tf_keras), "keras3", or None outside Keras."""
    root = spelled.split(".", 1)[0]
    if root == "tf_keras":
        return "keras2"
    if root == "keras":
        return "keras231" if target.tf1 else ("keras3" if target.tf >= (2, 16) else "keras2")
    if root == "tensorflow" and spelled.startswith("tensorflow.keras."):
        return "keras3" if target.keras == 3 else "keras2"
    return None


def _is_model(spelled: str) -> bool:
    return spelled.split(".")[-2:-1] in (["models"], ["keras"]) and spelled.endswith(".Model")


def _required(signature: api.Signature | None, new: str | None, n_positional: int,
              keywords: tuple[str, ...]) -> bool:
    """Whether ``new`` is a required argument this call leaves out (Python's TypeError then
    comes before Keras sees the keyword)."""
    if signature is None or new is None or new in keywords:
        return False
    positional = signature.positional
    for index, param in enumerate(positional):
        if param.name == new:
            return not param.has_default and index >= n_positional
    return False


def refusal(spelled: str, name: str, signature: api.Signature | None, n_positional: int,
            keywords: tuple[str, ...], target: Target) -> Message | None:
    """Why the target's Keras refuses this constructor call of the class ``spelled`` (API
    model name ``name``, constructor ``signature``), or None when it takes it."""
    flavour = _flavour(spelled, target)
    leaf = spelled.rsplit(".", 1)[-1]
    if flavour in (None, "keras231") or not (".layers." in spelled or _is_model(spelled)):
        return None
    named = {p.name for p in signature.parameters} if signature is not None else set()
    renames = {old: new for old, new in KERAS1_ARGUMENTS.get(leaf, {}).items() if old in keywords and old not in named}
    dropped = [] if flavour != "keras3" or leaf in _KERAS3_KEEPS or _is_model(spelled) else \
        [k for k in keywords if k in KERAS3_DROPPED and k not in named]
    if not renames and not dropped:
        return None
    first = next(k for k in keywords if k in renames or k in dropped)
    missing = next((new for new in renames.values() if _required(signature, new, n_positional, keywords)), None)
    if signature is not None and not signature.has_kind(api.VAR_KEYWORD):
        error = "__init__() got an unexpected keyword argument '{keyword}'"  # Python binds first
    elif missing is not None:
        error = "__init__() missing 1 required positional argument: {missing:quoted}"
    elif flavour == "keras3":
        error = "Unrecognized keyword arguments passed to {class_name}: {{'{keyword}': ...}}"
    else:
        error = "('Keyword argument not understood:', '{keyword}')"
    advice = [_keras1_advice(old, new) for old, new in renames.items()]
    advice += [f"Keras 3 has no {k}=: {KERAS3_DROPPED[k]}" for k in dropped]
    pairs = tuple((old, new or "") for old, new in renames.items()) + tuple((k, "") for k in dropped)
    return Message("{function}(): " + error + " under {target}; {suggestion}", function=leaf, keyword=first,
                   class_name=_KERAS3_CLASS.get(leaf, leaf), missing=(missing,) if missing else (),
                   target=target.describe(), suggestion="; ".join(advice), renames=pairs)


def _keras1_advice(old: str, new: str | None) -> str:
    if new is None:
        return f"{old}= is a Keras 1 argument Keras 2 removed: {_REMOVED.get(old, 'drop it')}"
    if old in ("nb_row", "nb_col", "kernel_dim1", "kernel_dim2", "kernel_dim3"):
        return f"{old}= is Keras 1's; Keras 2 takes the window as kernel_size=(rows, cols)"
    return f"{old}= is Keras 1's name for {new}="


_K = "from keras import layers\n"
_TFK = "from tensorflow.keras import layers\n"
# (source, target version, the code reported or None), checked by tests/test_legacy_arguments.py.
EXAMPLES = [
    (_K + "c = layers.Conv2D(16, 3, border_mode='same')\n", "2.15", codes.API_CALL),
    (_K + "c = layers.Conv2D(16, 3, border_mode='same')\n", "1.15", None),  # keras 2.3.1 renames it
    (_K + "c = layers.Conv2D(16, 3, padding='same')\n", "2.21", None),
    (_TFK + "c = layers.Conv2D(16, 3, border_mode='same')\n", "1.15", codes.API_CALL),  # tf.keras 1.15 refuses
    (_TFK + "c = layers.Conv2D(16, 3, padding='same')\n", "1.15", None),
    (_K + "d = layers.Dense(10, init='he_normal', W_regularizer=None)\n", "2.21", codes.API_CALL),
    (_K + "d = layers.Dense(10, kernel_initializer='he_normal', kernel_regularizer=None)\n", "2.21", None),
    (_K + "d = layers.Dropout(p=0.5)\n", "2.15", codes.API_CALL),
    (_K + "d = layers.Dropout(0.5)\n", "2.15", None),
    (_K + "r = layers.LSTM(32, inner_activation='sigmoid', dropout_W=0.2)\n", "2.21", codes.API_CALL),
    (_K + "r = layers.LSTM(32, recurrent_activation='sigmoid', dropout=0.2)\n", "2.21", None),
    (_K + "r = layers.LSTM(32, dropout=0.2, recurrent_dropout=0.2)\n", "2.15", None),  # Keras 2 names
    (_K + "p = layers.MaxPooling1D(pool_length=2, stride=2)\n", "2.15", codes.API_CALL),
    (_K + "p = layers.MaxPooling1D(pool_size=2, strides=2)\n", "2.15", None),
    (_K + "e = layers.Embedding(100, 8, dropout=0.2)\n", "2.21", codes.API_CALL),
    (_K + "e = layers.Embedding(100, 8)\n", "2.21", None),
    ("from keras.models import Model\nfrom keras.layers import Input, Dense\ni = Input((3,))\n"
     "m = Model(input=i, output=Dense(2)(i))\n", "2.15", codes.API_CALL),
    ("from keras.models import Model\nfrom keras.layers import Input, Dense\ni = Input((3,))\n"
     "m = Model(inputs=i, outputs=Dense(2)(i))\n", "2.15", None),
    # Keras 3 dropped arguments every Keras 2 layer took
    (_K + "d = layers.Dense(6, weights=None)\n", "2.21", codes.API_CALL),
    (_K + "d = layers.Dense(6, weights=None)\n", "2.15", None),
    (_K + "e = layers.Embedding(100, 8, weights=None)\n", "2.21", None),  # Embedding's own argument
    (_K + "e = layers.Embedding(100, 8, weights=None)\n", "2.15", None),
    (_K + "r = layers.LSTM(4, stateful=True, batch_input_shape=(2, 5, 3))\n", "2.21", codes.API_CALL),
    (_K + "r = layers.LSTM(4, stateful=True, batch_input_shape=(2, 5, 3))\n", "2.15", None),
    (_K + "i = layers.InputLayer(batch_input_shape=(2, 5, 3))\n", "2.21", None),  # InputLayer takes it
    (_K + "i = layers.InputLayer(batch_input_shape=(2, 5, 3))\n", "2.15", None),
]
