"""Which calls read, write, fetch or unpack which files: the model the file check reads.

``np.loadtxt("data/train.csv")`` needs the file to be there when the line runs;
``np.save("cache/x", a)`` makes ``cache/x.npy``; ``zipfile.ZipFile(p).extractall("data")``
and ``os.system("wget ...")`` make files nobody can name.  ``accesses`` answers, for a
call the interpreter is about to make (its canonical name, or a method's name, and its
argument values), what it does to which path.  The interpreter records the answers in
program order (frontend/files.py) and the file check (projectchecks/files.py) judges
them against the files of the job.

A path is known only when its value is a constant (a literal, or built from literals and
``__file__``: ``constraints/python/paths.py``), not one built from a command-line default
(``core/paths.py``'s ``CommandLineDefault``).  A URL is not a file of the job.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from shapetracer.constraints.core.paths import CommandLineDefault, text_of
from shapetracer.domain.values import NONE, Const, MaybeNone, Value

# What a call does to a path.
READ = "read"  # the file must be there
READ_FOLDER = "read-folder"  # the folder must be there
READ_CHECKPOINT = "read-checkpoint"  # a TensorFlow checkpoint prefix: prefix.index (or the prefix itself)
READ_LATEST = "read-latest"  # tf.train.latest_checkpoint(folder): folder/checkpoint, else None is restored
WRITE = "write"  # the file is there afterwards
WRITE_CHECKPOINT = "write-checkpoint"  # files named prefix* are there afterwards
MAKE_FOLDER = "make-folder"  # the folder is there afterwards
UNPACK = "unpack"  # anything may be under the folder afterwards (an archive, a clone, a download)
CHANGE_FOLDER = "change-folder"  # os.chdir: relative paths mean other files afterwards
SHELL = "shell"  # a shell command: anything may be anywhere afterwards
PROBE = "probe"  # os.path.exists(path): the program knows the path may be missing

WRITES = frozenset({WRITE, WRITE_CHECKPOINT, MAKE_FOLDER, UNPACK})


@dataclass(frozen=True)
class Access:
    kind: str
    path: str | None  # None: a path the program computes from what the analysis does not know
    api: str  # the call as a message names it: np.load, open, Model.load_weights


# --- the tables ---------------------------------------------------------------------------------
# name -> (kind, position of the path argument, its keyword)
_FUNCTIONS: dict[str, tuple[str, int, str]] = {}


def _add(kind: str, position: int, keyword: str, *names: str) -> None:
    for name in names:
        _FUNCTIONS[name] = (kind, position, keyword)


_add(READ, 0, "file", "np.load", "np.loadtxt", "np.genfromtxt", "np.fromfile", "np.memmap")
_add(READ, 0, "filepath_or_buffer", "pd.read_csv", "pd.read_table", "pd.read_fwf")
_add(READ, 0, "io", "pd.read_excel")
_add(READ, 0, "path_or_buf", "pd.read_json", "pd.read_hdf", "pd.read_stata")
_add(READ, 0, "filepath_or_buffer", "pd.read_pickle", "pd.read_sas")
_add(READ, 0, "path", "pd.read_parquet", "pd.read_feather", "pd.read_orc")
_add(READ, 0, "filename", "cv2.imread", "cv2.imreadmulti")
_add(READ, 0, "fp", "PIL.Image.open")
_add(READ, 0, "filename", "tf.io.read_file", "tf.read_file")
_add(READ, 0, "path", "keras.preprocessing.image.load_img", "keras.utils.load_img", "keras.utils.image_utils.load_img")
_add(READ, 0, "filenames", "tf.data.TextLineDataset", "tf.data.TFRecordDataset", "tf.data.FixedLengthRecordDataset")
_add(READ, 0, "name", "h5py.File")
_add(READ, 0, "file_name", "scipy.io.loadmat")
_add(READ, 0, "filename", "scipy.io.wavfile.read", "joblib.load", "imageio.imread", "imageio.v2.imread",
     "imageio.v3.imread", "skimage.io.imread", "matplotlib.pyplot.imread", "matplotlib.image.imread")
_add(READ, 0, "path", "librosa.load", "soundfile.read")
_add(READ, 0, "f", "torch.load")
_add(READ_FOLDER, 0, "path", "os.listdir", "os.scandir", "tf.io.gfile.listdir", "tf.gfile.ListDirectory")
_add(READ_FOLDER, 0, "directory", "keras.utils.image_dataset_from_directory",
     "keras.preprocessing.image_dataset_from_directory", "keras.utils.text_dataset_from_directory",
     "keras.preprocessing.text_dataset_from_directory", "keras.utils.audio_dataset_from_directory")
_add(READ_FOLDER, 0, "container_path", "sklearn.datasets.load_files")
_add(READ_FOLDER, 0, "export_dir", "tf.saved_model.load")
_add(WRITE, 0, "fname", "np.savetxt", "matplotlib.pyplot.savefig")
_add(WRITE, 0, "filename", "cv2.imwrite", "tf.io.write_file", "tf.write_file")
_add(WRITE, 1, "filename", "joblib.dump", "urllib.request.urlretrieve", "urllib.urlretrieve", "torch.save")
_add(WRITE, 1, "file_name", "scipy.io.savemat")
_add(WRITE, 1, "output", "gdown.download")
_add(WRITE, 0, "uri", "imageio.get_writer", "imageio.mimsave", "imageio.mimwrite", "imageio.imwrite",
     "imageio.v2.imwrite", "imageio.v2.mimsave", "imageio.v3.imwrite", "skimage.io.imsave", "matplotlib.pyplot.imsave")
_add(WRITE, 0, "filepath", "keras.callbacks.ModelCheckpoint")
_add(WRITE, 0, "filename", "keras.callbacks.CSVLogger")
_add(MAKE_FOLDER, 0, "name", "os.makedirs", "os.mkdir", "tf.io.gfile.makedirs", "tf.io.gfile.mkdir",
     "tf.gfile.MakeDirs", "tf.gfile.MkDir")
_add(MAKE_FOLDER, 0, "logdir", "tf.summary.FileWriter", "tf.summary.create_file_writer",
     "tf.compat.v1.summary.FileWriter")
_add(MAKE_FOLDER, 0, "log_dir", "keras.callbacks.TensorBoard")
_add(UNPACK, 1, "to_path", "git.Repo.clone_from")
_add(CHANGE_FOLDER, 0, "path", "os.chdir")
_add(PROBE, 0, "path", "os.path.exists", "os.path.isfile", "os.path.isdir", "os.path.lexists", "os.access",
     "os.stat", "os.path.getsize")
_add(PROBE, 0, "path", "tf.io.gfile.exists", "tf.gfile.Exists", "tf.io.gfile.isdir", "tf.gfile.IsDirectory",
     "tf.train.checkpoint_exists", "tf.compat.v1.train.checkpoint_exists")
_add(SHELL, 0, "command", "os.system", "os.popen", "subprocess.run", "subprocess.call", "subprocess.check_call",
     "subprocess.check_output", "subprocess.Popen", "commands.getoutput", "os.execv", "os.spawnv")

# Methods, by name, whatever their receiver (a library object the analysis may not model):
# only names no one uses for anything else.  name -> (kind, position, keyword)
_METHODS: dict[str, tuple[str, int, str]] = {
    "to_csv": (WRITE, 0, "path_or_buf"), "to_pickle": (WRITE, 0, "path"), "to_json": (WRITE, 0, "path_or_buf"),
    "to_excel": (WRITE, 0, "excel_writer"), "to_parquet": (WRITE, 0, "path"), "to_hdf": (WRITE, 0, "path_or_buf"),
    "to_feather": (WRITE, 0, "path"), "savefig": (WRITE, 0, "fname"), "write_text": (WRITE, -1, ""),
    "write_bytes": (WRITE, -1, ""), "flow_from_directory": (READ_FOLDER, 0, "directory"),
    "read_text": (READ, -1, ""), "read_bytes": (READ, -1, ""), "iterdir": (READ_FOLDER, -1, ""),
    "mkdir": (MAKE_FOLDER, -1, ""), "extractall": (UNPACK, 0, "path"),
    "exists": (PROBE, -1, ""), "is_file": (PROBE, -1, ""), "is_dir": (PROBE, -1, ""),
    # a notebook exported as a script: get_ipython().system("wget ..."), .run_cell_magic(...)
    "system": (SHELL, 0, "cmd"), "run_cell_magic": (SHELL, 0, "magic_name"), "run_line_magic": (SHELL, 0, "magic_name"),
}
_UNPACK_DEFAULT = {"extractall": "."}  # where an archive unpacks when no folder is named


def _argument(args: list[Value], kwargs: dict[str, Value], position: int, keyword: str) -> Value | None:
    if keyword and keyword in kwargs:
        return kwargs[keyword]
    if 0 <= position < len(args):
        return args[position]
    return None


def _path(value: Value | None) -> str | None:
    """A local path the value names; None for an unknown value or a URL."""
    if value is None:
        return None
    text = text_of(value)
    if text is None or isinstance(value, CommandLineDefault) or "://" in text or not text.strip():
        return None  # unknown, a command-line default (the job may have given another), a URL
    return text


def _folder(value: Value | None) -> str | None:
    """``tf.train.latest_checkpoint(folder)``'s folder, when that is what ``value`` is."""
    if isinstance(value, MaybeNone) and value.type_name == "latest_checkpoint":
        return _path(value.attrs.get("folder"))
    return None


