"""Valid and invalid example calls that each op family carries beside its spec.

``ok("tf.matmul", T(None, 3), T(3, 5), expect=[None, 5])`` says the call is
accepted and produces ``[?, 5]``; ``bad("tf.matmul", T(2, 3), T(5, 1),
code=codes.MATMUL_DIM, message="but are 3 and 5")`` says it fails with that
code, a message containing that fragment, and no other error.  ``T(...)``
builds a tensor argument (``None`` is an unknown dim); other Python values are
passed as constants, lists as Python lists.  The test suite runs every example
through ``run_example`` (and through the interpreter's own dispatch) and judges
it with ``problems``; ``shapetracer explain`` shows them.

What ``expect`` states about the result:

- a list: a tensor of that rank; an int entry is a dim known to be that int,
  ``None`` a dim the analysis does not know (symbolic), ``ANY`` any dim;
- ``UNKNOWN_SHAPE``: a tensor whose rank is not known either;
- ``UNKNOWN``: no value at all is known (not even that it is a tensor);
- a tuple: a list or tuple whose items match the tuple's items;
- an int, float, str or bool: that Python value (an int also matches a known dim);
  ``Const(None)`` the value None, and any other value stated as one (``SliceVal(...)``);
- ``instance_of("keras.Model")``: an object of that modelled type (layers, models,
  optimizers, sessions …);
- ``ANY``: anything (say why in a comment).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from shapetracer.domain.bounds import DEFAULT_DEVICE_MEMORY
from shapetracer.domain.dims import Dim, FixedLocator, Origin, Shape
from shapetracer.domain.facts import PathFacts, SolverLimits
from shapetracer.constraints.core.spec import (
    SPECS, OpContext, TF1Graph, TrainingStepMemory, _wrap, call_spec,
)
from shapetracer.constraints.core.tracing import FailureCatch
from shapetracer.domain.target import DEFAULT as DEFAULT_TARGET, Target
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq, SymInt, Tensor, Value


class _Marker:
    """A word in ``expect`` that is not a value: ``ANY``, ``UNKNOWN_SHAPE``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


ANY = _Marker("ANY")  # any dim (in a list), any result (as the whole expect)
UNKNOWN_SHAPE = _Marker("UNKNOWN_SHAPE")  # a tensor of unknown rank


class instance_of:
    """``expect=instance_of("tf.train.Optimizer")``: an object of that modelled type;
    ``instance_of("tf.data.Dataset", element_spec=([None, 3], [None]))`` also states
    attributes (each as an ``expect`` of its own)."""

    def __init__(self, type_name: str, **attrs: Any) -> None:
        self.type_name = type_name
        self.attrs = attrs

    def __repr__(self) -> str:
        stated = "".join(f", {k}={v!r}" for k, v in self.attrs.items())
        return f"instance_of({self.type_name!r}{stated})"


@dataclass
class Example:
    api: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    expect: Any = None  # what the result is (see the module docstring); None: not stated
    code: str | None = None  # an expected error code; None means no error
    warns: str | None = None  # an expected warning code
    message: str | None = None  # a fragment the error's message contains
    target: str | None = None  # the version it runs under (TARGETS); None: the default target

    @property
    def valid(self) -> bool:
        return self.code is None

    def describe(self) -> str:
        parts = [_render_arg(a) for a in self.args] + [f"{k}={_render_arg(v)}" for k, v in self.kwargs.items()]
        under = f" [{self.target}]" if self.target else ""
        return f"{self.api}({', '.join(parts)}){under}"


def T(*dims: int | None, dtype: str = "float32", kind: str = "tensor", rank_unknown: bool = False) -> Tensor:
    """A tensor argument for an example; ``None`` dims are unknown."""
    if rank_unknown:
        return Tensor(Shape.unknown(), dtype, kind)
    return Tensor(Shape.of(*dims), dtype, kind)


def P(*dims: int | None, dtype: str = "float32", name: str = "x") -> Tensor:
    """An example placeholder: ``None`` dims are declared-None symbols, as in real programs."""
    shape = Shape([Dim.fresh(f"{name}.shape[{i}]") if d is None else Dim(d) for i, d in enumerate(dims)])
    return Tensor(shape, dtype, "placeholder", None, f"{name}:0")


def A(*dims: int | None, dtype: str = "float64") -> Tensor:
    """A numpy array argument for an example."""
    return T(*dims, dtype=dtype, kind="ndarray")


def ok(api: str, *args: Any, expect: Any = None, warns: str | None = None, target: str | None = None,
       **kwargs: Any) -> Example:
    """A call that raises nothing; ``expect`` states its result, ``warns`` a warning it draws;
    ``target`` the version it runs under (a key of TARGETS; the default target if None)."""
    return Example(api, args, kwargs, expect=expect, warns=warns, target=target)


def bad(api: str, *args: Any, code: str, message: str | None = None, target: str | None = None,
        **kwargs: Any) -> Example:
    """A call that fails with ``code`` and no other error; ``message`` is a fragment of
    the error's text (TensorFlow's own words, with this call's numbers); ``target`` as for ok."""
    return Example(api, args, kwargs, code=code, message=message, target=target)


# What an example's ``target`` names: a TensorFlow version with its tf.keras, or the
# standalone keras package beside TensorFlow 1.15 (calls spelled ``keras.…``).
TARGETS = {
    "1.15": Target((1, 15), 2, "example"),
    "2.15": Target((2, 15), 2, "example"),
    "2.21": Target((2, 21), 3, "example"),
    "keras-2.3.1": Target((1, 15), 2, "example"),
}


