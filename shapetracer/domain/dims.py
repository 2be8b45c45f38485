"""Dimensions and shapes: concrete ints where known, linear expressions or Z3 terms where not.

Why a wrapper instead of raw Z3 terms: nine checks in ten compare two literal
dims, and plain Python ints keep those off the solver entirely.  A ``Dim`` also
remembers the source sites that determined its value (``origins``), which is
how a report names "every line involved" even when no solver call was needed.

Invariants:
- ``Dim.value`` is an ``int`` exactly when the value is known.
- A symbolic ``Dim``'s ``value`` is a Z3 ``ArithRef`` over integer symbols that the
  solver context has constrained (data dims are >= 1).  When the dim is linear in its
  symbols, that term is built only on first read: ``Dim.linear`` holds the expression in
  plain Python (``domain.linear``), and sums, multiples and most comparisons never
  reach Z3.
- ``Shape.dims is None`` means the rank itself is unknown.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Iterable, Protocol, Union

import z3

from shapetracer.domain import analysis, linear

Z3Int = z3.ArithRef
BoolLike = Union[bool, z3.BoolRef]

_creation_order = itertools.count()  # a clock, monotonic within every analysis

def lower_bound(name: str) -> int | None:
    """The least value of symbol ``name`` in the running analysis (data dims >= 1)."""
    return analysis.current().lower_bounds.get(name)


def upper_bound(name: str) -> int | None:
    """The exclusive upper bound of symbol ``name`` (a random int drawn in [low, high))."""
    return analysis.current().upper_bounds.get(name)


def bound_above(name: str, high: int) -> None:
    analysis.current().upper_bounds[name] = high


class Locator(Protocol):
    """Turns a syntax node into a source position, computed only when asked."""

    def position(self, node: object) -> tuple[int, int, int, int]:
        """(line, column, end_line, end_column), 1-based, end column exclusive."""

    def snippet(self, line: int) -> str: ...


class FixedLocator:
    """A locator for synthetic sites (op examples, tests): every node is at line 1."""

    def __init__(self, line: int = 1, text: str = "<example>"):
        self._line = line
        self._text = text

    def position(self, node: object) -> tuple[int, int, int, int]:
        return (self._line, 1, self._line, len(self._text) + 1)

    def snippet(self, line: int) -> str:
        return self._text


@dataclass(frozen=True, eq=False)
class Origin:
    """A source site that introduced or computed a value.

    Positions are resolved through the locator only when a report needs them
    (computing positions for a whole tree costs more than analysing it).
    ``label`` reads as a phrase before a rendered shape: "declared as",
    "reshaped to", "fed a value of shape".
    """

    path: str
    node: object = field(repr=False)
    locator: Locator = field(repr=False)
    label: str = ""
    shape_text: str = ""
    seq: int = field(default=0, compare=False)  # creation order: later results of a site win in reports
    # what ``label`` and ``shape_text`` say, as facts (``(("shape", (None, 784)),)``): a
    # related line's ``args`` (rules.message)
    args: tuple = field(default=(), compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Origin) and self.node is other.node and self.path == other.path \
            and self.label == other.label and self.shape_text == other.shape_text

    def __hash__(self) -> int:
        return hash((self.path, id(self.node), self.label, self.shape_text))

    def relabelled(self, label: str, shape_text: str, args: tuple = ()) -> "Origin":
        return Origin(self.path, self.node, self.locator, label, shape_text, next(_creation_order), args)

    def same_site(self, other: "Origin") -> bool:
        return self.node is other.node and self.path == other.path

    @property
    def position(self) -> tuple[int, int, int, int]:
        return self.locator.position(self.node)

    @property
    def line(self) -> int:
        return self.position[0]

    @property
    def column(self) -> int:
        return self.position[1]

    @property
    def end_line(self) -> int:
        return self.position[2]

    @property
    def end_column(self) -> int:
        return self.position[3]

    @property
    def snippet(self) -> str:
        return self.locator.snippet(self.line)

    def describe(self) -> str:
        if self.label and self.shape_text:
            return f"{self.label} {self.shape_text}"
        return self.label


_SIMPLIFIED_LIMIT = 50_000


def simplify(term: z3.ExprRef) -> z3.ExprRef:
    """``z3.simplify(term)``, remembered per term for the running analysis.  Z3 shares equal
    terms, and an unrolled loop rebuilds the same dim arithmetic at every step: nineteen
    simplifications in twenty are of a term seen before."""
    cache = analysis.current().simplified
    key = term.get_id()
    found = cache.get(key)
    if found is None:
        if len(cache) >= _SIMPLIFIED_LIMIT:
            cache.clear()
        found = cache[key] = (term, z3.simplify(term))  # the term is kept: its id stays its own
    return found[1]


class Dim:
    """One axis length: a known int or a symbolic term, with provenance.

    A symbolic dim that is linear in its symbols keeps the plain-Python form in
    ``linear`` (see ``domain.linear``), and its Z3 term in ``value`` is built only when
    something reads it: the slot stays unset until then and ``__getattr__`` fills it.
    Other symbolic dims (products of symbols, divisions, ``If``) hold a simplified Z3
    term, and ``linear`` is None; so does a known dim, whose ``value`` is its int.
    """

    __slots__ = ("value", "origins", "linear")

    def __init__(self, value: int | Z3Int | linear.Linear, origins: frozenset[Origin] = frozenset()):
        self.origins = origins
        if isinstance(value, linear.Linear):
            self.linear = value
            return
        if isinstance(value, int):
            self.value = int(value)  # True and False become 1 and 0
        else:
            # a term from a non-linear op or an ``If`` stays a term, even where it simplifies
            # to a linear function: comparisons read its ``value`` as before
            self.value = _settled(value)
        self.linear = None

    def __getattr__(self, name: str):
        # only reached for an unset slot: the Z3 term of a linear dim, made on first read
        if name == "value":
            value = self.value = linear.term(self.linear)
            return value
        raise AttributeError(name)

    @staticmethod
    def _of(value: int | linear.Linear, origins: frozenset[Origin]) -> "Dim":
        """A dim from an int or a linear expression (no Z3 work)."""
        dim = Dim.__new__(Dim)
        dim.origins = origins
        if type(value) is int:
            dim.value, dim.linear = value, None
        else:
            dim.linear = value
        return dim

    # -- construction -------------------------------------------------
    @staticmethod
    def fresh(hint: str = "d", lower: int | None = 1,
              origins: frozenset[Origin] = frozenset()) -> "Dim":
        """A new unknown dim, at least ``lower`` (data dims are never empty)."""
        current = analysis.current()
        name = current.fresh_name(hint)
        if lower is not None:
            current.lower_bounds[name] = lower
        return Dim._of(linear.symbol(name), origins)

    def with_origins(self, origins: Iterable[Origin]) -> "Dim":
        return self.traced_to(self.origins | frozenset(origins))

    def traced_to(self, origins: frozenset[Origin]) -> "Dim":
        """The same value with these origins (a linear dim's term is still not built)."""
        dim = Dim.__new__(Dim)
        dim.origins = origins
        dim.linear = self.linear
        if self.linear is None or _materialised(self):
            dim.value = self.value
        return dim

    # -- queries ------------------------------------------------------
    @property
    def known(self) -> bool:
        return self.linear is None and isinstance(self.value, int)

    def __repr__(self) -> str:
        return f"Dim({self})"

    def __str__(self) -> str:
        return str(self.value) if self.known else "?"

    def as_fact(self) -> int | None:
        """The dim as a finding's fact (rules.message): its value, None when unknown."""
        return self.value if self.known else None

    def same_as(self, other: "Dim") -> bool:
        """Structural identity (not semantic equality)."""
        a, b = _operand(self), _operand(other)
        if a is not None and b is not None:
            return linear.same(a, b)
        if self.known or other.known:
            return False  # the other is a non-linear term
        return self.value.eq(other.value)

    # -- arithmetic: results union the provenance of their operands --
    def _combine(self, other: "Dim | int", op: str) -> "Dim":
        """``self op other`` (an operator of ``_ARITHMETIC``): in Python when both are known,
        else a simplified Z3 term (``_arithmetic``)."""
        other_dim = other if isinstance(other, Dim) else Dim(other)
        origins = self.origins | other_dim.origins
        if self.known and other_dim.known:
            return Dim(_ARITHMETIC[op](self.value, other_dim.value), origins)
        dim = Dim.__new__(Dim)
        dim.origins, dim.value, dim.linear = origins, _arithmetic(op, self, other_dim), None
        return dim

    def _linear(self, other: "Dim | int", combine, op: str) -> "Dim":
        """A sum or difference: in Python when both sides are linear, else through Z3."""
        other_dim = other if isinstance(other, Dim) else Dim(other)
        a, b = _operand(self), _operand(other_dim)
        if a is not None and b is not None:
            return Dim._of(combine(a, b), self.origins | other_dim.origins)
        return self._combine(other_dim, op)

    def __add__(self, other: "Dim | int") -> "Dim":
        return self._linear(other, linear.plus, "+")

    def __radd__(self, other: int) -> "Dim":
        return Dim(other)._linear(self, linear.plus, "+")

    def __sub__(self, other: "Dim | int") -> "Dim":
        return self._linear(other, linear.minus, "-")

    def __rsub__(self, other: int) -> "Dim":
        return Dim(other)._linear(self, linear.minus, "-")

    def __mul__(self, other: "Dim | int") -> "Dim":
        other_dim = other if isinstance(other, Dim) else Dim(other)
        a, b = _operand(self), _operand(other_dim)
        if a is not None and b is not None and (type(a) is int or type(b) is int):
            product = linear.times(b, a) if type(a) is int else linear.times(a, b)
            return Dim._of(product, self.origins | other_dim.origins)
        return self._combine(other_dim, "*")

    def __rmul__(self, other: int) -> "Dim":
        return Dim(other).__mul__(self)

    def floordiv(self, other: "Dim | int") -> "Dim":
        """Floor division; Z3 integer division agrees for positive divisors."""
        return self._combine(other, "//")

    def ceildiv(self, other: "Dim | int") -> "Dim":
        other_dim = other if isinstance(other, Dim) else Dim(other)
        return (self + other_dim - 1).floordiv(other_dim)

    def mod(self, other: "Dim | int") -> "Dim":
        return self._combine(other, "%")

    # -- comparisons return bool when decidable without a solver -------
    def eq(self, other: "Dim | int") -> BoolLike:
        other_dim = other if isinstance(other, Dim) else Dim(other)
        if self.known and other_dim.known:
            return self.value == other_dim.value
        if self.same_as(other_dim):
            return True
        return _decided("==", self, other_dim)

    def ne(self, other: "Dim | int") -> BoolLike:
        return bool_not(self.eq(other))

    def ge(self, other: "Dim | int") -> BoolLike:
        other_dim = other if isinstance(other, Dim) else Dim(other)
        if self.known and other_dim.known:
            return self.value >= other_dim.value
        return _decided(">=", self, other_dim)

    def gt(self, other: "Dim | int") -> BoolLike:
        other_dim = other if isinstance(other, Dim) else Dim(other)
        if self.known and other_dim.known:
            return self.value > other_dim.value
        return _decided(">", self, other_dim)

    def le(self, other: "Dim | int") -> BoolLike:
        other_dim = other if isinstance(other, Dim) else Dim(other)
        return other_dim.ge(self)

    def lt(self, other: "Dim | int") -> BoolLike:
        other_dim = other if isinstance(other, Dim) else Dim(other)
        return other_dim.gt(self)


def _operand(dim: Dim) -> int | linear.Linear | None:
    """The dim as an int or a linear expression; None for a non-linear term."""
    if dim.linear is not None:
        return dim.linear
    value = dim.value
    return value if isinstance(value, int) else None


def _materialised(dim: Dim) -> bool:
    try:
        object.__getattribute__(dim, "value")
    except AttributeError:
        return False
    return True


_DIFFERENCE_TESTS = {"==": lambda d: d == 0, ">=": lambda d: d >= 0, ">": lambda d: d > 0}


def _decided(op: str, left: Dim, right: Dim) -> BoolLike:
    """A comparison of two dims, not both known.  When both are linear and differ by a
    constant, it is decided in Python, with the answer Z3's simplifier gives: a false
    comparison of declared-``None`` dims goes to Z3 and stays symbolic (``_simplify_bool``)."""
    a, b = _operand(left), _operand(right)
    if a is not None and b is not None:
        difference = linear.minus(a, b)
        if type(difference) is int:
            if _DIFFERENCE_TESTS[op](difference):
                return True
            if not any(DECLARED_NONE_TEXT in name for side in (a, b) if type(side) is not int
                       for name in side.names):
                return False
    return _compared(op, left, right)


_COMPARISONS = {"==": lambda a, b: a == b, ">=": lambda a, b: a >= b, ">": lambda a, b: a > b}

# Z3's integer division agrees with Python's floor division for the positive divisors dims have
_ARITHMETIC = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
               "//": lambda a, b: a // b if isinstance(a, int) and isinstance(b, int) else a / b,
               "%": lambda a, b: a % b}


