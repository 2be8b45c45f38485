"""API changes between TensorFlow versions: names, modules and signatures a target lacks.

The largest class of real job failures is a script written for one TensorFlow run under
another: ``tf.placeholder`` under TF 2, ``tensorflow.contrib`` anywhere after 1.15,
``model.predict_classes`` after Keras 2.5.  The API model (``shapetracer.api``), generated
from the real packages, says which names each supported version has.  A name is reported
only when the target version lacks it *and another supported version has it*: an API
change, never a name the model merely did not walk.  The interpreter calls these checks
where it resolves an attribute, an import or a call; each returns the finding to make, or
None.

Spelled names are the real module paths a program wrote (``tensorflow.compat.v1.layers``);
the API model writes them with the roots ``tf.``, ``keras.`` and ``tf_keras.``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from shapetracer.api import model as api
from shapetracer.constraints.core import legacy_arguments
from shapetracer.rules import codes
from shapetracer.rules.message import Message, join
from shapetracer.domain.target import Target

_ROOTS = (("tensorflow.", "tf."), ("tf_keras.", "tf_keras."), ("keras.", "keras."))
_EXACT = {"tensorflow": "tf", "keras": "keras", "tf_keras": "tf_keras"}


@dataclass(frozen=True)
class ApiFinding:
    code: str
    message: Message

    @property
    def raises(self) -> str:
        """The exception the program gets where the finding stands: a ``try`` whose handler
        catches it (or a base of it) guards the line, and the finding is not made."""
        if self.code == codes.API_IMPORT:
            return self.message.args["error"]  # ModuleNotFoundError or ImportError (a fact of ST402's)
        return "TypeError" if self.code == codes.API_CALL else "AttributeError"


# The bases of the exceptions API changes raise, as an ``except`` clause names them.
EXCEPTION_BASES = {
    "ModuleNotFoundError": ("ModuleNotFoundError", "ImportError", "Exception", "BaseException"),
    "ImportError": ("ImportError", "Exception", "BaseException"),
    "AttributeError": ("AttributeError", "Exception", "BaseException"),
    "TypeError": ("TypeError", "Exception", "BaseException"),
}


def api_name(spelled: str, target: Target) -> str | None:
    """The API model's name of a real module path, or None outside TF/Keras."""
    if spelled in _EXACT:
        return _EXACT[spelled]
    for prefix, root in _ROOTS:
        if spelled.startswith(prefix):
            name = root + spelled[len(prefix):]
            if target.keras2 and target.tf >= (2, 16) and name.startswith("tf.keras."):
                return "tf_keras." + name[len("tf.keras."):]  # TF_USE_LEGACY_KERAS=1
            return name
    return None


@lru_cache(maxsize=None)
def _changed(name: str, version: str) -> bool:
    """Absent from ``version`` but present in another supported version."""
    model = api.load(version)
    if model.has(name) is not False:
        return False
    return any(api.load(other).has(name) for other in api.versions() if other != version)


def _hint(name: str, version: str) -> Message:
    """The replacement the API data shows, when it lives under the same package root (a
    leaf-name match in another package, tf.estimator -> tf_keras.estimator, is no advice)."""
    replacement = api.load(version).replacement(name)
    if not replacement or replacement.split(".")[0] != name.split(".")[0]:
        return Message("")
    return Message("; under TensorFlow {version} use {replacement}", version=version, replacement=replacement)


def _under(target: Target) -> Message:
    return Message(" under {target}", target=target.describe())


@lru_cache(maxsize=1 << 16)  # a pure lookup, asked at every attribute a program reads
def missing_attribute(owner: str, attribute: str, target: Target) -> ApiFinding | None:
    """``owner.attribute`` on a TF/Keras module the target has, where the target lacks it."""
    owner_name = api_name(owner, target)
    if owner_name is None:
        return None
    model = api.load(target.api_version)
    if model.kind(owner_name) != "module":  # class attributes may be set per instance
        return None
    name = f"{owner_name}.{attribute}"
    if not _changed(name, target.api_version):
        return None
    module = owner.split(".")[0] if owner in _EXACT else owner
    return ApiFinding(codes.API_ATTRIBUTE, join("module '{module}' has no attribute '{attribute}'", _under(target),
                                                _hint(name, target.api_version), module=module, attribute=attribute))


def has_attribute(owner: str, attribute: str, target: Target) -> bool | None:
    """``hasattr(owner, attribute)`` on a TF/Keras module under the target, where the API model
    decides it: False for a name the target lacks and another version has (what programs guard
    against), True for one the target has; None otherwise (not a module, a private name, a
    name no version's walk saw)."""
    owner_name = api_name(owner, target)
    if owner_name is None or attribute.startswith("_"):
        return None
    if missing_attribute(owner, attribute, target) is not None:
        return False
    model = api.load(target.api_version)
    if model.kind(owner_name) == "module" and model.has(f"{owner_name}.{attribute}"):
        return True
    return None


