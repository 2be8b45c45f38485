"""How an op's shape semantics are written down, and the context a spec runs in.

A spec is a plain function whose Python signature mirrors the TensorFlow API
it models, registered under every canonical name it covers::

    @op("tf.matmul", "tf.linalg.matmul")
    def matmul(ctx, a, b, transpose_a=False, transpose_b=False, name=None):
        ...

Arguments arrive as abstract values (``frontend.values``); a spec reads them
through ``ctx`` helpers (``ctx.tensor``, ``ctx.int``, ``ctx.shape_arg`` …),
states what the op *requires* with ``ctx.require`` and returns what it
*produces* with ``ctx.result``.  Each family module also carries ``EXAMPLES``
(valid and invalid calls) that the test suite runs, so a spec is documented
and tested by the same lines.

Invariant: a spec never raises for odd input.  Anything it cannot read is
unknown, and an unknown input yields an unknown output, never a finding.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

import z3

from shapetracer.rules import codes
from shapetracer.domain.dims import (
    DECLARED_NONE_TEXT, BoolLike, Dim, Origin, Shape, bool_and, free_symbols, mentions_declared_none,
)
from shapetracer.domain.target import Target
from shapetracer.domain.facts import Judgement, PathFacts, SolverLimits, Verdict
from shapetracer.rules.message import Message, join
from shapetracer.domain.values import (
    UNKNOWN, ApiRef, Const, DictVal, Obj, Seq, ShapeVal, SymInt, Tensor, Value, dim_int, is_unknown,
)
from shapetracer.constraints.core.solver import judge
from shapetracer.constraints.core import libraries
from shapetracer.constraints.core.binding import Binder

SpecFn = Callable[..., Value]
MAX_RANK = 254  # TensorFlow's TensorShape refuses more dims


@dataclass(frozen=True)
class Deferred:
    """A requirement TensorFlow checks only when the graph runs.

    In graph mode, a dim declared ``None`` in a placeholder is unknown to
    TensorFlow's static shape inference, so a requirement that mentions it
    cannot fail while the graph is built: it fails in ``Session.run``, once
    the feed gives the dim a value.  Such requirements travel with the
    tensors computed from the op and are judged at each run, with the fed
    dims substituted.
    """

    cond: Any
    code: str
    message: Message
    site: Origin
    origins: frozenset
    # True when the op that makes this check is removed by TensorFlow's graph
    # optimizer unless the run fetches this very tensor (see indexing's fold of
    # a slice of tf.stack): ops that consume the tensor do not inherit it.
    fetch_only: bool = False
    # True for a check TensorFlow makes when the gradient graph is built (minimize,
    # compute_gradients, tf.gradients), not when a run evaluates the op.
    at_gradient: bool = False
    # True behind tf.stop_gradient: a train op does not evaluate the op (its gradient does
    # not reach it), though fetching the value does.
    no_gradient: bool = False
    # True once a possible failure (ST201) was reported for it where the op was built: the
    # runs that evaluate it then do not warn again.
    warned: bool = False

    def __hash__(self) -> int:
        """Hashed once: requirements are de-duplicated at every op their tensors reach, and
        hashing ``cond`` asks Z3 each time."""
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", cached)
        return cached


def runtime_only(cond: Any) -> bool:
    """Whether ``cond`` mentions a dim TensorFlow leaves unknown until run time
    (placeholder ``None`` dims are named ``<name>.shape[i]``)."""
    return not isinstance(cond, bool) and mentions_declared_none(cond)


def one_size_per_unknown(cond: Any) -> Any:
    """``cond`` with every dim declared ``None`` it mentions replaced by one and the same
    symbol: what it says of runs that feed all those placeholders arrays of one size."""
    names = sorted(name for name in free_symbols(cond) if DECLARED_NONE_TEXT in name)
    if len(names) < 2:
        return cond
    shared = z3.Int(names[0], cond.ctx)
    return z3.substitute(cond, *[(z3.Int(name, cond.ctx), shared) for name in names[1:]])


@dataclass
class Spec:
    names: tuple[str, ...]
    fn: SpecFn
    family: str
    signature: inspect.Signature
    binder: Binder = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.binder = Binder(self.signature)


class SpecRegistry(dict):
    """Canonical name -> spec, filled library by library as names are asked for.

    A lookup of a name not registered yet loads the subpackage that models it (core/libraries:
    the first lookup loads core, ``tf.*`` the TensorFlow families, ``keras.*`` Keras'…) and
    answers then, so every lookup answers as if every family were loaded.  Going through all
    names (iteration, ``len``, ``keys``…) loads every library first."""

    def __init__(self) -> None:
        super().__init__()
        self.registrars: dict[str, str] = {}  # name -> the module that registered it

    def _settle(self, name: str) -> bool:
        """Load what ``name`` needs; whether anything was loaded."""
        if libraries.complete() or not isinstance(name, str):
            return False
        before = dict.__len__(self)
        if not libraries.loaded(libraries.CORE):
            libraries.load(libraries.CORE)
        library = libraries.owner(name)
        if library is not None and not libraries.loaded(library):
            libraries.load(library)
        return dict.__len__(self) != before

    def get(self, name: str, default: Any = None) -> Any:
        spec = dict.get(self, name)
        if spec is None and self._settle(name):
            spec = dict.get(self, name)
        return default if spec is None else spec

    def __contains__(self, name: object) -> bool:
        return self.get(name) is not None  # type: ignore[arg-type]

    def __getitem__(self, name: str) -> Spec:
        spec = self.get(name)
        if spec is None:
            raise KeyError(name)
        return spec

    def register(self, name: str, spec: Spec, registrar: str = "") -> None:
        """``registrar``: the module that registers ``name`` (the library index is checked
        against it: tests/test_libraries.py)."""
        assert not dict.__contains__(self, name), f"{name} is modelled twice"
        dict.__setitem__(self, name, spec)
        self.registrars[name] = registrar

    def _everything(self) -> None:
        libraries.load_all()

    def __iter__(self):
        self._everything()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._everything()
        return dict.__len__(self)

    def keys(self):
        self._everything()
        return dict.keys(self)

    def values(self):
        self._everything()
        return dict.values(self)

    def items(self):
        self._everything()
        return dict.items(self)


SPECS: SpecRegistry = SpecRegistry()
# Checks run before a spec, by canonical name, and annotators of every spec's result: the
# dtype and memory rules (core/dtypes.py, core/memory.py) register here, so
# that no op family has to know of them.  Both get the context and the bound arguments.
CHECKS: dict[str, list[Callable[[Any, dict], None]]] = {}


def add_check(name: str, check: Callable[[Any, dict], None]) -> None:
    """Run ``check`` before the spec of ``name`` (see CHECKS)."""
    CHECKS.setdefault(name, []).append(check)
ANNOTATORS: list[Callable[[Any, dict, Any], Any]] = []


def op(*names: str) -> Callable[[SpecFn], SpecFn]:
    """Register ``fn`` as the model of every canonical API name in ``names``."""
    registrar = sys._getframe(1).f_globals.get("__name__", "")  # the module that says op(...)

    def register(fn: SpecFn) -> SpecFn:
        family = fn.__module__.rsplit(".", 1)[-1]
        spec = Spec(tuple(names), fn, family, inspect.signature(fn))
        for name in names:
            SPECS.register(name, spec, registrar)
        return fn

    return register


@dataclass
class TF1Graph:
    """What TF1 graph building has made so far in one analysis.

    ``mode`` is True once the program builds a TF1 graph (placeholders, sessions,
    ``disable_v2_behavior``): checks on dims declared ``None`` then wait for the
    ``Session.run`` that feeds them (see ``Deferred``).
    """

    mode: bool = False
    # > 0 while a Python function is traced into a graph in TF 2 (the function of
    # Dataset.map, a tf.function's body): its ops build a graph, as in TF 1, though the
    # program runs eagerly.
    traced: int = 0
    # True once a TF 1 program enables eager execution (tf.enable_eager_execution).
    eager: bool = False
    created_variables: list = dataclasses.field(default_factory=list)  # for tf.global_variables()
    summary_pending: list = dataclasses.field(default_factory=list)  # run-time checks of summaries
    variable_scopes: list = dataclasses.field(default_factory=list)  # names; None: not known
    # tf.disable_v2_behavior/disable_resource_variables (True) or enable_* (False): whether
    # tf.Variable makes reference variables from then on; None follows the target (TF 1.x: yes).
    # Kept with the graph's mode, on the host, not in the analysis: op examples share one
    # analysis, and the switch's own examples would leak into the others'.
    reference_variables: bool | None = None
    # Run-time checks that already failed at some run, as (id of the op's node, code): a later
    # run that evaluates the same op hits the same error, which was reported once already.
    failed_checks: set = dataclasses.field(default_factory=set)
    # Ids of the nodes of ops whose run-time check failed: their static results still flow
    # on, so a later error that names one of them follows from that failure.
    failed_sites: set = dataclasses.field(default_factory=set)

    def failed_at_run(self, deferred: "Deferred") -> None:
        """Record a run-time check that failed (after its report was made)."""
        self.failed_checks.add((id(deferred.site.node), deferred.code))
        self.failed_sites.add(id(deferred.site.node))

    def already_failed(self, deferred: "Deferred") -> bool:
        return (id(deferred.site.node), deferred.code) in self.failed_checks

    def building(self, target: Target) -> bool:
        """Whether ops made now build a graph (static shapes only) rather than run:
        TF 1 unless it enabled eager execution, a TF 1 style program, a traced function."""
        return self.mode or self.traced > 0 or (target.tf1 and not self.eager)

    def scoped_name(self, base: str) -> str | None:
        """``base`` inside the current variable scopes; None if a scope name is unknown."""
        if any(scope is None for scope in self.variable_scopes):
            return None
        return "/".join([*self.variable_scopes, base])

    def reset(self) -> None:
        """tf.reset_default_graph: a new graph, with no summaries or variables yet."""
        self.summary_pending.clear()
        self.created_variables.clear()


@dataclass
class TrainingStepMemory:
    """The memory one Keras training step needs, summed from the layer calls a ``fit`` makes
    (constraints/core/memory.py): parameters, one batch's layer outputs, the largest output."""

    params: int = 0  # parameters (count)
    activations: int = 0  # bytes of one batch's layer outputs
    largest: tuple[str, list[int]] | None = None
    reported: bool = False  # a layer of this step was reported for its own weights


class Host(Protocol):
    """Everything a spec may ask of the analysis that runs it."""

    facts: PathFacts
    limits: SolverLimits
    possible_failures: bool
    graph: TF1Graph
    target: Target
    # > 0 while the code being run may not run (an undecided branch, a summarised loop):
    # program-wide settings a spec changes there become unknown rather than set.
    undecided: int
    flags: dict[str, Value]  # tf.app.flags / absl.flags values the program defined, by name
    # what ``np.save`` wrote into a folder the run made, by path key (core/paths.FRESH_PATH);
    # None where writes may differ (two shapes, or a write in code that may not run)
    saved_files: dict
    device_memory: str  # the device size tensors are compared with (ST205), e.g. "141GiB"
    # the step being estimated while a Keras ``fit`` runs its layers; None outside one
    memory_fit: TrainingStepMemory | None

    def report(self, code: str, message: Message, site: Origin, related: list[Origin],
               confidence: str = "definite") -> None: ...

    def unique_name(self, base: str) -> str: ...

    def catching(self, keep: Callable[[Origin], bool]) -> AbstractContextManager[list]:
        """Within the block, the definite ST1xx findings whose site ``keep`` accepts are
        collected as (code, message, site, related) instead of reported (core/tracing)."""

    def call_value(self, fn: Value, args: list[Value], kwargs: dict[str, Value], site: Origin) -> Value: ...


class OpContext:
    """One call of one spec: conversions, requirements and results at a site."""

    def __init__(self, host: Host, api: str, site: Origin, spelled: str | None = None):
        self.host = host
        self.api = api
        self.site = site
        # The module path the program called the API through (``keras.layers.Dense``), when
        # it called a library name directly; None for methods and calls made by specs.
        self.spelled = spelled
        self.failed = False
        self.deferred: list[Deferred] = []
        # Set by a spec that knows better than "the union of its arguments'"
        # which run-time checks its result carries (see call_spec).
        self.pending_override: tuple | None = None
        # How many arguments the call passed positionally (set by call_spec): some APIs
        # read the same values differently by position (Keras 1 legacy signatures).
        self.positional: int | None = None

    @property
    def target(self) -> Target:
        """The TensorFlow and Keras the program runs on."""
        return self.host.target

    @property
    def graph(self) -> TF1Graph:
        return self.host.graph

    @property
    def standalone_keras(self) -> bool:
        """The call names the standalone ``keras`` package (keras 2.3.1 beside TensorFlow
        1.15), not ``tf.keras``/``tf_keras``: the two differ under the 1.15 target."""
        return self.spelled is not None and self.spelled.split(".", 1)[0] == "keras"

    # -- reading arguments ---------------------------------------------
    def tensor(self, value: Any) -> Tensor | None:
        """The argument as a tensor: tensors as they are, Python numbers and
        (nested) lists as constants with the shape of their nesting."""
        return to_tensor(value, self.site)

    def shape_of(self, value: Any) -> Shape:
        tensor = self.tensor(value)
        return tensor.shape if tensor is not None else Shape.unknown()

    def int(self, value: Any) -> int | None:
        value = _wrap(value)
        if isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool):
            return value.value
        if isinstance(value, SymInt) and value.dim.known:
            return value.dim.value
        if isinstance(value, Tensor) and value.elements is not None and len(value.elements) == 1 \
                and value.shape.rank == 0:
            return self.int(value.elements[0])
        return None

    def dim(self, value: Any) -> Dim | None:
        """A Python int (known or symbolic) as a dim tagged with this site."""
        value = _wrap(value)
        if isinstance(value, SymInt):
            return value.dim
        if isinstance(value, Tensor) and value.shape.rank == 0 and value.elements:
            return self.dim(value.elements[0])
        known = self.int(value)
        if known is None:
            return None
        return Dim(known, frozenset({self.site}))

    def bool(self, value: Any, default: bool | None = None) -> bool | None:
        value = _wrap(value)
        if isinstance(value, Const) and isinstance(value.value, (bool, int)) and value.value is not None:
            return bool(value.value)
        if isinstance(value, Const) and value.value is None:
            return default
        return default if is_unknown(value) else None

    def str(self, value: Any) -> str | None:
        value = _wrap(value)
        if isinstance(value, Const) and isinstance(value.value, str):
            return value.value
        return None

    def is_none(self, value: Any) -> bool:
        value = _wrap(value)
        return isinstance(value, Const) and value.value is None

    def is_unknown(self, value: Any) -> bool:
        return is_unknown(_wrap(value))

    def items(self, value: Any) -> list[Value] | None:
        """Elements of a list/tuple (or of a small constant 1-D tensor)."""
        value = _wrap(value)
        if isinstance(value, Seq):
            return list(value.items) if value.sized else None
        if isinstance(value, Tensor) and value.elements is not None:
            return list(value.elements)
        if isinstance(value, ShapeVal) and value.shape.dims is not None:
            return [SymInt(d) if not d.known else Const(d.value) for d in value.shape.dims]
        return None

    def int_list(self, value: Any) -> list[int] | None:
        """A list of known ints; a single int becomes a one-element list."""
        single = self.int(value)
        if single is not None:
            return [single]
        items = self.items(value)
        if items is None:
            return None
        ints = [self.int(item) for item in items]
        return None if any(i is None for i in ints) else ints  # type: ignore[return-value]

    def shape_arg(self, value: Any) -> list[Dim | None] | None:
        """A shape argument (list, tuple, TensorShape, shape tensor, int) as a
        list of dims; an element that is None or unknown becomes ``None``.
        Returns None when even the length is unknown."""
        value = _wrap(value)
        if isinstance(value, ShapeVal):
            if value.shape.dims is None:
                return None
            return [d if d.known else None for d in value.shape.dims] if not value.numpy \
                else list(value.shape.dims)
        if isinstance(value, Tensor) and value.elements is None:
            # a shape tensor longer than TensorFlow's rank limit is no shape (and [None] * 2**40
            # would exhaust memory)
            if value.shape.rank == 1 and value.shape.dims[0].known and value.shape.dims[0].value <= MAX_RANK:
                return [None] * value.shape.dims[0].value
            return None
        single = self.dim(value)
        if single is not None:
            return [single]
        items = self.items(value)
        if items is None:
            return None
        return [self.dim(item) for item in items]

    def concrete_shape(self, value: Any) -> Shape | None:
        """A shape argument turned into a Shape; unknown entries become fresh dims."""
        dims = self.shape_arg(value)
        if dims is None:
            return None
        return Shape(d if d is not None else self.fresh() for d in dims)

    # -- requirements ----------------------------------------------------
    def msg(self, *parts: Message | str, **args: Any) -> Message:
        """The op's message: ``{op}: `` (its short name) then ``parts`` -- templates that
        name facts of ``args``, and messages (``constraints.messages``) with their own."""
        if len(parts) == 1 and type(parts[0]) is str:  # most messages: one template
            return Message("{op}: " + parts[0], op=self.display, **args)
        return join("{op}: ", *parts, op=self.display, **args)

    def require(self, cond: BoolLike, code: str, message: Message,
                involved: Iterable[Any] = (), role: str = "requires", runtime: bool = False) -> bool:
        """State that the op needs ``cond``; returns False when it surely fails.

        ``involved`` lists the dims, shapes or tensors the condition talks
        about; their origins become the related lines of a report.
        """
        if cond is True:
            return True
        message = _TRANSITION(message)
        origins = _origins_of(involved)
        if self.host.graph.mode and (runtime or (cond is not False and runtime_only(cond))):
            return self._defer(cond, code, message, origins, role)
        if cond is False:
            self._fail(code, message, origins)
            return False
        judgement: Judgement = judge(self.host.facts, cond, self.host.limits, self.host.possible_failures)
        if judgement.verdict is Verdict.FAILS:
            for fact in judgement.core:
                origins |= fact.origins | {fact.site}
            self._fail(code, message, origins)
            return False
        if judgement.verdict is Verdict.UNKNOWN:
            self.host.report(codes.INCONCLUSIVE, self.msg("solver gave no verdict on: {requirement}",
                                                          requirement=message, requirement_code=str(code)),
                             self.site, [], confidence="possible")
        elif judgement.verdict is Verdict.MAY_FAIL:
            self._warn_possible(code, message, origins, judgement)
        self.host.facts = self.host.facts.add(cond, self.site, role, frozenset(origins))
        return True

    def _warn_possible(self, code: str, message: Message, origins: frozenset[Origin], judgement: Judgement) -> None:
        example = tuple((_readable(k), v) for k, v in sorted(judgement.counterexample.items()))
        self.host.report(codes.POSSIBLE_FAILURE, possible_failure(code, message, example),
                         self.site, list(origins - {self.site}), confidence="possible")

    def _defer(self, cond, code: str, message: Message, origins: frozenset[Origin], role: str) -> bool:
        """Graph mode: the op builds; the requirement is judged at Session.run.

        With ``--possible``, a requirement that may fail is warned about here only if it may
        fail even when every dim declared ``None`` it mentions takes one value: a batch
        placeholder against a fixed 32 may fail whatever the runs feed, but examples against
        labels fail only in a run that feeds the two arrays of different lengths, so that is
        asked at each run, with the fed sizes (session.check_pending).
        """
        warned = False
        if cond is not False and self.host.possible_failures:
            probe = one_size_per_unknown(cond) if runtime_only(cond) else cond
            judgement = judge(self.host.facts, probe, self.host.limits, True)
            if judgement.verdict is Verdict.MAY_FAIL:
                self._warn_possible(code, message, origins, judgement)
                warned = True
        self.deferred.append(Deferred(cond, code, message, self.site, frozenset(origins), warned=warned))
        # Not a path fact: it holds only in the runs that evaluate this op.  Kept as a fact,
        # the requirement of an op no run evaluates would turn a later op's satisfiable
        # requirement into a build-time error TensorFlow never raises.
        return True

    def require_all(self, conds: Iterable[BoolLike], code: str, message: Message,
                    involved: Iterable[Any] = ()) -> bool:
        return self.require(bool_and(*conds), code, message, involved)

    def fail(self, code: str, message: Message, involved: Iterable[Any] = (), runtime: bool = False) -> None:
        """Report a failure that does not depend on unknown dims (rank, axis, literal).

        ``runtime=True``: TensorFlow's static shape inference does not catch it, so in
        graph mode it surfaces at the Session.run that evaluates the op."""
        message = _TRANSITION(message)
        if runtime and self.host.graph.mode:
            self._defer(False, code, message, _origins_of(involved), "requires")
            return
        self._fail(code, message, _origins_of(involved))

    def warn(self, code: str, message: Message, involved: Iterable[Any] = ()) -> None:
        message = _TRANSITION(message)
        origins = _origins_of(involved) - {self.site}
        self.host.report(code, message, self.site, list(origins), confidence="possible")

    def _fail(self, code: str, message: Message, origins: frozenset[Origin]) -> None:
        self.failed = True
        # unsorted: ordering needs positions, which only reports that are shown pay for
        # (the engine sorts them when it builds findings)
        related = [o for o in origins if not _same_site(o, self.site)]
        self.host.report(code, message, self.site, related)

    @property
    def display(self) -> str:
        """The op's short name for messages: ``tf.nn.conv2d`` -> ``conv2d``."""
        return self.api.rsplit(".", 1)[-1]

    # -- results -----------------------------------------------------------
    def fresh(self, hint: str = "d", lower: int = 1) -> Dim:
        return Dim.fresh(hint, lower, frozenset({self.site}))

    def result(self, shape: Shape | Iterable[Dim | int | None] | None, dtype: str | None = None,
               label: str = "", kind: str = "tensor", name: str | None = None,
               elements: tuple[Value, ...] | None = None) -> Tensor:
        """A tensor produced at this site; ``label`` describes it in reports."""
        if shape is None:
            shape = Shape.unknown()
        elif not isinstance(shape, Shape):
            shape = Shape(d if isinstance(d, Dim) else (Dim(d, frozenset({self.site})) if d is not None
                                                          else self.fresh()) for d in shape)
        labelled = self.site.relabelled(label or f"{self.display} gives", shape.list_str(),
                                        (("shape", shape.as_fact()),))
        if shape.dims is not None:
            shape = Shape(_relabel(d, self.site, labelled) for d in shape.dims)
        return Tensor(shape, dtype, kind, labelled, name, elements)

    def unknown_tensor(self, dtype: str | None = None) -> Tensor:
        return self.result(Shape.unknown(), dtype)

    def same_shape(self, tensor: Tensor, dtype: str | None = None) -> Tensor:
        """A result shaped like ``tensor`` (activations, dropout, …): dims keep their origins."""
        return Tensor(tensor.shape, dtype or tensor.dtype, "tensor", tensor.origin, None, None)

    def unique_name(self, base: str) -> str:
        return self.host.unique_name(base)

    def call(self, fn: Value, *args: Value, **kwargs: Value) -> Value:
        """Call a user function or another modelled API (tf.while_loop bodies, map_fn)."""
        return self.host.call_value(fn, list(args), dict(kwargs), self.site)