def _arithmetic(op: str, left: Dim, right: Dim) -> int | Z3Int:
    """The value of ``left op right`` (not both known), remembered for the running analysis
    like ``_compared``: a network's layers repeat the same dim arithmetic (each YOLO script
    builds 1,200 terms, 430 of them distinct), and building a Z3 term, simplifying it and
    asking whether it is a number costs twenty times the lookup."""
    return _remembered(analysis.current().arithmetic, _ARITHMETIC, _settled, op, left, right)


def _settled(term: Z3Int) -> int | Z3Int:
    """A term's simplification: its int when that is a number, else the simplified term.
    (Whether it is a number is asked of Z3's C API once, before ``is_int_value``'s
    several calls: most simplified dims are not.)"""
    simplified = simplify(term)
    if _is_numeral(simplified.ctx_ref(), simplified.as_ast()) and z3.is_int_value(simplified):
        return simplified.as_long()
    return simplified


def _compared(op: str, left: Dim, right: Dim) -> BoolLike:
    """A comparison of two dims (not both known), remembered for the running analysis: an
    unrolled loop compares the same dims at every step, and building and simplifying the
    Z3 term costs a hundred times the lookup."""
    return _remembered(analysis.current().compared, _COMPARISONS, _simplify_bool, op, left, right)


