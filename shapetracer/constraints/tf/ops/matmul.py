"""Matrix products: tf.matmul (rank 2 and batched), the ``@`` operator.

Reference: TensorFlow's MatMul and BatchMatMulV2 shape functions.  MatMul
needs rank 2 exactly ("Shape must be rank 2 but is rank 3"); ``tf.matmul``
dispatches rank > 2 to BatchMatMulV2, whose batch dims broadcast.  Inner dims
must agree: "Dimensions must be equal, but are 1024 and 3136".

The ``@`` operator (``operator.matmul``) and Keras 2's ``keras.backend.dot`` are this op
with TensorFlow's rule, so they are registered here; the library index
(core/libraries) sends those two names to tf/.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.broadcasting import broadcast_dims
from shapetracer.domain.dims import Shape
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.core import messages


@op("tf.matmul", "tf.linalg.matmul", "operator.matmul", "keras.backend.dot")
def matmul(ctx: OpContext, a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None):
    x, y = ctx.tensor(a), ctx.tensor(b)
    if x is None or y is None or x.shape.dims is None or y.shape.dims is None:
        return ctx.unknown_tensor()
    dtype = x.dtype
    for which, t in (("a", x), ("b", y)):
        if t.shape.rank < 2:
            ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(2, t.shape.rank),
                                                  " for input {input} with shape {shape:tf}", input=which,
                                                  shape=t.shape), [t])
            return ctx.unknown_tensor(dtype)
    ta = ctx.bool(transpose_a, False) or ctx.bool(adjoint_a, False)
    tb = ctx.bool(transpose_b, False) or ctx.bool(adjoint_b, False)
    xd, yd = x.shape.dims, y.shape.dims
    rows, inner_a = (xd[-1], xd[-2]) if ta else (xd[-2], xd[-1])
    inner_b, cols = (yd[-1], yd[-2]) if tb else (yd[-2], yd[-1])
    if not ctx.require(inner_a.eq(inner_b), codes.MATMUL_DIM,
                       ctx.msg(messages.dims_must_be_equal(inner_a, inner_b),
                               " (input shapes: {shape_a:tf}, {shape_b:tf})", shape_a=x.shape, shape_b=y.shape),
                       [inner_a, inner_b]):
        return ctx.unknown_tensor(dtype)
    if len(xd) == 2 and len(yd) == 2:
        return ctx.result([rows, cols], dtype, label="multiplied to")
    batch = broadcast_dims(ctx, list(xd[:-2]), list(yd[:-2]), x, y)
    if batch is None:
        return ctx.unknown_tensor(dtype)
    return ctx.result(Shape(batch + [rows, cols]), dtype, label="multiplied to")


@op("tf.linalg.matvec")
def matvec(ctx: OpContext, a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    x, v = ctx.tensor(a), ctx.tensor(b)
    if x is None or v is None or x.shape.dims is None or v.shape.dims is None or x.shape.rank < 2 \
            or v.shape.rank < 1:
        return ctx.unknown_tensor()
    ta = ctx.bool(transpose_a, False) or ctx.bool(adjoint_a, False)
    rows, inner = (x.shape.dims[-1], x.shape.dims[-2]) if ta else (x.shape.dims[-2], x.shape.dims[-1])
    if not ctx.require(inner.eq(v.shape.dims[-1]), codes.MATMUL_DIM,
                       ctx.msg(messages.dims_must_be_equal(inner, v.shape.dims[-1])),
                       [inner, v.shape.dims[-1]]):
        return ctx.unknown_tensor()
    return ctx.result(list(x.shape.dims[:-2]) + [rows], x.dtype, label="multiplied to")


EXAMPLES = [
    ok("tf.matmul", T(None, 784), T(784, 10), expect=[None, 10]),
    ok("tf.matmul", T(2, 3), T(5, 3), transpose_b=True, expect=[2, 5]),
    ok("tf.matmul", T(3, 2), T(3, 5), transpose_a=True, expect=[2, 5]),
    ok("tf.matmul", T(8, 4, 3), T(8, 3, 6), expect=[8, 4, 6]),
    ok("tf.matmul", T(8, 4, 3), T(1, 3, 6), expect=[8, 4, 6]),
    ok("tf.matmul", T(None, None), T(None, 10), expect=[None, 10]),
    ok("operator.matmul", T(2, 3), T(3, 4), expect=[2, 4]),
    ok("tf.linalg.matvec", T(4, 3), T(3), expect=[4]),
    ok("keras.backend.dot", T(None, 3), T(3, 4), expect=[None, 4]),
    bad("tf.matmul", T(None, 3), T(5, 1), code=codes.MATMUL_DIM, message="Dimensions must be equal, but are 3 and 5"),
    bad("tf.matmul", T(None, 1024), T(3136, 1024), code=codes.MATMUL_DIM,
        message="Dimensions must be equal, but are 1024 and 3136"),
    bad("tf.matmul", T(3, 2), T(3, 5), code=codes.MATMUL_DIM, message="Dimensions must be equal, but are 2 and 3"),
    bad("tf.matmul", T(5, 5), T(2), code=codes.RANK_MISMATCH,
        message="Shape must be rank 2 but is rank 1 for input b with shape [2]"),
    bad("tf.matmul", T(8, 4, 3), T(7, 3, 6), code=codes.BROADCAST, message="Dimensions must be equal, but are 8 and 7"),
    bad("tf.linalg.matvec", T(4, 3), T(4), code=codes.MATMUL_DIM, message="Dimensions must be equal, but are 3 and 4"),
    bad("keras.backend.dot", T(None, 3), T(4, 5), code=codes.MATMUL_DIM,
        message="dot: Dimensions must be equal, but are 3 and 4 (input shapes: [?,3], [4,5])"),
]