# --- helpers --------------------------------------------------------------

def _wrap(value: Any) -> Value:
    """Python literals passed directly (defaults, examples) become values."""
    if isinstance(value, Value):
        return value
    if isinstance(value, (list, tuple)):
        return Seq([_wrap(v) for v in value], "list" if isinstance(value, list) else "tuple")
    return Const(value)


def to_tensor(value: Any, site: Origin | None) -> Tensor | None:
    value = _wrap(value)
    if isinstance(value, Tensor):
        return value
    origins = frozenset({site}) if site else frozenset()
    if isinstance(value, Const):
        if isinstance(value.value, bool):
            return Tensor(Shape([]), "bool", elements=(value,))
        if isinstance(value.value, int):
            return Tensor(Shape([]), "int32", elements=(value,))
        if isinstance(value.value, float):
            return Tensor(Shape([]), "float32")
        if isinstance(value.value, (str, bytes)):
            return Tensor(Shape([]), "string")
        return None
    if isinstance(value, SymInt):
        return Tensor(Shape([]), "int32", elements=(value,))
    if isinstance(value, ShapeVal):
        if value.shape.dims is None:
            return None
        elements = tuple(dim_int(d) for d in value.shape.dims)
        return Tensor(Shape([Dim(len(elements), origins)]), "int32", elements=elements)
    if isinstance(value, Seq):
        return _nested_tensor(value, origins)
    return None


