"""Running user code the way TensorFlow traces it into a graph, and catching what a call
reports so that it can be said where (and how) TensorFlow says it.

``Dataset.map``'s function and Keras 2.15's ``train_function`` (a user loss) are converted
by autograph and traced when the dataset is made or ``fit`` starts: the ops build a graph
(no eager values: ``decode_image`` has no static rank there), and an op that fails raises
from the call that traced it, so the program's innermost frame is that call's line, not
the op's (the converted code lives in generated files).  ``run_traced`` runs such code and
reports what definitely fails in it at the tracing call, the op's own line beside it.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.dims import Origin
from shapetracer.domain.values import Value
from shapetracer.rules.message import Message

Caught = list[tuple[str, Message, Origin, list[Origin]]]  # (code, message, site, related)


class FailureCatch:
    """Definite shape and dtype errors (ST1xx) held back instead of reported, while code runs
    for a call that says them itself: at its own line (``run_traced``) or in its API's own
    words (keras.ops over numpy's specs).  Each host keeps one and consults it in ``report``;
    catches nest, the innermost whose ``keep`` accepts the site takes the finding."""

    def __init__(self) -> None:
        self._open: list[tuple[Callable[[Origin], bool], Caught]] = []

    @contextmanager
    def catching(self, keep: Callable[[Origin], bool]) -> Iterator[Caught]:
        caught: Caught = []
        self._open.append((keep, caught))
        try:
            yield caught
        finally:
            self._open.pop()

    def take(self, code: str, message: Message, site: Origin, related: list[Origin] | None,
             confidence: str) -> bool:
        """Whether an open catch took this finding (then it is not reported)."""
        if not (self._open and code.startswith("ST1") and confidence == "definite"):
            return False
        for keep, caught in reversed(self._open):
            if keep(site):
                caught.append((code, message, site, list(related or [])))
                return True
        return False


def run_traced(ctx: OpContext, run: Callable[[], Value]) -> Value | None:
    """``run()`` traced at ``ctx``'s call; None when it failed there (after the report)."""
    result: Value | None = None
    ctx.graph.traced += 1
    try:
        with ctx.host.catching(lambda site: True) as caught:
            try:
                result = run()  # a failure in the traced code ends the path by an exception
            finally:
                ctx.graph.traced -= 1
    finally:  # reported whether the path ended or not
        for code, message, site, related in caught:  # TensorFlow's words; the op's own line beside
            ctx.fail(code, message, [site.relabelled("raised here, in the traced function", ""), *related])
    return None if ctx.failed else result


__all__ = ["Caught", "FailureCatch", "run_traced"]
