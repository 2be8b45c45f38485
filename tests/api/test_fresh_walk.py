"""The shipped API data still matches a fresh walk of the real environments.

Opt-in like the other oracle tests (``python -m pytest -m oracle tests/api``); an env that
is not built is skipped (build it with ``python tests/oracle/envs.py install``).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shapetracer.api import model

REPO = Path(__file__).resolve().parents[2]
# A few modules per env: TF ops, the Keras namespaces each release ships.
SAMPLES = {
    "tf1.15": ("tf.nn", "tf.contrib.layers", "tf.compat.v1.train", "keras.layers"),
    "tf2.15": ("tf.nn", "tf.keras.layers", "tf.compat.v1", "keras.models"),
    "tf2.21": ("tf.math", "tf.keras.layers", "keras.ops", "tf_keras.layers"),
}
PER_MODULE = 40

pytestmark = pytest.mark.oracle


def _envs():
    spec = importlib.util.spec_from_file_location("oracle_envs", REPO / "tests/oracle/envs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("oracle_envs", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _fresh_walk(python: Path, modules: tuple[str, ...], out: Path) -> model.ApiModel:
    env = dict(os.environ, PYTHONPATH=str(REPO), TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run([str(python), "-m", "shapetracer.api.generate", str(out),
                           "--only", ",".join(modules)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return model.load_file(out)


def _describe(api: model.ApiModel, name: str) -> tuple:
    members = api.members(name) if api.kind(name) == "class" else None
    return api.kind(name), str(api.signature(name)), members


@pytest.mark.parametrize("env_name", sorted(SAMPLES))
def test_fresh_walk_matches_shipped(env_name: str, tmp_path: Path) -> None:
    python = _envs().env_python(env_name)
    if python is None:
        pytest.skip("%s env not built: run python tests/oracle/envs.py install %s"
                    % (env_name, env_name))
    modules = SAMPLES[env_name]
    fresh = _fresh_walk(python, modules, tmp_path / "fresh.json.gz")
    shipped = model.load(env_name)
    for package in ("tensorflow", "keras", "tf_keras"):
        assert fresh.versions.get(package) == shipped.versions.get(package), package
    for module in modules:
        names = fresh.members(module)
        assert names == shipped.members(module), module
        step = max(1, len(names) // PER_MODULE)
        for leaf in names[::step]:
            full = module + "." + leaf
            assert _describe(fresh, full) == _describe(shipped, full), full