def _remembered(cache: dict, operators: dict, settle, op: str, left: Dim, right: Dim):
    """``settle(operators[op](left's term, right's term))``, looked up in ``cache`` first by
    the operator and the operands' identities."""
    key = (op, _identity(left), _identity(right))
    found = cache.get(key)
    if found is None:
        if len(cache) >= _SIMPLIFIED_LIMIT:
            cache.clear()
        # the operands are kept: their terms' ids stay theirs
        found = cache[key] = (left.value, right.value, settle(operators[op](_term(left), _term(right))))
    return found[2]


def _identity(dim: Dim) -> int | tuple[int]:
    return dim.value if dim.known else (dim.value.get_id(),)


def _term(dim: Dim) -> Z3Int:
    return z3.IntVal(dim.value) if dim.known else dim.value


def _simplify_bool(expr: z3.BoolRef) -> BoolLike:
    simplified = simplify(expr)
    if z3.is_true(simplified):
        return True
    if z3.is_false(simplified):
        # ``2 * x.shape[0] == 1`` is false for every value, but TensorFlow only
        # learns a placeholder's None dim when a run feeds it: in graph mode the
        # op builds and the run fails.  Keep such a condition symbolic so that
        # OpContext.require can see the dim and defer it (spec.runtime_only).
        return expr if mentions_declared_none(expr) else False
    return simplified