# --- the answers --------------------------------------------------------------------------------

def accesses(name: str, args: list[Value], kwargs: dict[str, Value], method: bool = False,
             receiver: Value | None = None) -> list[Access]:
    """What the call does to files: ``name`` is the canonical name of a library function, or
    with ``method`` the bare name of a method called on ``receiver`` (None: a receiver the
    analysis does not know)."""
    if method and receiver is not None and name == "open" and _path(receiver) is not None:
        return _open("Path.open", [receiver, *args], kwargs)  # pathlib's open(mode)
    if method and name in _METHODS and _METHODS[name][1] < 0:
        args = [receiver] if receiver is not None else []  # pathlib's methods: the path is the receiver
    special = _SPECIAL_METHODS.get(name) if method else _SPECIAL.get(name)
    if special is not None:
        return special(name, args, kwargs)
    entry = (_METHODS if method else _FUNCTIONS).get(name)
    if entry is None:
        return _download(name, kwargs)
    kind, position, keyword = entry
    if position < 0:
        return [Access(kind, _path(args[0]) if args else None, f"Path.{name}")]
    value = _argument(args, kwargs, position, keyword)
    if kind == SHELL:
        return [Access(SHELL, None, _shown(name, method))]
    path = _path(value)
    if kind == UNPACK and path is None and value is None and name in _UNPACK_DEFAULT:
        path = _UNPACK_DEFAULT[name]
    if kind in (READ, READ_FOLDER) and path is None and value is not None and _is_list(value):
        return [Access(kind, _path(item), _shown(name, method)) for item in value.items]  # type: ignore[attr-defined]
    if kind == UNPACK and path is None:
        return [Access(SHELL, None, _shown(name, method))]  # unpacked where we cannot tell: anywhere
    return [Access(kind, path, _shown(name, method))]


