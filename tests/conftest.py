"""Test-suite wide configuration.

The ``oracle`` marker labels tests that run corpus programs under real
TensorFlow (tests/oracle).  They are slow and need tensorflow-cpu, so they are
skipped unless asked for: ``python -m pytest -m oracle tests/oracle`` or the
environment variable ``SHAPETRACER_ORACLE=1``.
"""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "oracle: runs corpus programs under real TensorFlow; opt in with -m oracle "
        "or SHAPETRACER_ORACLE=1",
    )


def _oracle_requested(config: pytest.Config) -> bool:
    if os.environ.get("SHAPETRACER_ORACLE") == "1":
        return True
    expression = config.getoption("markexpr", default="") or ""
    return "oracle" in expression and "not oracle" not in expression


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _oracle_requested(config):
        return
    skip = pytest.mark.skip(reason="oracle test: opt in with -m oracle or SHAPETRACER_ORACLE=1")
    for item in items:
        if item.get_closest_marker("oracle") is not None:
            item.add_marker(skip)