def declared_none_name(tensor: str, axis: int) -> str:
    """The symbol of a dim the program declares ``None`` (a placeholder's ``[None, 784]``):
    TensorFlow itself does not know it until a run feeds it."""
    return f"{tensor}.shape[{axis}]"


def mentions_declared_none(expr: z3.ExprRef) -> bool:
    """Whether ``expr`` mentions a dim TensorFlow leaves unknown until run time."""
    return any(DECLARED_NONE_TEXT in name for name in free_symbols(expr))


DECLARED_NONE_TEXT = ".shape["  # in the names of the dims a placeholder declares None


def statically_none(dim: "Dim") -> bool:
    """Whether TensorFlow's own static shape has ``None`` at this dim.

    A symbolic dim may be unknown only to the analysis (read from a data file, a gym
    environment, a constructor argument) while TensorFlow sees a concrete int; requiring a
    "defined" dim must not fire then.  So only dims built purely from symbols of declared
    ``None`` dims count (those TensorFlow cannot know either).
    """
    if dim.known:
        return False
    symbols = dim.linear.names if dim.linear is not None else free_symbols(dim.value)
    return bool(symbols) and all(_DECLARED_NONE.search(s.split("!", 1)[0]) for s in symbols)


_DECLARED_NONE = re.compile(r"\.shape\[\d+\]$")


