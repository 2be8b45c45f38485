"""tf.function: a Python function traced into a graph, and the input_signature its calls must fit.

``@tf.function`` (or ``tf.function(f)``) wraps a user function; a call traces it with the
arguments given and runs the graph.  With ``input_signature=[tf.TensorSpec([None, 4],
tf.float32), ...]`` every call is first bound to the signature: an argument whose shape does
not fit its spec (another rank, another known dim) is refused before tracing:
TensorFlow 2.13+ "Binding inputs to tf.function failed due to `Can not cast
TensorSpec(shape=(3, 5), dtype=tf.float32, name=None) to TensorSpec(shape=(None, 4),
dtype=tf.float32, name=None)`", TensorFlow 1.15 "Python inputs incompatible with
input_signature" (verified under 1.15, 2.15 and 2.21; numpy arrays and lists are converted
first, their shapes count the same).  Errors found while tracing the body are raised at the
call that traces it, which is where they are reported (their own line among the related
ones, ``core/tracing.run_traced``): TensorFlow shows the traced frames only inside its
message.  ``tf.TensorSpec`` is tf/ops/data_elements'.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from shapetracer.constraints.core.common import dtype_name
from shapetracer.constraints.core.examples import T, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.core.tracing import run_traced
from shapetracer.domain.dims import Dim, Shape
from shapetracer.domain.values import UNKNOWN, Const, Function, Obj, Seq, ShapeVal, Tensor, Value
from shapetracer.rules import codes
from shapetracer.rules.message import Message


@op("tf.function")
def function(ctx: OpContext, func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_implements=None, experimental_autograph_options=None,
             experimental_attributes=None, experimental_relax_shapes=None, experimental_compile=None,
             experimental_follow_type_hints=None):
    """``tf.function(f, ...)`` wraps ``f``; ``tf.function(input_signature=...)`` is a decorator."""
    config = Obj("tf.function", {"input_signature": input_signature}, ctx.site)
    return _wrap(config, func) if isinstance(func, Function) else config


def _wrap(config: Obj, func: Function) -> Function:
    return dataclasses.replace(func, traced=config)


@op("tf.function.__call__")
def function_call(ctx: OpContext, self, func=None, *args, **kwargs):
    """The decorator applied (a Function as its only argument), or a call of the traced function
    (``func`` is the function, ``args`` the call's): the signature, then the traced body."""
    if not isinstance(func, Function):
        return UNKNOWN
    if func.traced is None:  # the decorator itself, applied to the function it decorates
        return _wrap(self, func) if not args and not kwargs else UNKNOWN
    if not _fits_signature(ctx, self.attrs.get("input_signature"), func, list(args), kwargs):
        return UNKNOWN
    result = run_traced(ctx, lambda: ctx.call(dataclasses.replace(func, traced=None), *args, **kwargs))
    return UNKNOWN if result is None else result


def _specs(ctx: OpContext, signature: Value) -> list[Obj] | None:
    items = ctx.items(signature) if signature is not None and not ctx.is_none(signature) else None
    if items is None or not all(isinstance(i, Obj) and i.type_name == "tf.TensorSpec" for i in items):
        return None  # no signature, or nested structures: not checked
    return items


def _parameters(func: Function) -> list[str]:
    params = func.node.params
    return [p.name.value for p in list(params.posonly_params) + list(params.params)]


def _fits_signature(ctx: OpContext, signature: Value, func: Function, args: list[Value],
                    kwargs: dict[str, Value]) -> bool:
    specs = _specs(ctx, signature)
    if specs is None:
        return True
    names = _parameters(func)
    given = list(args) + [kwargs[n] for n in names[len(args):len(specs)] if n in kwargs]
    for spec, value in zip(specs, given):
        tensor = ctx.tensor(value)
        wanted = _declared(ctx.shape_arg(spec.attrs.get("shape")))
        if tensor is None or tensor.shape.dims is None or wanted is None:
            continue
        dims = list(tensor.shape.dims)
        mismatch = len(dims) != len(wanted) or any(
            w is not None and w.known and d.known and w.value != d.value for w, d in zip(wanted, dims))
        if mismatch:
            ctx.fail(codes.FEED_SHAPE, _refusal(ctx, func, spec, tensor, wanted), [tensor])
            return False
        for w, d in zip(wanted, dims):
            if w is not None and not ctx.require(w.eq(d), codes.FEED_SHAPE, _refusal(ctx, func, spec, tensor, wanted),
                                                 [tensor, d]):
                return False
    return True


def _declared(dims: list | None) -> list | None:
    """A spec's dims, None where it declared None (tf.TensorSpec made a fresh "spec" symbol
    there, which takes any size: nothing is required of it)."""
    if dims is None:
        return None
    return [None if d is None or _declared_none(d) else d for d in dims]


def _declared_none(dim: Dim) -> bool:
    line = dim.linear
    return line is not None and line.const == 0 and line.coeffs == ((line.names[0], 1),) \
        and line.names[0].startswith("spec!")


def _refusal(ctx: OpContext, func: Function, spec: Obj, tensor: Tensor, wanted: list) -> Message:
    facts = dict(op=func.name, fed_shape=tensor.shape, declared_shape=wanted,
                 dtype=dtype_name(spec.attrs.get("dtype"), "float32"))
    if ctx.target.tf1:
        return Message("{op}: Python inputs incompatible with input_signature: inputs: ({fed_shape:tuple}) "
                       "input_signature: (TensorSpec(shape={declared_shape:tuple}, dtype=tf.{dtype}, name=None))",
                       **facts)
    return Message("{op}: Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape={fed_shape:keras}, "
                   "dtype=tf.{dtype}, name=None) to TensorSpec(shape={declared_shape:keras}, dtype=tf.{dtype}, "
                   "name=None)`.", **facts)


def _traced(*specs: Obj) -> Obj:
    return Obj("tf.function", {"input_signature": Seq(list(specs), "list")}, None)


def _defined(*parameters: str) -> Function:
    """A stand-in for a parsed ``def step(x, y): ...`` (the examples run no interpreter)."""
    params = SimpleNamespace(posonly_params=[], params=[SimpleNamespace(name=SimpleNamespace(value=p))
                                                         for p in parameters])
    function = Function(SimpleNamespace(params=params), None, None, "step")
    return dataclasses.replace(function, traced=_traced(_spec(None, 4), _spec(None, 1)))


def _spec(*dims: int | None) -> Obj:
    """``tf.TensorSpec(dims)`` as tf/ops/data_elements makes it: a None dim is a fresh symbol."""
    shape = Shape([Dim(d) if d is not None else Dim.fresh("spec") for d in dims])
    return Obj("tf.TensorSpec", {"shape": ShapeVal(shape), "dtype": Const("float32")}, None)


EXAMPLES = [
    ok("tf.function", expect=instance_of("tf.function")),
    bad("tf.function.__call__", _traced(_spec(None, 4), _spec(None, 1)), _defined("x", "y"), T(3, 5), T(3, 1),
        code=codes.FEED_SHAPE, message="Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(3, "
                                       "5), dtype=tf.float32, name=None) to TensorSpec(shape=(None, 4), dtype=tf.float32"),
    bad("tf.function.__call__", _traced(_spec(None, 4), _spec(None, 1)), _defined("x", "y"), T(3, 4), y=T(10),
        code=codes.FEED_SHAPE, message="Can not cast TensorSpec(shape=(10,), dtype=tf.float32, name=None) to "
                                       "TensorSpec(shape=(None, 1)"),
    bad("tf.function.__call__", _traced(_spec(None, 4), _spec(None, 1)), _defined("x", "y"), T(3, 4, 1), T(3, 1),
        code=codes.FEED_SHAPE, message="Python inputs incompatible with input_signature", target="1.15"),
    ok("tf.function.__call__", _traced(_spec(None, 4)), UNKNOWN, T(3, 4), expect=UNKNOWN),  # no function here
]
