"""Which modules an environment holds: the standard library of the Python TensorFlow runs on,
TensorFlow's own dependencies, and what each declared distribution installs.

The facts come from the real environments (``data/packages.json``, written by
``generate_packages``): the modules each installed distribution puts on ``sys.path``, what
each requires, and the standard library of each TensorFlow's Python.  A distribution none
of them installed is known by the table below when its module is named otherwise
(``opencv-python`` gives ``cv2``), else by its name (``tensorflow-hub`` gives
``tensorflow_hub``); its own requirements are then unknown.

Every answer leans the same way: when unsure, a module counts as provided, so that a
missing package is only reported where no reading of the files could install it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

_DATA = Path(__file__).resolve().parent / "data" / "packages.json"

# Distributions whose module is not their name, beyond those the environments hold (PyPI
# names, and conda's where they differ).  The modules are the ones ``import`` names.
MODULES: dict[str, tuple[str, ...]] = {
    "opencv-python": ("cv2",), "opencv-python-headless": ("cv2",), "opencv-contrib-python": ("cv2",),
    "opencv-contrib-python-headless": ("cv2",), "opencv": ("cv2",), "py-opencv": ("cv2",),
    "libopencv": ("cv2",),
    "pillow": ("PIL",), "pil": ("PIL",), "pillow-simd": ("PIL",),
    "scikit-learn": ("sklearn",), "sklearn": ("sklearn",), "scikit-image": ("skimage",),
    "scikit-video": ("skvideo",), "scikit-optimize": ("skopt",), "scikit-multilearn": ("skmultilearn",),
    "imbalanced-learn": ("imblearn",), "umap-learn": ("umap",),
    "pyyaml": ("yaml",), "ruamel-yaml": ("ruamel.yaml", "ruamel"),
    "beautifulsoup4": ("bs4",), "beautifulsoup": ("BeautifulSoup",),
    "python-dateutil": ("dateutil",), "pyjwt": ("jwt",), "python-dotenv": ("dotenv",),
    "pycryptodome": ("Crypto",), "pycryptodomex": ("Cryptodome",), "pymupdf": ("fitz", "pymupdf"),
    "python-magic": ("magic",), "pyserial": ("serial",), "gitpython": ("git",), "pyzmq": ("zmq",),
    "dnspython": ("dns",), "pyopengl": ("OpenGL",), "wxpython": ("wx",), "pywavelets": ("pywt",),
    "python-levenshtein": ("Levenshtein",), "msgpack-python": ("msgpack",), "pot": ("ot",),
    "gdal": ("osgeo",), "protobuf": ("google.protobuf",), "grpcio": ("grpc",), "absl-py": ("absl",),
    "google-pasta": ("pasta",), "google-api-python-client": ("googleapiclient", "apiclient"),
    "google-cloud-storage": ("google.cloud.storage",), "google-cloud-bigquery": ("google.cloud.bigquery",),
    "attrs": ("attr", "attrs"), "setuptools": ("setuptools", "pkg_resources", "_distutils_hack"),
    "matplotlib": ("matplotlib", "mpl_toolkits", "pylab"), "cython": ("Cython", "cython", "pyximport"),
    "future": ("future", "past", "libfuturize", "libpasteurize", "builtins"),
    "ipython": ("IPython",), "jupyter": ("IPython", "ipykernel", "ipywidgets", "notebook", "jupyter_core"),
    "pytorch": ("torch",), "torch": ("torch",), "pytorch-lightning": ("pytorch_lightning", "lightning"),
    "faiss-cpu": ("faiss",), "faiss-gpu": ("faiss",), "dm-tree": ("tree",), "dm-sonnet": ("sonnet",),
    "dm-haiku": ("haiku",), "keras-tuner": ("keras_tuner", "kerastuner"), "keras-vis": ("vis",),
    "keras-rl": ("rl",), "keras-rl2": ("rl",), "keras-tcn": ("tcn",),
    "tf-models-official": ("official", "orbit"), "tf-models-nightly": ("official", "orbit"),
    "tensorflow-object-detection-api": ("object_detection",), "tf-slim": ("tf_slim",),
    "nvidia-ml-py": ("pynvml",), "nvidia-ml-py3": ("pynvml",), "pysoundfile": ("soundfile",),
    "box2d-py": ("Box2D",), "python-xlib": ("Xlib",), "pydicom": ("pydicom", "dicom"),
    "mysql-connector-python": ("mysql.connector", "mysql"), "psycopg2-binary": ("psycopg2",),
    "websocket-client": ("websocket",), "opencv-transforms": ("opencv_transforms",),
}
for _name in ("tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly", "tf-nightly-cpu", "tf-nightly-gpu",
              "tensorflow-macos", "tensorflow-intel", "tensorflow-aarch64", "intel-tensorflow",
              "tensorflow-rocm", "tensorflow-directml"):
    MODULES[_name] = ("tensorflow",)
del _name

# Modules every environment that runs a project has, whatever it declares: pip and its
# setuptools, and what a notebook's kernel is.
ALWAYS = frozenset({"pip", "setuptools", "pkg_resources", "_distutils_hack", "wheel"})
NOTEBOOK = frozenset({"IPython", "ipykernel", "ipywidgets"})
# Modules the platforms a job runs on provide, which no requirements file installs.
PLATFORM = frozenset({"google.colab", "kaggle_secrets", "kaggle_datasets", "kaggle_web_client", "js"})

# The Python each TensorFlow line runs on, when the data names none for a version.
_NEAREST = (((1, 0), "1.15"), ((2, 0), "2.15"), ((2, 16), "2.21"))


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_DATA.read_text(encoding="utf-8"))


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def data_version(tf: tuple[int, int]) -> str:
    """The supported TensorFlow whose environment stands for ``tf`` (1.x: 1.15; 2.0-2.15:
    2.15; 2.16 on: 2.21)."""
    chosen = _NEAREST[0][1]
    for start, version in _NEAREST:
        if tf >= start:
            chosen = version
    return chosen


# Standard-library modules newer than the oldest Python a TensorFlow line runs on.
_ADDED = {"graphlib": (3, 9), "zoneinfo": (3, 9), "_zoneinfo": (3, 9), "tomllib": (3, 11)}


def stdlib(versions: tuple[str, ...] = ()) -> frozenset[str]:
    """The top-level standard-library modules of the Pythons the TensorFlow versions in
    ``versions`` run on (any of them: all when empty).  The environments give one Python
    each, listed on Linux; the lists are joined, so a module of another platform
    (``winreg``) or one a later Python removed (``imp``) counts, and only the few modules
    newer than every Python in question are taken out (``tomllib`` under 1.15's 3.7)."""
    table = _data()["tensorflow"]
    every = frozenset(name for entry in table.values() for name in entry["stdlib"])
    chosen = versions or tuple(table)
    newest = max(tuple(int(p) for p in table[v]["python"].split(".")) for v in chosen)
    return every - {name for name, added in _ADDED.items() if newest < added}


def tensorflow_requires(version: str) -> frozenset[str]:
    """The distributions TensorFlow ``version`` (a supported one) installs with it."""
    entry = _data()["tensorflow"][version]
    return frozenset([entry["distribution"], *entry["requires"]])


def requires(distribution: str) -> frozenset[str] | None:
    """The distributions ``distribution`` requires, as some environment installed it; None
    when no environment held it."""
    entry = _data()["distributions"].get(normalise(distribution))
    return frozenset(entry["requires"]) if entry is not None else None


def is_tensorflow(distribution: str) -> bool:
    return MODULES.get(normalise(distribution)) == ("tensorflow",)


def closure(distributions: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Every distribution installing ``distributions`` brings, and those of them whose own
    requirements are unknown.  TensorFlow's own requirements differ by version, so they are
    not followed here (``tensorflow_requires`` gives them for one version)."""
    seen: set[str] = set()
    unknown: set[str] = set()
    queue = [normalise(d) for d in distributions]
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        if is_tensorflow(name):
            continue
        required = requires(name)
        if required is None:
            unknown.add(name)
        else:
            queue.extend(required)
    return frozenset(seen), frozenset(unknown)


@lru_cache(maxsize=1)
def commonly_required() -> frozenset[str]:
    """The distributions that two or more others in the environments require (besides
    TensorFlow itself): ``requests``, ``six``, ``pyyaml``, ``scipy``.  A distribution whose
    own requirements are unknown may well bring one of them."""
    counts: dict[str, int] = {}
    for name, entry in _data()["distributions"].items():
        if is_tensorflow(name):
            continue
        for required in entry["requires"]:
            counts[required] = counts.get(required, 0) + 1
    return frozenset(name for name, count in counts.items() if count >= 2)


def modules_of(distribution: str) -> tuple[frozenset[str], bool]:
    """The modules a distribution installs, and whether that is known (an environment held
    it, or the table names it) rather than guessed from its name."""
    name = normalise(distribution)
    known: set[str] = set(MODULES.get(name, ()))
    entry = _data()["distributions"].get(name)
    if entry is not None:
        known.update(entry["modules"])
    if known:
        return frozenset(known), True
    return frozenset({name.replace("-", "_")}), False


def provides(distribution: str, module: str) -> bool:
    """Whether installing ``distribution`` makes ``import module`` (dotted) work.

    Known modules answer exactly, namespaces included (``google.protobuf`` provides
    ``google`` and ``google.protobuf.text_format``, not ``google.colab``).  For a
    distribution no environment held, a name that one contains in the other counts
    (``pyyaml`` and ``yaml``, ``python-dateutil`` and ``dateutil``, ``faiss-cpu`` and
    ``faiss``): a guess that only ever hides a finding."""
    modules, known = modules_of(distribution)
    if any(_covers(m, module) for m in modules):
        return True
    if known:
        return False
    squashed = re.sub(r"[-_.]", "", normalise(distribution))
    top = re.sub(r"_", "", module.split(".", 1)[0].lower())
    return len(top) >= 2 and (top in squashed or (len(squashed) >= 3 and squashed in top))


def _covers(installed: str, module: str) -> bool:
    """``installed`` (a module a distribution puts on the path) makes ``module`` importable:
    the same, a submodule of it, or a namespace package above it."""
    return module == installed or module.startswith(installed + ".") or installed.startswith(module + ".")


def distribution_for(module: str) -> str | None:
    """The distribution that installs ``module`` when its name does not say so (``cv2``:
    opencv-python), for the message's hint; None when the name says it."""
    top = module.split(".", 1)[0]
    for name, modules in MODULES.items():
        if top in modules and name.replace("-", "_") != top and not name.startswith(("tensorflow-", "tf-", "py-")):
            return name
    return None