def bool_not(cond: BoolLike) -> BoolLike:
    return (not cond) if isinstance(cond, bool) else _simplify_bool(z3.Not(cond))


def bool_and(*conds: BoolLike) -> BoolLike:
    symbolic = []
    for cond in conds:
        if cond is False:
            return False
        if cond is not True:
            symbolic.append(cond)
    if not symbolic:
        return True
    return symbolic[0] if len(symbolic) == 1 else z3.And(*symbolic)


def bool_or(*conds: BoolLike) -> BoolLike:
    symbolic = []
    for cond in conds:
        if cond is True:
            return True
        if cond is not False:
            symbolic.append(cond)
    if not symbolic:
        return False
    return symbolic[0] if len(symbolic) == 1 else z3.Or(*symbolic)


_SYMBOLS_CACHE_LIMIT = 100_000


def free_symbols(expr: z3.ExprRef) -> set[str]:
    """Names of the integer symbols in a Z3 term (counterexamples, the solver's cone of
    influence, ``mentions_declared_none``).  Memoised per subterm: a new requirement is
    mostly made of terms already scanned (the same dims, compared again), so only its new
    nodes are visited."""
    return set(fold_term(expr, analysis.current().symbols_cache, _symbol_of))


def _symbol_of(ctx, node, kind: int, arity: int) -> frozenset[str]:
    if kind != z3.Z3_APP_AST or arity:  # a numeral, a bound variable, a quantifier, an operator
        return _NOTHING
    decl = _app_decl(ctx, _to_app(ctx, node))
    if _decl_kind(ctx, decl) != z3.Z3_OP_UNINTERPRETED:
        return _NOTHING
    return frozenset((_symbol_name(ctx, _decl_name(ctx, decl)),))


_NOTHING: frozenset = frozenset()


def fold_term(expr: z3.ExprRef, cache: dict, own) -> frozenset:
    """The union, over the nodes of ``expr``, of ``own(ctx, node, kind, arity)``: memoised in
    ``cache`` per subterm (AST id -> (a term that holds the subterm, so that its id is not
    reused; the union below it)).  The walk reads Z3's C API on raw pointers: a Python
    wrapper per child (``children()``) cost ten times the lookup, for a set most often
    already known."""
    ctx, root = expr.ctx_ref(), expr.as_ast()
    root_id = _ast_id(ctx, root)
    cached = cache.get(root_id)
    if cached is not None:
        return cached[1]
    if len(cache) >= _SYMBOLS_CACHE_LIMIT:
        cache.clear()
    # post-order over the DAG: a node's set is its own and its children's
    # an entry's third item: None on the way down, its children's ids on the way back up
    stack: list[tuple[object, int, list[int] | None]] = [(root, root_id, None)]
    while stack:
        node, ident, child_ids = stack.pop()
        if ident in cache:
            continue
        kind = _ast_kind(ctx, node)
        if child_ids is not None:
            found = own(ctx, node, kind, len(child_ids))
            for child_id in child_ids:
                found |= cache[child_id][1]
            cache[ident] = (expr, found)
            continue
        count = _num_args(ctx, _to_app(ctx, node)) if kind == z3.Z3_APP_AST else 0
        if count == 0:
            cache[ident] = (expr, own(ctx, node, kind, 0))
            continue
        app = _to_app(ctx, node)
        children = [_app_arg(ctx, app, i) for i in range(count)]
        ids = [_ast_id(ctx, child) for child in children]
        stack.append((node, ident, ids))
        stack.extend(zip(children, ids, [None] * count))
    return cache[root_id][1]


