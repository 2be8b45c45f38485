"""Missing keys, attributes and indices of containers the program fully defines.

``config["learning_rate"]`` on a dict that only ever holds ``"lr"`` raises KeyError;
``args.lr`` on an argparse namespace no ``add_argument`` gave ``lr`` raises
AttributeError; ``sizes[2]`` on a two-element list raises IndexError.  Precision first,
so a finding needs both:

- **the value**: on every path that reaches the read, the interpreter knows the container
  (a DictVal with constant keys, a sized list, a Namespace) and it lacks the key; a path
  where the container is unknown or holds the key clears the read (``Recorder``);
- **the text**: the container cannot change behind the interpreter's back.  A dict or
  list name is *closed* when every binding of it in the module is a literal display and
  every other use reads it (subscripts, ``.get``/``.items``, ``len``, ``for``) or stores a
  constant key; passing it to a call, aliasing it, testing ``"k" in d`` or reading it
  under ``try`` opens it.  A namespace is closed when every ``add_argument`` names its
  destination literally and nothing sets attributes behind the parser's back
  (``setattr``, ``vars``, ``parents=``, subparsers, ``hasattr`` guards).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from shapetracer.rules import codes
from shapetracer.domain.dims import Origin
from shapetracer.rules.message import Message
from shapetracer.domain.values import Const, DictVal, Obj, Seq, ShapeVal, Value
from shapetracer.frontend.reporting import Reporter
from shapetracer.frontend.run import Run

_READING_METHODS = {"get", "keys", "items", "values", "copy", "index", "count", "append", "sort", "reverse"}
_READING_CALLS = {"len", "print", "sorted", "str", "repr", "enumerate", "min", "max", "sum", "list", "tuple",
                  "zip", "isinstance", "reversed", "any", "all", "set", "dict"}
_OPENING_TEXT = ("setattr(", "vars(", "__dict__", "parents=", "add_subparsers", "namespace=", "Namespace(",
                 "hasattr(", "exec(", "globals()", "locals()")


@dataclass
class _Usage:
    """Per module: the names whose dict/list value nothing outside the interpreter changes."""

    closed: set[str] = field(default_factory=set)
    bindings: dict[str, list[cst.CSTNode]] = field(default_factory=dict)  # name -> literal displays
    namespace_closed: bool = False
    assigned_attrs: set[str] = field(default_factory=set)  # x.attr = … anywhere
    in_try: set[int] = field(default_factory=set)  # ids of the nodes inside a ``try`` statement


class _Scan(cst.CSTVisitor):
    def __init__(self) -> None:
        self.stack: list[cst.CSTNode] = []
        self.opened: set[str] = set()
        self.literal: dict[str, list[cst.CSTNode]] = {}
        self.in_try = 0
        self.read_in_try: set[str] = set()
        self.assigned_attrs: set[str] = set()
        self.parsers: set[str] = set()
        self.bad_add_argument = False
        self.user_functions: set[str] = set()
        self.passed: list[tuple[str, str | None]] = []  # (name, callee name) for names passed to calls
        self.in_try_nodes: set[int] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.Try, cst.TryStar)):
            self.in_try += 1
        if self.in_try and isinstance(node, (cst.Subscript, cst.BaseStatement, cst.BaseSmallStatement)):
            self.in_try_nodes.add(id(node))
        if isinstance(node, cst.FunctionDef):
            self.user_functions.add(node.name.value)
        if isinstance(node, cst.Name):
            self._name(node)
        if isinstance(node, cst.Call):
            self._call(node)
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Attribute):
            self.assigned_attrs.add(node.target.attr.value)
        self.stack.append(node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()
        if isinstance(original_node, (cst.Try, cst.TryStar)):
            self.in_try -= 1

    def _call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "add_argument":
            named = any(a.keyword is not None and a.keyword.value == "dest" and isinstance(a.value, cst.SimpleString)
                        for a in node.args)
            first = node.args[0] if node.args else None
            if not named and (first is None or first.keyword is not None or first.star
                              or not isinstance(first.value, cst.SimpleString)):
                self.bad_add_argument = True

    def _name(self, node: cst.Name) -> None:
        name = node.value
        parent = self.stack[-1] if self.stack else None
        grand = self.stack[-2] if len(self.stack) > 1 else None
        if isinstance(parent, cst.Attribute) and parent.attr is node:
            return  # obj.name: not this variable
        if isinstance(parent, cst.Arg) and parent.keyword is node:
            return
        if isinstance(parent, (cst.ImportAlias, cst.AsName, cst.FunctionDef, cst.ClassDef)):
            return
        if isinstance(parent, cst.AssignTarget) and parent.target is node and isinstance(grand, cst.Assign):
            value = grand.value
            if _literal(value):
                self.literal.setdefault(name, []).append(grand)
            else:
                if isinstance(value, cst.Call) and _dotted(value.func).endswith("ArgumentParser"):
                    self.parsers.add(name)
                self.opened.add(name)
            return
        if isinstance(parent, cst.Subscript) and parent.value is node:
            if self.in_try:
                self.read_in_try.add(name)
            if isinstance(grand, cst.AssignTarget) and not _constant_key(parent):
                self.opened.add(name)
            if isinstance(grand, cst.Del):
                self.opened.add(name)
            return
        if isinstance(parent, cst.Attribute) and parent.value is node:
            if isinstance(grand, cst.Call) and grand.func is parent and parent.attr.value in _READING_METHODS:
                return
            if name in self.parsers:
                return  # parser.add_argument(…), parser.parse_args(): the namespace rules judge these
            self.opened.add(name)
            return
        if isinstance(parent, cst.Arg) and parent.value is node and isinstance(grand, cst.Call):
            callee = _dotted(grand.func)
            self.passed.append((name, callee))
            if callee not in _READING_CALLS:
                self.opened.add(name)
            return
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
            return
        if isinstance(parent, cst.FormattedStringExpression):
            return
        self.opened.add(name)  # aliased, returned, compared with `in`, declared global, a parameter …


def _literal(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.Dict):
        return all(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) for e in value.elements)
    if isinstance(value, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) for e in value.elements)
    return False


def _constant_key(subscript: cst.Subscript) -> bool:
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return False
    return isinstance(subscript.slice[0].slice.value, (cst.SimpleString, cst.Integer))


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def scan(module: cst.Module, text: str) -> _Usage:
    visitor = _Scan()
    module.visit(visitor)
    usage = _Usage()
    opened = visitor.opened | visitor.read_in_try
    usage.closed = {name for name in visitor.literal if name not in opened}
    usage.bindings = {name: nodes for name, nodes in visitor.literal.items() if name in usage.closed}
    parsers_escape = any(name in visitor.parsers and callee not in visitor.user_functions
                         for name, callee in visitor.passed)
    usage.namespace_closed = bool(visitor.parsers) and not visitor.bad_add_argument and not parsers_escape \
        and not any(marker in text for marker in _OPENING_TEXT)
    usage.assigned_attrs = visitor.assigned_attrs
    usage.in_try = visitor.in_try_nodes
    return usage


@dataclass
class _Read:
    code: str
    message: Message
    site: Origin
    related: list[Origin]
    failing: int = 0
    clear: int = 0
    # a read judged by the dict's own keys (DictVal.complete): (the dict, the key); at the end
    # of the run the dict must still lack the key and hold only known keys
    held: tuple | None = None


class Recorder:
    """Reads of container keys, attributes and indices over every path; a finding for each
    read that failed on some path and succeeded (or was not known) on none."""

    def __init__(self, run: Run, reporter: Reporter) -> None:
        self.run = run
        self.reporter = reporter
        self.reads: dict[int, _Read] = {}
        self.usages: dict[int, _Usage] = {}
        # (statement, container, key) of the last read that raised: the statement never gets
        # to store that key (``d["step"] += 1``), though the analysis goes on past it
        self.raised: tuple | None = None

    def raised_here(self, statement, owner: Value, key: Value) -> bool:
        """Whether storing ``owner[key]`` in ``statement`` comes after its own read raised."""
        raised = self.raised
        return raised is not None and raised[0] is statement and raised[1] is owner \
            and isinstance(key, Const) and raised[2] == key.value

    def _usage(self, scope) -> _Usage:
        key = id(scope.module)
        if key not in self.usages:
            self.usages[key] = scan(scope.module, scope.text)
        return self.usages[key]

    def _clear(self, node: cst.CSTNode) -> None:
        read = self.reads.get(id(node))
        if read is not None:
            read.clear += 1
        else:
            self.reads[id(node)] = _Read("", Message(""), None, [], clear=1)  # type: ignore[arg-type]

    def _fail(self, node: cst.CSTNode, code: str, message: Message, site: Origin, related: list[Origin]) -> None:
        read = self.reads.get(id(node))
        if read is None:
            self.reads[id(node)] = _Read(code, message, site, related, failing=1)
        else:
            if not read.code:
                read.code, read.message, read.site, read.related = code, message, site, related
            read.failing += 1

    def subscript(self, node: cst.Subscript, owner: Value, index: Value) -> None:
        """``owner[index]`` read at ``node`` on the current path."""
        name = node.value.value if isinstance(node.value, cst.Name) else None
        if isinstance(owner, ShapeVal):
            self._shape_item(node, owner, index)
            return
        missing = _missing_item(owner, index)
        if missing is None:
            self._clear(node)
            return
        scope = self.run.scope
        usage = self._usage(scope)
        if name is None or name not in usage.closed:
            self._complete_dict(node, owner, index, missing, usage)
            return
        related = [Origin(scope.path, b, scope).relabelled(f"{name} defined here", "", (("name", name),))
                   for b in usage.bindings.get(name, [])]
        code, message = missing
        self._fail(node, code, message.with_args(name=name), self.reporter.site(node), related)
        # the read raises; the analysis goes on with an unknown value (nothing follows from it)
        if isinstance(index, Const):
            self.raised = (self.run.current_place, owner, index.value)

    def _shape_item(self, node: cst.Subscript, shape: ShapeVal, index: Value) -> None:
        """``x.shape[i]`` past the rank of a shape whose rank is known: the shape is a
        tuple (numpy, TensorFlow 2's TensorShape) or a list (TensorFlow 1's TensorShape
        keeps its dimensions in one), and reading past its end raises IndexError, as
        ``images.shape[3]`` of grayscale images does.  Only on a path every run takes."""
        rank = len(shape.shape.dims) if shape.shape.dims is not None else None
        if rank is None or not (isinstance(index, Const) and isinstance(index.value, int)) \
                or isinstance(index.value, bool) or -rank <= index.value < rank \
                or self._guarded(node, self._usage(self.run.scope)):
            self._clear(node)
            return
        if self.run.undecided:
            # a branch the analysis could not decide: the shape may be what that branch rules
            # out (``if dataset == mnist: channels = 1 else: channels = data.shape[3]``)
            return
        text = self.run.scope.module.code_for_node(node.value)
        kind = "list" if self.run.target.tf1 and not shape.numpy else "tuple"
        message = Message("IndexError: {kind} index out of range: {name}[{index}] of a shape of rank {rank}",
                          kind=kind, name=text if len(text) <= 60 and "\n" not in text else "the shape",
                          index=index.value, rank=rank)
        self._fail(node, codes.LIST_INDEX, message, self.reporter.site(node), [])

    def _complete_dict(self, node: cst.Subscript, owner: Value, index: Value, missing, usage: _Usage) -> None:
        """A dict that came here whole (a parameter, ``**kwargs``, a module attribute, a returned
        dict) from a display with constant keys and has gained no unknown keys since: the read
        fails unless a ``try`` here or around a call on the way catches it."""
        if not (isinstance(owner, DictVal) and owner.complete is not None) or self._guarded(node, usage):
            self._clear(node)
            return
        scope = self.run.scope
        text = scope.module.code_for_node(node.value)
        name = text if len(text) <= 60 and "\n" not in text else "the dict"
        display = owner.complete
        related = [display.relabelled("the dict's keys are given here", "", (("name", name),))]
        code, message = missing
        self._fail(node, code, message.with_args(name=name), self.reporter.site(node), related)
        self.reads[id(node)].held = (owner, index)
        if isinstance(index, Const):
            self.raised = (self.run.current_place, owner, index.value)

    def _guarded(self, node: cst.CSTNode, usage: _Usage) -> bool:
        """Whether a ``try`` holds the read, or the call of any frame that leads to it."""
        if id(node) in usage.in_try:
            return True
        return any(place is not None and id(place) in self._usage(scope).in_try
                   for scope, place in self.run.callers)

    def attribute(self, node: cst.Attribute, owner: Value, name: str) -> None:
        """``owner.name`` read at ``node`` where ``owner`` is an argparse namespace."""
        if not (isinstance(owner, Obj) and owner.type_name == "argparse.Namespace"):
            return
        if name in owner.attrs or name.startswith("__"):
            self._clear(node)
            return
        usage = self._usage(self.run.scope)
        if not usage.namespace_closed or name in usage.assigned_attrs:
            self._clear(node)
            return
        known = tuple(sorted(owner.attrs))
        self._fail(node, codes.MISSING_ARGUMENT,
                   Message("'Namespace' object has no attribute '{attribute}' (no add_argument defines it; "
                           "the parser defines: " + ("{defined:join})" if known else "none)"),
                           attribute=name, defined=known), self.reporter.site(node), [])

    def clear_node(self, node: cst.CSTNode) -> None:
        self._clear(node)

    def flush(self) -> None:
        for read in self.reads.values():
            if read.failing and not read.clear and read.code and _still_missing(read.held):
                self.reporter.report(read.code, read.message, read.site, read.related)
        self.reads.clear()


def _still_missing(held: tuple | None) -> bool:
    """A read judged by a dict's own keys still fails once the run is over: the dict gained
    neither the key nor unknown keys later (a function the analysis ran afterwards, a loop's
    next pass, an uncalled function run with unknown arguments may have added it)."""
    if held is None:
        return True
    owner, key = held
    return owner.complete is not None and owner.get(key) is None \
        and all(isinstance(k, Const) for k, _ in owner.entries)


def _missing_item(owner: Value, index: Value) -> tuple[str, Message] | None:
    """(code, message) when ``owner[index]`` surely raises, else None; the message names
    the container as ``{name}``, a fact its caller adds."""
    if isinstance(owner, DictVal) and isinstance(index, Const) and isinstance(index.value, str):
        if not all(isinstance(k, Const) and isinstance(k.value, (str, int, float, type(None)))
                   for k, _ in owner.entries):
            return None  # (bytes keys, never seen in a config dict, would not be facts)
        if owner.get(index) is not None:
            return None
        keys = tuple(k.value for k, _ in owner.entries)
        return codes.MISSING_KEY, Message("KeyError: {key!r}: {name} holds no such key on any path (its keys: "
                                          + ("{keys:repr})" if keys else "none)"), key=index.value, keys=keys)
    if isinstance(owner, Seq) and owner.sized and isinstance(index, Const) and isinstance(index.value, int) \
            and not isinstance(index.value, bool):
        size = len(owner.items)
        if -size <= index.value < size:
            return None
        return codes.LIST_INDEX, Message("IndexError: {kind} index out of range: {name}[{index}] of a {kind} of "
                                         "length {length}", kind=owner.kind, index=index.value, length=size)
    return None