def _nested_tensor(value: Seq, origins: frozenset[Origin]) -> Tensor | None:
    """Shape of a nested list literal; ragged or unknown members give None."""
    if not value.sized:
        return None
    if not value.items:
        return Tensor(Shape([Dim(0, origins)]), "float32")
    if all(type(item) is Const for item in value.items):
        return _scalar_row(value.items, origins)
    inner = [to_tensor(item, None) for item in value.items]
    if any(t is None for t in inner):
        return None
    first = inner[0].shape
    if first.dims is None:
        return None
    for other in inner[1:]:
        if other.shape.rank != first.rank:
            return None
        for a, b in zip(other.shape.dims, first.dims):
            if a.known and b.known and a.value != b.value:
                return None
    dims = [Dim(len(value.items), origins)] + [Dim(d.value, origins) if d.known else d for d in first.dims]
    dtypes = {t.dtype for t in inner}
    if "string" in dtypes and dtypes != {"string"}:
        return None  # strings beside numbers: no tensor
    dtype = "string" if dtypes == {"string"} else "int32" if dtypes == {"int32"} else "float32"
    elements = None
    if first.rank == 0 and all(t.elements for t in inner):
        elements = tuple(t.elements[0] for t in inner)
    return Tensor(Shape(dims), dtype, elements=elements)


