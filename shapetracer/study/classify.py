"""Classify a failed job from its log: category, exception, message, failing job line.

The failure is the last traceback in the log (the final exception of a chain).  Its
category follows the study's taxonomy: Python exceptions map by type, but TensorFlow
reports shape, dtype, memory and file problems through a handful of types
(``ValueError``, ``TypeError``, ``InvalidArgumentError`` ...), so those are told apart
by their message.  The failing location is the innermost frame in the job's own
files; when TensorFlow says where the failing op was *built* (graph-mode and
``tf.function`` errors), the innermost job frame of that definition stack is used,
since the line that ran the graph is rarely the line with the bug.

A log cut before its final exception line is classified from what TensorFlow logged
about the failing op, or from the exception it was handling; a log with no traceback
from the platform's own messages (killed, segmentation fault, CUDA/NCCL failures).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from shapetracer.study import patterns as P
from shapetracer.study.logparse import Block, Frame, normalise, parse_blocks, status_evidence

# Paths that are never the job's own code.
_LIBRARY = re.compile(r"(?:/site-packages/|/dist-packages/|/lib/python\d[\d.]*/|^<|/<frozen |"
                      r"__autograph_generated_file|/usr/lib/|/tensorflow_core/|^/opt/conda/lib/)")
_TF_PATH = re.compile(r"/(?:tensorflow|tensorflow_core|keras|tf_keras|tensorflow_estimator)/|__autograph_generated_file")


def classify_log(text: str, job_files: set[str] | None = None) -> dict | None:
    """The failure a log shows, or None when the log shows no failure at all.

    ``job_files`` are the job's script paths relative to the job's root (``train.py``,
    ``models/net.py``); without them any frame outside installed libraries counts as
    the job's, and file names are made relative to the entry script's folder.
    """
    lines = normalise(text or "")
    blocks = parse_blocks(lines)
    final = _final_block(blocks)
    if final is None:
        return _without_traceback(lines)
    exception, message = _exception(final, blocks, lines)
    location = _location(final, job_files)
    tail = lines[final.end:]
    category = categorize(exception, message, final, lines)
    if category != "environment" and P.killed_in(tail):
        category = "environment"  # the job went on after a logged traceback and was killed
    return {
        "category": category,
        "exception": _short(exception),
        "message": _headline(message),
        "file": location[0] if location else None,
        "line": location[1] if location else None,
    }


def _final_block(blocks: list[Block]) -> Block | None:
    useful = [b for b in blocks if b.frames or b.exception]
    return useful[-1] if useful else None


def _exception(final: Block, blocks: list[Block], lines: list[str]) -> tuple[str | None, str]:
    """The final exception and message; for a cut log, the best evidence left."""
    if final.exception:
        return _unwrap(final.exception, final.message)
    index = blocks.index(final)
    if final.chained and index > 0 and blocks[index - 1].exception:
        previous = blocks[index - 1]
        return _unwrap(previous.exception, previous.message)
    evidence = status_evidence(lines, final.start + 1)
    if evidence:
        return evidence
    return None, ""


def _unwrap(exception: str, message: str) -> tuple[str, str]:
    """autograph's "in user code:" wraps the real error; use the one it wraps."""
    if "in user code:" in message:
        inner = P.NESTED_EXCEPTION.findall(message)
        if inner:
            kind, text = inner[-1]
            return kind, text + "\n" + message
    return exception, message


def _short(exception: str | None) -> str | None:
    return exception.rsplit(".", 1)[-1] if exception else None


def _headline(message: str) -> str:
    """The first informative line of a message (TF puts boilerplate first)."""
    for line in message.split("\n"):
        text = P.FUNCTION_NODE.sub("", line.strip()).strip()
        if text and not P.BOILERPLATE.match(text):
            return text[:500]
    return ""


# --- location -------------------------------------------------------------------------

def _location(final: Block, job_files: set[str] | None) -> tuple[str, int] | None:
    frames = final.definition_frames if _has_job_frame(final.definition_frames, job_files) else final.frames
    own = [(frame, name) for frame in frames if (name := job_file(frame.path, job_files)) is not None]
    if not own:
        return None
    frame, name = own[-1]
    if job_files is None:
        name = _relative(frame.path, [f for f, _ in own] + [f for f in final.frames if _is_user(f.path)])
    return name, frame.line


