"""Which TensorFlow (and which Keras) the analysed program runs on.

The same script fails under one TensorFlow and runs under another, so every spec whose
semantics differ between versions reads the target from its context (``ctx.target``).
Where the target came from (a flag, the config, a requirements pin, the installed
package, or the default) travels with it, so reports can say why a version was chosen.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass

SUPPORTED = ("1.15", "2.15", "2.21")  # each verified under the real package (tests/oracle)
NEWEST = SUPPORTED[-1]
LEGACY_KERAS_VARIABLE = "TF_USE_LEGACY_KERAS"
_LEGACY_VALUES = ("true", "True", "1")  # what TensorFlow itself accepts
ENVIRONMENT_SOURCES = ("installed", "default")  # the sources of a version nothing pinned


@dataclass(frozen=True)
class Target:
    tf: tuple[int, int] = (2, 21)
    keras: int = 3  # the Keras major version that `tf.keras` / `keras` give this program
    source: str = "default"  # "flag" | "config" | "<file> pin" | "installed" | "default"

    @property
    def version(self) -> str:
        return f"{self.tf[0]}.{self.tf[1]}"

    @property
    def tf1(self) -> bool:
        return self.tf[0] == 1

    @property
    def keras2(self) -> bool:
        return self.keras == 2

    @property
    def api_version(self) -> str:
        """The shipped API model that describes this target (tf-1.15, tf-2.15 or tf-2.21)."""
        if self.tf1:
            return "1.15"
        return "2.15" if self.tf < (2, 16) else "2.21"

    @property
    def from_environment(self) -> bool:
        """Nothing chose this version (no flag, config, pin or job log): it is the installed
        TensorFlow's or the newest, which a file's own code may contradict (versions/infer.py)."""
        return self.source.split(",")[0] in ENVIRONMENT_SOURCES

    def describe(self) -> str:
        return f"TensorFlow {self.version} (Keras {self.keras}; from {self.source})"


DEFAULT = Target()


def parse_version(text: str) -> tuple[int, int] | None:
    """"1.15", "2.15.1", "2.16.0rc0" -> (major, minor); anything else -> None."""
    parts = text.strip().lstrip("=v").split(".")
    try:
        return int(parts[0]), int("".join(c for c in parts[1] if c.isdigit()) or "x")
    except (IndexError, ValueError):
        return None


def target_for(version: str, source: str = "flag", legacy_keras: bool = False) -> Target | None:
    """The target a version string names: Keras 2 up to 2.15, Keras 3 from 2.16 unless the
    program selects the legacy tf_keras (TF_USE_LEGACY_KERAS=1 or ``import tf_keras``)."""
    parsed = parse_version(version)
    if parsed is None or parsed[0] not in (1, 2):
        return None
    keras = 2 if parsed < (2, 16) or legacy_keras else 3
    return Target(parsed, keras, source)


# --- settings: the flag and the config key ------------------------------------------------
# Here, not in versions/, so that the options table can check and read a setting while
# importing nothing above the domain.

class VersionError(ValueError):
    """A --tf-version / tf-version value that names no supported version."""


def check_setting(value: object) -> str | None:
    """Why ``value`` is not a valid --tf-version / tf-version, or None when it is."""
    parsed = parse_version(value) if isinstance(value, str) else None
    if parsed is None or f"{parsed[0]}.{parsed[1]}" not in SUPPORTED:
        return f"unsupported TensorFlow version {value!r} (supported: {', '.join(SUPPORTED)})"
    return None


def from_setting(value: str, source: str = "flag") -> Target:
    """The target a --tf-version / tf-version value names (``VersionError`` if it names none)."""
    problem = check_setting(value)
    if problem is not None:
        raise VersionError(problem)
    return with_environment(target_for(value, source))


def with_environment(target: Target) -> Target:
    """Keras 2 under a Keras 3 TensorFlow when the environment asks for the legacy tf_keras."""
    if target.keras == 3 and os.environ.get(LEGACY_KERAS_VARIABLE) in _LEGACY_VALUES:
        return dataclasses.replace(target, keras=2, source=f"{target.source}, {LEGACY_KERAS_VARIABLE}=1")
    return target
