"""The folders a module adds to ``sys.path``, read from its code without running it.

Research code reaches its own helpers with ``sys.path.insert(0, os.path.join(HERE, "lib"))``
or ``sys.path.append(str(Path(__file__).resolve().parents[1]))`` and then imports them as
top-level modules.  The path expressions are evaluated over a small closed language:
string literals, ``__file__``, module-level names bound to such expressions, ``os.path``'s
``join``/``dirname``/``abspath``/``realpath``/``normpath``, ``os.getcwd()``,
``os.pardir``/``os.curdir``, ``pathlib.Path`` with ``/``, ``.parent``, ``.parents[i]``,
``.resolve()``/``.absolute()`` and ``str()``.  Anything else is unknown and adds nothing.

A relative path is relative to the folder the script is started from, which the code
cannot tell: both the script's own folder and the project root are offered, the first
that exists wins when an import is resolved.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

_OS_PATH_FUNCTIONS = {"join", "dirname", "abspath", "realpath", "normpath", "expanduser"}


@dataclass(frozen=True)
class Added:
    """A folder a module puts on ``sys.path``: ``front`` for ``insert(0, ...)``."""

    path: Path
    front: bool


def added_paths(tree: ast.Module, file: Path, cwd_candidates: tuple[Path, ...]) -> list[Added]:
    """The folders ``tree`` (the module at ``file``) adds to ``sys.path`` at module level
    (and in its ``if __name__ == "__main__":`` block, ``if``/``try`` blocks and ``with``),
    in the order it adds them."""
    evaluator = _Evaluator(file, cwd_candidates)
    found: list[Added] = []
    for statement in _module_level(tree.body):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name):
            evaluator.bind(statement.targets[0].id, statement.value)
            if _is_sys_path(statement.targets[0]):
                continue
        if isinstance(statement, ast.Assign) and any(_is_sys_path(t) for t in statement.targets):
            found.extend(Added(p, True) for p in evaluator.paths_in(statement.value))
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            found.extend(_call_additions(statement.value, evaluator))
    return found


def _module_level(body: list[ast.stmt]):
    """Statements that run when the module runs (not function or class bodies)."""
    for statement in body:
        yield statement
        if isinstance(statement, ast.If):
            yield from _module_level(statement.body)
            yield from _module_level(statement.orelse)
        elif isinstance(statement, ast.Try):
            yield from _module_level(statement.body)
            yield from _module_level(statement.orelse)
            yield from _module_level(statement.finalbody)
            for handler in statement.handlers:
                yield from _module_level(handler.body)
        elif isinstance(statement, ast.With):
            yield from _module_level(statement.body)


def _is_sys_path(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name) \
        and node.value.id == "sys"


def _call_additions(call: ast.Call, evaluator: "_Evaluator") -> list[Added]:
    func = call.func
    if isinstance(func, ast.Attribute) and _is_sys_path(func.value):
        if func.attr == "insert" and len(call.args) == 2:
            index = call.args[0]
            front = isinstance(index, ast.Constant) and index.value == 0
            return [Added(p, front) for p in evaluator.paths(call.args[1])]
        if func.attr == "append" and len(call.args) == 1:
            return [Added(p, False) for p in evaluator.paths(call.args[0])]
        if func.attr == "extend" and len(call.args) == 1:
            return [Added(p, False) for p in evaluator.paths_in(call.args[0])]
    if isinstance(func, ast.Attribute) and func.attr == "addsitedir" and isinstance(func.value, ast.Name) \
            and func.value.id == "site" and len(call.args) == 1:
        return [Added(p, False) for p in evaluator.paths(call.args[0])]
    return []


class _Evaluator:
    """Path expressions to candidate folders (several when the start folder matters)."""

    def __init__(self, file: Path, cwd_candidates: tuple[Path, ...]) -> None:
        self.file = file
        self.cwds = cwd_candidates
        self.names: dict[str, ast.AST] = {}

    def bind(self, name: str, value: ast.AST) -> None:
        self.names[name] = value

    def paths(self, node: ast.AST) -> list[Path]:
        values = self._eval(node, 0)
        if not values:
            return []
        out: list[Path] = []
        for value in values:
            if not isinstance(value, str):
                continue
            candidates = [Path(value)] if os.path.isabs(value) else [cwd / value for cwd in self.cwds]
            for candidate in candidates:
                normal = Path(os.path.normpath(candidate))
                if normal not in out:
                    out.append(normal)
        return out

    def paths_in(self, node: ast.AST) -> list[Path]:
        """The paths of a list expression (``[a, b] + sys.path``, ``[a, b]``)."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.paths_in(node.left) + self.paths_in(node.right)
        if isinstance(node, (ast.List, ast.Tuple)):
            return [p for element in node.elts for p in self.paths(element)]
        return []

    def _eval(self, node: ast.AST, depth: int) -> list[str] | None:
        """The string values ``node`` may have; None when unknown."""
        if depth > 20:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.Name):
            if node.id == "__file__":
                return [str(self.file)]
            bound = self.names.get(node.id)
            return self._eval(bound, depth + 1) if bound is not None else None
        if isinstance(node, ast.Attribute):
            return self._attribute(node, depth)
        if isinstance(node, ast.Subscript):
            return self._subscript(node, depth)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):  # pathlib's /
            left, right = self._eval(node.left, depth + 1), self._eval(node.right, depth + 1)
            if left is None or right is None:
                return None
            return [os.path.join(a, b) for a in left for b in right]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # "a" + os.sep + "b"
            left, right = self._eval(node.left, depth + 1), self._eval(node.right, depth + 1)
            if left is None or right is None:
                return None
            return [a + b for a in left for b in right]
        if isinstance(node, ast.Call):
            return self._call(node, depth)
        return None

    def _attribute(self, node: ast.Attribute, depth: int) -> list[str] | None:
        dotted = _dotted(node)
        if dotted in ("os.pardir", "os.path.pardir"):
            return [".."]
        if dotted in ("os.curdir", "os.path.curdir"):
            return ["."]
        if dotted in ("os.sep", "os.path.sep"):
            return ["/"]
        if node.attr == "parent":
            inner = self._eval(node.value, depth + 1)
            return [os.path.dirname(v.rstrip("/")) or "." for v in inner] if inner is not None else None
        return None

    def _subscript(self, node: ast.Subscript, depth: int) -> list[str] | None:
        # Path(...).parents[i]
        if isinstance(node.value, ast.Attribute) and node.value.attr == "parents" \
                and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
            inner = self._eval(node.value.value, depth + 1)
            if inner is None:
                return None
            out = []
            for value in inner:
                for _ in range(node.slice.value + 1):
                    value = os.path.dirname(value.rstrip("/")) or "."
                out.append(value)
            return out
        return None

    def _call(self, node: ast.Call, depth: int) -> list[str] | None:
        dotted = _dotted(node.func)
        args = [self._eval(arg, depth + 1) for arg in node.args]
        if node.keywords:
            return None
        if dotted in ("os.getcwd", "Path.cwd", "pathlib.Path.cwd") and not node.args:
            return [str(cwd) for cwd in self.cwds]
        leaf = dotted.rsplit(".", 1)[-1] if dotted else ""
        if dotted.startswith(("os.path.", "path.")) and leaf in _OS_PATH_FUNCTIONS or dotted in _OS_PATH_FUNCTIONS:
            if any(a is None for a in args) or not args:
                return None
            return _os_path(leaf, args)
        if dotted in ("Path", "pathlib.Path", "PurePath", "pathlib.PurePath", "str", "os.fspath"):
            if len(args) == 1 and args[0] is not None:
                return args[0]
            if len(args) > 1 and all(a is not None for a in args):
                return _os_path("join", args)
            return None
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("resolve", "absolute", "expanduser") \
                and not node.args:
            return self._eval(node.func.value, depth + 1)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "joinpath":
            base = self._eval(node.func.value, depth + 1)
            if base is None or any(a is None for a in args):
                return None
            return _os_path("join", [base, *args])
        return None


def _os_path(function: str, args: list[list[str]]) -> list[str]:
    if function == "join":
        results = [""]
        for options in args:
            results = [os.path.join(r, o) if r else o for r in results for o in options]
        return results
    values = args[0]
    if function == "dirname":
        return [os.path.dirname(v) for v in values]
    if function == "expanduser":
        return values
    return [os.path.normpath(v) for v in values]  # abspath, realpath, normpath of a known path


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""
