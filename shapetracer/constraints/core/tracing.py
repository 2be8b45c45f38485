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
from shapetracer.domain.values import Value

Caught = list[tuple[str, str, object, list]]


@contextmanager
def definite_failures(host, keep: Callable[[object], bool] = lambda site: True) -> Iterator[Caught]:
    """Within the block, definite shape and dtype errors (ST1xx) whose site ``keep`` accepts
    are caught, as (code, message, site, related), instead of reported; the rest is reported
    as usual.  The host's own ``report`` is back afterwards."""
    caught: Caught = []
    original = host.report
    shadowed = vars(host).get("report") if hasattr(host, "__dict__") else None

    def report(code, message, site, related=None, confidence="definite"):
        if code.startswith("ST1") and confidence == "definite" and keep(site):
            caught.append((code, message, site, list(related or [])))
        else:
            original(code, message, site, related, confidence)

    host.report = report
    try:
        yield caught
    finally:
        if shadowed is None:
            del host.report  # the instance attribute goes: the class's method again
        else:
            host.report = shadowed


def run_traced(ctx: OpContext, run: Callable[[], Value]) -> Value | None:
    """``run()`` traced at ``ctx``'s call; None when it failed there (after the report)."""
    result: Value | None = None
    ctx.graph.traced += 1
    try:
        with definite_failures(ctx.host) as caught:
            try:
                result = run()  # a failure in the traced code ends the path by an exception
            finally:
                ctx.graph.traced -= 1
    finally:  # reported whether the path ended or not
        for code, message, site, related in caught:  # TensorFlow's words; the op's own line beside
            ctx.fail(code, message, [site.relabelled("raised here, in the traced function", ""), *related])
    return None if ctx.failed else result


__all__ = ["definite_failures", "run_traced"]
