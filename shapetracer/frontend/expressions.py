"""Expressions: the value of each kind of expression syntax.

Names are looked up in the running path, the closures of the running frame and the
module; literals are read once per node; operators, attributes and subscripts evaluate
their operands and leave the rest to ``Operations``; a call evaluates its callee and
arguments and leaves the call to ``Calls``.  Comprehensions (``comprehensions.py``) and
``:=`` (``assignment.py``) are handled by their own parts.
"""

from __future__ import annotations

from pathlib import PurePath

import libcst as cst

from shapetracer.constraints.core.arrays import NUMBER
from shapetracer.constraints.core.paths import made
from shapetracer.domain.dims import Origin
from shapetracer.domain.state import merge_values
from shapetracer.domain.values import (
    ELLIPSIS, UNKNOWN, ApiRef, Const, DictVal, Function, Obj, Seq, ShapeVal, SliceVal, Value, distinct,
)
from shapetracer.frontend import literals
from shapetracer.frontend.calls import Calls, open_dicts
from shapetracer.frontend.containers import Recorder
from shapetracer.frontend.dispatch import Dispatch
from shapetracer.frontend.files import FileRecorder
from shapetracer.frontend.literals import float_value, integer_value, string_value
from shapetracer.frontend.operations import MAX_SEQUENCE, Operations, truth_of
from shapetracer.frontend.run import Run

_NAMED_CONSTANTS = {"True": True, "False": False, "None": None}


