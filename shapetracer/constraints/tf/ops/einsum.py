"""Index contractions: tf.einsum, tf.tensordot.

References: TensorFlow's Einsum shape function with the equation parsing of
``tf.einsum`` (special_math_ops) and ``tf.tensordot`` (math_ops, which reduces to
reshape + MatMul).  The rules, shared with numpy's einsum/tensordot (numpy/einsum),
and how the two libraries differ, are core/contraction's.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.contraction import einsum_shape, tensordot_shape
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.core.spec import OpContext, op


@op("tf.einsum", "tf.linalg.einsum")
def einsum(ctx: OpContext, equation, *inputs, **kwargs):
    return einsum_shape(ctx, equation, inputs, numpy=False)


@op("tf.tensordot", "tf.linalg.tensordot")
def tensordot(ctx: OpContext, a, b, axes, name=None):
    return tensordot_shape(ctx, a, b, axes, numpy=False)


EXAMPLES = [
    # tf.einsum
    ok("tf.einsum", "ij,jk->ik", T(2, 3), T(3, 4), expect=[2, 4]),
    ok("tf.einsum", "ij,jk", T(None, 3), T(3, 4), expect=[None, 4]),
    ok("tf.einsum", "ij, jk -> ik", T(2, 3), T(3, 4), expect=[2, 4]),
    ok("tf.einsum", "...ij,...jk->...ik", T(7, 2, 3), T(1, 3, 4), expect=[7, 2, 4]),
    ok("tf.einsum", "i...j,j->i...", T(2, 5, 6, 3), T(3), expect=[2, 5, 6]),
    ok("tf.einsum", "...ij,jk", T(7, 2, 3), T(3, 4), expect=[7, 2, 4]),
    ok("tf.einsum", "ba,ac", T(2, 3), T(3, 4), expect=[2, 4]),
    ok("tf.einsum", "ab,bC", T(2, 3), T(3, 4), expect=[4, 2]),
    ok("tf.einsum", "ii->i", T(3, 3), expect=[3]),
    ok("tf.einsum", "ij,jk,kl->il", T(2, 3), T(3, 4), T(4, 5), expect=[2, 5]),
    bad("tf.einsum", "ij,jk->ik", T(2, 3), T(4, 5), code=codes.EINSUM_MISMATCH,
        message="Dimensions must be equal, but are 3 and 4"),
    bad("tf.einsum", "ij,jk->ik", T(None, 3), T(4, 5), code=codes.EINSUM_MISMATCH,
        message="Dimensions must be equal, but are 3 and 4"),
    bad("tf.einsum", "bij,bjk->bik", T(8, 2, 3), T(1, 3, 4), code=codes.EINSUM_MISMATCH,
        message="Dimensions must be equal, but are 8 and 1"),
    bad("tf.einsum", "ij,jk->ik", T(2, 3, 1), T(3, 5), code=codes.EINSUM_MISMATCH,
        message="Shape must be rank 2 but is rank 3 for 0th input and equation: ij,jk->ik"),
    bad("tf.einsum", "...ij,jk->...ik", T(3), T(3, 4), code=codes.EINSUM_MISMATCH,
        message="Shape must be at least rank 2 but is rank 1 for 0th input and equation"),
    bad("tf.einsum", "...ij,...jk->...ik", T(7, 2, 3), T(5, 3, 4), code=codes.EINSUM_MISMATCH,
        message="Dimensions must be equal, but are 7 and 5"),
    bad("tf.einsum", "...ij,...jk", T(7, 2, 3), T(7, 3, 4), code=codes.EINSUM_MISMATCH,
        message="Shape must be at most rank 0 but is rank 1 for einsum equation"),
    bad("tf.einsum", "ii", T(3, 4), code=codes.EINSUM_MISMATCH, message="Dimensions must be equal, but are 3 and 4"),
    bad("tf.einsum", "ij->ik", T(3, 4), code=codes.EINSUM_MISMATCH,
        message="Output subscripts contain the label k not present in the input"),
    bad("tf.einsum", "ij,jk->ik", T(3, 4), code=codes.EINSUM_MISMATCH,
        message='Got 1 inputs for equation "ij,jk->ik", expecting 2'),
    # tensordot
    ok("tf.tensordot", T(None, 10, 8), T(8, 5), 1, expect=[None, 10, 5]),
    ok("tf.tensordot", T(4, 10, 8), T(5, 8), [[2], [1]], expect=[4, 10, 5]),
    ok("tf.tensordot", T(4, 10, 8), T(5, 8), axes=[[-1], [-1]], expect=[4, 10, 5]),
    ok("tf.tensordot", T(4, 10, 8), T(8, 5), [2, 0], expect=[4, 10, 5]),
    ok("tf.tensordot", T(4, 10), T(8, 5), 0, expect=[4, 10, 8, 5]),
    ok("tf.tensordot", T(4, 10, 8), T(8, 10, 5), 2, expect=[4, 5]),
    bad("tf.tensordot", T(None, 10, 8), T(7, 5), 1, code=codes.EINSUM_MISMATCH,
        message="Dimensions must be equal, but are 8 and 7"),
    bad("tf.tensordot", T(4, 10, 8), T(5, 8), [[1], [1]], code=codes.EINSUM_MISMATCH,
        message="Dimensions must be equal, but are 10 and 8"),
    bad("tf.tensordot", T(4, 10), T(10, 5), 3, code=codes.EINSUM_MISMATCH,
        message="`axes` must not be larger than the number of dimensions of tensor a"),
    bad("tf.tensordot", T(4, 10), T(10, 5), -1, code=codes.EINSUM_MISMATCH, message="`axes` must be at least 0"),
    bad("tf.tensordot", T(4, 10, 8), T(8, 5), [[1, 2], [0]], code=codes.EINSUM_MISMATCH,
        message="Different number of contraction axes `a` and `b`, 2 != 1"),
    bad("tf.tensordot", T(4, 10, 8), T(8, 5), [[3], [0]], code=codes.AXIS_RANGE,
        message="axis 3 is out of range for a tensor of rank 3"),
]
