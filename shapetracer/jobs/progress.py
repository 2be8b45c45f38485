"""Progress of a scan on stderr: done/total, rate, ETA and the statuses so far.

On a terminal one line is redrawn in place (at most ten times a second); anywhere
else (CI logs, batch systems, a file) a plain line is printed every ``interval``
seconds, so a long run never looks hung and a log is not flooded.  Records go to
the output file, never to this stream.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import TextIO


def format_duration(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{seconds:02d}s"
    return f"{seconds}s"


class Progress:
    def __init__(self, total: int, stream: TextIO | None = None, *, skipped: int = 0, enabled: bool = True,
                 interval: float = 10.0, tty: bool | None = None):
        self.total = total
        self.stream = stream or sys.stderr
        self.skipped = skipped
        self.enabled = enabled
        self.interval = interval
        self.tty = tty if tty is not None else _isatty(self.stream)
        self.statuses: Counter[str] = Counter()
        self.done = 0
        self.started = time.monotonic()
        self.last_drawn = float("-inf")  # the first record always draws
        if enabled and skipped:
            self._emit(f"resuming: {skipped} job(s) already recorded, {total} to scan", final=True)

    def update(self, status: str) -> None:
        self.done += 1
        self.statuses[status] += 1
        now = time.monotonic()
        if not self.enabled:
            return
        if (self.tty and now - self.last_drawn >= 0.1) or (not self.tty and now - self.last_drawn >= self.interval):
            self.last_drawn = now
            self._emit(self.line(now))

    def finish(self) -> None:
        if self.enabled:
            self._emit(self.line(time.monotonic()), final=True)

    def line(self, now: float) -> str:
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        share = 100.0 * self.done / self.total if self.total else 100.0
        remaining = self.total - self.done
        eta = format_duration(remaining / rate) if rate > 0 and remaining else ("0s" if not remaining else "?")
        counts = " ".join(f"{status} {count}" for status, count in self.statuses.most_common())
        return (f"scanned {self.done}/{self.total} jobs ({share:.0f}%), {rate:.1f} jobs/s, "
                f"elapsed {format_duration(elapsed)}, ETA {eta}" + (f" | {counts}" if counts else ""))

    def _emit(self, text: str, final: bool = False) -> None:
        try:
            if self.tty:
                self.stream.write("\r\x1b[K" + text + ("\n" if final else ""))
            else:
                self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False  # a closed stderr must not stop the scan


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