def example_target(target: str | None) -> Target:
    return DEFAULT_TARGET if target is None else TARGETS[target]


def example_spelled(example: Example) -> str | None:
    """The module path an example's call is spelled with: ``keras.…`` for the standalone
    package, else None (as for a method or a call a spec makes)."""
    return example.api if example.target == "keras-2.3.1" else None


@dataclass
class ExampleHost:
    """A minimal host: one path, findings collected in a list."""

    facts: PathFacts = field(default_factory=PathFacts)
    limits: SolverLimits = field(default_factory=SolverLimits)
    possible_failures: bool = False
    graph: TF1Graph = field(default_factory=TF1Graph)
    target: Target = DEFAULT_TARGET
    undecided: int = 0
    reports: list[tuple[str, str]] = field(default_factory=list)  # (code, text)
    messages: list[tuple[str, Any]] = field(default_factory=list)  # (code, Message): the facts too
    flags: dict[str, Value] = field(default_factory=dict)  # tf.app.flags / absl.flags defaults
    saved_files: dict = field(default_factory=dict)  # np.save into a fresh folder
    device_memory: str = DEFAULT_DEVICE_MEMORY
    memory_fit: TrainingStepMemory | None = None
    _names: dict[str, int] = field(default_factory=dict)
    _catch: FailureCatch = field(default_factory=FailureCatch)

    def catching(self, keep):
        return self._catch.catching(keep)

    def report(self, code, message, site, related, confidence="definite") -> None:
        if self._catch.take(code, message, site, related, confidence):
            return
        self.reports.append((code, message.text))
        self.messages.append((code, message))

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
    """Run one example call; returns its result and the reports it made (code, text)."""
    result, host = run_example_host(example)
    return result, host.reports


def run_example_host(example: Example) -> tuple[Value, "ExampleHost"]:
    """Run one example call; returns its result and the host, which kept its reports."""
    host = ExampleHost(target=example_target(example.target))
    spec = SPECS[example.api]
    ctx = OpContext(host, example.api, SITE, example_spelled(example))
    args = [_wrap(a) for a in example.args]
    kwargs = {k: _wrap(v) for k, v in example.kwargs.items()}
    result = call_spec(spec, ctx, args, kwargs)
    return result, host


def problems(example: Example, result: Value, reports: list[tuple[str, str]],
             verdict_only: bool = False) -> list[str]:
    """What is wrong with one run of ``example`` (empty when the run bears it out);
    ``verdict_only`` judges only the codes reported, not the result or the message (a run
    under another name of the spec, which may name itself in both)."""
    errors = [code for code, _ in reports if code.startswith("ST1")]
    found: list[str] = []
    if example.valid:
        if errors:
            found.append(f"unexpected errors {reports}")
        if not verdict_only and example.expect is not None and not matches(result, example.expect):
            found.append(f"got {result!r}, want {example.expect!r}")
        if example.warns and example.warns not in [code for code, _ in reports]:
            found.append(f"wanted warning {example.warns}, got {reports}")
        return found
    if example.code not in errors:
        found.append(f"wanted {example.code}, got {reports}")
    others = sorted({code for code in errors if code != example.code})
    if others:
        found.append(f"other errors than {example.code}: {others} in {reports}")
    if example.message is not None and not verdict_only \
            and not any(code == example.code and example.message in text for code, text in reports):
        found.append(f"no {example.code} message contains {example.message!r}: {reports}")
    return found


def matches(result: Value, expect: Any) -> bool:
    """Whether ``result`` is what ``expect`` states (see the module docstring)."""
    if expect is ANY:
        return True
    if expect is UNKNOWN:
        return result is UNKNOWN
    if expect is UNKNOWN_SHAPE:
        return isinstance(result, Tensor) and result.shape.dims is None
    if isinstance(expect, list):
        return shape_matches(result, expect)
    if isinstance(expect, tuple):
        return isinstance(result, Seq) and result.sized and len(result.items) == len(expect) \
            and all(matches(item, want) for item, want in zip(result.items, expect))
    if isinstance(expect, instance_of):
        return isinstance(result, Obj) and result.type_name == expect.type_name \
            and all(name in result.attrs and matches(result.attrs[name], want) for name, want in expect.attrs.items())
    if isinstance(expect, Const):
        return isinstance(result, Const) and type(result.value) is type(expect.value) and result.value == expect.value
    if isinstance(expect, Value):  # a value stated as such: DictVal, SliceVal …
        return _same_value(result, expect)
    if isinstance(expect, (bool, int, float, str)):
        if isinstance(result, Const):
            return type(result.value) is type(expect) and result.value == expect
        dim = result.dim if isinstance(result, SymInt) else result if isinstance(result, Dim) else None
        if dim is not None and isinstance(expect, int) and not isinstance(expect, bool):
            return dim.known and dim.value == expect
        return False
    raise TypeError(f"cannot expect {expect!r}")


def _same_value(a: Any, b: Any) -> bool:
    """Structural equality of abstract values (they compare by identity)."""
    if isinstance(a, Value) and isinstance(b, Value):
        return type(a) is type(b) and dataclasses.is_dataclass(a) and all(
            _same_value(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same_value(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def shape_matches(result: Value, expect: list) -> bool:
    """A tensor of ``len(expect)`` dims: an int is that known dim, None an unknown one, ANY either."""
    if not isinstance(result, Tensor) or result.shape.dims is None:
        return False
    if len(result.shape.dims) != len(expect):
        return False
    for dim, want in zip(result.shape.dims, expect):
        if want is ANY:
            continue
        if want is None:
            if dim.known:
                return False
        elif not (dim.known and dim.value == want):
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
