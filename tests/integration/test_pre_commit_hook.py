"""The real pre-commit tool runs our hook (try-repo) and blocks a commit with a shape bug."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUG = "import numpy as np\nx = np.zeros((2, 3)) + np.zeros((4,))\n"
FIXED = "import numpy as np\nx = np.zeros((2, 3)) + np.zeros((3,))\n"


def _notebook(source: str) -> str:
    """A two-cell notebook: a markdown cell, then ``source`` after a magic line."""
    cells = [{"cell_type": "markdown", "metadata": {}, "source": ["# Training"]},
             {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": ["%matplotlib inline\n", source]}]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def _pre_commit() -> list[str]:
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        pytest.skip("pre-commit is not installed (pip install '.[test]')")
    return [sys.executable, "-m", "pre_commit"]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def test_hook_fails_on_a_shape_bug_then_passes_when_fixed(tmp_path):
    command = _pre_commit()
    # try-repo needs a git repository to clone; copy the hook repo so the test sees this tree.
    hook_repo = tmp_path / "hook-repo"
    shutil.copytree(ROOT, hook_repo, ignore=shutil.ignore_patterns(".git", "*.egg-info", "__pycache__", "corpus",
                                                                     ".pytest_cache", "build"))
    _git(hook_repo, "init", "-q")
    _git(hook_repo, "add", "-A")
    _git(hook_repo, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "hook")
    project = tmp_path / "project"
    project.mkdir()
    _git(project, "init", "-q")
    (project / "train.py").write_text(BUG)
    (project / "train.ipynb").write_text(_notebook(BUG))
    _git(project, "add", "train.py", "train.ipynb")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    files = ["--files", "train.py", "train.ipynb"]
    failing = subprocess.run([*command, "try-repo", str(hook_repo), "shapetracer", *files],
                             cwd=project, env=env, capture_output=True, text=True, timeout=900)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "train.py:2:5: ST103" in failing.stdout
    assert "train.ipynb:cell 2:3:5: ST103" in failing.stdout  # the notebook's cell and line
    (project / "train.py").write_text(FIXED)
    (project / "train.ipynb").write_text(_notebook(FIXED))
    _git(project, "add", "train.py", "train.ipynb")
    passing = subprocess.run([*command, "try-repo", str(hook_repo), "shapetracer", *files],
                             cwd=project, env=env, capture_output=True, text=True, timeout=900)
    assert passing.returncode == 0, passing.stdout + passing.stderr
