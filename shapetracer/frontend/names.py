"""Canonical API names: one spelling per library entity, whatever the import.

``tf.compat.v1.nn.conv2d``, ``tensorflow.nn.conv2d`` and ``from tensorflow.nn
import conv2d`` all become ``tf.nn.conv2d``; every Keras spelling becomes
``keras.<rest>``; numpy becomes ``np.<rest>``; pandas ``pd.<rest>``; scikit-learn keeps
its public module paths (``sklearn.preprocessing.StandardScaler``, whatever private module
defines it).  One spec then serves all spellings, and a name without a spec is simply "not
modelled".  ``star_import`` lists what ``from X import *`` binds for a library module.
"""

from __future__ import annotations

from functools import lru_cache

import builtins
import re

# Longest prefixes first: the first match wins.
_PREFIXES: list[tuple[str, str]] = [
    ("tensorflow.compat.v1.keras.", "keras."),
    ("tensorflow.compat.v2.keras.", "keras."),
    ("tensorflow.python.keras.", "keras."),
    ("tensorflow.keras.", "keras."),
    ("tf_keras.", "keras."),
    ("keras.api._v2.keras.", "keras."),
    ("keras_preprocessing.image.utils.", "keras.preprocessing.image."),
    ("keras_preprocessing.image.image_data_generator.", "keras.preprocessing.image."),
    ("keras_preprocessing.", "keras.preprocessing."),
    ("keras.src.", "keras."),
    ("keras.", "keras."),
    ("tensorflow.compat.v1.", "tf."),
    ("tensorflow.compat.v2.", "tf."),
    ("tensorflow.", "tf."),
    ("numpy.", "np."),
    ("pandas.core.frame.", "pd."),
    ("pandas.core.series.", "pd."),
    ("pandas.core.reshape.concat.", "pd."),
    ("pandas.core.reshape.encoding.", "pd."),
    ("pandas.io.parsers.readers.", "pd."),
    ("pandas.io.parsers.", "pd."),
    ("pandas.", "pd."),
]

_EXACT = {
    "tensorflow": "tf",
    "tensorflow.compat.v1": "tf",
    "tensorflow.compat.v2": "tf",
    "tensorflow.keras": "keras",
    "tensorflow.compat.v1.keras": "keras",
    "tensorflow.python.keras": "keras",
    "tf_keras": "keras",
    "keras": "keras",
    "numpy": "np",
    "pandas": "pd",
}

# Re-exports that are the same entity under another path.
_ALIASES = {
    "tf.contrib.rnn.BasicLSTMCell": "tf.nn.rnn_cell.BasicLSTMCell",
    "tf.contrib.rnn.LSTMCell": "tf.nn.rnn_cell.LSTMCell",
    "tf.contrib.rnn.GRUCell": "tf.nn.rnn_cell.GRUCell",
    "tf.contrib.rnn.BasicRNNCell": "tf.nn.rnn_cell.BasicRNNCell",
    "tf.contrib.rnn.MultiRNNCell": "tf.nn.rnn_cell.MultiRNNCell",
    "tf.contrib.rnn.DropoutWrapper": "tf.nn.rnn_cell.DropoutWrapper",
    "tf.contrib.rnn.LSTMStateTuple": "tf.nn.rnn_cell.LSTMStateTuple",
    "tf.contrib.rnn.static_rnn": "tf.nn.static_rnn",
    "tf.python.keras": "keras",
    "keras.engine.Model": "keras.Model",
    "keras.models.Model": "keras.Model",
    "keras.models.Sequential": "keras.Sequential",
    "keras.engine.sequential.Sequential": "keras.Sequential",
    "keras.engine.training.Model": "keras.Model",
    "keras.engine.functional.Functional": "keras.Model",
    "keras.engine.input_layer.Input": "keras.Input",
    "keras.engine.base_layer.Layer": "keras.layers.Layer",
    "keras.Layer": "keras.layers.Layer",
    "tf.compat.v1.Session": "tf.Session",
    # the TF 1 MNIST tutorial loader, under the modules that re-export it
    "tf.examples.tutorials.mnist.input_data.read_data_sets": "tf.contrib.learn.datasets.mnist.read_data_sets",
    "tf.contrib.learn.python.learn.datasets.mnist.read_data_sets":
        "tf.contrib.learn.datasets.mnist.read_data_sets",
}

# scikit-learn: private modules (``sklearn.preprocessing._data``) and the pre-0.20
# ``cross_validation`` module, as the public module that exports the name.
_SKLEARN_MODULES = {
    "sklearn.preprocessing._data": "sklearn.preprocessing",
    "sklearn.preprocessing.data": "sklearn.preprocessing",
    "sklearn.preprocessing._label": "sklearn.preprocessing",
    "sklearn.preprocessing.label": "sklearn.preprocessing",
    "sklearn.preprocessing._encoders": "sklearn.preprocessing",
    "sklearn.model_selection._split": "sklearn.model_selection",
    "sklearn.cross_validation": "sklearn.model_selection",
    "sklearn.utils._indexing": "sklearn.utils",
    "sklearn.decomposition._pca": "sklearn.decomposition",
    "sklearn.decomposition.pca": "sklearn.decomposition",
    "sklearn.decomposition._truncated_svd": "sklearn.decomposition",
    "sklearn.datasets._base": "sklearn.datasets",
    "sklearn.datasets.base": "sklearn.datasets",
    "sklearn.datasets._samples_generator": "sklearn.datasets",
    "sklearn.datasets.samples_generator": "sklearn.datasets",
}


