"""Every option of a check, declared once.

``OPTIONS`` is the one table of what can be set: each entry names its
``[tool.shapetracer]`` key, its command-line flag and the commands that offer it, its
type, its help, where it lands in the engine's ``Options`` and whether it crosses to
``scan`` workers (and so into the scan's cache key and config hash).  From it come:

* the keys ``[tool.shapetracer]`` accepts and their checks (``check_config``);
* the click options of ``check``, ``scan`` and ``shapes`` (``shapetracer.flags``, in the
  command-line layer);
* the values of a run, defaults < config < command line (``merge`` -> ``Settings``);
* the engine's ``Options`` (``engine_options``);
* the analysis fields of ``jobs.ScanConfig`` and their hash (``scanned``, ``plain``).

Defaults are written once: those of the engine's switches are the ``Options`` field
defaults below, the analysis bounds are ``Bounds``' and ``SolverLimits``' own, and the
rest are in the table.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from shapetracer.domain.bounds import Bounds, SolverLimits, size_problem
from shapetracer.domain.target import SUPPORTED, Target, check_setting, from_setting
from shapetracer.rules import codes

# --fail-on / fail-on: the severities that make the exit code 1.
FAIL_SEVERITIES = {"error": ("error",), "warning": ("error", "warning"), "info": ("error", "warning", "info")}
# Folders never walked into, whatever the configuration says.
DEFAULT_EXCLUDE = (".git", ".hg", ".venv", "venv", "__pycache__", "build", "dist", ".tox", "node_modules")


@dataclass
class Options:
    """What the engine runs and shows (built from the table by ``engine_options``)."""

    select: frozenset[str] | None = None  # codes or prefixes; None = the defaults
    extend_select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)  # glob -> codes
    possible_failures: bool = False  # ST201 warnings (need a second solver query)
    show_notes: bool = False  # ST9xx info notes
    generic: bool = True  # pyflakes
    with_pylint: bool = False
    bounds: Bounds = field(default_factory=Bounds)
    limits: SolverLimits = field(default_factory=SolverLimits)
    target: Target | None = None  # the TensorFlow every file is checked against; None: resolved per file
    # Keep the tensor every expression evaluated to (an editor's hover over any expression);
    # off for check and scan, which only need the names' shapes.
    expression_shapes: bool = False
    # Keep each assignment's tensor in the result (``FileResult.shape_log``): what fixes,
    # ``shapetracer shapes`` and an editor read.  ``check`` without fixes and ``scan`` turn it
    # off, so that nothing of an analysis outlives its file and its memory is taken back there.
    keep_shapes: bool = True
    # The job or repository the checked files belong to (a ``project.workspace.Workspace``, for
    # the project checks ST501, ST502); None: the repository each file lies in on disk.  ``scan``
    # and ``study`` give the job's.  (Typed loosely: the options table imports no project code.)
    workspace: Any = None
    # Keep the files each run reads and writes (``FileResult.file_reads``) though no workspace
    # judges them now: ``scan`` judges them after its script cache, against each job's files.
    file_events: bool = False


_UNSET = object()


class SettingError(ValueError):
    """A value no option accepts (an unknown code in ``--select``): a usage error, exit 2."""


def _nested() -> dict[str, type]:
    """The dataclasses inside Options."""
    return {"bounds": Bounds, "limits": SolverLimits}


def _field_default(path: str) -> Any:
    """The default of ``Options.<path>`` (``bounds.unroll`` reads ``Bounds.unroll``)."""
    owner: type = Options
    if "." in path:
        head, path = path.split(".", 1)
        owner = _nested()[head]
    spec = next(f for f in dataclasses.fields(owner) if f.name == path)
    if spec.default is not dataclasses.MISSING:
        return spec.default
    return spec.default_factory()  # type: ignore[misc]


@dataclass(frozen=True)
class Option:
    key: str  # the [tool.shapetracer] key; its name everywhere (tf-version)
    kind: type  # the config value's type: bool, int, str, list or dict
    help: str
    field: str | None = None  # where it lands in Options ("show_notes", "bounds.unroll"); None: not the engine's
    default: Any = _UNSET  # only for options the engine does not hold; else the field's default
    flag: str | None = None  # the command-line flag
    commands: tuple[str, ...] = ()  # the commands that offer the flag
    config: bool = True  # accepted under [tool.shapetracer]
    scan: bool = False  # crosses to scan workers: part of ScanConfig, its cache key and config hash
    hash_default: bool = True  # False: left out of the scan's hash at its default (added after v1)
    codes: bool = False  # finding codes, prefixes or rule names (a list, or per glob a list): checked,
    # names made codes, upper-cased; comma-separated on the command line
    union: bool = False  # the flag adds to the config's value instead of replacing it
    negate: bool = False  # the flag turns the option off (--no-generic)
    choices: tuple[str, ...] | None = None
    check: Callable[[Any], str | None] | None = None  # an extra check of a value: the problem, or None
    selects: tuple[str, ...] = ()  # codes switched on (added to extend_select) when the option is true
    metavar: str | None = None  # how --help names the flag's value

    @property
    def attr(self) -> str:
        """Its Python name: the ScanConfig field, the keyword of ``merge``."""
        return self.key.replace("-", "_")

    @property
    def param(self) -> str:
        """The keyword its flag arrives as (``--possible`` -> possible, ``--no-generic`` -> no_generic)."""
        assert self.flag is not None
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def default_value(self) -> Any:
        if self.default is not _UNSET:
            return self.default
        assert self.field is not None, self.key
        return _field_default(self.field)

    def problem(self, value: Any) -> str | None:
        """Why ``value`` cannot be this option's config value, or None."""
        if not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool)):
            return f"'{self.key}' must be a {self.kind.__name__}"
        if self.choices is not None and value not in self.choices:
            return f"'{self.key}' must be one of {', '.join(self.choices)}"
        if self.codes:
            lists = value.values() if isinstance(value, dict) else [value]
            for entries in lists:
                if not isinstance(entries, list) or not all(isinstance(v, str) for v in entries):
                    return f"'{self.key}' must list codes as strings"
                unknown = next((v for v in entries if codes.selector(v) is None), None)
                if unknown is not None:
                    return f"'{self.key}': {codes.unknown_selector(unknown)}"
        if self.check is not None:
            return self.check(value)
        return None

    def from_config(self, value: Any) -> Any:
        if self.codes and isinstance(value, dict):
            return {glob: sorted(_selectors(entries, self.key)) for glob, entries in value.items()}
        if self.codes:
            return _selectors(value, self.key) or self.default_value
        return value

    def from_flag(self, value: Any) -> Any:
        """The value a given flag means (``value`` as click delivers it)."""
        if self.codes:
            return _selectors(value.split(","), self.flag or self.key)
        if self.kind is bool:
            return not self.negate
        return value

    def given(self, value: Any) -> bool:
        return value is not None and value is not False


