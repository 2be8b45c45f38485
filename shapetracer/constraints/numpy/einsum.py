"""numpy's index contractions: np.einsum, np.tensordot, np.dot (and ndarray.dot), np.matmul.

Reference: numpy's einsum/tensordot/dot/matmul; the rules, and how they differ from
TensorFlow's, are core/contraction's.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.contraction import einsum_shape, numpy_dot, numpy_matmul, tensordot_shape
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op


@op("np.einsum")
def np_einsum(ctx: OpContext, subscripts, *operands, out=None, dtype=None, order="K", casting="safe",
              optimize=False):
    return einsum_shape(ctx, subscripts, operands, numpy=True)


@op("np.tensordot")
def np_tensordot(ctx: OpContext, a, b, axes=2):
    return tensordot_shape(ctx, a, b, axes, numpy=True)


@op("np.dot")
def np_dot(ctx: OpContext, a, b, out=None):
    return numpy_dot(ctx, a, b)


@op("ndarray.dot")
def ndarray_dot(ctx: OpContext, self, b, out=None):
    return numpy_dot(ctx, self, b)


@op("np.matmul")
def np_matmul(ctx: OpContext, x1, x2, out=None, casting="same_kind", order="K", dtype=None, subok=True,
              signature=None, axes=None, axis=None):
    return numpy_matmul(ctx, x1, x2)


EXAMPLES = [
    # np.einsum
    ok("np.einsum", "ij,jk->ik", A(2, 3), A(3, 4), expect=[2, 4]),
    ok("np.einsum", "bij,bjk->bik", A(8, 2, 3), A(1, 3, 4), expect=[8, 2, 4]),
    ok("np.einsum", "...ij,...jk", A(7, 2, 3), A(7, 3, 4), expect=[7, 2, 4]),
    ok("np.einsum", "ij,ij->ij", A(1, 4), A(3, 1), expect=[3, 4]),
    bad("np.einsum", "ij,jk->ik", A(2, 3), A(4, 5), code=codes.EINSUM_MISMATCH,
        message="operands could not be broadcast together with remapped shapes"),
    bad("np.einsum", "ii", A(1, 4), code=codes.EINSUM_MISMATCH,
        message="dimensions in operand 0 for collapsing index 'i' don't match"),
    bad("np.einsum", "...ij->ij", A(5, 3, 4), code=codes.EINSUM_MISMATCH,
        message="output has more dimensions than subscripts given in einstein sum, but"),
    bad("np.einsum", "ijk,jk->ik", A(2, 3), A(3, 5), code=codes.EINSUM_MISMATCH,
        message="einstein sum subscripts string contains too many subscripts for operand"),
    ok("np.tensordot", A(4, 10, 8), A(8, 5), 1, expect=[4, 10, 5]),
    ok("np.tensordot", A(3, 4, 5), A(4, 5, 2), expect=[3, 2]),
    bad("np.tensordot", A(4, 10, 8), A(8, 10, 5), 2, code=codes.EINSUM_MISMATCH, message="shape-mismatch for sum"),
    ok("np.tensordot", A(4, 10, 8), A(5, 8), axes=([2], [1]), expect=[4, 10, 5]),
    bad("np.tensordot", A(4, 10, 8), A(7, 5), axes=1, code=codes.EINSUM_MISMATCH, message="shape-mismatch for sum"),
    # np.dot, ndarray.dot, np.matmul
    ok("np.dot", A(2, 3), A(3, 5), expect=[2, 5]),
    ok("np.dot", A(3), A(3), expect=[]),
    ok("np.dot", A(7, 2, 3), A(6, 3, 5), expect=[7, 2, 6, 5]),
    ok("np.dot", A(7, 2, 3), 2.0, expect=[7, 2, 3]),
    ok("np.dot", A(3), A(3, 5), expect=[5]),
    bad("np.dot", A(2, 3), A(4, 5), code=codes.MATMUL_DIM,
        message="shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)"),
    bad("np.dot", A(2, 3), A(4), code=codes.MATMUL_DIM,
        message="shapes (2,3) and (4,) not aligned: 3 (dim 1) != 4 (dim 0)"),
    bad("np.dot", A(7, 2, 3), A(6, 4, 5), code=codes.MATMUL_DIM,
        message="shapes (7,2,3) and (6,4,5) not aligned: 3 (dim 2) != 4 (dim 1)"),
    ok("ndarray.dot", A(None, 3), A(3, 4), expect=[None, 4]),
    bad("ndarray.dot", A(2, 3), A(4, 5), code=codes.MATMUL_DIM,
        message="shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)"),
    ok("ndarray.dot", A(4), A(4), expect=[]),
    bad("ndarray.dot", A(3), A(4, 5), code=codes.MATMUL_DIM,
        message="shapes (3,) and (4,5) not aligned: 3 (dim 0) != 4 (dim 0)"),
    ok("np.matmul", A(2, 3), A(3, 5), expect=[2, 5]),
    ok("np.matmul", A(3), A(3, 5), expect=[5]),
    ok("np.matmul", A(2, 3), A(3), expect=[2]),
    ok("np.matmul", A(7, 2, 3), A(1, 3, 5), expect=[7, 2, 5]),
    bad("np.matmul", A(2, 3), A(4, 5), code=codes.MATMUL_DIM,
        message="Input operand 1 has a mismatch in its core dimension 0, with gufunc"),
    bad("np.matmul", A(3), A(4), code=codes.MATMUL_DIM,
        message="Input operand 1 has a mismatch in its core dimension 0, with gufunc"),
    bad("np.matmul", A(7, 2, 3), A(6, 3, 5), code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (7,2,3) (6,3,5)"),
    bad("np.matmul", A(2, 3), 2.0, code=codes.RANK_MISMATCH, message="Input operand 1 does not have enough dimensions"),
]