def _scalar_row(items: list[Const], origins: frozenset[Origin]) -> Tensor | None:
    """``_nested_tensor`` of a list of constants in one pass (what converting each item
    with ``to_tensor`` and joining them gives): a row of a literal table."""
    kinds = {type(item.value) for item in items}
    if kinds and kinds <= {str, bytes}:
        return Tensor(Shape([Dim(len(items), origins)]), "string")
    if not kinds <= {bool, int, float}:
        return None  # None among them, or strings beside numbers: no tensor
    dtype = "int32" if kinds == {int} else "float32"
    return Tensor(Shape([Dim(len(items), origins)]), dtype, elements=None if float in kinds else tuple(items))


def _origins_of(involved: Iterable[Any]) -> frozenset[Origin]:
    result: frozenset[Origin] = frozenset()
    for item in involved:
        if isinstance(item, Dim):
            result |= item.origins
        elif isinstance(item, Shape):
            result |= item.origins()
        elif isinstance(item, Tensor):
            result |= item.shape.origins()
            if item.origin is not None:
                result |= {item.origin}
        elif isinstance(item, Origin):
            result |= {item}
    return result


def _relabel(dim: Dim, site: Origin, labelled: Origin) -> Dim:
    if site in dim.origins:
        return dim.traced_to((dim.origins - {site}) | {labelled})
    return dim


