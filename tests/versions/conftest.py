"""A project folder with a .git (the walk stops there) and no installed tensorflow."""

from __future__ import annotations

import importlib

import pytest

from shapetracer import versions

resolve_module = importlib.import_module("shapetracer.versions.resolve")  # the package exports resolve()


@pytest.fixture(autouse=True)
def clean(monkeypatch):
    """Each test starts from an empty cache, no TF_USE_LEGACY_KERAS and nothing installed."""
    versions.clear_cache()
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    monkeypatch.setattr(resolve_module, "_installed", lambda: None)
    yield
    versions.clear_cache()


@pytest.fixture()
def project(tmp_path):
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / "src" / "model").mkdir(parents=True)
    return root


def write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder / name
