"""Which subpackage models which library, and loading a library's families when a checked
program first needs it, as pytype loads its overlays.

A canonical API name says its library: ``tf.nn.conv2d`` is TensorFlow's, ``np.sum`` numpy's,
``keras.layers.Dense.__call__`` Keras', ``pd.DataFrame.drop`` pandas' (the frontend makes
every spelling of an import canonical first: ``tensorflow.keras.layers.Dense`` is
``keras.layers.Dense``, ``numpy.sum`` is ``np.sum``; ``IMPORTS`` lists the import roots of
each library).  The registry of specs (``spec.SPECS``) asks ``owner(name)`` at the first
lookup of a name it does not hold, and loads that subpackage: every family module under it,
in name order.  So a program that imports only TensorFlow never loads the Keras, pandas or
scikit-learn families, and start-up loads none.

core/ is loaded first, at the first lookup of any name: its families (Python's operators,
which reach every library's values) and the rules every spec gets (dtypes, device memory)
must be registered before any spec runs.

Invariant, checked by tests/test_libraries.py: every registered name is registered by core
or by the subpackage ``owner`` names for it, so a lookup answers as it would with every
family loaded.  Names no family registers may map anywhere (or nowhere): their answer is
"not modelled" either way.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from functools import lru_cache

from shapetracer.domain import analysis

PACKAGE = "shapetracer.constraints"
CORE = "core"
# The library subpackages, in the order their imports run: core <- {tf, numpy, python, the
# image and file libraries} <- keras <- {pandas, sklearn, datasets}.
LIBRARIES: tuple[str, ...] = ("tf", "numpy", "python", "opencv", "pil", "imageio", "skimage", "matplotlib", "h5py",
                              "keras", "pandas", "sklearn", "datasets")

# Canonical-name prefixes, longest first: the first that starts the name names its library.
# Most are a library's own root; the others are names a library's spec models under another
# root (absl flags re-exported as tf.flags, the TF1 MNIST tutorial under tf.contrib, methods of
# the values a library makes, ``@`` with TensorFlow's rule).
PREFIXES: tuple[tuple[str, str], ...] = (
    ("tf.contrib.learn.datasets.", "datasets"),
    ("tf.experimental.numpy.", "numpy"),
    ("tf.app.flags.", "python"),
    ("tf.flags.", "python"),
    ("tf.", "tf"),
    ("tensorflow_probability.", "tf"),
    ("Tensor.", "tf"),
    ("Variable.", "tf"),
    ("LSTMStateTuple.", "tf"),
    ("operator.matmul", "tf"),
    ("keras.backend.dot", "tf"),
    ("keras.datasets.", "datasets"),
    ("keras.", "keras"),
    ("np.", "numpy"),
    ("ndarray.", "numpy"),
    ("builtins.", "python"),
    ("math.", "python"),
    ("pathlib.", "python"),
    ("argparse.", "python"),
    ("absl.", "python"),
    ("pd.", "pandas"),
    ("sklearn.", "sklearn"),
    ("scipy.misc.", "pil"),
    ("scipy.", "sklearn"),
    ("os.", "python"),
    ("tempfile.", "python"),
    ("glob.", "python"),
    ("random.", "python"),
    ("cv2.", "opencv"),
    ("PIL.", "pil"),
    ("imageio.", "imageio"),
    ("skimage.", "skimage"),
    ("matplotlib.", "matplotlib"),
    ("h5py.", "h5py"),
    ("operator.", CORE),
)

# A library's import roots (what ``import X`` names), for readers and tools: the frontend's
# canonical names carry the prefixes above.
IMPORTS: dict[str, str] = {
    "tensorflow": "tf", "tensorflow_probability": "tf", "numpy": "numpy", "argparse": "python", "absl": "python",
    "math": "python", "keras": "keras", "tf_keras": "keras", "pandas": "pandas", "sklearn": "sklearn",
    "scipy": "sklearn", "os": "python", "pathlib": "python", "tempfile": "python", "glob": "python", "cv2": "opencv",
    "PIL": "pil",
    "imageio": "imageio", "skimage": "skimage", "matplotlib": "matplotlib", "h5py": "h5py",
}


@lru_cache(maxsize=1 << 14)
def owner(name: str) -> str | None:
    """The subpackage whose families model ``name``, or None when no library claims it."""
    for prefix, library in PREFIXES:
        if name.startswith(prefix):
            return library
    return None


_loaded: set[str] = set()
_loading: set[str] = set()
_lock = threading.RLock()  # one thread loads; a thread that asks meanwhile waits for the whole library


def loaded(library: str) -> bool:
    return library in _loaded


def load(library: str) -> None:
    """Import every module of ``library`` (a subpackage name, or ``CORE``), once.

    A family may look names up while it loads (its examples call specs): a lookup that lands
    in the library being loaded by the same thread returns at once, with what is registered
    so far, as a family's own imports already guarantee what it needs.  The modules are
    imported in the ``AMBIENT`` analysis, whichever analysis is running."""
    if library in _loaded:
        return
    with _lock:
        if library in _loaded or library in _loading:
            return
        _loading.add(library)
        try:
            if library != CORE:
                load(CORE)
            # Families build their examples when imported (example layers, datasets: fresh
            # symbols, Keras side tables).  That belongs to no checked program: outside the
            # analysis that asked for the library, as when every family loaded at start-up.
            with analysis.analysing(analysis.AMBIENT):
                for module in modules_of(library):
                    importlib.import_module(module)
        finally:
            _loading.discard(library)
        _loaded.add(library)


def load_all() -> None:
    load(CORE)
    for library in LIBRARIES:
        load(library)


def complete() -> bool:
    """Whether every library is loaded (nothing is left to load on a miss)."""
    return len(_loaded) == len(LIBRARIES) + 1


def modules_of(library: str) -> list[str]:
    """The dotted names of a subpackage's modules (its sub-folders' too), in name order."""
    package = importlib.import_module(f"{PACKAGE}.{library}")
    return sorted(info.name for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
                  if not info.ispkg)
