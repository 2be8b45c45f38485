"""The real TensorFlow environments: one venv per supported version, cached outside the clone.

The API model (shapetracer/api/data) is generated inside these, and oracle tests run
programs under them, so they must be rebuilt the same way on every machine::

    python tests/oracle/envs.py install            # all of them (skips those already built)
    python tests/oracle/envs.py install tf1.15     # one
    python tests/oracle/envs.py path tf2.15        # its python executable

The cache is ``$SHAPETRACER_ENVS`` or ``~/.cache/shapetracer/envs``; an env is reused when
its marker file records exactly the pins and extras below, so a CI re-run on the same machine
is quick.  The extras (the image loaders the posted corpus reads files with) sit on top of the
TensorFlow pins: when only they change, they are installed into the existing env instead of
rebuilding it.
Stdlib only: the test suite and CI import it before anything is installed.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MARKER = "shapetracer-env.json"


@dataclass(frozen=True)
class EnvSpec:
    name: str
    python: str  # "major.minor" of the interpreter the venv is made from
    pins: tuple[str, ...]
    # Installed after the pins, with the pins restated so pip keeps them (numpy above all).
    extras: tuple[str, ...] = ()


# OpenCV and PIL for corpus programs that read images (corpus/shape/posted); each pin has
# wheels for its env's Python and numpy (3.7 with numpy 1.18, 3.11 with numpy 1.x and 2.x).
LOADERS_PY37 = ("opencv-python-headless==4.5.5.64", "pillow==9.5.0")
LOADERS_NUMPY1 = ("opencv-python-headless==4.10.0.84", "pillow==11.3.0")
LOADERS_NUMPY2 = ("opencv-python-headless==4.12.0.88", "pillow==11.3.0")


ENVS = {
    spec.name: spec
    for spec in (
        # TF 1.15.5 wants numpy >=1.16,<1.19 and protobuf 3.x; h5py 3 breaks keras 2.3 loading.
        EnvSpec("tf1.15", "3.7", ("tensorflow==1.15.5", "keras==2.3.1", "protobuf==3.20.3",
                                  "h5py<3", "numpy==1.18.5"), LOADERS_PY37),
        # tf.keras is Keras 2.15 here (the keras package is its dependency).
        EnvSpec("tf2.15", "3.11", ("tensorflow-cpu==2.15.1", "numpy<2"), LOADERS_NUMPY1),
        # Keras 3 is tf.keras here (pinned: it releases often and the API data depends on it);
        # tf-keras serves TF_USE_LEGACY_KERAS=1 programs; sklearn and pandas feed the data-source corpus.
        EnvSpec("tf2.21", "3.11", ("tensorflow-cpu==2.21.0", "tf-keras==2.21.0", "keras==3.15.1",
                                  "scikit-learn==1.9.1", "pandas==3.1.1"), LOADERS_NUMPY2),
    )
}


def cache_root() -> Path:
    value = os.environ.get("SHAPETRACER_ENVS")
    return Path(value).expanduser() if value else Path.home() / ".cache" / "shapetracer" / "envs"


def env_dir(name: str) -> Path:
    return cache_root() / name


def _venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _marker_data(spec: EnvSpec) -> dict:
    return {"name": spec.name, "python": spec.python, "pins": list(spec.pins), "extras": list(spec.extras)}


def _recorded(name: str) -> dict | None:
    try:
        return json.loads((env_dir(name) / MARKER).read_text())
    except (OSError, ValueError):
        return None


def _matches(recorded: dict | None, wanted: dict, keys) -> bool:
    return recorded is not None and all(recorded.get(key, []) == wanted[key] for key in keys)


def env_python(name: str) -> Path | None:
    """The env's python when it is built with exactly the current pins and extras, else None."""
    python = _venv_python(env_dir(name))
    if not _matches(_recorded(name), _marker_data(ENVS[name]), ("name", "python", "pins", "extras")):
        return None
    return python if python.exists() else None