_ast_id, _ast_kind, _to_app = z3.Z3_get_ast_id, z3.Z3_get_ast_kind, z3.Z3_to_app
_is_numeral = z3.Z3_is_numeral_ast
_num_args, _app_arg, _app_decl = z3.Z3_get_app_num_args, z3.Z3_get_app_arg, z3.Z3_get_app_decl
_decl_kind, _decl_name, _symbol_name = z3.Z3_get_decl_kind, z3.Z3_get_decl_name, z3.Z3_get_symbol_string


class Shape:
    """A tensor shape: ``dims is None`` when even the rank is unknown.

    An unknown rank is usually the analysis's ignorance.  ``no_static_rank`` says more:
    TensorFlow's own static shape has no rank either (``decode_image`` in a graph, a
    placeholder declared without a shape), so ops that need the rank while the graph is
    built fail on it, whatever the data ("'images' contains no shape.")."""

    __slots__ = ("dims", "no_static_rank")

    def __init__(self, dims: Iterable[Dim] | None, no_static_rank: bool = False):
        self.dims = tuple(dims) if dims is not None else None
        self.no_static_rank = no_static_rank and dims is None

    @staticmethod
    def unknown() -> "Shape":
        return Shape(None)

    @staticmethod
    def without_static_rank() -> "Shape":
        """Unknown to TensorFlow too (see the class docstring)."""
        return Shape(None, no_static_rank=True)

    @staticmethod
    def of(*values: int | None | Dim) -> "Shape":
        """Shape from ints (None: a fresh unknown dim) — for tests and examples."""
        dims = []
        for value in values:
            if isinstance(value, Dim):
                dims.append(value)
            elif value is None:
                dims.append(Dim.fresh("n"))
            else:
                dims.append(Dim(value))
        return Shape(dims)

    @property
    def rank(self) -> int | None:
        return None if self.dims is None else len(self.dims)

    @property
    def fully_known(self) -> bool:
        return self.dims is not None and all(d.known for d in self.dims)

    def as_ints(self) -> list[int | None] | None:
        if self.dims is None:
            return None
        return [d.value if d.known else None for d in self.dims]

    def num_elements(self) -> Dim | None:
        if self.dims is None:
            return None
        total = Dim(1)
        for dim in self.dims:
            total = total * dim
        return total

    def origins(self) -> frozenset[Origin]:
        if self.dims is None:
            return frozenset()
        result: frozenset[Origin] = frozenset()
        for dim in self.dims:
            result |= dim.origins
        return result

    def __repr__(self) -> str:
        return f"Shape({self.tf_str()})"

    def as_fact(self) -> tuple[int | None, ...] | None:
        """The shape as a finding's fact (rules.message): its dims, None when the rank is unknown."""
        return None if self.dims is None else tuple(d.value if d.known else None for d in self.dims)

    def tf_str(self) -> str:
        """TensorFlow's graph-mode rendering: ``[?,784]``; ``<unknown>`` without rank."""
        if self.dims is None:
            return "<unknown>"
        return "[" + ",".join(str(d) for d in self.dims) + "]"

    def list_str(self) -> str:
        """Human rendering used in related-line notes: ``[?, 784]``."""
        if self.dims is None:
            return "<unknown rank>"
        return "[" + ", ".join(str(d) for d in self.dims) + "]"

    def tuple_str(self) -> str:
        """Numpy/feed rendering: ``(?, 784)``, ``(5,)``."""
        if self.dims is None:
            return "<unknown>"
        inner = ", ".join(str(d) for d in self.dims)
        return f"({inner},)" if len(self.dims) == 1 else f"({inner})"
