"""ST502: a file the program reads that its job does not hold.

The interpreter records, in the order the program makes them, the calls that read, write,
fetch or unpack files (constraints/python/files.py says which), with the path when the
program spells it out; the engine adds where each stands (``FileEvent``).  Judged against
a workspace, a read is reported when

- its path is known (a literal, or built from literals, ``__file__`` and constants),
- it runs whenever the script runs: not in a branch or loop the analysis could not
  decide, not in a function nobody calls, not under a ``try`` that catches the error
  (there or around a call that leads to it),
- the workspace holds nothing there (a folder for a folder read; ``prefix.index`` or any
  ``prefix*`` for a checkpoint; the folder's ``checkpoint`` file for
  ``tf.train.latest_checkpoint``),
- and nothing the program ran before wrote, downloaded or unpacked it.  After a shell
  command, an archive unpacked where the analysis cannot tell, or ``os.chdir``, nothing
  more is judged.

Paths resolve as the job ran: one built from ``__file__`` against the script's folder, a
relative one against the working folder.  That is the job's root as a rule, but a job may
have been started from the script's folder (and a repository's is unknown), so a relative
path must be missing both at the root and beside the script.  A path the program asks
about anywhere in the run (``os.path.exists``, ``Path.is_file``) is one it knows may be
missing: it is not judged.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import asdict, dataclass

from shapetracer.constraints.core import files as model
from shapetracer.project.workspace import Workspace
from shapetracer.rules import codes
from shapetracer.rules.findings import Finding
from shapetracer.rules.message import Message

_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:")
READS = frozenset({model.READ, model.READ_FOLDER, model.READ_CHECKPOINT, model.READ_LATEST})
_BLINDING = frozenset({model.SHELL, model.CHANGE_FOLDER})


@dataclass(frozen=True)
class FileEvent:
    """One access, where it stands and whether it surely runs (plain data: a scan caches it)."""

    kind: str
    path: str | None
    api: str
    file: str  # the display path of the module the call is in
    line: int
    column: int  # 1-based
    end_line: int
    end_column: int
    decided: bool  # on every path the script takes, in code that runs
    guarded: bool  # under a try (or suppress) that catches the failure

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "FileEvent":
        return cls(**data)


def missing_files(events: list[FileEvent], workspace: Workspace, script: str) -> list[Finding]:
    """The ST502 findings of one script's run (``script``: its workspace path)."""
    judge = _Judge(workspace, script)
    probed = {c for e in events if e.kind == model.PROBE and e.path is not None for c in judge.candidates(e.path)}
    findings: list[Finding] = []
    seen: set[tuple] = set()
    for event in events:
        if event.kind in _BLINDING or event.kind == model.UNPACK and event.path is None:
            break
        if event.kind in model.WRITES:
            judge.written(event)
            continue
        if event.kind not in READS or event.path is None or not event.decided or event.guarded:
            continue
        candidates = judge.candidates(event.path)
        if not candidates or any(judge.there(event.kind, c) or c in probed for c in candidates):
            continue
        key = (event.file, event.line, event.column)  # one finding a site (a loop may read several)
        if key not in seen:
            seen.add(key)
            shown = candidates[0] if posixpath.isabs(event.path) else event.path  # the job's name for it
            findings.append(_finding(event, shown, workspace))
    return findings


class _Judge:
    def __init__(self, workspace: Workspace, script: str):
        self.workspace = workspace
        self.folder = posixpath.dirname(script)
        self.files: set[str] = set()
        self.prefixes: set[str] = set()
        self.folders: set[str] = set()  # made (a folder read passes)
        self.trees: set[str] = set()  # unpacked into (anything under them passes)

    def candidates(self, path: str) -> list[str]:
        """The workspace paths ``path`` may name: [] when it lies outside the workspace (an
        absolute path elsewhere: a platform's data mount)."""
        if "\\" in path or _WINDOWS_DRIVE.match(path) or path.startswith("~"):
            return []  # a Windows path, a home folder: the author's machine, not the job's
        if posixpath.isabs(path):
            inside = self.workspace.inside(path)
            return [] if inside is None else [inside]
        path = posixpath.normpath(path)
        beside = posixpath.normpath(posixpath.join(self.folder, path))
        return [path] if beside == path else [path, beside]

    def written(self, event: FileEvent) -> None:
        if event.path is None:
            return
        for candidate in self.candidates(event.path):
            if event.kind == model.WRITE:
                self.files.add(candidate)
            elif event.kind == model.WRITE_CHECKPOINT:
                self.prefixes.add(candidate)
            elif event.kind == model.MAKE_FOLDER:
                self.folders.add(candidate)
            else:
                self.trees.add(candidate)

    def there(self, kind: str, path: str) -> bool:
        """Whether the job holds ``path`` for a read of ``kind``, or the program made it."""
        if any(path == tree or path.startswith(tree.rstrip("/") + "/") or tree in ("", ".") for tree in self.trees):
            return True
        if kind == model.READ_LATEST:
            return self._file(posixpath.join(path, "checkpoint")) or path in self.folders \
                or any(p.startswith(path.rstrip("/") + "/") for p in self.prefixes | self.files)
        if kind == model.READ_FOLDER:
            return self.workspace.exists(path) or path in self.folders \
                or any(p.startswith(path.rstrip("/") + "/") for p in self.files | self.prefixes | self.folders)
        if kind == model.READ_CHECKPOINT:
            return self._file(path) or self.workspace.has_prefix(path + ".") or self.workspace.has_prefix(path + "-") \
                or any(path.startswith(p) for p in self.prefixes)
        return self._file(path)

    def _file(self, path: str) -> bool:
        return self.workspace.exists(path) or path in self.files or any(path.startswith(p) for p in self.prefixes)


def _finding(event: FileEvent, path: str, workspace: Workspace) -> Finding:
    holder = "the job holds" if workspace.is_job else "the repository holds"
    if event.kind == model.READ_LATEST:
        message = Message("tf.train.latest_checkpoint('{folder}') finds no checkpoint: " + holder + " no "
                          "'{folder}/checkpoint' and nothing before writes one, so None is restored (ValueError)",
                          folder=path, api=event.api)
    elif event.kind == model.READ_FOLDER:
        message = Message("{api} reads the folder '{path}', but " + holder + " no such folder and nothing before "
                          "makes it (FileNotFoundError)", api=event.api, path=path)
    elif event.kind == model.READ_CHECKPOINT:
        message = Message("{api} reads the checkpoint '{path}', but " + holder + " no '{path}.index' and nothing "
                          "before saves one (NotFoundError)", api=event.api, path=path)
    else:
        message = Message("{api} reads '{path}', but " + holder + " no such file and nothing before writes or "
                          "downloads it (FileNotFoundError)", api=event.api, path=path)
    return Finding.of(codes.MISSING_FILE, message, event.file, event.line, event.column, event.end_line,
                      event.end_column)