def missing_import(module: str, names: tuple[str, ...], target: Target) -> ApiFinding | None:
    """``import module`` / ``from module import names`` where the target lacks them."""
    version = target.api_version
    parts = module.split(".")
    for end in range(2, len(parts) + 1):
        prefix = ".".join(parts[:end])
        name = api_name(prefix, target)
        if name is not None and _changed(name, version):
            return ApiFinding(codes.API_IMPORT, join("No module named '{module}'", _under(target),
                                                     _hint(name, version), module=prefix,
                                                     error="ModuleNotFoundError"))
    base = api_name(module, target)
    if base is None or api.load(version).has(base) is not True:
        return None
    for imported in names:
        if _changed(f"{base}.{imported}", version):
            return ApiFinding(codes.API_IMPORT, join("cannot import name '{name}' from '{module}'", _under(target),
                                                     _hint(f"{base}.{imported}", version), name=imported,
                                                     module=module, error="ImportError"))
    return None


# Keras model classes as the program's canonical names spell them, and where their
# methods live in each package the API model walked.
_MODEL_CLASSES = {"keras.Sequential": "Sequential", "keras.Model": "Model"}


def removed_method(class_name: str, method: str, target: Target) -> ApiFinding | None:
    """``model.method(...)`` on a Keras model whose class lost ``method`` in the target."""
    short = _MODEL_CLASSES.get(class_name)
    if short is None:
        return None
    root = "tf_keras" if target.keras2 and target.tf >= (2, 16) else "keras"
    name = f"{root}.{short}.{method}"
    if not _changed(name, target.api_version):
        return None
    return ApiFinding(codes.API_METHOD, join("'{cls}' object has no attribute '{method}'", _under(target),
                                             cls=short, method=method))


def bad_method_call(class_name: str, method: str, n_positional: int, keywords: tuple[str, ...],
                    target: Target) -> ApiFinding | None:
    """``model.fit(nb_epoch=...)``: a Keras model method whose exact signature in the target
    refuses the call (Keras 2.15's and 3's ``fit`` take no ``**kwargs``; TF 1.15's does, and
    is never exact)."""
    short = _MODEL_CLASSES.get(class_name)
    if short is None:
        return None
    root = "tf_keras" if target.keras2 and target.tf >= (2, 16) else "keras"
    model = api.load(target.api_version)
    name = f"{root}.{short}.{method}"
    if model.kind(name) != "method":
        return None
    problem = _refused(model, name, n_positional, keywords)
    if problem is None:
        return None
    return ApiFinding(codes.API_CALL, join("{class_name}.{method_name}() ", problem, _under(target), class_name=short,
                                           method_name=method))


def _refused(model, name: str, n_positional: int, keywords: tuple[str, ...]) -> Message | None:
    """Why the target's exact signature of ``name`` refuses these arguments; None when it
    takes them or has no signature on record."""
    signature = model.signature(name)
    if signature is None:
        return None
    found = api.refusal(signature, n_positional, keywords)
    return None if found is None else Message(found[0], **found[1])


@lru_cache(maxsize=1 << 16)  # a pure lookup, asked at every call of the library
def bad_call(spelled: str, n_positional: int, keywords: tuple[str, ...], target: Target) -> ApiFinding | None:
    """A call whose arguments the target's exact signature of ``spelled`` refuses."""
    name = api_name(spelled, target)
    if name is None:
        return None
    model = api.load(target.api_version)
    kind = model.kind(name)
    if kind == "class":
        # constructors are not exact: keras 2.x wraps layer __init__s in legacy-interface
        # decorators that accept Keras 1 keywords (Dense(output_dim=...)) the signature omits;
        # a table says which Keras refuses which argument (legacy_arguments)
        problem = legacy_arguments.refusal(spelled, name, model.signature(name), n_positional, keywords, target)
        return None if problem is None else ApiFinding(codes.API_CALL, problem)
    if kind != "function":
        return None
    problem = _refused(model, name, n_positional, keywords)
    if problem is None:
        return None
    leaf = spelled.rsplit(".", 1)[-1]
    return ApiFinding(codes.API_CALL, join("{function}() ", problem, _under(target), function=leaf))


