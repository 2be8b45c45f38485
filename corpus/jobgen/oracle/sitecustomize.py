"""Ground-truth oracle for corpus runs (loaded by run_jobs.py through PYTHONPATH).

Wraps ``sys.excepthook``: when the job dies of an uncaught exception it records, from
the exception object itself, the type and the job-file location that failed, then
hands over to Python's own hook, so the log is exactly what Python prints.  The
location is the SyntaxError's position, else the innermost job frame of the TF op's
definition stack (graph errors say where the op was built), else the innermost job
frame of the traceback.
"""

import os
import re
import sys

_OUT = os.environ.get("ST_ORACLE_OUT")
_ROOT = os.environ.get("ST_ORACLE_ROOT", "")
_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def _inside(filename):
    """A real file of the job (Cython and frozen frames have relative or <...> names)."""
    if not filename or filename.startswith("<") or not os.path.isabs(filename):
        return False
    return filename.startswith(_ROOT + os.sep) and os.path.isfile(filename)


def _rel(filename):
    return os.path.relpath(os.path.abspath(filename), _ROOT)


def _innermost(pairs):
    found = None
    for filename, line in pairs:
        if _inside(filename):
            found = [_rel(filename), int(line)]
    return found


def _definition(value):
    op = getattr(value, "op", None)
    frames = None
    if op is not None:
        try:
            frames = [(f.filename, f.lineno) for f in op.traceback]
        except Exception:
            frames = None
    if frames:
        return _innermost(frames)
    text = str(value)
    for marker in ("defined at (most recent call last):", "Original stack trace for", "in user code:"):
        if marker in text:
            return _innermost(_FRAME.findall(text.split(marker, 1)[1]))
    return None


def _hook(etype, value, tb):
    try:
        import json
        import traceback

        tb_loc = _innermost((f.filename, f.lineno) for f in traceback.extract_tb(tb))
        syntax = None
        if isinstance(value, SyntaxError) and _inside(value.filename):
            syntax = [_rel(value.filename), value.lineno]
        definition = _definition(value)
        chain, seen = [], value
        while seen is not None and len(chain) < 8:
            chain.append(type(seen).__name__)
            seen = seen.__cause__ or seen.__context__
        # numpy renames some classes for display (_ArrayMemoryError shows as MemoryError in
        # __name__); the traceback prints the qualified name, so the label uses it too.
        record = {"exception": etype.__qualname__.rsplit(".", 1)[-1], "module": etype.__module__, "message": str(value)[:4000],
                  "location": syntax or definition or tb_loc, "tb_location": tb_loc,
                  "definition": definition, "chain": chain}
        with open(_OUT, "w") as handle:
            json.dump(record, handle)
    except Exception:
        pass
    sys.__excepthook__(etype, value, tb)


if _OUT:
    sys.excepthook = _hook
