"""The project checks as the engine runs them, after a file's analysis: what the run's file
accesses become (``file_events``), and the findings of ST501 and ST502 for one script.

The engine calls these with its own selection (``selected``: whether a code is reported
for the file), so select, ignore and per-file-ignores mean here what they mean there.
ST502 is judged for a job, or for a repository only when a selector names it (``ST502``,
``ST5``): a repository usually keeps its data out of version control.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from shapetracer.frontend.source import ParsedSource
from shapetracer.options import Options
from shapetracer.project.workspace import Workspace
from shapetracer.projectchecks.requirements import missing_requirements
from shapetracer.rules import codes
from shapetracer.rules.findings import Finding

if TYPE_CHECKING:
    from shapetracer.frontend.interpreter import Interpreter
    from shapetracer.projectchecks.files import FileEvent

Selected = Callable[[str], bool]


def wants_file_events(options: Options, selected: Selected) -> bool:
    """Whether the run's file accesses are kept: a job's check, an explicit selection of
    ST502, or a scan that judges them after its cache (``Options.file_events``)."""
    if options.file_events:
        return True
    return selected(codes.MISSING_FILE) and _files_judged(options)


def file_events(interpreter: Interpreter) -> list[FileEvent]:
    """What the run read and wrote, in order, placed and judged for guards (plain data)."""
    from shapetracer.projectchecks.files import READS, FileEvent
    from shapetracer.projectchecks.guards import Guards

    events = interpreter.files.events
    if not events:
        return []
    guards = Guards()
    modules = interpreter.modules
    for scope in (modules.main, *modules.modules.values()):
        if scope is not None and scope.tree is not None:
            guards.add(scope.path, scope.tree)
    guards.close()
    placed = []
    for access, origin, decided in events:
        position = origin.position if access.kind in READS and access.path is not None and decided else (0, 0, 0, 0)
        placed.append(FileEvent(access.kind, access.path, access.api, origin.path, *position, decided,
                                decided and guards.guarded(origin.path, position[0])))
    return placed


def project_findings(parsed: ParsedSource, data: bytes, display_path: str, file: Path | None, options: Options,
                     file_reads: list, selected: Selected) -> list[Finding]:
    """What only the file's project or job shows: imports no declared requirement installs
    (ST501), files the run reads that the job does not hold (ST502).  ``file_reads`` are
    ``FileEvent``s or their dicts (a scan's cache)."""
    requirements = selected(codes.MISSING_REQUIREMENT)
    files = selected(codes.MISSING_FILE) and _files_judged(options)
    if not requirements and not files:
        return []
    workspace = options.workspace
    if workspace is None:
        if file is None:
            return []
        workspace = Workspace.for_file(file)
    script = workspace.relative(display_path, file)
    if script is None:
        return []
    notebook = display_path.lower().endswith(".ipynb")
    text = data.decode("utf-8", "replace")
    found = []
    if requirements:
        found += missing_requirements(parsed.tree, display_path, script, workspace, text, notebook=notebook)
    if files and (workspace.is_job or explicitly_selected(codes.MISSING_FILE, options)) \
            and not (notebook and _shell_magic(text)):
        from shapetracer.projectchecks.files import FileEvent, missing_files  # the file model: only when judged

        events = [FileEvent.from_dict(e) if isinstance(e, dict) else e for e in file_reads]
        found += missing_files(events, workspace, script)
    return found


def _files_judged(options: Options) -> bool:
    workspace = options.workspace
    return workspace is not None and workspace.is_job or explicitly_selected(codes.MISSING_FILE, options)


def explicitly_selected(code: str, options: Options) -> bool:
    """A selector that names the code or its family (``ST502``, ``ST5``), not every code."""
    chosen = (options.select or frozenset()) | options.extend_select
    return any(code.startswith(prefix) and len(prefix) > 2 for prefix in chosen)


def _shell_magic(text: str) -> bool:
    """A notebook that runs shell lines (``!wget``, ``%%bash``) may make any file before any
    cell: its reads are not judged."""
    return any(marker in text for marker in ('"!', "'!", "\\n!", '"%%bash', '"%%sh', '"%sx', '"%system', '"%%script'))
