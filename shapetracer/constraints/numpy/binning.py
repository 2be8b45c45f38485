"""numpy binning and counting: np.histogram, np.histogram_bin_edges, np.histogram2d,
np.digitize and np.bincount.

Reference: numpy 2.x (numpy/lib/_histograms_impl.py, _function_base_impl.py and the
C implementations of digitize and bincount), checked under numpy 2.4:

- ``np.histogram(a, bins=10)`` gives ``(hist[bins], edges[bins + 1])`` whatever
  ``a``'s shape (it is flattened); an array of edges gives ``len(edges) - 1``
  counts.  ``bins`` must be positive when an int ("`bins` must be positive, when
  an integer") and 1-D when an array ("`bins` must be 1d, when an array");
  ``weights`` must have ``a``'s shape ("weights should have the same shape as
  a.").  A string rule ("auto") gives a count known only from the data.
- ``np.digitize(x, bins)`` has ``x``'s shape; ``bins`` must be 1-D ("object too
  deep for desired array", "object of too small depth for desired array").
- ``np.bincount(x)`` needs a 1-D ``x`` and ``weights`` of its length ("The
  weights and list don't have the same length."); its length depends on the
  values (at least ``minlength``).
- ``np.histogram2d(x, y, bins)`` needs ``x`` and ``y`` of one length ("x and y
  must have the same length.") and gives ``(H[bx, by], xedges[bx + 1], yedges[by
  + 1])``.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.arrays import array_result, as_array
from shapetracer.constraints.core.spec import UNKNOWN, OpContext, Seq, Tensor, op


def _arrays(ctx: OpContext, *values: Any) -> list[Tensor | None]:
    return [as_array(ctx, v) if not ctx.is_none(v) else None for v in values]


def _bin_count(ctx: OpContext, bins: Any) -> Dim | None | bool:
    """The number of bins: a Dim, None when unknown, False after a reported failure."""
    if ctx.str(bins) is not None:
        return None  # "auto", "fd", …: decided by the data
    count = ctx.dim(bins) if not isinstance(bins, (Seq, Tensor)) else None
    if count is not None:
        if count.known and count.value < 1:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("`bins` must be positive, when an integer"))
            return False
        return count
    edges = as_array(ctx, bins)
    if edges is None or edges.shape.dims is None:
        return None
    if edges.shape.rank != 1:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("`bins` must be 1d, when an array"), [edges])
        return False
    return edges.shape.dims[0] - 1 if edges.shape.dims[0].known and edges.shape.dims[0].value >= 1 else None


def _same_shape(ctx: OpContext, a: Tensor | None, w: Tensor | None, message: str) -> bool:
    """numpy's ``weights.shape != a.shape`` check: ranks and every dim equal."""
    if a is None or w is None or a.shape.dims is None or w.shape.dims is None:
        return True
    if a.shape.rank != w.shape.rank:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(message), [a, w])
        return False
    for x, y in zip(a.shape.dims, w.shape.dims):
        if not ctx.require(x.eq(y), codes.SHAPE_REQUIREMENT, ctx.msg(message), [a, w, x, y]):
            return False
    return True


@op("np.histogram")
def histogram(ctx: OpContext, a, bins=10, range=None, density=None, weights=None):
    x, w = _arrays(ctx, a, weights)
    if not _same_shape(ctx, x, w, "weights should have the same shape as a."):
        return UNKNOWN
    count = _bin_count(ctx, bins)
    if count is False:
        return UNKNOWN
    count = count or ctx.fresh("bins")
    dtype = "float64" if w is not None or ctx.bool(density, False) else "int64"
    return Seq([array_result(ctx, [count], dtype, label="histogram counts of shape"),
                array_result(ctx, [count + 1], "float64", label="bin edges of shape")], "tuple")


@op("np.histogram_bin_edges")
def histogram_bin_edges(ctx: OpContext, a, bins=10, range=None, weights=None):
    x, w = _arrays(ctx, a, weights)
    if not _same_shape(ctx, x, w, "weights should have the same shape as a."):
        return UNKNOWN
    count = _bin_count(ctx, bins)
    if count is False:
        return UNKNOWN
    return array_result(ctx, [(count or ctx.fresh("bins")) + 1], "float64", label="bin edges of shape")


@op("np.histogram2d")
def histogram2d(ctx: OpContext, x, y, bins=10, range=None, density=None, weights=None):
    first, second = _arrays(ctx, x, y)
    if first is not None and second is not None and first.shape.rank == 1 and second.shape.rank == 1:
        n, m = first.shape.dims[0], second.shape.dims[0]
        if not ctx.require(n.eq(m), codes.SHAPE_REQUIREMENT, ctx.msg("x and y must have the same length."),
                           [first, second, n, m]):
            return UNKNOWN
    pair = ctx.items(bins) if isinstance(bins, Seq) and not isinstance(bins, Tensor) else None
    if pair is not None and len(pair) == 2:
        counts = [_bin_count(ctx, b) for b in pair]
    else:
        single = _bin_count(ctx, bins)
        counts = [single, single]
    if any(c is False for c in counts):
        return UNKNOWN
    bx, by = [c or ctx.fresh("bins") for c in counts]
    return Seq([array_result(ctx, [bx, by], "float64", label="2-D histogram of shape"),
                array_result(ctx, [bx + 1], "float64", label="x edges of shape"),
                array_result(ctx, [by + 1], "float64", label="y edges of shape")], "tuple")


