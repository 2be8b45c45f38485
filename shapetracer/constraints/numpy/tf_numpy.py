"""``tf.experimental.numpy`` (tnp): numpy's API on TensorFlow tensors.

Shapes follow numpy's rules exactly (``core/numpy_api``), and so do dtypes: ``tnp.ones(3)``
is float64 and ``tnp.arange(5)`` int64, as in numpy; a result is a ``tf.Tensor``.  The
sizes of a reshape are TensorFlow's to check: -2 is refused ("Size 0 must be
non-negative, not -2"), where numpy reads any negative size as the one to infer.
Verified under TensorFlow 2.15 and 2.21.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.examples import ANY, A, T, bad, ok
from shapetracer.constraints.core.numpy_api import numpy_alias
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN
from shapetracer.rules import codes

_NAMES = (
    "array asarray zeros ones empty full zeros_like ones_like full_like eye identity arange linspace "
    "reshape transpose swapaxes moveaxis expand_dims squeeze ravel tile repeat pad "
    "concatenate stack vstack hstack dstack column_stack split array_split "
    "add subtract multiply divide true_divide floor_divide power maximum minimum mod equal not_equal greater less "
    "logical_and logical_or logical_not abs absolute exp log log1p log2 log10 sqrt square sin cos tan tanh sinh cosh "
    "arcsin arccos arctan negative sign floor ceil reciprocal isnan isinf isfinite round around "
    "sum mean max min prod std var any all argmax argmin median amax amin cumsum cumprod "
    "matmul dot einsum tensordot where clip sort argsort nonzero").split()


def _reshape_sizes(ctx: OpContext, args: list[Any], kwargs: dict[str, Any]) -> bool:
    """TensorFlow's Reshape refuses sizes below -1 (numpy would infer them)."""
    shape = args[1] if len(args) > 1 else kwargs.get("newshape", kwargs.get("shape", UNKNOWN))
    sizes = ctx.int_list(shape)
    for index, size in enumerate(sizes or []):
        if size < -1:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Size {index} must be non-negative, not {value}", index=index,
                                                      value=size))
            return False
    return True


for _name in _NAMES:
    op(f"tf.experimental.numpy.{_name}")(numpy_alias(f"np.{_name}", _reshape_sizes if _name == "reshape" else None))


_TNP = "tf.experimental.numpy"
_BINARY = ("add subtract multiply divide true_divide floor_divide power maximum minimum mod equal not_equal greater "
           "less logical_and logical_or").split()
_UNARY = ("logical_not abs absolute exp log log1p log2 log10 sqrt square sin cos tan tanh sinh cosh arcsin arccos "
          "arctan negative sign floor ceil reciprocal isnan isinf isfinite round around sort argsort "
          "zeros_like ones_like array asarray").split()
_REDUCTIONS = "sum mean max min prod std var any all argmax argmin median amax amin".split()

