"""Running user code the way TensorFlow traces it into a graph.

``Dataset.map``'s function and Keras 2.15's ``train_function`` (a user loss) are converted
by autograph and traced when the dataset is made or ``fit`` starts: the ops build a graph
(no eager values: ``decode_image`` has no static rank there), and an op that fails raises
from the call that traced it, so the program's innermost frame is that call's line, not
the op's (the converted code lives in generated files).  ``run_traced`` runs such code and
reports what definitely fails in it at the tracing call, the op's own line beside it.
"""

from __future__ import annotations

from typing import Callable

from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.values import Value


def run_traced(ctx: OpContext, run: Callable[[], Value]) -> Value | None:
    """``run()`` traced at ``ctx``'s call; None when it failed there (after the report)."""
    host = ctx.host
    caught: list[tuple] = []
    original = host.report

    def report(code, message, site, related=None, confidence="definite"):
        if code.startswith("ST1") and confidence == "definite":
            caught.append((code, message, site, list(related or [])))
        else:
            original(code, message, site, related, confidence)

    host.report = report
    ctx.graph.traced += 1
    result: Value | None = None
    try:
        result = run()  # a failure in the traced code ends the path by an exception: report in ``finally``
    finally:
        ctx.graph.traced -= 1
        del host.report  # the instance attribute goes: the class's method again
        for code, message, site, related in caught:
            ctx.fail(code, f"{message} (raised in the traced function, at line {site.line}, by {ctx.display})",
                     [site, *related])
    return None if ctx.failed else result


__all__ = ["run_traced"]
