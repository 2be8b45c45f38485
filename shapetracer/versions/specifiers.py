"""Which release a version specifier picks: the newest supported one it allows.

``packaging``'s ``SpecifierSet`` decides when it is installed (it is a dependency); a
small reader of PEP 440 clauses on release numbers stands in when it is not, so a
broken environment still gets an answer for the common pins (``==``, ``>=``, ``<``,
``~=``, ``!=``, ``==2.15.*``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

_RELEASE = re.compile(r"\d+(?:\.\d+)*")
_CLAUSE = re.compile(r"^\s*(~=|===|==|!=|<=|>=|<|>)\s*v?(\d+(?:\.\d+)*)(\.\*)?\S*\s*$")


def release(text: str) -> tuple[int, ...] | None:
    """The numeric release of a version string: "2.17.0.dev2024" -> (2, 17, 0)."""
    match = _RELEASE.match(text.strip().lstrip("vV="))
    return tuple(int(part) for part in match.group().split(".")) if match else None


def mentioned(spec: str) -> list[str]:
    """The versions a specifier names (``>=2.4,<2.10`` -> 2.4, 2.10)."""
    return _RELEASE.findall(spec)


def allows(spec: str, version: str) -> bool | None:
    """Whether ``spec`` admits ``version``; None when the specifier cannot be read."""
    if not spec.strip():
        return True
    packaging = _packaging()
    if packaging is not None:
        specifiers, versions = packaging
        try:
            return specifiers.SpecifierSet(spec, prereleases=True).contains(versions.Version(version))
        except (specifiers.InvalidSpecifier, versions.InvalidVersion):
            return None
    return _allows_fallback(spec, version)


@lru_cache(maxsize=1)
def _packaging():
    """``(packaging.specifiers, packaging.version)``, or None without packaging (imported on first use)."""
    try:
        from packaging import specifiers, version
    except ImportError:  # pragma: no cover - packaging is a dependency
        return None
    return specifiers, version


def newest_allowed(specs: Sequence[str], preferred: Sequence[str], others: Iterable[str]) -> tuple[int, int] | None:
    """``(major, minor)`` of the newest version any of ``specs`` allows.

    ``preferred`` (newest first) are tried before anything else: a range that admits
    one of them resolves to it.  Otherwise the newest of ``others`` and of the versions
    the specifier itself names.  None when nothing is allowed or the specifier is unreadable.
    """
    best: tuple[int, ...] | None = None
    for spec in specs:
        chosen = next((v for v in preferred if allows(spec, v)), None)
        if chosen is None:
            candidates = sorted({*others, *mentioned(spec)}, key=lambda v: release(v) or (), reverse=True)
            chosen = next((v for v in candidates if allows(spec, v)), None)
        parsed = release(chosen) if chosen is not None else None
        if parsed is not None and len(parsed) >= 2 and (best is None or parsed > best):
            best = parsed
    return (best[0], best[1]) if best is not None else None


def _allows_fallback(spec: str, version: str) -> bool | None:
    have = release(version)
    if have is None:
        return None
    for clause in spec.split(","):
        if not clause.strip():
            continue
        match = _CLAUSE.match(clause)
        if match is None:
            return None
        op, text, star = match.groups()
        want = tuple(int(p) for p in text.split("."))
        if not _holds(op, have, want, bool(star)):
            return False
    return True


def _holds(op: str, have: tuple[int, ...], want: tuple[int, ...], star: bool) -> bool:
    if star:
        equal = have[:len(want)] == want
        return equal if op == "==" else not equal if op == "!=" else False
    width = max(len(have), len(want))
    a, b = have + (0,) * (width - len(have)), want + (0,) * (width - len(want))
    if op == "~=":
        return a >= b and have[:len(want) - 1] == want[:-1]
    return {"==": a == b, "===": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
            ">=": a >= b}[op]
