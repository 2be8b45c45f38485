"""The real TensorFlow environments: one venv per supported version, cached outside the clone.

The API model (shapetracer/api/data) is generated inside these, and oracle tests run
programs under them, so they must be rebuilt the same way on every machine::

    python tests/oracle/envs.py install            # all of them (skips those already built)
    python tests/oracle/envs.py install tf1.15     # one
    python tests/oracle/envs.py path tf2.15        # its python executable

The cache is ``$SHAPETRACER_ENVS`` or ``~/.cache/shapetracer/envs``; an env is reused when
its marker file records exactly the pins below, so a CI re-run on the same machine is quick.
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


ENVS = {
    spec.name: spec
    for spec in (
        # TF 1.15.5 wants numpy >=1.16,<1.19 and protobuf 3.x; h5py 3 breaks keras 2.3 loading.
        EnvSpec("tf1.15", "3.7", ("tensorflow==1.15.5", "keras==2.3.1", "protobuf==3.20.3",
                                  "h5py<3", "numpy==1.18.5")),
        # tf.keras is Keras 2.15 here (the keras package is its dependency).
        EnvSpec("tf2.15", "3.11", ("tensorflow-cpu==2.15.1", "numpy<2")),
        # Keras 3 is tf.keras here (pinned: it releases often and the API data depends on it);
        # tf-keras serves TF_USE_LEGACY_KERAS=1 programs; sklearn and pandas feed the data-source corpus.
        EnvSpec("tf2.21", "3.11", ("tensorflow-cpu==2.21.0", "tf-keras==2.21.0", "keras==3.15.1",
                                  "scikit-learn==1.9.1", "pandas==3.1.1")),
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
    return {"name": spec.name, "python": spec.python, "pins": list(spec.pins)}


def env_python(name: str) -> Path | None:
    """The env's python when it is built with exactly the current pins, else None."""
    folder = env_dir(name)
    python = _venv_python(folder)
    try:
        recorded = json.loads((folder / MARKER).read_text())
    except (OSError, ValueError):
        return None
    wanted = _marker_data(ENVS[name])
    if {key: recorded.get(key) for key in wanted} != wanted or not python.exists():
        return None
    return python


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
    """Build the env unless it is already there; returns its python and the build seconds."""
    spec = ENVS[name]
    existing = env_python(name)
    if existing is not None:
        return existing, None
    started = time.monotonic()
    folder = env_dir(name)
    base = find_base_python(spec.python)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    python = _venv_python(folder)
    with open(folder / "install.log", "w") as log:
        _run([base, "-m", "venv", str(folder)], log)
        _run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
              "--no-input", *spec.pins], log)
        _run([str(python), "-c", "import tensorflow as tf; print(tf.__version__)"], log)
        environment_freeze = subprocess.run(
            [str(python), "-m", "pip", "freeze", "--disable-pip-version-check"],
            capture_output=True, text=True, check=True).stdout
    seconds = time.monotonic() - started
    marker = dict(_marker_data(spec), installed=environment_freeze.split(),
                  install_seconds=round(seconds, 1), base_python=base)
    (folder / MARKER).write_text(json.dumps(marker, indent=1) + "\n")
    return python, seconds


def main(argv: list[str]) -> int:
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
    print("usage: envs.py install [%s ...] | envs.py path NAME" % " | ".join(ENVS), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
