"""pyflakes, in-process, on one source text.

pyflakes works on a plain ``ast`` tree and never imports the checked code, so it is
cheap enough to run on every file by default.  We drive ``pyflakes.checker.Checker``
directly instead of ``pyflakes.api.check`` so that we keep the reported node: its
end position gives the finding's range.
"""

from __future__ import annotations

import ast
import warnings

from pyflakes import checker as pyflakes_checker

from shapetracer.generic import noise
from shapetracer.generic.locate import SourceLines
from shapetracer.generic.mapping import refine_pyflakes, tool_message
from shapetracer.rules import codes as R
from shapetracer.rules.findings import Finding

TOOL = "pyflakes"
_NAME_MESSAGES = frozenset({"UndefinedName", "UndefinedLocal"})


class _KeepingChecker(pyflakes_checker.Checker):
    """A Checker that remembers the node of every crash-relevant message.

    Messages we do not map (unused imports, redefinitions...) are dropped as they are
    reported, so they cost nothing further.
    """

    def __init__(self, tree, *args, **kwargs):
        # pyflakes reports while it is constructed: the names set or tested through
        # globals() are known first (noise.dynamic_names)
        self._dynamic = noise.dynamic_names(tree)
        super().__init__(tree, *args, **kwargs)

    def _parent_of(self, node):
        # pyflakes 3+ keeps parents in a dict; older versions set _pyflakes_parent.
        parents = getattr(self, "_parents", None)
        if isinstance(parents, dict):
            return parents.get(node)
        return getattr(node, "_pyflakes_parent", None)

    def report(self, messageClass, *args, **kwargs):  # noqa: N803 - pyflakes' signature
        if refine_pyflakes(messageClass.__name__, ()) is None:
            return
        if messageClass.__name__ in _NAME_MESSAGES and args and noise.guarded_against_name_error(
                args[0], self._parent_of):
            return  # pyflakes only honours `except NameError`; bare/Exception catch it too
        if messageClass.__name__ in _NAME_MESSAGES and len(args) > 1 and args[1] in self._dynamic:
            return  # set or tested through globals(): a definition pyflakes does not see
        super().report(messageClass, *args, **kwargs)
        # The first argument of every pyflakes message is the node it is about.
        self.messages[-1].st_node = args[0] if args else None


def run_pyflakes(path: str, source: str, tree: ast.Module | None = None) -> list[Finding]:
    """Crash-relevant pyflakes messages for ``source`` (shown as ``path``), sorted.
    ``tree``: CPython's parse of ``source`` when the caller has it already."""
    lines = SourceLines(source)
    try:
        if tree is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # SyntaxWarning for odd escapes is not ours to show
                tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        return [_syntax_finding(path, lines, exc)]
    except (ValueError, RecursionError, MemoryError) as exc:
        return [_limit_finding(path, exc)]
    try:
        checker = _KeepingChecker(tree, filename=path, withDoctest=False)
    except (RecursionError, MemoryError) as exc:
        return [_limit_finding(path, exc)]
    findings = [_to_finding(path, lines, message, getattr(message, "st_node", None))
                for message in checker.messages]
    return sorted((f for f in findings if f is not None), key=Finding.sort_key)


def _to_finding(path: str, lines: SourceLines, message, node) -> Finding | None:
    name = type(message).__name__
    rule = refine_pyflakes(name, tuple(message.message_args))
    if rule is None:
        return None
    end_line = getattr(node, "end_lineno", None)
    end_col = getattr(node, "end_col_offset", None)
    line, column, end_line, end_column = lines.span(message.lineno, message.col, end_line, end_col)
    text = message.message % message.message_args
    return Finding.of(rule.code, tool_message(text, TOOL, name, f"{TOOL} {name}"), path, line, column, end_line,
                      end_column, snippet=lines.snippet(line))


def _syntax_finding(path: str, lines: SourceLines, exc: SyntaxError) -> Finding:
    """A file Python cannot parse: the job dies with SyntaxError before running."""
    line = exc.lineno or 1
    column = max(exc.offset or 1, 1)  # SyntaxError.offset is already 1-based
    what = type(exc).__name__  # IndentationError / TabError are SyntaxErrors too
    message = tool_message(f"{what}: {exc.msg}", TOOL, "syntax-error", f"{TOOL} syntax-error")
    return Finding.of(R.SYNTAX_ERROR.code, message, path, line, column, line, column + 1, snippet=lines.snippet(line))


def _limit_finding(path: str, exc: BaseException) -> Finding:
    """Input pyflakes cannot process at all (absurd nesting, NUL bytes on old Pythons)."""
    rule = R.UNREADABLE_FILE if isinstance(exc, ValueError) else R.TOO_COMPLEX
    return Finding.of(rule.code, tool_message(f"pyflakes could not check this file: {type(exc).__name__}", TOOL,
                                              type(exc).__name__, TOOL), path, 1, 1, 1, 2)