def _base_python(name: str) -> Path | None:
    """The env's python when its TensorFlow pins are current (its extras may not be)."""
    python = _venv_python(env_dir(name))
    if not _matches(_recorded(name), _marker_data(ENVS[name]), ("name", "python", "pins")):
        return None
    return python if python.exists() else None


def find_base_python(version: str) -> str:
    """An interpreter of ``version``: this one, one on PATH, or one under pyenv."""
    if "%d.%d" % sys.version_info[:2] == version:
        return sys.executable
    on_path = shutil.which("python" + version)
    if on_path and not on_path.endswith(os.sep + "shims" + os.sep + "python" + version):
        return on_path
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    pattern = os.path.join(root, "versions", version + ".*", "bin", "python" + version)
    found = sorted(glob.glob(pattern), key=_version_key)
    if found:
        return found[-1]
    if on_path:  # a pyenv shim: works only when that version is installed
        return on_path
    raise SystemExit(
        "no Python %s found (looked at PATH and %s/versions/%s.*); install it, e.g. "
        "`pyenv install %s`, and retry" % (version, root, version, version))


def _version_key(path: str) -> tuple:
    release = Path(path).parents[1].name
    return tuple(int(part) if part.isdigit() else 0 for part in release.split("."))


def _run(command: list[str], log) -> None:
    log.write("$ %s\n" % " ".join(command))
    log.flush()
    done = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise SystemExit("command failed (%d): %s; see %s"
                         % (done.returncode, " ".join(command), log.name))


def install(name: str) -> tuple[Path, float | None]:
    """Build the env unless it is already there (only adding the extras when the TensorFlow
    pins are already installed); returns its python and the seconds it took."""
    spec = ENVS[name]
    existing = env_python(name)
    if existing is not None:
        return existing, None
    started = time.monotonic()
    folder = env_dir(name)
    python = _base_python(name)
    reused = python is not None
    base = (_recorded(name) or {}).get("base_python", "") if python else find_base_python(spec.python)
    with open(folder / "install.log", "a") if python else _fresh_folder(folder) as log:
        if python is None:
            python = _venv_python(folder)
            _run([base, "-m", "venv", str(folder)], log)
            _run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                  "--no-input", *spec.pins], log)
            _run([str(python), "-c", "import tensorflow as tf; print(tf.__version__)"], log)
        if spec.extras:
            _run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                  "--no-input", *spec.pins, *spec.extras], log)
        environment_freeze = subprocess.run(
            [str(python), "-m", "pip", "freeze", "--disable-pip-version-check"],
            capture_output=True, text=True, check=True).stdout
    seconds = time.monotonic() - started
    previous = _recorded(name) or {}
    build_seconds = previous.get("install_seconds") if reused else round(seconds, 1)
    marker = dict(_marker_data(spec), installed=environment_freeze.split(),
                  install_seconds=build_seconds, extras_seconds=round(seconds, 1) if reused else None,
                  base_python=base)
    (folder / MARKER).write_text(json.dumps(marker, indent=1) + "\n")
    return python, seconds


def _fresh_folder(folder: Path):
    """An empty env folder, and its install log opened for writing."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return open(folder / "install.log", "w")


def main(argv: list[str]) -> int:
    usage = "usage: envs.py install [%s ...] | envs.py path NAME" % " | ".join(ENVS)
    if argv and argv[0] in ("-h", "--help"):
        print(usage + "\n\n" + __doc__.split("\n", 1)[0])
        return 0
    if len(argv) >= 1 and argv[0] == "install":
        names = argv[1:] or list(ENVS)
        for name in names:
            if name not in ENVS:
                raise SystemExit("unknown env %r; known: %s" % (name, ", ".join(ENVS)))
        for name in names:
            python, seconds = install(name)
            state = "reused" if seconds is None else "built in %.0f s" % seconds
            print("%s: %s (%s)" % (name, python, state))
        return 0
    if len(argv) == 2 and argv[0] == "path" and argv[1] in ENVS:
        python = env_python(argv[1])
        if python is None:
            print("%s is not installed; run: python %s install %s" % (argv[1], __file__, argv[1]),
                  file=sys.stderr)
            return 1
        print(python)
        return 0
    print(usage, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