# Fixit-style examples: (source, target version, the code reported or None).
EXAMPLES = [
    ("import tensorflow as tf\nx = tf.placeholder(tf.float32, [None, 3])\n", "2.15", codes.API_ATTRIBUTE),
    ("import tensorflow as tf\nx = tf.placeholder(tf.float32, [None, 3])\n", "1.15", None),
    ("import tensorflow.compat.v1 as tf\nx = tf.placeholder(tf.float32, [None, 3])\n", "2.21", None),
    ("import tensorflow as tf\ny = tf.random_normal([2, 3])\n", "2.21", codes.API_ATTRIBUTE),
    ("import tensorflow as tf\ny = tf.random.normal([2, 3])\n", "2.21", None),
    ("from tensorflow.contrib import rnn\n", "2.15", codes.API_IMPORT),
    ("from tensorflow.contrib import rnn\n", "1.15", None),
    ("import tensorflow.contrib.slim as slim\n", "2.21", codes.API_IMPORT),
    ("import tensorflow.contrib.slim as slim\n", "1.15", None),
    ("from tensorflow.keras.layers import CuDNNLSTM\n", "2.15", codes.API_IMPORT),
    ("from tensorflow.keras.layers import LSTM\n", "2.15", None),
    ("from tensorflow.examples.tutorials.mnist import input_data\n", "2.21", None),  # in no API model
    ("import numpy as np\nfrom tensorflow import keras\nm = keras.Sequential([keras.layers.Dense(2)])\n"
     "m.compile('adam', 'mse')\np = m.predict_classes(np.zeros((4, 3)))\n", "2.15", codes.API_METHOD),
    ("import numpy as np\nfrom tensorflow import keras\nm = keras.Sequential([keras.layers.Dense(2)])\n"
     "m.compile('adam', 'mse')\np = m.predict_classes(np.zeros((4, 3)))\n", "1.15", None),
    ("import tensorflow as tf\nx = tf.zeros([2, 3])\ny = tf.reduce_sum(x, keep_dims=True)\n", "2.21", codes.API_CALL),
    ("import tensorflow as tf\nx = tf.zeros([2, 3])\ny = tf.reduce_sum(x, keepdims=True)\n", "2.21", None),
    ("from keras.layers import Dense\nd = Dense(output_dim=10, input_dim=4)\n", "1.15", None),  # legacy interface
    ("import numpy as np\nfrom tensorflow import keras\nm = keras.Sequential([keras.layers.Dense(1)])\n"
     "m.compile('sgd', 'mse')\nm.fit(np.zeros((4, 3)), np.zeros((4, 1)), nb_epoch=2)\n", "2.15", codes.API_CALL),
    ("import numpy as np\nfrom tensorflow import keras\nm = keras.Sequential([keras.layers.Dense(1)])\n"
     "m.compile('sgd', 'mse')\nm.fit(np.zeros((4, 3)), np.zeros((4, 1)), nb_epoch=2)\n", "1.15", None),  # **kwargs
    ("import numpy as np\nfrom tensorflow import keras\nm = keras.Sequential([keras.layers.Dense(1)])\n"
     "m.compile('sgd', 'mse')\nm.fit(np.zeros((4, 3)), np.zeros((4, 1)), epochs=2, workers=2)\n", "2.21",
     codes.API_CALL),
    ("import numpy as np\nfrom tensorflow import keras\nm = keras.Sequential([keras.layers.Dense(1)])\n"
     "m.compile('sgd', 'mse')\nm.fit(np.zeros((4, 3)), np.zeros((4, 1)), epochs=2, workers=2)\n", "2.15", None),
    # guarded: a handler that catches what the line raises, a hasattr test, a getattr default
    ("try:\n    from tensorflow.contrib import rnn\nexcept ValueError:\n    rnn = None\n", "2.21", codes.API_IMPORT),
    ("try:\n    from tensorflow.contrib import rnn\nexcept ImportError:\n    rnn = None\n", "2.21", None),
    ("import tensorflow as tf\nh = tf.ones([4, 8])\ntry:\n    d = tf.nn.dropout(h, keep_prob=0.5)\n"
     "except ValueError:\n    d = tf.nn.dropout(h, rate=0.5)\n", "2.21", codes.API_CALL),
    ("import tensorflow as tf\nh = tf.ones([4, 8])\ntry:\n    d = tf.nn.dropout(h, keep_prob=0.5)\n"
     "except TypeError:\n    d = tf.nn.dropout(h, rate=0.5)\n", "2.21", None),
    ("import tensorflow as tf\nif hasattr(tf, 'compat'):\n    x = tf.placeholder(tf.float32)\n", "2.21",
     codes.API_ATTRIBUTE),
    ("import tensorflow as tf\nif hasattr(tf, 'placeholder'):\n    x = tf.placeholder(tf.float32)\n", "2.21", None),
    ("import tensorflow as tf\nplaceholder = getattr(tf, 'placeholder')\n", "2.21", codes.API_ATTRIBUTE),
    ("import tensorflow as tf\nplaceholder = getattr(tf, 'placeholder', None)\n", "2.21", None),
]
