"""The one finding dataclass every pass produces and every formatter consumes."""

from __future__ import annotations

from dataclasses import dataclass, field

from shapetracer.domain.codes import RULES


@dataclass(frozen=True)
class Related:
    """Another line of the conflict (a member of the minimised core)."""

    path: str
    line: int
    column: int
    message: str
    snippet: str = ""


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
    extra: dict = field(default_factory=dict, compare=False, hash=False)

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
        return self.rule.category

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.code, self.message)

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "name": self.name,
            "category": self.category,
            "severity": self.severity,
            "confidence": self.confidence,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "related": [
                {"path": r.path, "line": r.line, "column": r.column, "message": r.message}
                for r in self.related
            ],
        }