class Evaluator:
    """The handlers of expression syntax (but comprehensions and ``:=``)."""

    def __init__(self, run: Run, dispatch: Dispatch, operations: Operations, calls: Calls, containers: Recorder,
                 files: FileRecorder):
        self.run = run
        self.files = files
        self.eval = dispatch.eval
        self.tick = run.tick
        self.operations = operations
        self.calls = calls
        self.containers = containers
        # per node, for this analysis: literals' values (a helper holding a table of numbers
        # runs at every call, and a string's value costs a Python parse), and the tables of
        # number and string literals (frontend/literals.py; None: not such a literal)
        self._literals: dict[int, Value] = {}
        self._tables: dict[int, literals.Table | None] = {}

    # -- names ---------------------------------------------------------------
    def name(self, node: cst.Name) -> Value:
        return self.lookup(node.value)

    def lookup(self, name: str) -> Value:
        """The running path's binding, else the running frame's closures', else the module's."""
        run = self.run
        value = run.state.env.get(name)
        if value is not None:
            return value
        closures = run.closures
        if closures:
            for env in closures[-1]:
                value = env.get(name)
                if value is not None:
                    return value
        if run.scope is not None:
            value = run.scope.globals.get(name)
            if value is not None:
                return value
        if name in _NAMED_CONSTANTS:
            return Const(_NAMED_CONSTANTS[name])
        return ApiRef(f"builtins.{name}")

    # -- literals --------------------------------------------------------------
    def _literal(self, node: cst.CSTNode, make) -> Value:
        """A literal's value, made once per node and analysis (constants are immutable)."""
        cache = self._literals
        found = cache.get(id(node))
        if found is None:
            found = cache[id(node)] = make(node)
        return found

    def integer(self, node: cst.Integer) -> Value:
        return self._literal(node, integer_value)

    def float_number(self, node: cst.Float) -> Value:
        return self._literal(node, float_value)

    def imaginary(self, node: cst.Imaginary) -> Value:
        return UNKNOWN

    def simple_string(self, node: cst.SimpleString) -> Value:
        scope = self.run.scope
        if scope is not None and scope.tables:
            table = scope.tables.get(node.value)  # a blanked literal table (blank_tables.py)
            if table is not None:
                return self._table_value(table)
        return self._literal(node, string_value)

    def concatenated_string(self, node: cst.ConcatenatedString) -> Value:
        try:
            value = node.evaluated_value
            return Const(value) if value is not None else UNKNOWN
        except Exception:
            return UNKNOWN

    def formatted_string(self, node: cst.FormattedString) -> Value:
        """An f-string of constants is a constant (``f"{DATA_DIR}/train.csv"``: a path the
        file check can look up); one with a conversion, a format spec, an escape sequence or
        an unknown part is not."""
        pieces: list[str] | None = []
        values: list[Value] = []
        raw = "r" in node.start.lower()
        for part in node.parts:
            if isinstance(part, cst.FormattedStringExpression):
                values.append(self.eval(part.expression))
                text = _plain_text(values[-1])
                if text is None or part.conversion is not None or part.format_spec is not None:
                    pieces = None
                elif pieces is not None:
                    pieces.append(text)
            elif pieces is not None and isinstance(part, cst.FormattedStringText):
                if "\\" in part.value and not raw:
                    pieces = None
                else:
                    pieces.append(part.value.replace("{{", "{").replace("}}", "}"))
        return UNKNOWN if pieces is None else made("".join(pieces), *values)

    def ellipsis(self, node: cst.Ellipsis) -> Value:
        return ELLIPSIS

    # -- displays ----------------------------------------------------------------
    def list_display(self, node: cst.List) -> Value:
        return self._table(node) or self._sequence(node.elements, "list")

    def tuple_display(self, node: cst.Tuple) -> Value:
        return self._table(node) or self._sequence(node.elements, "tuple")

    def _table(self, node: cst.List | cst.Tuple) -> Value | None:
        """A literal of numbers and strings, read once per node (frontend/literals.py);
        None for other sequences."""
        if not node.elements:
            return None
        cache = self._tables
        key = id(node)
        if key not in cache:
            cache[key] = literals.template(node, MAX_SEQUENCE)
        table = cache[key]
        if table is None:
            return None
        return self._table_value(table)

    def _table_value(self, table: literals.Table) -> Value:
        for _ in range(table.nodes // 64):  # a fraction of the steps its elements would take one by one
            self.tick()
        return literals.materialize(table.tree)

    def set_display(self, node: cst.Set) -> Value:
        items = [self.eval(element.value) for element in node.elements]
        if any(isinstance(e, cst.StarredElement) for e in node.elements):
            return UNKNOWN
        return distinct(items)

    def _sequence(self, elements, kind: str) -> Value:
        items: list[Value] = []
        for element in elements:
            value = self.eval(element.value)
            if type(element) is cst.StarredElement:
                expanded = self.operations.iteration_items(value)
                if expanded is None:
                    return UNKNOWN
                items.extend(expanded)
            else:
                items.append(value)
            if len(items) > MAX_SEQUENCE:
                return UNKNOWN
        return Seq(items, kind)

    def dict_display(self, node: cst.Dict) -> Value:
        result = DictVal()
        complete = True  # every key known: constants, and ``**`` of dicts complete themselves
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                key = self.eval(element.key)
                complete = complete and isinstance(key, Const) and isinstance(key.value, (str, int))
                result.set(key, self.eval(element.value))
            else:
                expanded = self.eval(element.value)
                complete = complete and isinstance(expanded, DictVal) and expanded.complete is not None
                if isinstance(expanded, DictVal):
                    for key, value in expanded.entries:
                        result.set(key, value)
        if complete:
            result.complete = Origin(self.run.scope.path, node, self.run.scope)
        return result

    # -- attributes and subscripts ----------------------------------------------
    def attribute_access(self, node: cst.Attribute) -> Value:
        owner = self.eval(node.value)
        if owner is UNKNOWN or isinstance(owner, Obj) and owner.type_name == "argparse.Namespace":
            self.containers.attribute(node, owner, node.attr.value)  # ST151 (frontend/containers.py)
        return self.operations.attribute(owner, node.attr.value, node)

    def subscription(self, node: cst.Subscript) -> Value:
        owner = self.eval(node.value)
        index = self.index_value(node.slice)
        if owner is UNKNOWN or isinstance(owner, (DictVal, Seq, ShapeVal)):
            self.containers.subscript(node, owner, index)  # ST150/ST152 (frontend/containers.py)
        return self.operations.subscript(owner, index, node)

    def index_value(self, elements) -> Value:
        """The index of a subscript: one value, a slice, or a tuple of them (``x[1:, 0]``)."""
        parts = []
        for element in elements:
            inner = element.slice
            if type(inner) is cst.Index:  # (libcst's node classes are ABCs: a failing isinstance is slow)
                parts.append(self.eval(inner.value))
            else:
                parts.append(SliceVal(self.eval(inner.lower), self.eval(inner.upper), self.eval(inner.step)))
        if len(parts) == 1 and not (len(elements) == 1 and elements[0].comma is not cst.MaybeSentinel.DEFAULT
                                    and isinstance(elements[0].comma, cst.Comma)):
            return parts[0]
        return Seq(parts, "tuple")

    # -- operators -----------------------------------------------------------------
    def binary_operation(self, node: cst.BinaryOperation) -> Value:
        left = self.eval(node.left)
        right = self.eval(node.right)
        return self.operations.binary(type(node.operator).__name__, left, right, node)

    def unary_operation(self, node: cst.UnaryOperation) -> Value:
        operand = self.eval(node.expression)
        return self.operations.unary(type(node.operator).__name__, operand, node)

    def boolean_operation(self, node: cst.BooleanOperation) -> Value:
        left = self.eval(node.left)
        truth = truth_of(left)
        is_and = isinstance(node.operator, cst.And)
        if truth is None:
            right = self.eval(node.right)
            # ``undecided and False`` is false whichever way the left goes (``or True``: true):
            # isinstance(v, np.ndarray) and len(v.shape) > 0 on a 0-d value is decided
            if isinstance(right, Const) and right.value is (not is_and):
                return right
            return UNKNOWN
        if is_and:
            return self.eval(node.right) if truth else left
        return left if truth else self.eval(node.right)

    def comparison(self, node: cst.Comparison) -> Value:
        left = self.eval(node.left)
        result: Value = Const(True)
        for target in node.comparisons:
            right = self.eval(target.comparator)
            outcome = self.operations.compare(type(target.operator).__name__, left, right, node)
            if len(node.comparisons) == 1:
                return outcome
            if isinstance(outcome, Const) and outcome.value is False:
                return outcome
            if not (isinstance(outcome, Const) and outcome.value is True):
                result = UNKNOWN
            left = right
        return result

    def if_expression(self, node: cst.IfExp) -> Value:
        truth = truth_of(self.eval(node.test))
        if truth is True:
            return self.eval(node.body)
        if truth is False:
            return self.eval(node.orelse)
        body, orelse = self.eval(node.body), self.eval(node.orelse)
        if all(isinstance(v, Const) and type(v.value) is float for v in (body, orelse)) \
                and body.value != orelse.value:
            return Obj(NUMBER)  # ``1.0 if present else 0.0``: a float, which one not known
        return merge_values(body, orelse)

    # -- functions, generators, calls ---------------------------------------------------
    def lambda_expression(self, node: cst.Lambda) -> Value:
        run = self.run
        closure = None if run.state.env is run.scope.globals else run.state.env
        return Function(node, run.scope, closure, "<lambda>")

    def await_expression(self, node: cst.Await) -> Value:
        return self.eval(node.expression)

    def yield_expression(self, node: cst.Yield) -> Value:
        """Inside a generator being expanded, record what it yields."""
        collector = self.run.yields
        if collector:
            value = node.value
            if isinstance(value, cst.From):
                items = self.operations.iteration_items(self.eval(value.item))
                if items is None:
                    self.run.approximations += 1
                    collector[-1].append(UNKNOWN)
                else:
                    collector[-1].extend(items)
            else:
                collector[-1].append(self.eval(value) if value is not None else Const(None))
        return UNKNOWN

    def call(self, node: cst.Call) -> Value:
        """The callee and the arguments (``*`` and ``**`` spread when their items are known);
        an argument list that cannot be spread makes the result unknown."""
        func = self.eval(node.func)
        args: list[Value] = []
        kwargs: dict[str, Value] = {}
        opaque = spread_open = False
        for arg in node.args:
            value = self.eval(arg.value)
            if arg.star == "*":
                items = self.operations.iteration_items(value)
                if items is None:
                    opaque = True
                else:
                    args.extend(items)
            elif arg.star == "**":
                if isinstance(value, DictVal) and all(isinstance(k, Const) and isinstance(k.value, str)
                                                      for k, _ in value.entries):
                    kwargs.update({k.value: v for k, v in value.entries})
                    spread_open = spread_open or value.complete is None
                else:
                    opaque = True
            elif arg.keyword is not None:
                kwargs[arg.keyword.value] = value
            else:
                args.append(value)
        # what the call does to files, in program order (ST502: frontend/files.py); a call whose
        # arguments are not all known never counts as a read that surely runs
        self.files.observe(func, args, kwargs, node, self.run.undecided > 0 or opaque)
        if opaque:
            if isinstance(func, Function):
                self.run.called.add(id(func.node))
            open_dicts(args, kwargs)
            return UNKNOWN
        reflected = self.operations.reflect(func, args, node)
        if reflected is not None:
            return reflected
        self.run.open_kwargs = spread_open
        try:
            return self.calls.call_site(func, args, kwargs, node)
        finally:
            self.run.open_kwargs = False


def _plain_text(value: Value) -> str | None:
    """How ``str()`` writes a constant an f-string holds: a string, a number, a path."""
    if isinstance(value, Const) and isinstance(value.value, (str, int, float, PurePath)) \
            and not isinstance(value.value, bool):
        text = str(value.value)
        return text if len(text) <= 4096 else None
    return None
