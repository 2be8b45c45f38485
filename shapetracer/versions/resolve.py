"""Which TensorFlow a file is checked against, and why.

Nearest source first:

1. ``--tf-version`` or ``tf-version`` in ``[tool.shapetracer]`` (given to ``resolve`` as ``flag``);
2. pins of tensorflow (-cpu, -gpu, tf-nightly, ...), keras or tf-keras in the dependency
   files of the file's folder, then of each folder above it up to the repository root
   (a folder holding ``.git``) or the filesystem root;
3. the tensorflow distribution installed where shapetracer runs (its metadata only:
   TensorFlow is never imported);
4. the newest supported version.

Keras 2 rather than 3 under TensorFlow 2.16+ when tf-keras is pinned, when
``TF_USE_LEGACY_KERAS=1`` is set in the environment, or when the program itself imports
``tf_keras`` or sets that variable (``for_program``).
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import os
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from shapetracer.domain.target import (
    LEGACY_KERAS_VARIABLE, NEWEST, Target, from_setting, parse_version, target_for, with_environment,
)
from shapetracer.versions import pins as pinning
from shapetracer.versions.pins import KERAS, TF_KERAS, TF_PACKAGES, Pin
from shapetracer.versions.specifiers import newest_allowed

# The releases each supported version was verified with, newest first: a range that
# admits one of them resolves to it.
SUPPORTED_RELEASES = ("2.21.0", "2.15.1", "1.15.5")
# Other releases a range may name when it admits no supported one (it is then checked
# with the model of the nearest supported version: Target.api_version).
TF_RELEASES = tuple(f"1.{m}.0" for m in range(16)) + tuple(f"2.{m}.0" for m in range(22))
KERAS_RELEASES = tuple(f"{major}.{m}.0" for major, count in ((1, 3), (2, 16), (3, 16)) for m in range(count))
INSTALLED_PACKAGES = ("tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly", "tensorflow-macos",
                      "tensorflow-intel")


@dataclass(frozen=True)
class Decision:
    """What one folder's (or one job's) dependency files say."""

    tf: tuple[int, int] | None  # None: no usable TF or Keras pin here
    keras2: bool  # standalone Keras 2 or tf-keras: Keras 2 even under TF 2.16+
    file: str | None  # the file the version came from
    pin: str = ""  # the requirement, as written (for the source)
    tf_keras: str | None = None  # a file pinning tf-keras


# --- resolution ---------------------------------------------------------------------------

def resolve(path: Path | None, flag: str | None = None, *, source: str = "flag") -> Target:
    """The target for the file at ``path`` (None: a file with no folder, e.g. an archive member)."""
    if flag is not None:
        return from_setting(flag, source)
    tf_keras_file = None
    if path is not None:
        for folder in _folders(Path(path)):
            decision = _folder_decision(folder)
            tf_keras_file = tf_keras_file or decision.tf_keras
            if decision.tf is not None:
                return _pinned_target(dataclasses.replace(decision, tf_keras=tf_keras_file))
    return _fallback(tf_keras_file)


def from_files(files: Mapping[str, bytes | str]) -> Target | None:
    """The target the dependency files of a job say (member name -> content), or None.

    The files nearest the job's root are consulted first; a ``-r`` include is looked up
    among the same members.
    """
    def text(data: bytes | str) -> str:
        return data if isinstance(data, str) else data.decode("utf-8", "replace")

    by_folder: dict[str, list[str]] = {}
    for name in files:
        base = name.rsplit("/", 1)[-1]
        if pinning.is_dependency_file(base):
            by_folder.setdefault(name.rpartition("/")[0], []).append(name)
    tf_keras_file = None
    for folder in sorted(by_folder, key=lambda f: (f.count("/") + bool(f), f)):
        def include(relative: str, folder: str = folder) -> str | None:
            joined = os.path.normpath(f"{folder}/{relative}" if folder else relative).replace(os.sep, "/")
            return text(files[joined]) if joined in files else None

        found: list[Pin] = []
        for name in sorted(by_folder[folder], key=lambda n: pinning.rank(n.rsplit("/", 1)[-1])):
            found += pinning.pins_in(name.rsplit("/", 1)[-1], text(files[name]), name, include)
        decision = decide(found)
        tf_keras_file = tf_keras_file or decision.tf_keras
        if decision.tf is not None:
            return _pinned_target(dataclasses.replace(decision, tf_keras=tf_keras_file), relative=False)
    return None


def fallback() -> Target:
    """What a file with no pins is checked against: the installed tensorflow, else the newest."""
    return _fallback(None)


def decide(found: Iterable[Pin]) -> Decision:
    """One folder's verdict from its pins (in the order its files are consulted)."""
    found = list(found)
    tf_keras = next((p.file for p in found if p.package == TF_KERAS), None)
    for pin in found:
        if pin.package in TF_PACKAGES and pin.versioned:
            version = newest_allowed(pin.specs, SUPPORTED_RELEASES, TF_RELEASES)
            if version is not None:
                return Decision(version, False, pin.file, pin.describe(), tf_keras)
    for pin in found:
        if pin.package == KERAS and pin.versioned:
            keras = newest_allowed(pin.specs, (), KERAS_RELEASES)
            if keras is None:
                continue
            if keras >= (3, 0):
                return Decision(_newest(), False, pin.file, pin.describe(), tf_keras)
            if keras < (2, 4):  # standalone Keras 2 over TF 1.x ("Using TensorFlow backend.")
                return Decision((1, 15), True, pin.file, pin.describe(), tf_keras)
            # Keras 2.4+ ships with (and is numbered like) tf.keras: TensorFlow of the same minor.
            return Decision((2, keras[1]), True, pin.file, pin.describe(), tf_keras)
    for pin in found:
        if pin.package == TF_KERAS and pin.versioned:  # tf-keras is numbered like TensorFlow
            version = newest_allowed(pin.specs, SUPPORTED_RELEASES, TF_RELEASES)
            if version is not None:
                return Decision(version, True, pin.file, pin.describe(), tf_keras)
    return Decision(None, False, None, "", tf_keras)


