"""What a fix proposer sees: the finding, the text, its syntax tree with positions, and
the lines of the conflict (the finding's own line and its related lines in the same file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator, TypeVar

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from shapetracer.rules.findings import Edit, Finding, Fix
from shapetracer.rules.facts import FACTS
from shapetracer.rules.message import RANK, SHAPE, SHAPES, Message, fields

N = TypeVar("N", bound=cst.CSTNode)


@dataclass
class FixContext:
    finding: Finding
    text: str
    path: str
    module: cst.Module
    positions: dict = field(repr=False)
    nodes: list = field(repr=False)  # every node, in source order
    shape_log: list = field(default_factory=list, repr=False)  # (Origin, Value) of the analysis

    @classmethod
    def build(cls, finding: Finding, text: str, path: str, shape_log: list | None = None) -> "FixContext | None":
        try:
            module = cst.parse_module(text)
        except Exception:  # noqa: BLE001 - not Python libcst can read: nothing to propose
            return None
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        positions = wrapper.resolve(PositionProvider)
        nodes: list[cst.CSTNode] = []

        class _All(cst.CSTVisitor):
            def on_visit(self, node: cst.CSTNode) -> bool:
                nodes.append(node)
                return True
        module.visit(_All())
        return cls(finding, text, path, module, dict(positions), nodes, shape_log or [])

    # --- where the conflict is ------------------------------------------------------------

    @cached_property
    def lines(self) -> frozenset[int]:
        """The finding's line and its related lines in this file."""
        related = {r.line for r in self.finding.related if r.path == self.finding.path}
        return frozenset({self.finding.line} | related)

    def start(self, node: cst.CSTNode) -> int:
        return self.positions[node].start.line

    def of_type(self, kind: type[N], lines: frozenset[int] | set[int] | None = None) -> list[N]:
        """Nodes of ``kind`` that start on one of ``lines`` (every one when None)."""
        return [n for n in self.nodes if isinstance(n, kind) and n in self.positions
                and (lines is None or self.positions[n].start.line in lines)]

    def calls_named(self, names: tuple[str, ...], lines=None) -> list[cst.Call]:
        """Calls whose callee's last name part is one of ``names`` (``layers.Dense`` -> Dense)."""
        return [c for c in self.of_type(cst.Call, lines) if last_name(c.func) in names]

    @cached_property
    def facts(self) -> dict[str, Any]:
        """The finding's facts (``Finding.args``), with those of the requirement a possible
        failure (ST201) stands for: what every proposer reads, never the message's words."""
        merged: dict[str, Any] = {}
        for name, value in _flat(self.finding.args):
            merged.setdefault(name, value)
        return merged

    @cached_property
    def shapes(self) -> list[tuple]:
        """The shapes the finding and its related lines speak of (their facts of a shape's kind)."""
        found: list[tuple] = []
        for args in [self.facts, *(r.args for r in self.finding.related)]:
            for name, value in args.items():
                kind = FACTS.get(name)
                if kind is SHAPE and value is not None:
                    found.append(value)
                elif kind is SHAPES:
                    found.extend(shape for shape in value if shape is not None)
        return found

    @cached_property
    def numbers(self) -> list[int]:
        """The numbers the finding speaks of, in the order its message prints them: the ints
        among its facts (dims, shapes, axes, indices; no rank, never a negative one) and those
        of its related lines (the shapes they were given)."""
        found: list[int] = []
        facts = [self.finding.args, *(r.args for r in self.finding.related)]
        for args in facts:
            for name, value in _flat(args):
                if FACTS.get(name) is RANK:
                    continue  # how many dims a tensor has is no size to write
                for number in _ints(value):
                    if number not in found:
                        found.append(number)
        return found

    def definitions(self, name: str) -> list[cst.BaseExpression]:
        """The values assigned to ``name`` anywhere in the file (``A, B = 1, 2`` element-wise),
        and an argparse/flags default for ``--name``."""
        values: list[cst.BaseExpression] = []
        for assign in self.of_type(cst.Assign):
            for target in assign.targets:
                values.extend(_bound(target.target, assign.value, name))
        for call in self.of_type(cst.Call):
            if last_name(call.func) in ("add_argument", "DEFINE_integer", "DEFINE_string") and call.args:
                first = call.args[0].value
                if isinstance(first, cst.SimpleString) and first.evaluated_value.lstrip("-").replace("-", "_") == name:
                    for arg in call.args:
                        if arg.keyword is not None and arg.keyword.value == "default":
                            values.append(arg.value)
                    if last_name(call.func).startswith("DEFINE") and len(call.args) > 1:
                        values.append(call.args[1].value)
        return values

    def names_used(self, lines) -> set[str]:
        used = {n.value for n in self.of_type(cst.Name, lines)}
        used |= {a.attr.value for a in self.of_type(cst.Attribute, lines)}
        return used

    @cached_property
    def module_aliases(self) -> dict[str, str]:
        """Import aliases: {"np": "numpy", "tf": "tensorflow", "layers": "tensorflow.keras.layers"}."""
        aliases: dict[str, str] = {}
        for node in self.of_type(cst.Import):
            for alias in node.names:
                dotted = self.code(alias.name)
                bound = alias.asname.name.value if alias.asname else dotted.split(".")[0]
                aliases[bound] = dotted if alias.asname else dotted.split(".")[0]
        for node in self.of_type(cst.ImportFrom):
            if isinstance(node.names, cst.ImportStar) or node.module is None:
                continue
            base = self.code(node.module)
            for alias in node.names:
                name = self.code(alias.name)
                bound = alias.asname.name.value if alias.asname else name
                aliases[bound] = f"{base}.{name}"
        return aliases

    def alias_of(self, module: str) -> str | None:
        """The name this file binds ``module`` to (``numpy`` -> ``np``), or None."""
        for bound, dotted in self.module_aliases.items():
            if dotted == module:
                return bound
        return None

    @cached_property
    def tensor_ranks(self) -> dict[str, set]:
        """Analysis facts: the ranks each name of this file held as a tensor or array
        (None: a tensor of unknown rank).  Names never bound to a tensor are absent."""
        ranks: dict[str, set] = {}
        for origin, value in self.shape_log:
            node = getattr(origin, "node", None)
            if origin.path != self.path or not isinstance(node, cst.Name):
                continue
            dims = getattr(getattr(value, "shape", None), "dims", None)
            ranks.setdefault(node.value, set()).add(len(dims) if dims is not None else None)
            self.__dict__.setdefault("_kinds", {}).setdefault(node.value, set()).add(getattr(value, "kind", None))
            self.__dict__.setdefault("_dtypes", {}).setdefault(node.value, set()).add(getattr(value, "dtype", None))
        return ranks

    def known_rank(self, name: str, kind: str | None = None) -> int | None:
        """The one rank ``name`` always had as a tensor (only as a ``kind`` one, "ndarray" or
        "tensor", when given), else None."""
        found = self.tensor_ranks.get(name, set())
        if kind is not None and self.__dict__.get("_kinds", {}).get(name) != {kind}:
            return None
        return next(iter(found)) if len(found) == 1 and None not in found else None

    def dtypes(self, name: str) -> set:
        """The dtypes ``name`` held as a tensor (None: unknown)."""
        self.tensor_ranks  # noqa: B018 - computes the dtypes too
        return self.__dict__.get("_dtypes", {}).get(name, set())

    def kinds(self, name: str) -> set:
        self.tensor_ranks  # noqa: B018 - computes the kinds too
        return self.__dict__.get("_kinds", {}).get(name, set())

    def scope_of(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The innermost function definition around ``node`` (None: the module)."""
        where = self.positions[node]
        best = None
        for function in self.of_type(cst.FunctionDef):
            span = self.positions[function]
            if (span.start.line, span.start.column) <= (where.start.line, where.start.column) \
                    and (where.end.line, where.end.column) <= (span.end.line, span.end.column):
                best = function
        return best

    # --- building edits -------------------------------------------------------------------

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def replace(self, node: cst.CSTNode, new_text: str) -> Edit:
        where = self.positions[node]
        return Edit(self.path, where.start.line, where.start.column + 1, where.end.line, where.end.column + 1,
                    new_text)

    def insert_before(self, node: cst.CSTNode, new_text: str) -> Edit:
        where = self.positions[node]
        return Edit(self.path, where.start.line, where.start.column + 1, where.start.line,
                    where.start.column + 1, new_text)

    def insert_after(self, node: cst.CSTNode, new_text: str) -> Edit:
        where = self.positions[node]
        return Edit(self.path, where.end.line, where.end.column + 1, where.end.line, where.end.column + 1,
                    new_text)

    def fix(self, message: str, *edits: Edit, safe: bool = False) -> Fix:
        return Fix(tuple(edits), "safe" if safe else "unsafe", message)

    def statement_of(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The simple statement line that holds ``node``."""
        where = self.positions[node]
        best = None
        for statement in self.of_type(cst.SimpleStatementLine):
            span = self.positions[statement]
            if span.start.line <= where.start.line and where.end.line <= span.end.line:
                best = statement
        return best

    def indent_of(self, node: cst.CSTNode) -> str:
        return " " * (self.positions[node].start.column)


def labels_column(facts: dict[str, Any]) -> bool:
    """Whether the finding's labels (a loss's ``labels``, Keras' ``target``) are one column of
    class indices, ``(N, 1)``."""
    shape = facts.get("labels_shape", facts.get("target_shape"))
    return shape is not None and len(shape) == 2 and shape[1] == 1


def _flat(args: dict[str, Any], template: str | None = None) -> Iterator[tuple[str, Any]]:
    """(name, value) of every fact, nested messages' facts in place of the message, in the
    order the template prints them."""
    order = list(fields(template)) if template is not None else list(args)
    for name in [*dict.fromkeys(n for n in order if n in args), *(n for n in args if n not in order)]:
        value = args[name]
        if isinstance(value, Message):
            yield from _flat(value.args, value.template)
        elif isinstance(value, tuple) and value and all(isinstance(v, Message) for v in value):
            for message in value:
                yield from _flat(message.args, message.template)
        else:
            yield name, value


def _ints(value: Any) -> Iterator[int]:
    """The ints inside a fact (a dim, a shape, (name, value) pairs) that can be sizes: not
    negative (a reshape's -1, an axis from the end)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if value >= 0:
            yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _ints(item)


def last_name(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return ""


def dotted(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = dotted(node.value)
        return f"{head}.{node.attr.value}" if head else None
    return None


def keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def _bound(target: cst.BaseExpression, value: cst.BaseExpression, name: str) -> Iterator[cst.BaseExpression]:
    if isinstance(target, cst.Name):
        if target.value == name:
            yield value
    elif isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) \
            and len(target.elements) == len(value.elements):
        for t, v in zip(target.elements, value.elements):
            yield from _bound(t.value, v.value, name)
