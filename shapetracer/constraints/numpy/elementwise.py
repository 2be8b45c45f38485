"""numpy's elementwise functions: unary ufuncs (np.exp, np.sqrt, np.isnan, np.round, ...)
keep the array's shape; binary ones (np.add, np.maximum, np.equal, ...) broadcast, with the
spec body TensorFlow's ops and Python's operators share (core/broadcasting).

Reference: numpy (2.x); a list argument is discovered as ``np.asarray`` would.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.constraints.core.arrays import as_array, same_array, unknown_array
from shapetracer.constraints.core.broadcasting import NUMPY_ARITHMETIC, NUMPY_COMPARISON, arithmetic, comparison
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import SPECS, OpContext, Tensor, op

op(*NUMPY_ARITHMETIC)(arithmetic)
op(*NUMPY_COMPARISON)(comparison)

_NUMPY = ("exp exp2 log log2 log10 log1p expm1 sqrt cbrt abs absolute fabs tanh sinh cosh sin cos tan arcsin "
          "arccos arctan arcsinh arccosh arctanh square negative positive sign floor ceil rint trunc fix "
          "reciprocal degrees radians conj real imag").split()
_NUMPY_PREDICATES = "isnan isinf isfinite logical_not".split()


def _numpy_unchanged(ctx: OpContext, x: Any, dtype: str | None = None) -> Tensor:
    array = as_array(ctx, x)
    if array is None:
        return unknown_array(ctx, dtype)
    return same_array(array, dtype)


@op(*[f"np.{b}" for b in _NUMPY])
def np_unary(ctx: OpContext, x, out=None, **kwargs):
    return _numpy_unchanged(ctx, x)


@op(*[f"np.{b}" for b in _NUMPY_PREDICATES])
def np_predicate(ctx: OpContext, x, out=None, **kwargs):
    return _numpy_unchanged(ctx, x, "bool")


@op("np.round", "np.around")
def np_round(ctx: OpContext, a, decimals=0, out=None):
    return _numpy_unchanged(ctx, a)


EXAMPLES = [
    ok("np.exp", A(3, 4), expect=[3, 4]),
    ok("np.sqrt", [[1.0, 2.0]], expect=[1, 2]),
    ok("np.isnan", A(None), expect=[None]),
    ok("np.tanh", A(None, 3), expect=[None, 3]),
    ok("np.isfinite", A(2), expect=[2]),
    ok("np.round", A(2, 3), 2, expect=[2, 3]),
    ok("np.around", [1.5, 2.5], expect=[2]),
    # every elementwise function keeps its argument's shape
    *[ok(name, A(5, None), expect=[5, None]) for name in SPECS["np.exp"].names + SPECS["np.isnan"].names],
    # binary functions broadcast (core/broadcasting)
    ok("np.add", A(3, 4), A(4), expect=[3, 4]),
    bad("np.add", A(3), A(4), code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (3,) (4,)"),
    bad("np.maximum", A(2, 3), A(2), code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (2,3) (2,)"),
    *[ok(name, A(4, 1, 3), A(5, 1), expect=[4, 5, 3])
      for name in SPECS["np.add"].names + SPECS["np.equal"].names],
]