def _pinned_target(decision: Decision, relative: bool = True) -> Target:
    assert decision.tf is not None and decision.file is not None
    shown = _display(decision.file) if relative else decision.file
    source = f"{shown} pin ({decision.pin})"
    target = target_for(f"{decision.tf[0]}.{decision.tf[1]}", source, legacy_keras=decision.keras2)
    assert target is not None
    if decision.tf_keras is not None and target.keras == 3:
        tf_keras_shown = _display(decision.tf_keras) if relative else decision.tf_keras
        target = dataclasses.replace(target, keras=2, source=f"{source}, tf-keras in {tf_keras_shown}")
    return with_environment(target)


def _fallback(tf_keras_file: str | None) -> Target:
    installed = _installed()
    if installed is not None:
        target = target_for(installed, "installed")
    else:
        target = target_for(NEWEST, "default")
    assert target is not None
    if tf_keras_file is not None and target.keras == 3:
        target = dataclasses.replace(target, keras=2, source=f"{target.source}, tf-keras in {_display(tf_keras_file)}")
    return with_environment(target)


def _newest() -> tuple[int, int]:
    parsed = parse_version(NEWEST)
    assert parsed is not None
    return parsed


_NOT_LOOKED_UP = "?"
_installed_version: str | None = _NOT_LOOKED_UP


def _installed() -> str | None:
    """The installed TensorFlow's version, from its distribution metadata (never imported);
    looked up once per process."""
    global _installed_version
    if _installed_version == _NOT_LOOKED_UP:
        found = None
        for name in INSTALLED_PACKAGES:
            try:
                version = importlib.metadata.version(name)
            except (importlib.metadata.PackageNotFoundError, ValueError, OSError):
                continue
            if version and parse_version(version) is not None:
                found = version
                break
        _installed_version = found
    return _installed_version


# --- the walk and its cache ---------------------------------------------------------------

_lock = threading.Lock()
_decisions: dict[Path, Decision] = {}


def clear_cache() -> None:
    """Forget what folders said (their files may have changed) and the installed version."""
    global _installed_version
    with _lock:
        _decisions.clear()
        _installed_version = _NOT_LOOKED_UP


def _folders(path: Path) -> Iterable[Path]:
    try:
        current = path.resolve()
    except (OSError, RuntimeError):
        current = path.absolute()
    if not current.is_dir():
        current = current.parent
    for folder in (current, *current.parents):
        yield folder
        if (folder / ".git").exists():
            return


def _folder_decision(folder: Path) -> Decision:
    with _lock:
        cached = _decisions.get(folder)
    if cached is not None:
        return cached
    decision = decide(_folder_pins(folder))
    with _lock:
        _decisions[folder] = decision
    return decision


def _folder_pins(folder: Path) -> list[Pin]:
    try:
        names = sorted((entry.name for entry in os.scandir(folder)
                        if pinning.is_dependency_file(entry.name) and entry.is_file()), key=pinning.rank)
    except OSError:
        return []
    found: list[Pin] = []
    for name in names:
        file = folder / name
        text = _read(file)
        if text is not None:
            found += pinning.pins_in(name, text, str(file), _includer(file.parent))
    return found


def _includer(folder: Path):
    def include(relative: str) -> str | None:
        return _read(folder / relative)
    return include


def _read(file: Path) -> str | None:
    try:
        if file.stat().st_size > pinning.MAX_BYTES:
            return None
        return file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _display(file: str) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    try:
        return Path(file).relative_to(Path.cwd()).as_posix()
    except ValueError:
        return file


# --- what the program itself says ---------------------------------------------------------

_TF_KERAS_IMPORT = re.compile(r"^[ \t]*(?:import[ \t]+tf_keras\b|from[ \t]+tf_keras\b)", re.MULTILINE)
_LEGACY_IN_SOURCE = re.compile(r"TF_USE_LEGACY_KERAS['\"]?\s*(?:\]\s*=|,|=)\s*['\"]?(?:1|true|True)\b")


def for_program(target: Target, text: str) -> Target:
    """``target`` adjusted to the program: ``import tf_keras`` or setting TF_USE_LEGACY_KERAS to 1
    in its own code selects Keras 2 under TensorFlow 2.16+."""
    if target.keras != 3 or "tf_keras" not in text and LEGACY_KERAS_VARIABLE not in text:
        return target
    if _TF_KERAS_IMPORT.search(text):
        return dataclasses.replace(target, keras=2, source=f"{target.source}, import tf_keras")
    if _LEGACY_IN_SOURCE.search(text):
        return dataclasses.replace(target, keras=2, source=f"{target.source}, {LEGACY_KERAS_VARIABLE}=1 in the program")
    return target
