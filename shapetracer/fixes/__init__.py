"""Suggested fixes, each verified by analysing the edited file again before it is offered.

One small module per kind of repair (``constants``, ``padding``, ``flatten``, …), each
with a ``CODES`` set, a ``propose(ctx)`` generator of candidate ``Fix``es and its own
``INVALID`` (buggy source -> fixed source) and ``VALID`` examples.  Here they are run,
their candidates verified (``verify.verdict``) and ranked, smallest edit first.

Entry points (the CLI and the LSP code action share them):
- ``for_finding(finding, text, path, ...)``: the verified fixes of one finding, best first;
- ``attach(result, text, ...)``: a file's findings with their fixes;
- ``fix_text(text, path, ...)``: the text with every applicable fix made, one at a time,
  each verified against the text as the previous ones left it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Sequence

from shapetracer.rules.findings import Finding, Fix
from shapetracer.engine import FileResult, Options
from shapetracer.fixes import registry
from shapetracer.fixes.context import FixContext
from shapetracer.fixes.edits import apply, size, unified_diff
from shapetracer.fixes.verify import reanalyse, verdict

__all__ = ["for_finding", "attach", "fix_text", "FixOutcome", "unified_diff", "apply"]

MAX_CANDIDATES = 60  # re-analyses per finding at most
MAX_OFFERED = 3  # the fix and two alternatives
MAX_ROUNDS = 25
FILE_SECONDS = 60.0  # the fix search of one file (every finding, every round) stops after this


def candidates(finding: Finding, text: str, path: str, shape_log: list | None = None) -> list[Fix]:
    """Every proposer's unverified candidates for ``finding``, de-duplicated, in the order
    they are tried: each proposer's best first, the proposers taking turns (so a kind of
    repair with many small candidates cannot crowd out the others)."""
    return [fix for _, fix in _ranked(finding, text, path, shape_log)]


def _ranked(finding: Finding, text: str, path: str, shape_log: list | None) -> list[tuple[tuple, Fix]]:
    proposers = registry.for_code(finding.code)
    if finding.path != path or not proposers:
        return []  # (a code no repair serves, a note such as ST004: the text is not even parsed)
    ctx = FixContext.build(finding, text, path, shape_log)
    if ctx is None:
        return []
    seen: set[str] = set()
    queues: list[list[tuple[tuple, Fix]]] = []
    for order, proposer in enumerate(proposers):
        try:
            proposed = list(proposer.propose(ctx))
        except Exception:  # noqa: BLE001 - a proposer's bug costs its fixes, never the check
            continue
        queue = []
        for fix in proposed:
            fixed = apply(text, fix.edits)
            if fixed != text and fixed not in seen:
                seen.add(fixed)
                # smallest edit first; at equal size, an edit on the conflict's own lines
                # before one elsewhere (a shared constant's definition),
                # then the later line (nearer the failing op: later code usually adapts to
                # earlier data, as a bias follows its weights)
                far = sum(edit.line not in ctx.lines for edit in fix.edits)
                latest = max(edit.line for edit in fix.edits)
                queue.append(((size(fix.edits, text), far, -latest, order), fix))
        queues.append(sorted(queue, key=lambda item: item[0]))
    ordered: list[tuple[tuple, Fix]] = []
    for turn in range(max((len(q) for q in queues), default=0)):
        ordered.extend(q[turn] for q in queues if turn < len(q))
    return ordered


def for_finding(finding: Finding, text: str, path: str, file: Path | None = None,
                options: Options | None = None, before: Sequence[Finding] | None = None,
                shape_log: list | None = None, limit: int = MAX_OFFERED, safe_only: bool = False,
                deadline: float | None = None) -> list[Fix]:
    """The verified fixes of ``finding`` in ``text``, best (smallest) first.

    ``before``, ``shape_log``: the findings and shape facts of ``text`` under ``options``
    (it is analysed again when they are omitted);
    ``file`` decides the target TensorFlow as it did for the check."""
    options = options or Options()
    if before is None or shape_log is None:  # the analysis facts the proposers read
        first = reanalyse(text, path, file, options)
        before, shape_log = (first.findings if before is None else before), first.shape_log
    offered: list[tuple[tuple, Fix]] = []
    proposed = [(rank, f) for rank, f in _ranked(finding, text, path, shape_log)
                if not safe_only or f.applicability == "safe"]
    for rank, fix in proposed[:MAX_CANDIDATES]:
        if deadline is not None and time.monotonic() > deadline:
            break
        if verdict(fix, finding, before, text, path, file, options) is not None:
            offered.append((rank, fix))
            if len(offered) >= limit:
                break
    return [fix for _, fix in sorted(offered, key=lambda item: item[0])]


def attach(result: FileResult, text: str, file: Path | None = None, options: Options | None = None) -> FileResult:
    """``result`` with each finding's verified fixes (``Finding.fixes``)."""
    deadline = time.monotonic() + FILE_SECONDS
    findings = [replace(f, fixes=tuple(for_finding(f, text, result.path, file, options, result.findings,
                                                   result.shape_log, deadline=deadline)))
                for f in result.findings]
    return replace(result, findings=findings)


@dataclass
class FixOutcome:
    text: str
    applied: list[tuple[Finding, Fix]] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.applied)


def fix_text(text: str, path: str, file: Path | None = None, options: Options | None = None,
             unsafe: bool = False, result: FileResult | None = None) -> FixOutcome:
    """``text`` with the fixes made: the best verified fix of the first fixable finding, then
    the file is analysed again and the next one is sought, until none is left (or
    ``FILE_SECONDS`` have gone by).  A file without findings comes back untouched."""
    options = options or Options()
    current = result if result is not None else reanalyse(text, path, file, options)
    outcome = FixOutcome(text)
    tried: set[tuple] = set()
    deadline = time.monotonic() + FILE_SECONDS
    for _ in range(MAX_ROUNDS):
        chosen = None
        for finding in current.findings:
            key = (finding.code, finding.message, outcome.text.count("\n"), finding.line)
            if key in tried:
                continue
            tried.add(key)
            fixes = for_finding(finding, outcome.text, path, file, options, current.findings,
                                current.shape_log, limit=1, safe_only=not unsafe, deadline=deadline)
            if fixes:
                chosen = (finding, fixes[0])
                break
        if chosen is None:
            break
        outcome.applied.append(chosen)
        outcome.text = apply(outcome.text, chosen[1].edits)
        current = reanalyse(outcome.text, path, file, options)
    outcome.remaining = list(current.findings)
    return outcome
