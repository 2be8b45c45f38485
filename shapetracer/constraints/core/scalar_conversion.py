"""Arrays turned into Python numbers: ``float(loss)``, ``int(arr)``, ``"%.4f" % loss``.

A loss left unreduced (pattern 22) often fails not in TensorFlow but in the
print of the training loop: numpy refuses to convert an array with elements
to a Python scalar.  Wording (numpy 2.x): "only 0-dimensional arrays can be
converted to Python scalars" (a TypeError).  Eager tensors convert through
numpy and fail the same way.

numpy 2 refuses every array of rank >= 1; numpy 1.x accepted arrays of one
element, so only arrays whose element count cannot be 1 are reported (the
condition is "elements == 1", judged like any requirement: with a symbolic
batch it is a possible failure, not an error).  Graph-mode tensors are not
values (``float(t)`` there is another TypeError) and are left alone.
"""

from __future__ import annotations

import re
from typing import Any

from shapetracer.rules.message import join
from shapetracer.rules import codes
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.constraints.core.spec import UNKNOWN, Const, OpContext, Seq, Tensor
from shapetracer.constraints.core import messages

MESSAGE = messages.np_only_scalar_arrays()

# printf-style conversions that need a number (%s and %r print any array)
_CONVERSION = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([a-zA-Z%])")
_NUMERIC = set("diouxXeEfFgGc")


def require_scalar_value(ctx: OpContext, value: Any) -> bool:
    """``value`` is converted to a Python number; False when that surely fails."""
    if not isinstance(value, Tensor) or value.shape.dims is None or value.shape.rank == 0:
        return True
    if not value.is_numpy and ctx.graph.mode:
        return True
    total = value.shape.num_elements()
    return ctx.require(total.eq(1), codes.SCALAR_REQUIRED, join(MESSAGE, " (the value has shape {shape:tuple})",
                                                                shape=value.shape), [value])


def format_operands(ctx: OpContext, template: str, args: Any) -> None:
    """``template % args``: every numeric conversion needs a scalar."""
    conversions = [m.group(1) for m in _CONVERSION.finditer(template) if m.group(1) != "%"]
    if not conversions:
        return
    if isinstance(args, Seq) and args.kind == "tuple":
        values = list(args.items)
    else:
        values = [args]
    if len(values) != len(conversions):
        return  # "%*d" widths, mapping keys or a mismatch Python reports itself
    for conversion, value in zip(conversions, values):
        if conversion in _NUMERIC and not require_scalar_value(ctx, value):
            return


def python_format(ctx: OpContext, template: Const, args: Any) -> Any:
    """``str % args``: checked, the text itself is not tracked."""
    format_operands(ctx, template.value, args)
    return UNKNOWN


# float()/int() themselves are modelled in constraints/python/builtins.py, with their examples there.
EXAMPLES = [
    bad("operator.mod", Const("step %d: loss %.4f"), Seq([Const(1), A(8)], "tuple"), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars"),
    bad("operator.mod", Const("%f"), T(4, 2), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars"),  # an eager tensor converts through numpy
    ok("operator.mod", Const("loss %s"), A(8), expect=UNKNOWN),
    ok("operator.mod", Const("loss %.4f"), A(), expect=UNKNOWN),
    ok("operator.mod", Const("loss %.4f"), A(1), expect=UNKNOWN),  # numpy 1.x converts one element
]