@op("np.digitize")
def digitize(ctx: OpContext, x, bins, right=False):
    values, edges = _arrays(ctx, x, bins)
    if edges is not None and edges.shape.rank is not None and edges.shape.rank != 1:
        words = "object too deep for desired array" if edges.shape.rank > 1 else \
            "object of too small depth for desired array"
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(words, " (bins must be 1-D, got shape {shape:tuple})",
                                              shape=edges.shape), [edges])
        return UNKNOWN
    if values is None or values.shape.dims is None:
        return array_result(ctx, None, "int64")
    return array_result(ctx, values.shape, "int64", label="bin indices of shape")


@op("np.bincount")
def bincount(ctx: OpContext, x, weights=None, minlength=0):
    values, w = _arrays(ctx, x, weights)
    if values is not None and values.shape.rank is not None and values.shape.rank != 1:
        words = "object too deep for desired array" if values.shape.rank > 1 else \
            "object of too small depth for desired array"
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(words, " (x must be 1-D, got shape {shape:tuple})",
                                              shape=values.shape), [values])
        return UNKNOWN
    if values is not None and w is not None and values.shape.dims is not None and w.shape.dims is not None:
        if w.shape.rank != 1 or not ctx.require(values.shape.dims[0].eq(w.shape.dims[0]), codes.SHAPE_REQUIREMENT,
                                                ctx.msg("The weights and list don't have the same length."),
                                                [values, w]):
            if not ctx.failed:
                ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("The weights and list don't have the same length."),
                         [values, w])
            return UNKNOWN
    return array_result(ctx, [ctx.fresh("counts", 0)], "float64" if w is not None else "int64",
                        label="counts of shape")


EXAMPLES = [
    ok("np.histogram", A(5, 3), expect=([10], [11])),
    ok("np.histogram", A(5, 3), bins=20, expect=([20], [21])),
    ok("np.histogram", A(5, 3), bins=[0.0, 1.0, 2.0], expect=([2], [3])),
    ok("np.histogram", A(None), bins="auto", expect=([None], [None])),
    ok("np.histogram", A(5, 3), weights=A(5, 3), expect=([10], [11])),
    bad("np.histogram", A(5, 3), weights=A(15), code=codes.SHAPE_REQUIREMENT,
        message="weights should have the same shape as a."),
    bad("np.histogram", A(5, 3), weights=A(3, 5), code=codes.SHAPE_REQUIREMENT,
        message="weights should have the same shape as a."),
    bad("np.histogram", A(5, 3), bins=0, code=codes.SHAPE_REQUIREMENT,
        message="`bins` must be positive, when an integer"),
    bad("np.histogram", A(5, 3), bins=A(2, 2), code=codes.RANK_MISMATCH, message="`bins` must be 1d, when an array"),
    ok("np.histogram_bin_edges", A(5, 3), bins=4, expect=[5]),
    bad("np.histogram_bin_edges", A(5, 3), bins=-1, code=codes.SHAPE_REQUIREMENT, message="must be positive"),
    ok("np.histogram2d", A(5), A(5), bins=4, expect=([4, 4], [5], [5])),
    ok("np.histogram2d", A(5), A(5), bins=[3, 4], expect=([3, 4], [4], [5])),
    bad("np.histogram2d", A(5), A(6), code=codes.SHAPE_REQUIREMENT, message="x and y must have the same length."),
    ok("np.digitize", A(5, 3), [0.0, 1.0, 2.0], expect=[5, 3]),
    ok("np.digitize", A(None), A(4), expect=[None]),
    bad("np.digitize", A(5, 3), A(2, 2), code=codes.RANK_MISMATCH, message="object too deep for desired array"),
    bad("np.digitize", A(5, 3), 3, code=codes.RANK_MISMATCH, message="object of too small depth for desired array"),
    ok("np.bincount", A(5, dtype="int64"), expect=[None]),
    ok("np.bincount", A(5, dtype="int64"), weights=A(5), expect=[None]),
    bad("np.bincount", A(5, 2, dtype="int64"), code=codes.RANK_MISMATCH, message="object too deep"),
    bad("np.bincount", A(5, dtype="int64"), weights=A(4), code=codes.SHAPE_REQUIREMENT,
        message="The weights and list don't have the same length."),
]