def _is_list(value: Value) -> bool:
    return hasattr(value, "items") and getattr(value, "kind", None) in ("list", "tuple") \
        and isinstance(getattr(value, "items"), list)


def _shown(name: str, method: bool) -> str:
    return f".{name}" if method else name.removeprefix("builtins.")


# Keywords by which a library call is told where to keep what it fetches or makes
# (``tfds.load(..., data_dir="data")``, ``Dataset(root="data", download=True)``).
_OUTPUT_FOLDERS = ("data_dir", "cache_dir", "download_dir", "save_dir", "output_dir", "root", "model_dir",
                   "logdir", "log_dir", "export_dir", "directory")


def _download(name: str, kwargs: dict[str, Value]) -> list[Access]:
    """A call that downloads into a folder of its own choosing (``download=True``, a
    ``*download*`` function) may make any file; one told a folder to keep things in may
    fill it (writes are only ever taken as possible: counting too many hides, never invents)."""
    flag = kwargs.get("download")
    if isinstance(flag, Const) and flag.value is True or "download" in name.rsplit(".", 1)[-1].lower():
        return [Access(SHELL, None, name)]
    return [Access(UNPACK, _path(kwargs[k]), name) for k in _OUTPUT_FOLDERS
            if k in kwargs and _path(kwargs[k]) is not None]


