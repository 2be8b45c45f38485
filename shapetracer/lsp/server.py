"""The pygls server: document events schedule analyses; hovers and code actions read them.

- open / save: analyse at once; change: after ``debounce`` seconds of quiet; a newer
  change cancels a stale pass, queued or running (``scheduler``).
- While typing, a change's pass makes the diagnostics only; the shapes hovers and fixes
  read (every expression's tensor, a tenth of a pass's time) come from a second pass once
  the file has been quiet for ``SHAPES_DELAY`` after its diagnostics arrived, or at once
  for a hover or a code action that comes first.  That pass re-runs only the runs whose
  shapes an open file shows; its diagnostics are those already published.
- Python files on disk are checked within their project (``projects``): one pass per
  project root covers its open files, run through the scripts that import them, with the
  editor's unsaved buffers in place of the disk; a finding is published in every open
  file that takes part in it.  Between passes the project model, the runs' results and
  each file's own pass are kept, so an edit re-runs only what reads the changed text;
  the project's ``.shapetracer_cache/`` serves runs whose files are saved.
- Jupyter notebooks (LSP 3.17 notebook sync: one analysis per notebook, diagnostics
  published per cell document) and untitled buffers are checked on their own.
- hover: the finding under the cursor with its related lines, and the shape,
  dtype and origin of the name under the cursor.
- code actions: ``# noqa: CODE`` for each of our diagnostics, and a finding's
  verified fix when the engine attached one.
Settings come from ``[tool.shapetracer]`` found from each file, as ``check`` reads them.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from shapetracer import __version__
from shapetracer.config import ConfigError, load_settings
from shapetracer.engine import FileResult, Options, check_source, tune_collector
from shapetracer.lsp.actions import code_actions
from shapetracer.lsp.convert import Analysis, diagnostics
from shapetracer.lsp.documents import Snapshot, file_of, is_python, notebook_snapshot, text_snapshot
from shapetracer.lsp.hover import hover_text
from shapetracer.lsp.projects import Pass, ProjectSnapshot, Warm, root_of
from shapetracer.lsp.scheduler import Scheduler

# seconds of quiet after a keystroke before analysing: short, since a newer change cancels
# a stale pass anyway (a pass of a 500-line script is ~0.1 s)
DEBOUNCE = 0.02
# seconds of quiet after a change's diagnostics before the shapes are made: longer than
# between keystrokes, so that typing never pays for them
SHAPES_DELAY = 0.3
log = logging.getLogger("shapetracer.lsp")


def analyse(snapshot: Snapshot) -> Analysis:
    """Runs on the worker thread: settings as ``check`` reads them, then the engine."""
    options = Options()
    try:
        settings = load_settings([snapshot.file] if snapshot.file is not None else [])
        if snapshot.file is not None and settings.excluded(snapshot.file):
            return Analysis(snapshot, FileResult(snapshot.display_path, []))
        options = settings.options
    except ConfigError as exc:
        log.warning("shapetracer: %s (using the defaults)", exc)
    options = dataclasses.replace(options, expression_shapes=True)  # hovers over any expression
    return Analysis(snapshot, check_source(snapshot.data, snapshot.display_path, snapshot.file, options), options)


class ShapeServer(LanguageServer):
    def __init__(self, debounce: float = DEBOUNCE):
        cells = [types.NotebookCellLanguage(language="python")]
        sync = types.NotebookDocumentSyncOptions(
            notebook_selector=[types.NotebookDocumentFilterWithNotebook(notebook="jupyter-notebook", cells=cells)],
            save=True)
        super().__init__("shapetracer", __version__, notebook_document_sync=sync)
        self.debounce = debounce
        self.python_uris: set[str] = set()  # open text documents we analyse (by language id at open)
        self.roots: dict[str, Path] = {}  # an open file's project root, by URI
        self.warm: dict[Path, Warm] = {}  # each root's state between passes (touched on the worker)
        self.reached: dict[Path, frozenset[Path]] = {}  # each root's files its last pass read
        self.documents: dict[str, Analysis] = {}  # each open document's (notebook's) newest analysis
        # the newest analysis that parsed: hovers keep showing shapes while a line is half typed
        self.parsed: dict[str, Analysis] = {}
        self.scheduler: Scheduler = Scheduler(self.analyse, self.publish)

    # -- analyses (on the worker thread) -------------------------------------------
    def analyse(self, snapshot: Snapshot | ProjectSnapshot) -> Analysis | Pass:
        if isinstance(snapshot, ProjectSnapshot):
            warm = self.warm.get(snapshot.root)
            if warm is None:
                warm = self.warm[snapshot.root] = Warm(snapshot.root)
            return warm.analyse(snapshot)
        return analyse(snapshot)

    # -- reading the workspace ---------------------------------------------
    def lines(self, uri: str) -> list[str]:
        return self.workspace.get_text_document(uri).lines

    def to_client(self, lines: list[str], span: types.Range) -> types.Range:
        return self.workspace.position_codec.range_to_client_units(lines, span)

    def key_of(self, uri: str) -> str:
        """The analysed document a URI belongs to: its notebook for a cell, else itself."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        return notebook.uri if notebook is not None else uri

    def project_snapshot(self, root: Path, shapes: bool = True) -> ProjectSnapshot:
        open_uris = sorted(u for u in self.python_uris if u in self.roots and u in self.workspace.text_documents)
        snapshots = [text_snapshot(u, self.workspace.get_text_document(u).source) for u in open_uris]
        return ProjectSnapshot(root, tuple(s for u, s in zip(open_uris, snapshots) if self.roots[u] == root),
                               tuple((_resolved(s.file), s.data) for u, s in zip(open_uris, snapshots)
                                     if self.roots[u] != root and s.file is not None), shapes)

    async def shaped(self, key: str) -> Analysis | None:
        """The newest analysis of ``key`` with the logs hovers and fixes read: when a change's
        pass left them out and their pass has not come yet, made now (on the analysis thread,
        from the texts the editor has now)."""
        latest = self.documents.get(key)
        root = self.roots.get(key)
        if latest is None or latest.shapes or root is None:
            return latest
        snapshot = self.project_snapshot(root)
        made = await self.scheduler.run(lambda: self.analyse(snapshot))
        return made.analyses.get(key, latest) if isinstance(made, Pass) else latest

    def schedule_file(self, uri: str, delay: float, disk_changed: bool = False, shapes: bool = True) -> None:
        """Analyse the project pass of ``uri``'s root, and of every root whose last pass read
        the file (a helper shared by two loose folders).  ``shapes``: the pass makes the logs
        hovers read (else a later one does, see the module's docstring)."""
        file = file_of(uri)
        if file is None:
            self.scheduler.schedule(uri, lambda: self.text_snapshot(uri), delay)
            return
        file = _resolved(file)
        root = self.roots.setdefault(uri, root_of(file))
        roots = {root} | {r for r, files in self.reached.items() if file in files}
        for each in sorted(roots):
            if disk_changed and each in self.warm:
                self.warm[each].forget_disk()
            self.scheduler.forget(_shapes_key(each))  # the pass scheduled makes newer ones
            self.scheduler.schedule(_key(each), lambda each=each: self.project_snapshot(each, shapes), delay)

    def text_snapshot(self, uri: str) -> Snapshot | None:
        if uri not in self.workspace.text_documents:
            return None  # closed before its turn
        return text_snapshot(uri, self.workspace.get_text_document(uri).source)

    def notebook_snapshot(self, uri: str) -> Snapshot | None:
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is None:
            return None
        return notebook_snapshot(notebook, lambda cell: self.workspace.get_text_document(cell).source)

    # -- results -------------------------------------------------------------
    def publish(self, key: str, result: Analysis | Pass) -> None:
        shapes_only = key.startswith(_SHAPES)  # a pass for the hovers: its diagnostics are out already
        if isinstance(result, Pass):
            self.reached[result.root] = result.reached
            items = [(uri, a) for uri, a in result.analyses.items() if uri in self.python_uris]
            if not result.shapes:
                root = result.root
                self.scheduler.schedule(_shapes_key(root), lambda: self.project_snapshot(root), SHAPES_DELAY)
        else:
            items = [(key, result)]
        for document, analysis in items:
            self.documents[document] = analysis
            if analysis.result.status == "ok" and analysis.shapes:
                self.parsed[document] = analysis
            if shapes_only:
                continue
            for uri, found in diagnostics(analysis, self.lines, self.to_client).items():
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found))

    def clear(self, key: str) -> None:
        previous = self.documents.pop(key, None)
        self.scheduler.forget(key)
        self.parsed.pop(key, None)
        uris = (previous.snapshot.cell_uris or ()) if previous is not None else ()
        for uri in (*uris, key):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        root = self.roots.pop(key, None)
        if root is not None:  # the rest of its project: without it, its findings may move
            if root in self.warm:
                self.warm[root].forget_disk()
            self.scheduler.forget(_shapes_key(root))
            self.scheduler.schedule(_key(root), lambda: self.project_snapshot(root), 0.0)


