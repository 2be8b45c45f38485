"""The small language bug recipes are written in: edits applied to a base program."""

from __future__ import annotations

from dataclasses import dataclass, field
from string import Template
from typing import Callable

from jobgen.layout import Program

Edit = Callable[[Program, dict], None]


def _fill(text: str, v: dict) -> str:
    return Template(text).safe_substitute(**{k: str(x) for k, x in v.items()})


def sub(tag: str, old: str, new: str, bug: bool = True) -> Edit:
    return lambda p, v: p.sub(tag, _fill(old, v), _fill(new, v), bug)


def replace(tag: str, code: str, bug: bool = True) -> Edit:
    return lambda p, v: p.replace(tag, _fill(code, v), bug)


def before(tag: str, code: str, bug: int | None = 0) -> Edit:
    return lambda p, v: p.insert_before(tag, _fill(code, v), bug)


def after(tag: str, code: str, bug: int | None = 0) -> Edit:
    return lambda p, v: p.insert_after(tag, _fill(code, v), bug)


def mark(tag: str) -> Edit:
    return lambda p, v: p.mark(tag)


def mark_after(tag: str, offset: int) -> Edit:
    """Mark the line ``offset`` lines below the tagged one (Python blames the next line)."""
    def apply(p: Program, v: dict) -> None:
        role, index = p._locate(tag)
        lines = p.sections[role].split("\n")
        lines[index + offset] += "  #@BUG"
        p.sections[role] = "\n".join(lines)
    return apply


def edit(role: str, old: str, new: str) -> Edit:
    return lambda p, v: p.edit(role, _fill(old, v), _fill(new, v))


def drop_import(role: str, line: str) -> Edit:
    def apply(p: Program, v: dict) -> None:
        p.drop_imports.setdefault(p.file_of(role), set()).add(line)
    return apply


def add_import(role: str, line: str, bug: bool = True) -> Edit:
    def apply(p: Program, v: dict) -> None:
        p.extra_imports.setdefault(p.file_of(role), []).append(_fill(line, v) + ("  #@BUG" if bug else ""))
    return apply


def rename_import(old: str, new: str, bug: bool = False) -> Edit:
    def apply(p: Program, v: dict) -> None:
        p.import_renames[old] = new + ("  #@BUG" if bug else "")
    return apply


def header(role: str, code: str, bug: int | None = None) -> Edit:
    """Module-level code right after the imports of the role's file."""
    def apply(p: Program, v: dict) -> None:
        lines = _fill(code, v).split("\n")
        if bug is not None:
            lines[bug] += "  #@BUG"
        name = p.file_of(role)
        p.header[name] = (p.header.get(name, "") + "\n" + "\n".join(lines)).strip("\n")
    return apply


def style(name: str) -> Edit:
    def apply(p: Program, v: dict) -> None:
        p.style = name
    return apply


def export(role: str, name: str) -> Edit:
    return lambda p, v: p.exports.setdefault(role, []).append(name)


def extra_file(name: str, text: str) -> Edit:
    def apply(p: Program, v: dict) -> None:
        p.extra_files[name] = _fill(text, v)
    return apply


@dataclass
class Recipe:
    name: str
    category: str
    exception: str | None
    bases: tuple[str, ...]
    edits: list[Edit]
    description: str
    count: int = 1
    layouts: tuple[str, ...] = ("single", "split2", "split3")
    env: dict = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    truncated: str | None = None  # "head" | "tail": the platform cut the log
    synthetic: dict | None = None  # platform log kind for synthetic jobs
    extra: dict = field(default_factory=dict)


def R(name, category, exception, bases, edits, description, **kw) -> Recipe:
    if isinstance(bases, str):
        bases = (bases,)
    return Recipe(name, category, exception, tuple(bases), list(edits), description, **kw)
