"""``[tool.shapetracer]`` in pyproject.toml: found by walking up, strict about keys.

The command line wins over the file.  An unknown key is an error (exit 2)
naming the key, as ruff does: a typo must not silently disable a check.  Which
keys exist, their types and defaults are the options table's (``shapetracer.options``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from shapetracer import options as option_table
from shapetracer.options import Settings


class ConfigError(Exception):
    """A configuration problem the user must fix (exit 2)."""


@dataclass
class Config:
    values: dict = field(default_factory=dict)
    source: Path | None = None

    def get(self, key: str, default=None):
        return self.values.get(key, default)


def find_config(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.shapetracer] table, walking up."""
    current = start.resolve()
    if current.is_file():
        current = current.parent
    for folder in [current, *current.parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
            if "shapetracer" in data.get("tool", {}):
                return candidate
        if (folder / ".git").exists():
            break
    return None


def load_config(path: Path | None) -> Config:
    """The checked ``[tool.shapetracer]`` table of ``path`` (None: an empty configuration)."""
    if path is None:
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from exc
    table = data.get("tool", {}).get("shapetracer", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.shapetracer] must be a table")
    problem = option_table.check_config(table)
    if problem is not None:
        raise ConfigError(f"{path}: {problem}")
    return Config(table, path)


def load_settings(paths: Iterable[Path] = (), config_file: Path | None = None, **flags: Any) -> Settings:
    """The settings of a run: defaults, the configuration, then the flags given.

    The configuration is ``config_file``, else the nearest pyproject.toml with a
    ``[tool.shapetracer]`` table above the first of ``paths`` (else the working folder).
    ``flags`` are the command line's, by flag name: ``select="ST1"``, ``possible=True``,
    ``no_generic=True``, ``tf_version="1.15"`` ...  ``ConfigError`` for a bad configuration or
    a flag naming no code.
    """
    paths = list(paths)
    config_path = config_file or find_config(paths[0] if paths else Path.cwd())
    config = load_config(config_path)
    try:
        return option_table.merge(config.values, flags, config_path)
    except option_table.SettingError as exc:
        raise ConfigError(str(exc)) from exc