_SHAPES = "shapes:"


def _key(root: Path) -> str:
    return f"project:{root}"


def _shapes_key(root: Path) -> str:
    return f"{_SHAPES}{root}"


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def build(debounce: float = DEBOUNCE) -> ShapeServer:
    server = ShapeServer(debounce)

    def schedule_text(ls: ShapeServer, uri: str, delay: float, disk_changed: bool = False,
                      shapes: bool = True) -> None:
        if ls.workspace.get_notebook_document(cell_uri=uri) is not None:
            return  # a notebook's cell: the notebook's events schedule it
        ls.schedule_file(uri, delay, disk_changed, shapes)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ShapeServer, params: types.DidOpenTextDocumentParams) -> None:
        if is_python(params.text_document.uri, params.text_document.language_id):
            ls.python_uris.add(params.text_document.uri)
            schedule_text(ls, params.text_document.uri, 0.0, disk_changed=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: ShapeServer, params: types.DidChangeTextDocumentParams) -> None:
        if params.text_document.uri in ls.python_uris:
            schedule_text(ls, params.text_document.uri, ls.debounce, shapes=False)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: ShapeServer, params: types.DidSaveTextDocumentParams) -> None:
        if params.text_document.uri in ls.python_uris:
            schedule_text(ls, params.text_document.uri, 0.0, disk_changed=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ShapeServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.python_uris.discard(params.text_document.uri)
        ls.clear(params.text_document.uri)

    def schedule_notebook(ls: ShapeServer, uri: str, delay: float) -> None:
        ls.scheduler.schedule(uri, lambda: ls.notebook_snapshot(uri), delay)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: ShapeServer, params: types.DidOpenNotebookDocumentParams) -> None:
        schedule_notebook(ls, params.notebook_document.uri, 0.0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: ShapeServer, params: types.DidChangeNotebookDocumentParams) -> None:
        schedule_notebook(ls, params.notebook_document.uri, ls.debounce)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def notebook_save(ls: ShapeServer, params: types.DidSaveNotebookDocumentParams) -> None:
        schedule_notebook(ls, params.notebook_document.uri, 0.0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: ShapeServer, params: types.DidCloseNotebookDocumentParams) -> None:
        ls.clear(params.notebook_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: ShapeServer, params: types.HoverParams) -> types.Hover | None:
        uri = params.text_document.uri
        key = ls.key_of(uri)
        latest = await ls.shaped(key)
        parsed = latest if latest is not None and latest.result.status == "ok" and latest.shapes \
            else ls.parsed.get(key)
        if latest is None and parsed is None:
            return None
        lines = ls.lines(uri)
        position = ls.workspace.position_codec.position_from_client_units(lines, params.position)
        text = lines[position.line].rstrip("\r\n") if position.line < len(lines) else ""
        line, column = position.line + 1, position.character + 1
        # shapes render through the solver's terms: read them on the analysis thread
        value = await ls.scheduler.run(lambda: hover_text(latest, parsed, uri, line, column, text))
        if value is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def code_action(ls: ShapeServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return await code_actions(ls, params)

    return server


def main(debounce: float | None = None) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    tune_collector()
    server = build(DEBOUNCE if debounce is None else debounce)
    try:
        server.start_io()
    finally:
        server.scheduler.shutdown()


if __name__ == "__main__":  # pragma: no cover
    main()