def _has_job_frame(frames: Iterable[Frame], job_files: set[str] | None) -> bool:
    return any(job_file(f.path, job_files) is not None for f in frames)


def job_file(path: str, job_files: set[str] | None) -> str | None:
    """The job file a traceback path names, or None when it is not the job's."""
    path = path.replace("\\", "/")
    if job_files is None:
        return path if _is_user(path) else None
    best = None
    for name in job_files:
        if path == name or path.endswith("/" + name) or path.endswith("/./" + name):
            if best is None or len(name) > len(best):
                best = name
    return best


def _is_user(path: str) -> bool:
    return not _LIBRARY.search(path)


def _relative(path: str, frames: list[Frame]) -> str:
    """Without the job's file list: relative to the folder of the outermost user frame."""
    outer = frames[0].path if frames else path
    root = outer.rsplit("/", 1)[0] + "/" if "/" in outer else ""
    return path[len(root):] if root and path.startswith(root) else path.rsplit("/", 1)[-1]


# --- category -------------------------------------------------------------------------

def categorize(exception: str | None, message: str, final: Block | None = None,
               lines: list[str] | None = None) -> str:
    """The taxonomy category of one exception (see the issue's table)."""
    kind = _python_base(_short(exception) or "")
    text = message or ""
    if not kind:
        return P.platform_category(lines or []) or "unknown"
    if P.OUT_OF_MEMORY.search(text):
        return "out-of-memory"
    if kind in P.ENVIRONMENT_TYPES or P.ENVIRONMENT.search(text):
        return "environment"  # before the OOM type: a full disk is a ResourceExhaustedError too
    if kind in P.OOM_TYPES:
        return "out-of-memory"
    if kind in ("SyntaxError", "IndentationError", "TabError"):
        return "syntax-error"
    if kind in ("NameError", "UnboundLocalError"):
        return "undefined-name"
    if kind in ("ModuleNotFoundError", "ImportError"):
        return "import-error"
    if _file_not_found(kind, text):
        return "file-not-found"
    if kind in ("AttributeError",):
        return "attribute-error"
    if kind == "KeyError":
        return "key-error"
    if kind == "IndexError":
        return "index-error"
    if kind in ("TypeError", "ValueError") and P.CALL.search(text):
        return "call-error"
    if P.DTYPE.search(text):
        return "dtype-mismatch"
    if P.SHAPE.search(text):
        return "shape-mismatch"
    tf_origin = _tf_origin(exception, text, final)
    if kind == "TypeError":
        return "api-misuse" if tf_origin else "type-error"
    if kind == "ValueError":
        return "api-misuse" if tf_origin else "value-error"
    if kind in P.TF_ERRORS:
        return "api-misuse"
    if kind == "RuntimeError" and tf_origin:
        return "api-misuse"
    return "unknown"


def _python_base(kind: str) -> str:
    """Library subclasses of builtin exceptions read as their base (numpy's UFuncTypeError)."""
    if (kind.endswith("TypeError") and kind != "TypeError") or kind.startswith("_UFunc"):
        return "TypeError"
    if kind in ("UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError", "JSONDecodeError"):
        return "ValueError"
    return kind


def _file_not_found(kind: str, text: str) -> bool:
    if kind == "FileNotFoundError":
        return True
    if kind == "NotFoundError":
        return not P.NOT_A_FILE.search(text)
    if kind in ("OSError", "IOError", "ValueError", "UnknownError", "InvalidArgumentError", "DataLossError"):
        return bool(P.MISSING_FILE.search(text))
    return False


def _tf_origin(exception: str | None, message: str, final: Block | None) -> bool:
    """Raised by TensorFlow or Keras rather than by the job's own code."""
    if exception and exception.startswith(("tensorflow.", "keras.", "tf_keras.")):
        return True
    if "in user code:" in message:
        return True
    if final is None or not final.frames:
        return False
    return bool(_TF_PATH.search(final.frames[-1].path))


def _without_traceback(lines: list[str]) -> dict | None:
    category = P.platform_category(lines)
    if category is None:
        return None
    return {"category": category, "exception": None, "message": P.platform_message(lines), "file": None,
            "line": None}
