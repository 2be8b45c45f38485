"""Which lines run under a handler that would catch a missing file's error.

``try: data = np.load(p) except FileNotFoundError: data = fallback()`` does not fail, nor
does ``try: data = load() except OSError: ...`` where ``load`` reads the file: a read is
guarded when its line lies in the body of such a ``try`` (or ``with suppress(...)``), or
in a function called from one, directly or through other functions, in any module of the
run.  Functions are matched by name: a guess that only ever silences a finding.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

# What a missing file raises, by reader: FileNotFoundError/OSError (open, numpy, PIL, h5py),
# tf.errors.NotFoundError (tf.io), ValueError (Saver.restore, Keras), and what is wider.
_CATCHING = frozenset({"FileNotFoundError", "OSError", "IOError", "EnvironmentError", "NotFoundError", "OpError",
                       "ValueError", "Exception", "BaseException", "StandardError"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


@dataclass
class Guards:
    lines: dict[str, set[int]] = field(default_factory=dict)  # module -> guarded lines
    functions: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)  # module -> (first, last, name)
    guarded_names: set[str] = field(default_factory=set)  # functions called from guarded code
    calls: dict[str, set[str]] = field(default_factory=dict)  # function name -> the names it calls

    def add(self, module: str, tree: ast.Module) -> None:
        """Learn one module of the run (``module``: its display path)."""
        scan = _Scan()
        scan.visit_body(tree.body, guarded=False, function=None)
        self.lines[module] = scan.guarded
        self.functions[module] = scan.functions
        self.guarded_names |= scan.called_guarded
        for name, callees in scan.calls.items():
            self.calls.setdefault(name, set()).update(callees)

    def close(self) -> None:
        """Functions called from guarded functions are guarded too."""
        queue = list(self.guarded_names)
        while queue:
            name = queue.pop()
            for callee in self.calls.get(name, ()):
                if callee not in self.guarded_names:
                    self.guarded_names.add(callee)
                    queue.append(callee)

    def guarded(self, module: str, line: int) -> bool:
        if line in self.lines.get(module, ()):
            return True
        return any(first <= line <= last and name in self.guarded_names
                   for first, last, name in self.functions.get(module, ()))


class _Scan:
    def __init__(self) -> None:
        self.guarded: set[int] = set()
        self.functions: list[tuple[int, int, str]] = []
        self.called_guarded: set[str] = set()
        self.calls: dict[str, set[str]] = {}  # function name -> names it calls

    def visit_body(self, body: list[ast.stmt], guarded: bool, function: str | None) -> None:
        for statement in body:
            self.visit(statement, guarded, function)

    def visit(self, node: ast.AST, guarded: bool, function: str | None) -> None:
        if isinstance(node, _SCOPES):
            name = getattr(node, "name", None)
            if name is not None:
                self.functions.append((node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno, name))
            for child in ast.iter_child_nodes(node):
                self.visit(child, False, name or function)
            return
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            catches = any(_catches(h) for h in node.handlers)  # type: ignore[attr-defined]
            for statement in node.body:  # type: ignore[attr-defined]
                self.visit(statement, guarded or catches, function)
            for part in (node.handlers, node.orelse, node.finalbody):  # type: ignore[attr-defined]
                for child in part:
                    self.visit(child, guarded, function)
            return
        if isinstance(node, ast.With) and any(_suppresses(item.context_expr) for item in node.items):
            guarded = True
        if guarded and hasattr(node, "lineno"):
            last = getattr(node, "end_lineno", None) or node.lineno
            self.guarded.update(range(node.lineno, last + 1))
        if isinstance(node, ast.Call):
            callee = _name(node.func)
            if callee:
                if guarded:
                    self.called_guarded.add(callee)
                if function is not None:
                    self.calls.setdefault(function, set()).add(callee)
        for child in ast.iter_child_nodes(node):
            self.visit(child, guarded, function)


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _catches(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(_name(kind) in _CATCHING for kind in kinds)


def _suppresses(expression: ast.expr) -> bool:
    return isinstance(expression, ast.Call) and _name(expression.func) == "suppress" \
        and any(_name(a) in _CATCHING for a in expression.args)
