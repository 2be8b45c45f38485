"""A candidate fix is offered only when the edited text, analysed again with the same
options, no longer has the finding and has no error or warning the original did not have."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
from pathlib import Path
from typing import Sequence

from shapetracer.rules import codes
from shapetracer.rules.facts import FACTS
from shapetracer.rules.findings import Finding, Fix
from shapetracer.rules.message import NAME, NAMES
from shapetracer.engine import FileResult, Options, check_source
from shapetracer.fixes.conflicts import conflict_lines
from shapetracer.fixes.edits import apply, line_map
from shapetracer.frontend.source import encode

SHOWN = ("error", "warning")


def reanalyse(text: str, path: str, file: Path | None, options: Options) -> FileResult:
    return check_source(encode(text), path, file, options)


def strict(options: Options) -> Options:
    """The options fixes are verified with: the user's, plus ST201 ("fails for some values of
    the unknown dims").  A fix must not make an op fail for some batch sizes either: that is
    how a size changed in a graph with a None batch goes wrong at run time."""
    return options if options.possible_failures else dataclasses.replace(options, possible_failures=True)


_BASELINES: dict[tuple, list[Finding]] = {}


def baseline(text: str, path: str, file: Path | None, options: Options) -> list[Finding]:
    """The findings of the unfixed ``text`` under ``strict(options)`` (kept for the last few texts)."""
    key = (hashlib.sha256(text.encode("utf-8")).hexdigest(), path, str(file), repr(options))
    if key not in _BASELINES:
        if len(_BASELINES) > 8:
            _BASELINES.clear()
        _BASELINES[key] = reanalyse(text, path, file, strict(options)).findings
    return _BASELINES[key]


def verdict(fix: Fix, finding: Finding, before: Sequence[Finding], text: str, path: str,
            file: Path | None, options: Options) -> FileResult | None:
    """The analysis of the fixed text when ``fix`` removes ``finding`` and adds nothing; else None.

    ``before``: the findings of ``text`` under ``options``; the fixed text is analysed under
    ``strict(options)`` and compared with the unfixed text under the same."""
    fixed = apply(text, fix.edits)
    if fixed == text:
        return None
    try:
        ast.parse(fixed)
    except (SyntaxError, ValueError):
        return None
    result = reanalyse(fixed, path, file, strict(options))
    if result.status != "ok":
        return None
    mapped = line_map(fix.edits)
    before = [*before, *baseline(text, path, file, options)]
    known = {(f.code, mapped(f.line)) for f in before if f.path == path}
    target = (finding.code, mapped(finding.line))
    edited = _edited_lines(fix)
    conflict = {mapped(line) for line in conflict_lines(finding, text)}
    for after in result.findings:
        key = (after.code, after.line)
        if key == target:
            return None  # the finding is still there
        if after.severity in SHOWN and key not in known and not _batches_differ(after):
            shared = conflict_lines(after, fixed) & conflict
            if not _unmasked(after, edited, target[1], shared, "".join(e.new_text for e in fix.edits)):
                return None  # something new went wrong
        elif _same_conflict_left(after, finding, fixed, conflict - edited):
            return None  # the edit treats one symptom of a conflict that still fails elsewhere
    return result


def _same_conflict_left(after: Finding, finding: Finding, fixed: str, conflict: set[int]) -> bool:
    """Whether ``after``, an error the unfixed text had too, is the fixed finding's conflict
    failing at another line: the same code, with a line of its conflict (one the fix did not
    edit) among the fixed one's.  Every error of a run is reported, so the second reshape of
    a vector sliced at the same wrong ``split`` stands before the fix as after it; a ``-1``
    that silences the first one leaves the cause where it was."""
    return after.code == finding.code and after.severity == "error" and after.line != finding.line \
        and bool(conflict_lines(after, fixed) & conflict)


def _batches_differ(finding: Finding) -> bool:
    """A possible failure whose counterexample only sets the leading axes of two or more
    fed tensors apart ("fails when Placeholder.shape[0] = 2, Placeholder_1.shape[0] = 3").

    Examples and their labels fed as two placeholders with a None batch read so in every
    TF 1 graph (the hand-fixed twins too): the op fails only if the caller feeds batches
    of different sizes, which says nothing about a fix (Keras and tf.data batches read
    "fails when batch = 1, batch = 2").  One batch against a constant
    ("fails when Placeholder.shape[0] = 2": [?, 6] * [6, 6]) still counts."""
    if finding.code != codes.POSSIBLE_FAILURE:
        return False
    example = finding.args.get("counterexample", ())
    tensors = [_batch_of(symbol) for symbol, _ in example]
    if len(tensors) < 2 or any(t is None for t in tensors):
        return False
    named = [t for t in tensors if t]
    return len(set(named)) == len(named)  # each "batch" is a symbol of its own


def _batch_of(symbol: str) -> str | None:
    """The fed tensor whose leading axis ``symbol`` is (``x.shape[0]``: "x"; a Keras ``batch``:
    ""), or None for any other unknown.  Placeholders name their dims so (constraints/tf)."""
    if symbol == "batch":
        return ""
    tensor = symbol.removesuffix(".shape[0]")
    return tensor if tensor != symbol and tensor and all(part.isidentifier() for part in tensor.split(".")) \
        else None


def _edited_lines(fix: Fix) -> set[int]:
    """The lines of the fixed text that the edits wrote (edits in the order they apply)."""
    lines: set[int] = set()
    shift = 0
    for edit in sorted(fix.edits, key=lambda e: (e.line, e.column)):
        start = edit.line + shift
        lines.update(range(start, start + edit.new_text.count("\n") + 1))
        shift += edit.new_text.count("\n") - (edit.end_line - edit.line)
    return lines


def _unmasked(finding: Finding, edited: set[int], fixed_line: int, shared: frozenset[int] = frozenset(),
              written: str = "") -> bool:
    """Whether a finding the original did not have was hidden, not caused, by the fixed one.

    An error that repeats an earlier one is not reported, and a user function every path
    of which raised ends its caller's path, so removing a finding lets the analysis report
    what it did not before.  A finding found there counts against the fix only when the
    fix took part in it: it sits on an edited line, or (for a shape finding) a line of its
    conflict was edited, or it comes before the fixed line, or its definite conflict
    shares a line with the fixed one's (``shared``: see ``conflicts``).  Then the
    values that clashed still clash further on: the fix moved the failure rather than
    removed it (a weight set to suit an elementwise op that fails again with the fed batch,
    the same unfixed array passed to a second call).  A possible failure (ST201) sharing a
    placeholder's declaration does not count: two placeholders' unknown batches may always
    differ, as in every graph fed by two of them.  A name the target lacks (ST4xx) or a
    plain Python bug (ST3xx) was there all along unless the edit wrote the name it quotes
    (``written``: the edits' new text), even on an edited line (a TF 1 name on the line
    of a weight whose size the fix changed)."""
    if finding.rule.family in ("api", "python"):
        return finding.line not in edited or not any(name in written for name in _quoted_names(finding))
    if finding.line in edited:
        return False
    if finding.confidence == "definite" and shared:
        return False
    return finding.line > fixed_line and not any(r.line in edited for r in finding.related
                                                 if r.path == finding.path)


def _quoted_names(finding: Finding) -> list[str]:
    """The program's or the library's names an API-change or Python finding quotes (its
    facts of the name kinds, rules.facts): the names an edit could have written."""
    names: list[str] = []
    for fact, value in finding.args.items():
        kind = FACTS.get(fact)
        values = [value] if kind is NAME else list(value) if kind is NAMES else []
        names += [v for v in values if isinstance(v, str) and _identifier(v)]
    return names


def _identifier(name: str) -> bool:
    return all(part.isidentifier() for part in name.split(".")) if name else False
