"""TF1 reference variables: the switch between reference and resource variables
(tf.disable_v2_behavior, tf.disable_resource_variables, tf.enable_resource_variables)
and the static shape a reference variable's initial value must have.

Reference: TF 2.21's ``tf.compat.v1.Variable`` (variable_v1 / ref_variable.py),
checked in graph mode.  After ``tf.disable_v2_behavior()`` (or
``disable_resource_variables``; always in TF 1.x) ``tf.Variable`` and
``tf.get_variable`` make reference variables, which refuse an initial value whose
static shape is not fully defined: "initial_value must have a shape specified:
Tensor("zeros_like:0", shape=(?, 3), dtype=float32)" — a variable initialised from
something shaped like a placeholder with a ``None`` batch.  ``shape=`` does not
help; ``validate_shape=False`` and ``use_resource=True`` do (resource variables
accept a partial shape), and eager TF 2 never sees a partial shape.  Only dims
TensorFlow itself leaves unknown (declared ``None``) count, never dims only the
analysis does not know.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.domain.dims import statically_none
from shapetracer.constraints.core.examples import P, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.spec import Const, OpContext, Tensor, op


def reference_variables(ctx: OpContext) -> bool:
    """Whether ``tf.Variable`` makes reference variables here (TF1 graph semantics)."""
    chosen = ctx.graph.reference_variables
    if chosen is not None:
        return chosen
    return ctx.target.tf1


@op("tf.disable_v2_behavior", "tf.disable_resource_variables")
def disable_resource_variables(ctx: OpContext):
    ctx.graph.reference_variables = True
    return Const(None)


@op("tf.enable_resource_variables", "tf.enable_v2_behavior")
def enable_resource_variables(ctx: OpContext):
    ctx.graph.reference_variables = False
    return Const(None)


def initial_shape_ok(ctx: OpContext, initial: Tensor | None, use_resource: Any, validate_shape: Any) -> bool:
    """A reference variable's initial value must have a fully defined static shape; False
    after reporting "initial_value must have a shape specified"."""
    # a placeholder exists only in graph mode
    if initial is None or initial.shape.dims is None or not (ctx.graph.mode or initial.kind == "placeholder"):
        return True
    if ctx.bool(validate_shape, True) is not True:
        return True
    resource = ctx.bool(use_resource, None)
    if resource is True or (resource is None and not reference_variables(ctx)):
        return True
    if ctx.is_unknown(use_resource):
        return True
    if not any(statically_none(d) for d in initial.shape.dims):
        return True
    ctx.fail(codes.UNDEFINED_DIM, ctx.msg("initial_value must have a shape specified: Tensor(shape={shape:tuple}, "
                                          "dtype={dtype}) (a reference variable needs a fully defined shape; pass "
                                          "validate_shape=False or use_resource=True, or give the value a static "
                                          "shape)", shape=initial.shape, dtype=initial.dtype or "float32"), [initial])
    return False


EXAMPLES = [
    bad("tf.Variable", P(None, 3), use_resource=False, code=codes.UNDEFINED_DIM,
        message="initial_value must have a shape specified: Tensor(shape=(?, 3), dtype=float32)"),
    bad("tf.Variable", P(None, 3), shape=[None, 3], use_resource=False, code=codes.UNDEFINED_DIM,
        message="initial_value must have a shape specified"),
    bad("tf.get_variable", "w", initializer=P(None, 3), use_resource=False, code=codes.UNDEFINED_DIM,
        message="initial_value must have a shape specified"),
    ok("tf.Variable", P(None, 3), use_resource=True, expect=[None, 3]),
    ok("tf.Variable", P(None, 3), use_resource=False, validate_shape=False, expect=UNKNOWN_SHAPE),
    ok("tf.Variable", P(4, 3), use_resource=False, expect=[4, 3]),
    ok("tf.Variable", T(None, 3), use_resource=False, expect=[None, 3]),  # unknown to the analysis only
    ok("tf.disable_v2_behavior", expect=Const(None)),
    ok("tf.disable_resource_variables", expect=Const(None)),
    ok("tf.enable_resource_variables", expect=Const(None)),
    ok("tf.enable_v2_behavior", expect=Const(None)),
]