def _same_site(a: Origin, b: Origin) -> bool:
    return a.same_site(b)



def _TRANSITION(message):
    if not isinstance(message, Message):
        raise TypeError(f"a report needs a Message, not {type(message).__name__}: {message!r}")
    return message


def _readable(symbol: str) -> str:
    return symbol.split("!", 1)[0]


def possible_failure(code: str, requirement: Message, counterexample: tuple) -> Message:
    """ST201's message: the requirement that may fail (reported as ``code`` when it surely
    does) and the values of the unknowns it fails for."""
    template = "{requirement} (fails when {counterexample:assign})" if counterexample else "{requirement}"
    return Message(template, requirement=requirement, requirement_code=str(code), counterexample=counterexample)


def call_spec(spec: Spec, ctx: OpContext, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Bind abstract arguments to the spec's signature and run it.

    A call the signature cannot bind (wrong arity, unknown ``*args``) is not a
    shape question: the result is simply unknown.
    """
    try:
        arguments = spec.binder.bind((ctx, *args), kwargs)
        ctx.positional = len(args)
    except TypeError:
        return UNKNOWN
    for check in CHECKS.get(ctx.api, ()):  # requirements beside the shapes (dtypes): the op fails first
        check(ctx, arguments)
        if ctx.failed:
            return UNKNOWN
    result = spec.fn(ctx, *args, **kwargs)  # binds as ``arguments`` did
    for annotate in ANNOTATORS:  # certain dtypes, device memory (core/dtypes.py, memory.py)
        result = annotate(ctx, arguments, result)
    if ctx.pending_override is not None:
        pending = ctx.pending_override
    else:
        pending = pending_of(list(args) + list(kwargs.values()))
    if ctx.deferred or pending:
        result = _with_pending(result, tuple(dict.fromkeys(pending + tuple(ctx.deferred))))
    if ctx.failed:
        # The op raises here at run time; what follows on this path is moot,
        # so keep going with an unknown result instead of cascading reports.
        if isinstance(result, Tensor):
            return Tensor(Shape.unknown(), result.dtype, result.kind, result.origin, result.name)
        return UNKNOWN
    return result if result is not None else UNKNOWN


def pending_of(values: list[Any], fetched: bool = False) -> tuple:
    """Run-time requirements carried by values (through lists, tuples and dicts).

    ``fetched``: the values are what a run fetches, so checks that hold only for
    a directly fetched tensor (``Deferred.fetch_only``) count too; an op that
    merely consumes the values does not inherit those.
    """
    found: list = []
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, (Tensor, Obj)):
            if value.pending:  # most values carry none
                found.extend(d for d in value.pending if fetched or not d.fetch_only)
        elif isinstance(value, Seq):
            stack.extend(value.items)
        elif isinstance(value, DictVal):
            stack.extend(v for _, v in value.entries)
    return tuple(dict.fromkeys(found)) if found else ()


def _with_pending(result: Any, pending: tuple) -> Any:
    """The result carrying ``pending`` (a copy: results may be argument objects)."""
    if isinstance(result, (Tensor, Obj)):
        copy = dataclasses.replace(result)
        copy.pending = tuple(dict.fromkeys(result.pending + pending))
        return copy
    if isinstance(result, Seq):
        return Seq([_with_pending(item, pending) for item in result.items], result.kind)
    return result


__all__ = [
    "ApiRef", "Const", "Dim", "Obj", "OpContext", "Origin", "Seq", "Shape", "ShapeVal", "Spec", "SPECS",
    "SymInt", "Tensor", "UNKNOWN", "Value", "call_spec", "op", "to_tensor",
]
