"""``[tool.shapetracer]`` in pyproject.toml: found by walking up, strict about keys.

The command line wins over the file.  An unknown key is an error (exit 2)
naming the key, as ruff does: a typo must not silently disable a check.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

KNOWN_KEYS = {
    "select": list, "extend-select": list, "ignore": list, "per-file-ignores": dict, "exclude": list,
    "extend-exclude": list, "possible-failures": bool, "show-notes": bool, "with-pylint": bool,
    "fail-on": str, "max-paths": int, "unroll": int, "call-depth": int, "solver-timeout-ms": int,
    "analysis-seconds": int,
    "solver-rlimit": int, "report-unused-suppressions": bool,
}
DEFAULT_EXCLUDE = [".git", ".hg", ".venv", "venv", "__pycache__", "build", "dist", ".tox", "node_modules"]


class ConfigError(Exception):
    """A configuration problem the user must fix (exit 2)."""


@dataclass
class Config:
    values: dict = field(default_factory=dict)
    source: Path | None = None

    def get(self, key: str, default=None):
        return self.values.get(key, default)

    def excluded(self, path: Path) -> bool:
        patterns = DEFAULT_EXCLUDE + list(self.get("exclude", [])) + list(self.get("extend-exclude", []))
        parts = path.parts
        text = path.as_posix()
        return any(fnmatch.fnmatch(text, p) or any(fnmatch.fnmatch(part, p) for part in parts) for p in patterns)

    def ignored_for(self, display_path: str) -> frozenset[str]:
        codes: set[str] = set()
        for pattern, value in self.get("per-file-ignores", {}).items():
            if fnmatch.fnmatch(display_path, pattern) or fnmatch.fnmatch(Path(display_path).name, pattern):
                codes.update(c.upper() for c in value)
        return frozenset(codes)

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.values, sort_keys=True).encode()).hexdigest()[:16]


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
    for key, value in table.items():
        expected = KNOWN_KEYS.get(key)
        if expected is None:
            raise ConfigError(f"{path}: unknown key '{key}' in [tool.shapetracer] "
                              f"(known: {', '.join(sorted(KNOWN_KEYS))})")
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ConfigError(f"{path}: '{key}' must be a {expected.__name__}")
    if "fail-on" in table and table["fail-on"] not in ("error", "warning", "info"):
        raise ConfigError(f"{path}: 'fail-on' must be one of error, warning, info")
    return Config(table, path)