def _selectors(values: Any, where: str) -> frozenset[str]:
    """The codes and prefixes ``values`` name (rule names become their codes); an entry that
    names no code is a ``SettingError`` naming the closest one."""
    selected = set()
    for value in values:
        if not value.strip():
            continue
        code = codes.selector(value)
        if code is None:
            raise SettingError(f"{where}: {codes.unknown_selector(value)}")
        selected.add(code)
    return frozenset(selected)


_CHECK_SCAN = ("check", "scan")


OPTIONS: tuple[Option, ...] = (
    Option("select", list, "Comma-separated codes, prefixes or rule names to report (replaces the defaults).",
           field="select", flag="--select", commands=_CHECK_SCAN, scan=True, codes=True),
    Option("extend-select", list, "Codes, prefixes or rule names to report on top of the defaults (e.g. ST201,ST904).",
           field="extend_select", flag="--extend-select", commands=("check",), codes=True, union=True),
    Option("ignore", list, "Comma-separated codes, prefixes or rule names to drop.",
           field="ignore", flag="--ignore", commands=_CHECK_SCAN, scan=True, codes=True, union=True),
    Option("per-file-ignores", dict, "Codes dropped in the files a glob matches.", field="per_file_ignores",
           codes=True),
    Option("exclude", list, "Globs of files and folders not checked.", default=()),
    Option("extend-exclude", list, "More globs of files and folders not checked.", default=()),
    Option("possible-failures", bool, "Also report ST201: ops that fail for some values of unknown dims.",
           field="possible_failures", flag="--possible", commands=_CHECK_SCAN, scan=True),
    Option("show-notes", bool, "Also report ST9xx analysis notes (not modelled, inconclusive).",
           field="show_notes", flag="--show-notes", commands=_CHECK_SCAN, scan=True),
    Option("with-pylint", bool, "Run pylint's error checks too (slower).",
           field="with_pylint", flag="--with-pylint", commands=_CHECK_SCAN, scan=True),
    Option("generic", bool, "Skip the pyflakes pass; shape analysis only.",
           field="generic", flag="--no-generic", negate=True, config=False, commands=_CHECK_SCAN, scan=True),
    Option("fail-on", str, "Lowest severity that makes the exit code 1.", default="warning",
           flag="--fail-on", commands=("check",), choices=tuple(FAIL_SEVERITIES)),
    Option("fix", bool, "Apply the safe fixes (each verified by analysing the edited file again).",
           default=False, flag="--fix", commands=("check",)),
    Option("unsafe-fixes", bool, "Apply (with --fix) or show (with --diff) the unsafe fixes as well.",
           default=False, flag="--unsafe-fixes", commands=("check",)),
    Option("diff", bool, "Print the fixes as a unified diff instead of writing them (exit 1 if any).",
           default=False, flag="--diff", commands=("check",), config=False),
    Option("show-fixes", bool, "Show each finding's verified fix and its alternatives.",
           default=False, flag="--show-fixes", commands=("check",)),
    Option("report-unused-suppressions", bool, "Report suppression comments that suppress nothing (ST904).",
           default=False, selects=(codes.UNUSED_SUPPRESSION,)),
    Option("tf-version", str, f"TensorFlow version to check against: {', '.join(SUPPORTED)} "
           "[default: the project's pins, else the installed tensorflow, else the newest].",
           field="target", flag="--tf-version", commands=("check", "scan", "shapes"), scan=True,
           hash_default=False, check=check_setting, metavar="VERSION"),
    Option("max-paths", int, "Paths kept at unknown branches.", field="bounds.max_paths"),
    Option("unroll", int, "Loop unrolling bound.", field="bounds.unroll"),
    Option("call-depth", int, "Nested user-function calls analysed at their call site.",
           field="bounds.call_depth"),
    Option("analysis-seconds", int, "CPU-time budget of the shape pass per file (seconds).", field="bounds.seconds"),
    Option("solver-timeout-ms", int, "Z3 timeout per query.", field="limits.timeout_ms"),
    Option("solver-rlimit", int, "Z3 resource limit per query.", field="limits.rlimit"),
    Option("device-memory", str, "Device memory that tensors and Keras training steps are checked against "
           "(ST205), e.g. 16GiB or 80GB [default: 141GiB].", field="bounds.device_memory",
           flag="--device-memory", commands=_CHECK_SCAN, scan=True, hash_default=False,
           check=size_problem, metavar="SIZE"),
)
BY_KEY: dict[str, Option] = {option.key: option for option in OPTIONS}
CONFIG_KEYS: tuple[str, ...] = tuple(sorted(option.key for option in OPTIONS if option.config))


