"""Valid and invalid example calls that each op family carries beside its spec.

``ok("tf.matmul", T(None, 3), T(3, 5), expect=[None, 5])`` says the call is
accepted and produces ``[?, 5]``; ``bad("tf.matmul", T(2, 3), T(5, 1),
code="ST101")`` says it fails with that code.  ``T(...)`` builds a tensor
argument (``None`` is an unknown dim); other Python values are passed as
constants, lists as Python lists.  The test suite runs every example through
``run_example``; ``shapetracer explain`` shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shapetracer.domain.dims import Dim, FixedLocator, Origin, Shape
from shapetracer.domain.facts import PathFacts, SolverLimits
from shapetracer.constraints.spec import SPECS, OpContext, TF1Graph, _wrap, call_spec
from shapetracer.domain.target import DEFAULT as DEFAULT_TARGET, Target
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq, Tensor, Value


@dataclass
class Example:
    api: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    expect: list[int | None] | None = None  # the result shape (None entries: unknown dim)
    code: str | None = None  # an expected error code; None means no error
    warns: str | None = None  # an expected warning code

    @property
    def valid(self) -> bool:
        return self.code is None

    def describe(self) -> str:
        parts = [_render_arg(a) for a in self.args] + [f"{k}={_render_arg(v)}" for k, v in self.kwargs.items()]
        return f"{self.api}({', '.join(parts)})"


def T(*dims: int | None, dtype: str = "float32", kind: str = "tensor", rank_unknown: bool = False) -> Tensor:
    """A tensor argument for an example; ``None`` dims are unknown."""
    if rank_unknown:
        return Tensor(Shape.unknown(), dtype, kind)
    return Tensor(Shape.of(*dims), dtype, kind)


def A(*dims: int | None, dtype: str = "float64") -> Tensor:
    """A numpy array argument for an example."""
    return T(*dims, dtype=dtype, kind="ndarray")


def ok(api: str, *args: Any, expect: list[int | None] | None = None, warns: str | None = None,
       **kwargs: Any) -> Example:
    return Example(api, args, kwargs, expect=expect, warns=warns)


def bad(api: str, *args: Any, code: str, **kwargs: Any) -> Example:
    return Example(api, args, kwargs, code=code)


@dataclass
class ExampleHost:
    """A minimal host: one path, findings collected in a list."""

    facts: PathFacts = field(default_factory=PathFacts)
    limits: SolverLimits = field(default_factory=SolverLimits)
    possible_failures: bool = False
    graph: TF1Graph = field(default_factory=TF1Graph)
    target: Target = DEFAULT_TARGET
    reports: list[tuple[str, str]] = field(default_factory=list)
    _names: dict[str, int] = field(default_factory=dict)

    def report(self, code, message, site, related, confidence="definite") -> None:
        self.reports.append((code, message))

    def unique_name(self, base: str) -> str:
        count = self._names.get(base, 0)
        self._names[base] = count + 1
        return base if count == 0 else f"{base}_{count}"

    def call_value(self, fn, args, kwargs, site) -> Value:
        """Examples may pass a Python function standing for user code (a loop body)."""
        if isinstance(fn, Const) and callable(fn.value):
            return _wrap(fn.value(*args, **kwargs))
        return UNKNOWN


SITE = Origin("<example>", object(), FixedLocator())


def run_example(example: Example) -> tuple[Value, list[tuple[str, str]]]:
    """Run one example call; returns its result and the reports it made."""
    host = ExampleHost()
    spec = SPECS[example.api]
    ctx = OpContext(host, example.api, SITE)
    args = [_wrap(a) for a in example.args]
    kwargs = {k: _wrap(v) for k, v in example.kwargs.items()}
    result = call_spec(spec, ctx, args, kwargs)
    return result, host.reports


def shape_matches(result: Value, expect: list[int | None]) -> bool:
    if not isinstance(result, Tensor) or result.shape.dims is None:
        return False
    if len(result.shape.dims) != len(expect):
        return False
    for dim, want in zip(result.shape.dims, expect):
        if want is not None and not (dim.known and dim.value == want):
            return False
    return True


def _render_arg(arg: Any) -> str:
    if isinstance(arg, Tensor):
        prefix = "array" if arg.is_numpy else "tensor"
        return f"{prefix}{arg.shape.list_str()}"
    if isinstance(arg, Dim):
        return str(arg)
    if callable(arg):
        return getattr(arg, "__name__", "function")  # no addresses: test ids must be stable
    if isinstance(arg, (list, tuple)) and any(isinstance(a, Tensor) for a in arg):
        return "[" + ", ".join(_render_arg(a) for a in arg) + "]"
    if isinstance(arg, DictVal):
        return "{" + ", ".join(f"{_render_arg(k)}: {_render_arg(v)}" for k, v in arg.entries) + "}"
    if isinstance(arg, Seq):
        inner = ", ".join(_render_arg(a) for a in arg.items)
        return f"({inner})" if arg.kind == "tuple" else f"[{inner}]"
    if isinstance(arg, Const):
        return repr(arg.value)
    if isinstance(arg, Obj):
        return f"<{arg.type_name}>"
    return repr(arg)
