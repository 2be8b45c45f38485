"""``a[key] = value`` on an ndarray: the value must broadcast into the part ``key`` selects.

numpy first drops leading axes of length 1 from the value while it has more axes than the
part, then broadcasts it to the part's shape: ``data[0] = image`` with ``data`` of shape
(1, 224, 224, 3) and a grey (224, 224) image raises "could not broadcast input array from
shape (224,224) into shape (224,224,3)".  A value with more axes than the part, after that,
is left alone here, and so is a Python list (the length of a list appended to on paths
that fork is not tracked exactly).  The frontend evaluates the part (``operator.getitem``) and passes it.
Verified under numpy 1.18 and 2.4.
"""

from __future__ import annotations

from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import bool_or
from shapetracer.domain.values import NONE, Const, Seq, Tensor
from shapetracer.rules import codes
from shapetracer.rules.message import Message


@op("ndarray.__setitem__")
def setitem(ctx: OpContext, part, value):
    """``part``: what ``a[key]`` reads (its shape is the target's)."""
    target, given = ctx.tensor(part), ctx.tensor(value)
    if not isinstance(part, Tensor) or not isinstance(value, Tensor) or target is None or given is None \
            or target.shape.dims is None or given.shape.dims is None:
        return NONE
    dims = list(given.shape.dims)
    while len(dims) > target.shape.rank and dims[0].known and dims[0].value == 1:
        dims.pop(0)
    if len(dims) > target.shape.rank:
        return NONE
    slots = list(target.shape.dims[target.shape.rank - len(dims):])
    message = Message("could not broadcast input array from shape {values_shape:np} into shape {shape:np}",
                      values_shape=given.shape, shape=target.shape)
    for have, want in zip(dims, slots):
        if have.same_as(want) or (have.known and have.value == 1):
            continue
        if not ctx.require(bool_or(have.eq(want), have.eq(1)), codes.BROADCAST, message, [given, target]):
            return NONE
    return NONE


EXAMPLES = [
    ok("ndarray.__setitem__", A(224, 224, 3), A(224, 224, 3), expect=NONE),
    ok("ndarray.__setitem__", A(224, 224, 3), A(1, 1, 224, 1, 3), expect=NONE),  # leading 1s go
    ok("ndarray.__setitem__", A(224, 224, 3), A(3), expect=NONE),
    ok("ndarray.__setitem__", A(224, 224, 3), Const(0.5), expect=NONE),
    ok("ndarray.__setitem__", A(None, 3), A(5, 3), expect=NONE),
    ok("ndarray.__setitem__", A(5), Seq([Const(0)] * 31), expect=NONE),  # a list: its length may be wrong
    bad("ndarray.__setitem__", A(224, 224, 3), A(224, 224), code=codes.BROADCAST,
        message="could not broadcast input array from shape (224,224) into shape (224,224,3)"),
    bad("ndarray.__setitem__", A(4, 3), A(2, 3), code=codes.BROADCAST),
]