# --- [tool.shapetracer] -------------------------------------------------------------------

def check_config(table: Mapping[str, Any]) -> str | None:
    """The first problem of a ``[tool.shapetracer]`` table (unknown key, wrong type), or None."""
    for key, value in table.items():
        option = BY_KEY.get(key)
        if option is None or not option.config:
            return f"unknown key '{key}' in [tool.shapetracer] (known: {', '.join(CONFIG_KEYS)})"
        problem = option.problem(value)
        if problem is not None:
            return problem
    return None


# --- the values of a run ------------------------------------------------------------------

@dataclass(frozen=True)
class Settings:
    """Every option's value for one run, and where it came from ("default", "config", "flag")."""

    values: Mapping[str, Any]
    sources: Mapping[str, str]
    config_path: Path | None = None

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def options(self) -> Options:
        return engine_options(self.values, self.sources)

    def excluded(self, path: Path) -> bool:
        patterns = [*DEFAULT_EXCLUDE, *self.values["exclude"], *self.values["extend-exclude"]]
        parts = path.parts
        text = path.as_posix()
        return any(fnmatch.fnmatch(text, p) or any(fnmatch.fnmatch(part, p) for part in parts) for p in patterns)


def merge(config: Mapping[str, Any] | None = None, flags: Mapping[str, Any] | None = None,
          config_path: Path | None = None) -> Settings:
    """Defaults, then the (checked) config table, then the flags given (keyed by ``Option.param``).

    Every source of settings passes through here: codes are checked and rule names made codes
    on the way (``SettingError`` for one that names nothing)."""
    config, flags = config or {}, dict(flags or {})
    known = {option.param for option in OPTIONS if option.flag}
    unknown = set(flags) - known
    if unknown:
        raise TypeError(f"unknown option(s): {', '.join(sorted(unknown))}")
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for option in OPTIONS:
        value, source = option.default_value, "default"
        if option.config and option.key in config:
            value, source = option.from_config(config[option.key]), "config"
        given = flags.get(option.param) if option.flag else None
        if option.given(given):
            flag_value = option.from_flag(given)
            value = (value or frozenset()) | flag_value if option.union else flag_value
            source = "flag"
        values[option.key], sources[option.key] = value, source
    return Settings(values, sources, config_path)