def _open(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """``open(path, mode)``: a read unless the mode writes (``w``, ``a``, ``x``; ``r+`` reads)."""
    path = _path(_argument(args, kwargs, 0, "file" if name.endswith("open") else "name"))
    mode = _argument(args, kwargs, 1, "mode")
    text = mode.value if isinstance(mode, Const) and isinstance(mode.value, str) else "r" if mode is None else None
    if text is None:
        return [Access(WRITE, path, _shown(name, False))]  # a mode we cannot read may write
    if name.startswith(("gzip.", "bz2.", "lzma.")) and mode is None:
        text = "rb"
    kind = WRITE if any(c in text for c in "wax") else READ
    return [Access(kind, path, _shown(name, False))]


def _np_save(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """numpy adds its suffix to a name without one."""
    path = _path(_argument(args, kwargs, 0, "file"))
    suffix = ".npy" if name == "np.save" else ".npz"
    if path is not None and not path.endswith(suffix):
        path += suffix
    return [Access(WRITE, path, name)]


def _copy(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """A copy reads its source; a move or rename is left unjudged (what a program renames
    it has mostly made itself, often through a writer not modelled)."""
    source = _path(_argument(args, kwargs, 0, "src"))
    target = _path(_argument(args, kwargs, 1, "dst"))
    folder = name.endswith("copytree")
    made = Access(UNPACK if folder else WRITE, target, name)
    if name in ("shutil.move", "os.rename", "os.replace"):
        return [made]
    return [Access(READ_FOLDER if folder else READ, source, name), made]


def _unpack_archive(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    archive = _path(_argument(args, kwargs, 0, "filename"))
    folder = _argument(args, kwargs, 1, "extract_dir")
    return [Access(READ, archive, name), Access(UNPACK, _path(folder) if folder is not None else ".", name)]


def _get_file(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """``keras.utils.get_file(fname, origin, ..., cache_dir=None, cache_subdir="datasets")``
    downloads under ``~/.keras`` unless told another folder; what it unpacks is anywhere
    under that folder."""
    cache_dir = _argument(args, kwargs, 6, "cache_dir")
    if cache_dir is None or cache_dir is NONE:
        return []  # the home folder: no file of the job
    folder = _path(cache_dir)
    subdir = _argument(args, kwargs, 5, "cache_subdir")
    sub = "datasets" if subdir is None else _path(subdir)
    if folder is None or sub is None:
        return [Access(SHELL, None, name)]
    return [Access(UNPACK, posixpath.join(folder, sub), name)]


def _zip_or_tar(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """Opening an archive reads it, unless its mode writes one."""
    path = _path(_argument(args, kwargs, 0, "file" if name.startswith("zipfile") else "name"))
    mode = _argument(args, kwargs, 1, "mode")
    text = mode.value if isinstance(mode, Const) and isinstance(mode.value, str) else "r" if mode is None else "w"
    return [Access(WRITE if text[:1] in "wax" else READ, path, name)]


def _h5py_file(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    path = _path(_argument(args, kwargs, 0, "name"))
    mode = _argument(args, kwargs, 1, "mode")
    text = mode.value if isinstance(mode, Const) and isinstance(mode.value, str) else "r" if mode is None else "a"
    return [Access(READ if text in ("r", "r+") else WRITE, path, name)]


def _weights_kind(path: str | None, whole_file: bool) -> tuple[str, str]:
    """Keras reads and writes an HDF5 or .keras file by its suffix, else a TensorFlow
    checkpoint (``prefix.index`` and its shards) or a SavedModel folder."""
    if path is not None and path.endswith((".h5", ".hdf5", ".keras", ".weights.h5")):
        return READ, WRITE
    return (READ_FOLDER, UNPACK) if whole_file else (READ_CHECKPOINT, WRITE_CHECKPOINT)


def _keras_load(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    value = _argument(args, kwargs, 0, "filepath")
    path = _path(value)
    read, _ = _weights_kind(path, whole_file=not name.endswith("load_weights"))
    return [Access(read, path, _shown(name, name == "load_weights"))]


def _keras_save(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    path = _path(_argument(args, kwargs, 0, "filepath"))
    _, write = _weights_kind(path, whole_file=name == "save")
    return [Access(write, path, f".{name}")]


def _restore(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """``Saver.restore(sess, path)`` and ``Checkpoint.restore(path)``: the checkpoint prefix,
    or the answer of ``tf.train.latest_checkpoint(folder)``.  Only the Saver fails on a None
    path ("Can't load save_path when it is None"); ``tf.train.Checkpoint.restore(None)``
    initialises from scratch."""
    saver = len(args) >= 2 or len(args) == 1 and "save_path" in kwargs
    value = _argument(args, kwargs, 1, "save_path") if saver else _argument(args, kwargs, 0, "save_path")
    folder = _folder(value)
    if folder is not None:
        return [Access(READ_LATEST, folder, ".restore")] if saver else []
    return [Access(READ_CHECKPOINT, _path(value), ".restore")]


def _checkpoint_save(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """``Saver.save(sess, prefix)`` and ``Checkpoint.save(prefix)`` write ``prefix*``
    (with ``-step`` when numbered)."""
    value = _argument(args, kwargs, 1, "save_path") if len(args) >= 2 or "save_path" in kwargs \
        else _argument(args, kwargs, 0, "file_prefix")
    return [Access(WRITE_CHECKPOINT, _path(value), ".save")]


def _save(name: str, args: list[Value], kwargs: dict[str, Value]) -> list[Access]:
    """``.save(...)`` of whatever: a Keras model, a checkpoint, an image, a frame.  Writes are
    only ever taken as possible, so counting too many hides nothing that is read."""
    accesses = _checkpoint_save(name, args, kwargs) if len(args) >= 2 else []
    path = _path(_argument(args, kwargs, 0, "filepath"))
    return accesses + [Access(WRITE_CHECKPOINT, path, ".save")]


_SPECIAL = {"builtins.open": _open, "io.open": _open, "codecs.open": _open, "gzip.open": _open, "bz2.open": _open,
            "lzma.open": _open, "np.save": _np_save, "np.savez": _np_save, "np.savez_compressed": _np_save,
            "shutil.copy": _copy, "shutil.copyfile": _copy, "shutil.copy2": _copy, "shutil.copytree": _copy,
            "shutil.move": _copy, "os.rename": _copy, "os.replace": _copy, "shutil.unpack_archive": _unpack_archive,
            "keras.utils.get_file": _get_file, "zipfile.ZipFile": _zip_or_tar, "tarfile.open": _zip_or_tar,
            "h5py.File": _h5py_file, "keras.models.load_model": _keras_load, "keras.saving.load_model": _keras_load,
            "tf.saved_model.load": _keras_load, "tf.io.gfile.GFile": _open, "tf.gfile.GFile": _open,
            "tf.gfile.Open": _open}
_SPECIAL_METHODS = {"load_weights": _keras_load, "save_weights": _keras_save, "restore": _restore, "save": _save}