EXAMPLES = [
    # one call of every name, by its kind (the checks themselves are numpy's, tested there)
    *[ok(f"{_TNP}.{name}", T(2, 3), T(3), expect=[2, 3]) for name in _BINARY],
    *[ok(f"{_TNP}.{name}", T(2, 3), expect=[2, 3]) for name in _UNARY],
    *[ok(f"{_TNP}.{name}", T(2, 3), axis=1, expect=[2]) for name in _REDUCTIONS],
    *[ok(f"{_TNP}.{name}", (2, 3), expect=[2, 3]) for name in ("zeros", "empty")],
    ok(f"{_TNP}.full", (2, 3), 0.5, expect=[2, 3]),
    *[ok(f"{_TNP}.{name}", T(2, 3), expect=[6]) for name in ("cumsum", "cumprod")],  # flattened, as numpy's
    ok(f"{_TNP}.full_like", T(2, 3), 0.5, expect=[2, 3]),
    ok(f"{_TNP}.eye", 3, expect=[3, 3]),
    ok(f"{_TNP}.identity", 3, expect=[3, 3]),
    ok(f"{_TNP}.arange", 5, expect=[5]),
    ok(f"{_TNP}.linspace", 0.0, 1.0, 5, expect=[5]),
    ok(f"{_TNP}.swapaxes", T(2, 3, 4), 0, 2, expect=[4, 3, 2]),
    ok(f"{_TNP}.moveaxis", T(2, 3, 4), 0, -1, expect=[3, 4, 2]),
    ok(f"{_TNP}.expand_dims", T(2, 3), 0, expect=[1, 2, 3]),
    ok(f"{_TNP}.squeeze", T(2, 1), expect=[2]),
    ok(f"{_TNP}.ravel", T(2, 3), expect=[6]),
    ok(f"{_TNP}.tile", T(2, 3), (2, 1), expect=[4, 3]),
    ok(f"{_TNP}.repeat", T(2, 3), 2, axis=0, expect=[4, 3]),
    ok(f"{_TNP}.pad", T(2, 3), ((1, 1), (0, 0)), expect=[4, 3]),
    ok(f"{_TNP}.stack", [T(2, 3), T(2, 3)], expect=[2, 2, 3]),
    ok(f"{_TNP}.vstack", [T(2, 3), T(1, 3)], expect=[3, 3]),
    ok(f"{_TNP}.hstack", [T(2, 3), T(2, 1)], expect=[2, 4]),
    ok(f"{_TNP}.dstack", [T(2, 3), T(2, 3)], expect=[2, 3, 2]),
    ok(f"{_TNP}.column_stack", [T(2), T(2)], expect=[2, 2]),
    ok(f"{_TNP}.split", T(4, 3), 2, expect=([2, 3], [2, 3])),
    ok(f"{_TNP}.array_split", T(4, 3), 2, expect=([2, 3], [2, 3])),
    ok(f"{_TNP}.einsum", "ij,jk->ik", T(2, 3), T(3, 4), expect=[2, 4]),
    ok(f"{_TNP}.tensordot", T(2, 3), T(3, 4), axes=1, expect=[2, 4]),
    ok(f"{_TNP}.where", T(2, 3, dtype="bool"), T(2, 3), T(3), expect=[2, 3]),
    ok(f"{_TNP}.clip", T(2, 3), 0.0, 1.0, expect=[2, 3]),
    ok(f"{_TNP}.nonzero", T(2, 3), expect=ANY),  # a tuple of index arrays whose length is the data's
    ok("tf.experimental.numpy.matmul", T(None, 20), T(20, 10), expect=[None, 10]),
    bad("tf.experimental.numpy.matmul", T(32, 20), T(30, 10), code=codes.MATMUL_DIM),
    ok("tf.experimental.numpy.transpose", T(2, 3, 4), expect=[4, 3, 2]),
    ok("tf.experimental.numpy.reshape", A(20), (4, 5), expect=[4, 5]),
    bad("tf.experimental.numpy.reshape", A(20), (3, 7), code=codes.RESHAPE_SIZE),
    bad("tf.experimental.numpy.reshape", A(20), (-2, 5), code=codes.SHAPE_REQUIREMENT,
        message="Size 0 must be non-negative, not -2"),
    bad("tf.experimental.numpy.concatenate", [T(2, 3), T(2, 4)], axis=0, code=codes.CONCAT_DIM),
    ok("tf.experimental.numpy.ones", 3, expect=[3]),
    ok("tf.experimental.numpy.sum", T(2, 3), axis=1, expect=[2]),
    bad("tf.experimental.numpy.sum", T(2, 3), axis=2, code=codes.AXIS_RANGE),
    ok("tf.experimental.numpy.dot", T(2, 40, 16), T(16, 3), expect=[2, 40, 3]),
    bad("tf.experimental.numpy.dot", T(2, 40, 1), T(16, 40, 2), code=codes.MATMUL_DIM),
]