@lru_cache(maxsize=1 << 16)  # pure, and asked at every attribute of a library name
def canonical(dotted: str) -> str:
    """Map a fully qualified import path to its canonical API name."""
    name = _EXACT.get(dotted)
    if name is None:
        name = dotted
        for prefix, replacement in _PREFIXES:
            if dotted.startswith(prefix):
                name = replacement + dotted[len(prefix):]
                break
    # tf.compat.v1.X reached through attribute access on ``tf``
    for inner in ("tf.compat.v1.", "tf.compat.v2."):
        if name.startswith(inner):
            name = "tf." + name[len(inner):]
    if name.startswith("tf.keras."):
        name = "keras." + name[len("tf.keras."):]
    elif name == "tf.keras":
        name = "keras"
    if name.startswith("sklearn."):
        module, _, leaf = name.rpartition(".")
        if module in _SKLEARN_MODULES:
            name = f"{_SKLEARN_MODULES[module]}.{leaf}"
    legacy = _KERAS_LEGACY_MODULE.match(name)
    if legacy:  # keras.layers.core.Dense (Keras 2 module paths) is keras.layers.Dense
        name = f"keras.layers.{legacy.group(1)}"
    return _ALIASES.get(name, name)


_KERAS_LEGACY_MODULE = re.compile(
    r"^keras\.layers\.(?:core|convolutional|pooling|recurrent|recurrent_v2|normalization|"
    r"normalization_v2|merge|merging|embeddings|advanced_activations|noise|wrappers|local|reshaping|"
    r"attention|rnn|regularization|activation|dense_attention|cudnn_recurrent)\.(\w+)$")


def child(parent: str, attribute: str) -> str:
    """The canonical name of ``parent.attribute``."""
    return canonical(f"{parent}.{attribute}")


TRACKED_ROOTS = ("tf", "keras", "np", "argparse", "absl", "os", "sys", "math", "random", "functools",
                 "collections", "itertools", "time", "json", "pickle")


def is_library(dotted: str) -> bool:
    """Imports we model as library references (everything else may be a user module)."""
    root = dotted.split(".", 1)[0]
    return root in {"tensorflow", "tf_keras", "keras", "numpy", "argparse", "absl", "os", "sys", "math",
                    "random", "functools", "collections", "itertools", "time", "json", "pickle",
                    "tensorflow_datasets", "sklearn", "scipy", "pandas", "matplotlib", "cv2", "PIL",
                    "h5py", "imageio", "skimage", "keras_preprocessing", "tempfile", "six", "typing", "logging", "re", "glob", "shutil", "datetime",
                    "__future__", "warnings", "copy", "csv", "gzip", "io", "struct", "subprocess"}


# Library constants that appear where shapes or values are computed.
CONSTANTS = {
    "np.inf": float("inf"), "np.Inf": float("inf"), "np.nan": float("nan"), "np.NaN": float("nan"),
    "np.pi": 3.141592653589793, "np.e": 2.718281828459045, "np.newaxis": None,
    "math.inf": float("inf"), "math.nan": float("nan"), "math.pi": 3.141592653589793, "math.e": 2.718281828459045,
}


# Names a star import of a module the API model does not describe never binds from the
# registry: shadowing a builtin (numpy really exports ``max``; another module may not)
# would change what ordinary Python code means.
_BUILTIN_NAMES = frozenset(dir(builtins))


def star_import(dotted: str, api_version: str) -> list[tuple[str, str, bool]]:
    """What ``from <dotted> import *`` binds, for a library module: (name, canonical name,
    listed by the API model) triples.  The shipped API model of the target release says
    which public names the module exports (what the real star import binds); for a module
    it does not describe (numpy, scikit-learn, pandas, or no model at all) the names are
    those of the modelled APIs that module exports, as far as the specs registry tells."""
    qualname = canonical(dotted)
    members = _model_members(dotted, api_version)
    if members is not None:
        return [(name, child(qualname, name), True) for name in members
                if name.isidentifier() and not name.startswith("_")]
    from shapetracer.constraints.core.spec import SPECS
    found = {}
    for spec_name in SPECS:
        leaf = spec_name.rpartition(".")[2]
        if leaf.startswith("_") or leaf in _BUILTIN_NAMES or leaf in found:
            continue
        if child(qualname, leaf) == spec_name:
            found[leaf] = spec_name
    return [(name, found[name], False) for name in sorted(found)]


def _model_members(dotted: str, api_version: str) -> list[str] | None:
    """The public names the API model lists for a module, or None when it cannot say."""
    try:
        from shapetracer.api import model
        return model.load(api_version).members(dotted)
    except (LookupError, OSError, ValueError):  # no model shipped for this release, or unreadable
        return None
