"""Tracebacks out of a raw job log.

A job log is stdout and stderr merged as a platform captured them: TensorFlow's
start-up lines, warnings, progress bars redrawn with ``\\r``, prints that a buffered
stdout flushed after the traceback, chained exceptions, logs cut at either end, and
tracebacks from Python 2.  This module only finds structure (blocks of frames, the
exception that ends each block, the op-definition stacks TensorFlow appends to its
messages); classify.py decides what the failure was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HEADER = "Traceback (most recent call last):"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+)(?:,? in (?P<func>.+?))?\s*\*?\s*$')
_EXCEPTION = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w*\.)*(?:[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Exhausted)"
    r"|KeyboardInterrupt|StopIteration|StopAsyncIteration|GeneratorExit|Exception|BaseException))"
    r"(?P<see_above> \(see above for traceback\))?(?::(?: (?P<message>.*))?)?$")
_CHAIN = ("During handling of the above exception, another exception occurred:",
          "The above exception was the direct cause of the following exception:")
# Lines after which a message lists where TensorFlow built the failing op (or where
# autograph traced the user's function): those frames name the line to blame.
DEFINITION_MARKERS = ("defined at (most recent call last):", "Original stack trace for", "Caused by op",
                      "in user code:")
# Log records of TensorFlow's C++ runtime and absl, in the TF2 and the TF1 format.
_LOG_RECORD = re.compile(r"^(?:[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ \S+:\d+\]"
                         r"|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?: [IWEF] "
                         r"|WARNING: All log messages before absl::InitializeLog)")


@dataclass
class Frame:
    path: str
    line: int
    func: str | None = None


@dataclass
class Block:
    """One traceback: its frames, the exception line that ends it, and the message."""

    start: int
    end: int = 0
    frames: list[Frame] = field(default_factory=list)
    exception: str | None = None  # the type as printed (maybe dotted)
    message_lines: list[str] = field(default_factory=list)
    definition_frames: list[Frame] = field(default_factory=list)
    chained: bool = False  # preceded by "During handling ..." / "The above exception ..."
    innermost_first: bool = False  # faulthandler's "(most recent call first)" dumps

    @property
    def message(self) -> str:
        return "\n".join(self.message_lines)


def normalise(text: str) -> list[str]:
    """Lines as a terminal would show them: colour codes gone, ``\\r`` redraws collapsed,
    and a traceback header that was glued to a progress bar moved to its own line."""
    text = _ANSI.sub("", text.replace("\r\n", "\n"))
    text = re.sub(r"(?<!\n)(?<!: )(?=Traceback \(most recent call last\):)", "\n", text)
    lines = []
    for raw in text.split("\n"):
        if "\r" in raw:
            parts = [p for p in raw.split("\r") if p.strip()]
            raw = parts[-1] if parts else ""
        lines.append(raw.rstrip())
    return lines


def is_log_record(line: str) -> bool:
    return bool(_LOG_RECORD.match(line))


def frame_of(line: str) -> Frame | None:
    match = _FRAME.match(line)
    if not match:
        return None
    return Frame(match["path"].replace("\\", "/"), int(match["line"]), match["func"])


def exception_of(line: str) -> re.Match | None:
    return _EXCEPTION.match(line)


def parse_blocks(lines: list[str]) -> list[Block]:
    """Every traceback block in the log, in order (headerless ones included)."""
    blocks: list[Block] = []
    chained = innermost_first = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.strip() in _CHAIN:
            chained = True
            index += 1
            continue
        if line.rstrip().endswith("(most recent call first):"):
            innermost_first = True
            index += 1
            continue
        if line.strip() == HEADER or frame_of(line) or (exception_of(line) and _bare_exception(lines, index)):
            block = Block(index, chained=chained, innermost_first=innermost_first)
            index = _read_block(lines, index + (line.strip() == HEADER), block)
            if block.innermost_first:
                block.frames.reverse()
            blocks.append(block)
            chained = innermost_first = False
            continue
        index += 1
    return blocks


def _bare_exception(lines: list[str], index: int) -> bool:
    """An exception line with no frames above it: the log lost everything before it,
    or an exception was raised where Python prints no frames."""
    return index == 0 or not lines[index - 1].strip()


def _read_block(lines: list[str], index: int, block: Block) -> int:
    """Frames (with their source and caret lines), then the exception and its message."""
    while index < len(lines):
        line = lines[index]
        frame = frame_of(line)
        if frame:
            block.frames.append(frame)
        elif line.startswith((" ", "\t")) or is_log_record(line):
            pass  # source line, caret line, "[Previous line repeated]", interleaved C++ log
        elif not line.strip():
            if not (block.frames and _next_is_part(lines, index)):
                break
        else:
            break
        index += 1
    if index < len(lines) and (match := exception_of(lines[index])):
        block.exception = match["type"]
        block.message_lines = [match["message"] or ""]
        index = _read_message(lines, index + 1, block)
    block.end = index
    return index


def _next_is_part(lines: list[str], index: int) -> bool:
    """After a blank line inside a block: does the block go on (a frame or its exception)?"""
    for line in lines[index + 1: index + 3]:
        if line.strip():
            return bool(frame_of(line) or exception_of(line))
    return False


def _read_message(lines: list[str], index: int, block: Block) -> int:
    """The message runs on until a new traceback, a chain separator, or a new exception."""
    in_definition = any(marker in block.message_lines[0] for marker in DEFINITION_MARKERS)
    # TF 1.x re-raises a failed native import with the inner traceback as its message.
    nested = block.message_lines[0].strip() == HEADER
    while index < len(lines):
        line = lines[index]
        if line.strip() == HEADER or line.strip() in _CHAIN:
            break
        match = exception_of(line)
        if match and not match["see_above"] and not nested:
            break
        if match and match["see_above"]:
            block.exception = match["type"]  # TF1's restatement of the final error
        if any(marker in line for marker in DEFINITION_MARKERS):
            in_definition = True
            block.definition_frames = []  # the last stack listed is the one to use
        elif in_definition and (frame := frame_of(line)):
            block.definition_frames.append(frame)
        block.message_lines.append(line)
        index += 1
    return index


_STATUS = re.compile(r"(?:Local rendezvous is aborting with status|OP_REQUIRES failed at [^:]+:\d+ ?)"
                     r":? ?(?P<code>[A-Z][A-Z_]+|[A-Z][a-z]+(?: [a-z]+)*): (?P<message>.+)$")
STATUS_EXCEPTIONS = {
    "INVALID_ARGUMENT": "InvalidArgumentError", "Invalid argument": "InvalidArgumentError",
    "RESOURCE_EXHAUSTED": "ResourceExhaustedError", "Resource exhausted": "ResourceExhaustedError",
    "NOT_FOUND": "NotFoundError", "Not found": "NotFoundError",
    "FAILED_PRECONDITION": "FailedPreconditionError", "Failed precondition": "FailedPreconditionError",
    "OUT_OF_RANGE": "OutOfRangeError", "Out of range": "OutOfRangeError",
    "UNAVAILABLE": "UnavailableError", "Unavailable": "UnavailableError",
    "INTERNAL": "InternalError", "Internal": "InternalError",
    "UNIMPLEMENTED": "UnimplementedError", "Unimplemented": "UnimplementedError",
    "UNKNOWN": "UnknownError", "Unknown": "UnknownError",
}


def status_evidence(lines: list[str], before: int) -> tuple[str, str] | None:
    """The last TF runtime status logged before line ``before``: (exception, message).

    TensorFlow logs the failing op's status before Python raises it, so a log cut
    before its final exception line still says what went wrong."""
    for line in reversed(lines[:before]):
        match = _STATUS.search(line)
        if match and match["code"] in STATUS_EXCEPTIONS:
            return STATUS_EXCEPTIONS[match["code"]], match["message"].strip()
    return None
