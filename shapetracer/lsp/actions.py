"""Code actions on our diagnostics: ``# noqa: CODE``, and a finding's verified fix.

The noqa edit needs only the line; the fix comes from ``shapetracer.fixes`` (the
same path as ``check --fix``: each candidate re-analysed before it is offered),
computed on the analysis thread when an editor first asks and remembered on the
analysis, since editors ask on every cursor move.
"""

from __future__ import annotations

import logging

from lsprotocol import types

from shapetracer.lsp.convert import SOURCE, Analysis, finding_at, noqa_edit

log = logging.getLogger("shapetracer.lsp")


async def code_actions(ls, params: types.CodeActionParams) -> list[types.CodeAction]:
    """``ls``: the ShapeServer (its workspace, scheduler and each document's latest analysis)."""
    uri = params.text_document.uri
    lines = ls.lines(uri)
    analysis = await ls.shaped(ls.key_of(uri))  # fixes are verified with the shapes
    actions = []
    for diagnostic in params.context.diagnostics:
        if diagnostic.source != SOURCE or not isinstance(diagnostic.code, str):
            continue
        if isinstance(diagnostic.data, dict) and "site" in diagnostic.data:
            continue  # sited in another file: a noqa or a fix belongs there
        if analysis is not None:
            actions += await fix_actions(ls, analysis, uri, lines, diagnostic)
        actions += noqa_action(ls, uri, lines, diagnostic)
    return actions


def noqa_action(ls, uri: str, lines: list[str], diagnostic: types.Diagnostic) -> list[types.CodeAction]:
    line = diagnostic.range.start.line
    text = lines[line].rstrip("\r\n") if line < len(lines) else ""
    edit = noqa_edit(text, diagnostic.code)
    if edit is None:
        return []
    start, end, new_text = edit
    where = ls.to_client(lines, types.Range(types.Position(line, start - 1), types.Position(line, end - 1)))
    return [types.CodeAction(title=f"Add `# noqa: {diagnostic.code}`", kind=types.CodeActionKind.QuickFix,
                             diagnostics=[diagnostic],
                             edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(where, new_text)]}))]


def verified_fixes(analysis: Analysis, finding) -> tuple:
    """The finding's verified fixes (shapetracer.fixes: each re-analysed before it is offered),
    computed on the analysis thread the first time a code action asks, then remembered.
    Notebooks get none: fixes edit a file's text, and a notebook's is its cells' JSON."""
    if finding in analysis.fixes:
        return analysis.fixes[finding]
    found: tuple = tuple(finding.fixes)
    if not found and analysis.snapshot.cell_uris is None:
        try:
            from shapetracer.fixes import for_finding

            text = analysis.snapshot.data.decode("utf-8", "surrogatepass")
            found = tuple(for_finding(finding, text, analysis.snapshot.display_path, analysis.snapshot.file,
                                      analysis.options, analysis.result.findings, analysis.result.shape_log,
                                      limit=1))
        except Exception:  # fixes are an offer: never let one break the code action
            log.exception("fixes for %s failed", finding.code)
    analysis.fixes[finding] = found
    return found


async def fix_actions(ls, analysis: Analysis, uri: str, lines: list[str],
                      diagnostic: types.Diagnostic) -> list[types.CodeAction]:
    """The finding's verified fix (shapetracer.fixes), when it has one, as a workspace edit."""
    start = ls.workspace.position_codec.position_from_client_units(lines, diagnostic.range.start)
    finding = finding_at(analysis, uri, start.line + 1, start.character + 1)
    if finding is None or finding.code != diagnostic.code:
        return []
    found = await ls.scheduler.run(lambda: verified_fixes(analysis, finding))
    if not found:
        return []
    fix = found[0]
    changes: dict[str, list[types.TextEdit]] = {}
    cells = analysis.result.cells
    for edit in fix.edits:
        (cell, line), (_, end_line) = ((cells.locate(edit.line), cells.locate(edit.end_line)) if cells is not None
                                       else ((None, edit.line), (None, edit.end_line)))
        target = analysis.uri_of(cell) if cells is not None else uri
        span = types.Range(types.Position(line - 1, edit.column - 1), types.Position(end_line - 1, edit.end_column - 1))
        changes.setdefault(target, []).append(types.TextEdit(ls.to_client(ls.lines(target), span), edit.new_text))
    return [types.CodeAction(title=fix.message, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                             is_preferred=fix.applicability == "safe", edit=types.WorkspaceEdit(changes=changes))]
