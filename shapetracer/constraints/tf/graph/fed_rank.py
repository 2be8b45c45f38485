"""The rank of a placeholder declared without a shape, known only from what a run feeds it.

``tf.placeholder(tf.float32)`` has no static rank, so an op that needs rank 4 (conv2d)
builds, and fails when a run feeds a 3-D image ("input must be 4-dimensional[100,100,3]").
The op states its need on the symbol ``<name>.ndim`` as a run-time requirement
(``spec.Deferred``); ``Session.run`` substitutes the fed array's rank for it, as it
substitutes the fed sizes for the placeholder's ``None`` dims.
"""

from __future__ import annotations

import z3

from shapetracer.constraints.core.spec import Deferred, OpContext
from shapetracer.domain.values import Tensor
from shapetracer.rules.message import Message


def rank_symbol(name: str) -> z3.ArithRef:
    return z3.Int(f"{name}.ndim")


def unranked_placeholder(x: Tensor | None) -> bool:
    """A placeholder whose shape (and rank) only a feed decides."""
    return x is not None and x.kind == "placeholder" and x.shape.no_static_rank and bool(x.name)


def require_fed_rank(ctx: OpContext, x: Tensor, rank: int, code: str, message: Message) -> None:
    """State that the value fed to placeholder ``x`` must have ``rank`` dims, judged at each
    run that feeds it.  Nothing is said before: any rank may be fed, so no possible failure
    is worth a warning where the graph is built."""
    origins = frozenset({x.origin}) if x.origin is not None else frozenset()
    ctx.deferred.append(Deferred(rank_symbol(x.name) == rank, code, message, ctx.site, origins))


def rank_pairs(key: Tensor, fed: Tensor) -> list[tuple[z3.ArithRef, z3.ArithRef]]:
    """The substitution a feed gives for the rank symbol of an unranked placeholder."""
    if not unranked_placeholder(key) or fed.shape.dims is None:
        return []
    return [(rank_symbol(key.name), z3.IntVal(len(fed.shape.dims)))]
