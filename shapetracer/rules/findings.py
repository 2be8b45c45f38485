"""The one finding dataclass every pass produces and every formatter consumes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from shapetracer.rules.codes import RULES
from shapetracer.rules.message import Message, fields, to_json


@dataclass(frozen=True)
class Related:
    """Another line of the conflict (a member of the minimised core)."""

    path: str
    line: int
    column: int
    message: str
    snippet: str = ""
    cell: int | None = None  # notebook cell (1-based among all cells); ``line`` is then within it
    # what the line's note is made of: {"shape": (None, 1024)} for "reshaped to [?, 1024]"
    args: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Edit:
    """Replace the text from (line, column) up to (end_line, end_column) with ``new_text``.

    Lines and columns are 1-based, the end exclusive, columns in code points: the same
    convention as a finding's own range (an insertion has start == end)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    new_text: str
    cell: int | None = None  # a notebook's cell; the lines are then within it

    def to_dict(self) -> dict:
        return {"path": self.path, **({"cell": self.cell} if self.cell is not None else {}),
                "line": self.line, "column": self.column, "end_line": self.end_line,
                "end_column": self.end_column, "new_text": self.new_text}


@dataclass(frozen=True)
class Fix:
    """A repair of one finding: text edits, offered only after the edited file was analysed
    again and the finding was gone with nothing new in its place (shapetracer.fixes).

    ``applicability``: "safe" when the edit cannot change what a correct program computes
    (a removed TF 1 name for the same object, a -1 the reshape infers), else "unsafe"
    (ruff's convention: only ``--unsafe-fixes`` applies those)."""

    edits: tuple[Edit, ...]
    applicability: str  # "safe" | "unsafe"
    message: str

    def to_dict(self) -> dict:
        return {"applicability": self.applicability, "message": self.message,
                "edits": [edit.to_dict() for edit in self.edits]}


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    path: str
    line: int
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    related: tuple[Related, ...] = ()
    confidence: str = "definite"  # "definite" | "possible"
    severity_override: str | None = None
    snippet: str = ""
    # the typed facts the message is rendered from, in the order it prints them (the
    # registry declares each code's: RULES[code].args); what fixes, SARIF and the editor read
    args: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    cell: int | None = None  # notebook cell (1-based among all cells); ``line`` is then within it
    # verified repairs, best first (empty unless fixes were asked for: shapetracer.fixes)
    fixes: tuple[Fix, ...] = field(default=(), compare=False, hash=False)

    @property
    def fix(self) -> Fix | None:
        return self.fixes[0] if self.fixes else None

    @property
    def rule(self):
        return RULES[self.code]

    @property
    def name(self) -> str:
        return self.rule.name

    @property
    def severity(self) -> str:
        return self.severity_override or self.rule.severity

    @property
    def category(self) -> str:
        """The rule's taxonomy category; a shape finding whose failure is Python's IndexError
        (numpy's out-of-bounds index: its ``raises`` fact) is an index error."""
        if self.args.get("raises") == "IndexError" and self.rule.category == "shape":
            return "index-error"
        return self.rule.category

    @classmethod
    def of(cls, code: str, message: Message, path: str, line: int, column: int, end_line: int, end_column: int,
           **rest: Any) -> "Finding":
        """A finding whose text and facts are those of ``message``."""
        return cls(code, message.text, path, line, column, end_line, end_column, args=ordered_args(message),
                   **rest)

    def args_json(self) -> dict:
        """The facts as JSON (``rules.message.to_json``): what the JSON output, SARIF and the
        editor carry."""
        return {key: to_json(value) for key, value in self.args.items()}

    def sort_key(self) -> tuple:
        return (self.path, self.cell or 0, self.line, self.column, self.code, self.message)

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "name": self.name,
            "category": self.category,
            "severity": self.severity,
            "confidence": self.confidence,
            "message": self.message,
            "args": self.args_json(),
            "path": self.path,
            **({"cell": self.cell} if self.cell is not None else {}),
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "related": [
                {"path": r.path, **({"cell": r.cell} if r.cell is not None else {}),
                 "line": r.line, "column": r.column, "message": r.message}
                for r in self.related
            ],
            **({"fix": self.fix.to_dict()} if self.fix is not None else {}),
        }


def ordered_args(message: Message) -> dict[str, Any]:
    """``message``'s facts in the order its text prints them (then any it does not print)."""
    args = message.args
    ordered = {name: args[name] for name in fields(message.template) if name in args}
    ordered.update((name, value) for name, value in args.items() if name not in ordered)
    return ordered


def tools_of(finding: Finding) -> dict[str, str]:
    """Which generic tools (pyflakes, pylint) reported ``finding``, with their own ids;
    {} for a finding of shapetracer's own."""
    return dict(finding.args.get("tools", ()))