def engine_options(values: Mapping[str, Any], sources: Mapping[str, str] | None = None) -> Options:
    """The engine's ``Options`` from option values keyed by config key (missing ones: defaults)."""
    sources = sources or {}
    top: dict[str, Any] = {}
    classes = _nested()
    nested: dict[str, dict[str, Any]] = {name: {} for name in classes}
    extra: set[str] = set()
    for option in OPTIONS:
        if option.key not in values:
            continue
        value = values[option.key]
        if option.selects and value:
            extra.update(option.selects)
        if option.field is None:
            continue
        if option.codes and value is not None and not isinstance(value, dict):
            value = frozenset(value)
        if option.field == "target":
            value = from_setting(value, sources.get(option.key, "flag")) if value is not None else None
        head, _, rest = option.field.partition(".")
        if rest:
            nested[head][rest] = value
        else:
            top[head] = value
    if extra:
        top["extend_select"] = frozenset(top.get("extend_select", frozenset())) | extra
    return Options(**top, **{name: cls(**nested[name]) for name, cls in classes.items()})


# --- scan ---------------------------------------------------------------------------------

def scanned() -> tuple[Option, ...]:
    """The options a scan carries to its workers, in table order."""
    return tuple(option for option in OPTIONS if option.scan)


def plain(option: Option, value: Any) -> Any:
    """A JSON-ready form of a value (codes as a sorted tuple), as ScanConfig holds it."""
    if option.codes:
        return tuple(sorted(value)) if value is not None else None
    return value


def scan_values(flags: Mapping[str, Any]) -> dict[str, Any]:
    """ScanConfig's analysis fields (by ``attr``) from the scan command's flags."""
    settings = merge(None, flags)
    return {option.attr: plain(option, settings[option.key]) for option in scanned()}
