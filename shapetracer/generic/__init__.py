"""The generic Python-bug pass: pyflakes (always) and pylint (on request), in-process.

Both tools' crash-relevant messages become ST3xx findings (ST001 for syntax errors)
carrying the tool's own id in the message, e.g.
``undefined name 'x' [pyflakes UndefinedName, pylint E0602 undefined-variable]``.
When both tools report the same problem it is one finding; ``finding.args["tools"]``
says which tools (and ids) reported it, which is what the study's "detected by"
columns count (``mapping.tool_message`` names every fact).
"""

from __future__ import annotations

from collections.abc import Iterable

from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.generic.mapping import category_for, rule_for
from shapetracer.generic.pyflakes_pass import run_pyflakes
from shapetracer.rules.findings import Finding, ordered_args, tools_of

__all__ = ["category_for", "dedupe", "fold_into", "generic_findings", "generic_findings_many", "rule_for",
           "tools_of"]


def generic_findings(path: str, source: str, with_pylint: bool, tree=None) -> list[Finding]:
    """pyflakes (+ pylint) findings for one file's text, deduplicated and sorted
    (``tree``: its ``ast`` parse, when already made)."""
    findings = run_pyflakes(path, source, tree)
    if with_pylint:
        from shapetracer.generic.pylint_pass import run_pylint

        findings += run_pylint({path: source})[path]
    return dedupe(findings)


def generic_findings_many(sources: dict[str, str], with_pylint: bool) -> dict[str, list[Finding]]:
    """The same for many files (one job); pylint checks them all in one linter run,
    so imports between the files resolve."""
    result = {path: run_pyflakes(path, text) for path, text in sources.items()}
    if with_pylint:
        from shapetracer.generic.pylint_pass import run_pylint

        for path, findings in run_pylint(sources).items():
            result[path] = result[path] + findings
    return {path: dedupe(findings) for path, findings in result.items()}


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per problem.

    Two findings are the same problem when they are on the same line of the same file,
    in the same taxonomy category, and either start at the same column or name the same
    thing (a quoted name in both messages).  A second report from the same tool must also
    carry the same tool id (pylint says ``os.path.joinx`` is missing from both ntpath and
    posixpath).  Syntax errors are one per file whatever the position.  The merged
    finding keeps the first one's code and text and lists every tool id.
    """
    kept: list[Finding] = []
    for finding in sorted(findings, key=_order):
        for index, other in enumerate(kept):
            if _same_problem(other, finding):
                kept[index] = _merge(other, finding)
                break
        else:
            kept.append(finding)
    return sorted(kept, key=Finding.sort_key)


def fold_into(own: list[Finding], generic: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """The interpreter's own Python-bug findings (``own``: ST304 from a call it resolved) with
    the generic tools' reports of the same problem folded in, and the generic findings left.
    A folded finding keeps the interpreter's words (Python's TypeError) and lists the tools
    that also reported it."""
    own, left = list(own), []
    for finding in generic:
        index = next((i for i, mine in enumerate(own) if _same_problem(mine, finding)), None)
        if index is None:
            left.append(finding)
        else:
            own[index] = _merge(own[index], finding)
    return own, left


def _order(finding: Finding) -> tuple:
    # pyflakes first: its message is the shorter, and its code is kept on a merge.
    tools = tools_of(finding)
    return (finding.path, finding.line, "pyflakes" not in tools, finding.column, finding.code,
            finding.message)


def _subjects(finding: Finding) -> set[str]:
    return set(finding.args.get("subjects", ()))


def _same_problem(a: Finding, b: Finding) -> bool:
    if a.path != b.path or a.category != b.category:
        return False
    if a.category == "syntax-error" and a.code == b.code and a.code in (codes.SYNTAX_ERROR, codes.PYTHON2_SOURCE):
        return True
    if a.line != b.line:
        return False
    tools_a, tools_b = tools_of(a), tools_of(b)
    shared_tools = set(tools_a) & set(tools_b)
    if shared_tools:
        # Same tool twice: only a repeat of the very same message id at the same place.
        same_id = all(tools_a[t] == tools_b[t] for t in shared_tools)
        return same_id and a.column == b.column and (
            bool(_subjects(a) & _subjects(b)) or not (_subjects(a) or _subjects(b)))
    return a.column == b.column or bool(_subjects(a) & _subjects(b))


def _merge(first: Finding, second: Finding) -> Finding:
    from dataclasses import replace

    tools = tools_of(second)
    tools.update(tools_of(first))
    tags = tuple(first.args.get("tags", ()))
    tags += tuple(tag for tag in second.args.get("tags", ()) if " " in tag and tag not in tags)  # not "[pyflakes]"
    message = Message("{detail} [{tags:join}]", **{**first.args, "tags": tags, "tools": tuple(tools.items())})
    confidence = "definite" if "definite" in (first.confidence, second.confidence) else "possible"
    severity = first.severity_override if confidence == first.confidence else second.severity_override
    return replace(first, message=message.text, args=ordered_args(message), confidence=confidence,
                   severity_override=severity)
