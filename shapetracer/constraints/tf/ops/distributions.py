"""Probability distributions: Normal, MultivariateNormalDiag, Categorical and
Bernoulli, as ``tf.distributions`` (TF 1.x, still in ``tf.compat.v1``),
``tf.contrib.distributions`` and ``tfp.distributions`` (TensorFlow Probability)
give them, with their ``sample``, ``log_prob``/``prob``/``cdf``, ``entropy``,
``mean``/``mode``/``stddev``/``variance`` and ``kl_divergence``.

A distribution is an ``Obj`` holding its parameters.  Its *batch shape* is
the broadcast of the parameters' batch parts (``loc`` and ``scale``; the
``logits``/``probs`` without their last, class axis for Categorical); its
*event shape* is ``[]`` except MultivariateNormalDiag's ``[D]`` (the last axis
of ``loc``/``scale_diag``).  Then:

- ``sample(n)`` is ``[*n] + batch + event`` (``n`` an int or a shape list);
  ``sample()`` is ``batch + event``.
- ``log_prob(x)`` (and prob, cdf, …) broadcasts ``x`` against the batch (and,
  for MultivariateNormalDiag, ``x`` against ``batch + event``); the result is
  the broadcast without the event.  Categorical compares integer labels with
  the batch shape the same way.
- ``entropy()`` is the batch; ``mean()``/``mode()``/``stddev()`` are
  ``batch + event`` (Categorical's mode is the batch; TF 1's Categorical has no
  mean, NotImplementedError, not a shape matter).

Verified with TF 2.21's ``tf.compat.v1.distributions`` in graph mode and
TensorFlow Probability 0.25 in eager mode.  Wording differs: TFP checks the
parameters when the distribution is built ("Arguments `loc` and `scale` must
have compatible shapes; loc.shape=(3,), scale.shape=(4,)", "Event size of
`scale` (5) could not be broadcast up to that of `loc` (4)"); TF 1 builds it
and fails at the first method ("Incompatible shapes for broadcasting. Two
shapes are compatible if for each dimension pair they are either equal or one
of them is 1. Received: (3,) and (4,)").  A value whose shape does not
broadcast fails in the op that combines it ("Dimensions must be equal, but are
2 and 3" in graph mode, "Incompatible shapes: [4,2] vs. [3]" eagerly); in
graph mode a ``None`` dim of a placeholder defers that check to the
``Session.run`` that feeds it.  A scalar Categorical ``logits`` fails at
construction: "Argument `logits` must have rank at least 1." (TFP), "Shape
must be at least rank 1 but is rank 0" (TF 1).
"""

from __future__ import annotations

from typing import Any

import z3

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, bool_or
from shapetracer.constraints.core.broadcasting import broadcast_dims
from shapetracer.constraints.core.examples import T, bad, instance_of, ok
from shapetracer.constraints.core import messages
from shapetracer.constraints.core.spec import UNKNOWN, Const, Obj, OpContext, Seq, ShapeVal, Tensor, Value, op

# The modules that hold the classes: TF 1's tf.distributions (tf.compat.v1.distributions in
# TF 2), tf.contrib.distributions (TF 1.x only) and TensorFlow Probability's.
PREFIXES = ("tf.distributions", "tf.contrib.distributions", "tensorflow_probability.distributions")
# The type of the objects (and so of their methods): TF 1's two modules hold the same classes.
TYPES = ("tf.distributions", "tensorflow_probability.distributions")
CLASSES = ("Normal", "MultivariateNormalDiag", "Categorical", "Bernoulli")
# value -> batch-shaped result
DENSITIES = ("log_prob", "prob", "cdf", "log_cdf")
# () -> batch (+ event) shaped result
MOMENTS = ("entropy", "mean", "mode", "stddev", "variance")

_BROADCAST_WORDS = ("Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension "
                    "pair they are either equal or one of them is 1. Received: {shape_a:tuple} and {shape_b:tuple}.")


def _tfp(api: str) -> bool:
    return api.startswith("tensorflow_probability.")


def _class_of(dist: Obj) -> str:
    return dist.type_name.rsplit(".", 1)[-1]


# --- parameters and the batch / event shapes ------------------------------------------------

def _param(ctx: OpContext, value: Any) -> Tensor | None:
    """A parameter as a tensor (Python floats are scalars); None when absent or unreadable."""
    if ctx.is_none(value):
        return None
    t = ctx.tensor(value)
    return t if t is not None and t.shape.dims is not None else None


def _parts(dist: Obj) -> list[tuple[str, Tensor]]:
    """The named parameters a distribution was built with (those whose shape is known)."""
    params = dist.attrs.get("_params")
    found = []
    for entry in params.items if isinstance(params, Seq) else []:
        name, tensor = entry.items
        if isinstance(name, Const) and isinstance(tensor, Tensor):
            found.append((name.value, tensor))
    return found


def _batch_part(kind: str, tensor: Tensor) -> list[Dim]:
    """The batch axes of a parameter: all but the last for class probabilities and
    vector-valued parameters."""
    dims = list(tensor.shape.dims)
    return dims[:-1] if kind in ("Categorical", "MultivariateNormalDiag") and dims else dims


def _shapes(ctx: OpContext, dist: Obj) -> tuple[list[Dim], list[Dim]] | None:
    """(batch, event) of ``dist``; None when unknown or after a reported failure.

    The op's name starts the message of a parameter clash: the constructor's for TFP,
    which checks when it builds the distribution, the method's for TF 1, which fails
    only when a method combines the parameters."""
    kind = _class_of(dist)
    parts = _parts(dist)
    if not parts or not isinstance(dist.attrs.get("_complete"), Const) or not dist.attrs["_complete"].value:
        return None
    event: list[Dim] = []
    if kind == "MultivariateNormalDiag":
        sizes = [(name, t.shape.dims[-1]) for name, t in parts if t.shape.rank]
        if len(sizes) != len(parts):
            return None
        (first_name, first), rest = sizes[0], sizes[1:]
        for name, size in rest:
            # scale_diag broadcasts up to loc's event size (a size-1 scale is fine)
            if size.known and size.value == 1:
                continue
            message = ctx.msg("Event size of `{name}` ({size}) could not be broadcast up to that of `{first_name}` "
                              "({first})", name=name, size=size, first_name=first_name, first=first)
            if first.known and first.value == 1 and size.known:
                first = size
                continue
            if not ctx.require(size.eq(first), codes.BROADCAST, message, [size, first, dist.origin]):
                return None
        event = [first]
    batch: list[Dim] = []
    shown: list[Tensor] = []
    for name, tensor in parts:
        dims = _batch_part(kind, tensor)
        if not shown:
            batch, shown = dims, [tensor]
            continue
        joined = _broadcast_params(ctx, batch, dims, shown[0], tensor, dist)
        if joined is None:
            return None
        batch = joined
    return batch, event


def _broadcast_params(ctx: OpContext, left: list[Dim], right: list[Dim], a: Tensor, b: Tensor,
                      dist: Obj) -> list[Dim] | None:
    """Broadcast two parameters' batch shapes, worded like the library that checks them."""
    rank = max(len(left), len(right))
    padded_l = [Dim(1)] * (rank - len(left)) + left
    padded_r = [Dim(1)] * (rank - len(right)) + right
    out: list[Dim] = []
    for x, y in zip(padded_l, padded_r):
        if _tfp(dist.type_name) and _class_of(dist) == "Normal":
            words = Message("Arguments `loc` and `scale` must have compatible shapes; loc.shape={shape_a:tuple}, "
                            "scale.shape={shape_b:tuple}.", shape_a=a.shape, shape_b=b.shape)
        elif _tfp(dist.type_name) or ctx.display in ("sample", "batch_shape_tensor"):
            words = Message(_BROADCAST_WORDS, shape_a=left, shape_b=right)
        else:  # TF 1's methods combine the parameters in an elementwise op
            words = join(messages.dims_must_be_equal(x, y), " ({shape_a:tf} and {shape_b:tf})", shape_a=a.shape,
                         shape_b=b.shape)
        if x.known and x.value == 1:
            out.append(y)
            continue
        if (y.known and y.value == 1) or x.same_as(y):
            out.append(x)
            continue
        if not ctx.require(bool_or(x.eq(y), x.eq(1), y.eq(1)), codes.BROADCAST, ctx.msg(words),
                           [a, b, x, y, dist.origin]):
            return None
        if x.known or y.known:
            out.append(x if x.known else y)
        else:
            out.append(Dim(z3.If(x.value == 1, y.value, x.value), x.origins | y.origins))
    return out


# --- construction -----------------------------------------------------------------------------

def _build(ctx: OpContext, named: list[tuple[str, Any]], validate: bool = True) -> Value:
    """A distribution object of class ``ctx.api`` over the given parameters."""
    params = [(name, _param(ctx, value)) for name, value in named if not ctx.is_none(value)]
    complete = bool(params) and all(t is not None for _, t in params)
    entries = [Seq([Const(name), t], "tuple") for name, t in params if t is not None]
    type_name = ctx.api if _tfp(ctx.api) else f"tf.distributions.{ctx.display}"
    dist = Obj(type_name, {"_params": Seq(entries, "list"), "_complete": Const(complete)}, ctx.site)
    if not complete:
        return dist
    kind = _class_of(dist)
    if kind == "Categorical":
        for name, t in params:
            if t.shape.rank == 0:
                words = (Message("Argument `{arg}` must have rank at least 1.", arg=name) if _tfp(ctx.api)
                         else messages.shape_must_be_at_least_rank(1, 0))
                ctx.fail(codes.RANK_MISMATCH, ctx.msg(words), [t])
                return UNKNOWN
    if kind == "MultivariateNormalDiag" and any(t.shape.rank == 0 for _, t in params):
        return dist  # a scalar loc has no event axis: TFP's own IndexError, not a shape check we model
    if _tfp(ctx.api) and validate:
        shapes = _shapes(ctx, dist)
        if shapes is None:
            return UNKNOWN if ctx.failed else dist
    shapes = _quiet_shapes(dist)
    if shapes is not None:
        dist.attrs["batch_shape"] = ShapeVal(Shape(shapes[0]))
        dist.attrs["event_shape"] = ShapeVal(Shape(shapes[1]))
    return dist


def _quiet_shapes(dist: Obj) -> tuple[list[Dim], list[Dim]] | None:
    """batch and event when every parameter dim is known and they broadcast (for the
    ``batch_shape`` / ``event_shape`` attributes, read without a call)."""
    parts = _parts(dist)
    if not parts or not all(t.shape.fully_known for _, t in parts):
        return None
    kind = _class_of(dist)
    batch: list[int] = []
    for _, t in parts:  # numpy's broadcast of known shapes
        dims = [d.value for d in _batch_part(kind, t)]
        rank = max(len(batch), len(dims))
        left, right = [1] * (rank - len(batch)) + batch, [1] * (rank - len(dims)) + dims
        if any(a != b and 1 not in (a, b) for a, b in zip(left, right)):
            return None
        batch = [b if a == 1 else a for a, b in zip(left, right)]
    event: list[int] = []
    if kind == "MultivariateNormalDiag":
        event = [max(t.shape.dims[-1].value for _, t in parts)]
        if any(t.shape.dims[-1].value not in (1, event[0]) for _, t in parts):
            return None
    return [Dim(b) for b in batch], [Dim(e) for e in event]


def _names(cls: str) -> tuple[str, ...]:
    return tuple(f"{prefix}.{cls}" for prefix in PREFIXES)


@op(*_names("Normal"))
def normal(ctx: OpContext, loc=None, scale=None, validate_args=False, allow_nan_stats=True, name=None):
    return _build(ctx, [("loc", loc), ("scale", scale)])


@op(*_names("MultivariateNormalDiag"))
def multivariate_normal_diag(ctx: OpContext, loc=None, scale_diag=None, scale_identity_multiplier=None,
                             validate_args=False, allow_nan_stats=True, experimental_use_kahan_sum=False,
                             name=None):
    if not ctx.is_none(scale_identity_multiplier):
        return _build(ctx, [("loc", loc)])  # a scalar multiplier: TF 1.x contrib only; loc decides
    return _build(ctx, [("loc", loc), ("scale_diag", scale_diag)])


@op(*_names("Categorical"))
def categorical(ctx: OpContext, logits=None, probs=None, dtype=None, validate_args=False, allow_nan_stats=True,
                force_probs_to_zero_outside_support=False, name=None):
    return _build(ctx, [("logits", logits)] if not ctx.is_none(logits) else [("probs", probs)])


@op(*_names("Bernoulli"))
def bernoulli(ctx: OpContext, logits=None, probs=None, dtype=None, validate_args=False, allow_nan_stats=True,
              name=None):
    return _build(ctx, [("logits", logits)] if not ctx.is_none(logits) else [("probs", probs)])


# --- methods ----------------------------------------------------------------------------------

def _method_shapes(ctx: OpContext, self: Any) -> tuple[list[Dim], list[Dim]] | None:
    if not isinstance(self, Obj):
        return None
    return _shapes(ctx, self)


def _sample(ctx: OpContext, self, sample_shape=(), seed=None, name=None, **kwargs):
    shapes = _method_shapes(ctx, self)
    if shapes is None:
        return ctx.unknown_tensor()
    shape_tensor = ctx.tensor(sample_shape) if isinstance(sample_shape, Tensor) else None
    if ctx.is_none(sample_shape):
        count: list[Dim | None] | None = []
    elif shape_tensor is not None and shape_tensor.shape.rank == 0:
        count = [ctx.dim(shape_tensor)]  # a scalar count: one leading axis
    else:
        count = ctx.shape_arg(sample_shape)
    if count is None:
        return ctx.unknown_tensor()
    batch, event = shapes
    dtype = "int32" if _class_of(self) in ("Categorical", "Bernoulli") else "float32"
    dims = [d if d is not None else ctx.fresh("n") for d in count] + batch + event
    return ctx.result(dims, dtype, label="sampled as")


def _density(ctx: OpContext, self, value, name=None, **kwargs):
    shapes = _method_shapes(ctx, self)
    x = ctx.tensor(value)
    if shapes is None or x is None or x.shape.dims is None:
        return ctx.unknown_tensor()
    batch, event = shapes
    dims = list(x.shape.dims)
    if _class_of(self) == "Categorical" and len(dims) == len(batch) \
            and all(a.same_as(b) for a, b in zip(dims, batch)):
        return ctx.result(batch, "float32", label=f"{ctx.display} gives")
    target = Tensor(Shape(batch + event), "float32")
    joined = broadcast_dims(ctx, dims, batch + event, x, target)
    if joined is None:
        return ctx.unknown_tensor()
    return ctx.result(joined[:len(joined) - len(event)], "float32", label=f"{ctx.display} gives")


def _moment(ctx: OpContext, self, name=None, **kwargs):
    shapes = _method_shapes(ctx, self)
    if shapes is None:
        return ctx.unknown_tensor()
    batch, event = shapes
    kind = _class_of(self)
    if ctx.display == "mean" and kind == "Categorical" and not _tfp(self.type_name):
        return UNKNOWN  # TF 1: NotImplementedError
    with_event = ctx.display not in ("entropy",) and not (kind == "Categorical" and ctx.display == "mode")
    return ctx.result(batch + (event if with_event else []), "float32", label=f"{ctx.display} gives")


def _kl(ctx: OpContext, self, other, name=None, **kwargs):
    """The batch shapes of the two distributions broadcast."""
    first, second = _method_shapes(ctx, self), _method_shapes(ctx, other) if isinstance(other, Obj) else None
    if first is None or second is None:
        return ctx.unknown_tensor()
    a, b = Tensor(Shape(first[0]), "float32"), Tensor(Shape(second[0]), "float32")
    joined = broadcast_dims(ctx, first[0], second[0], a, b)
    return ctx.result(joined, "float32", label="kl_divergence gives") if joined is not None \
        else ctx.unknown_tensor()


def _methods(name: str) -> list[str]:
    return [f"{prefix}.{cls}.{name}" for prefix in TYPES for cls in CLASSES]


op(*_methods("sample"))(_sample)
op(*[n for d in DENSITIES for n in _methods(d)])(_density)
op(*[n for m in MOMENTS for n in _methods(m)])(_moment)
op(*_methods("kl_divergence"))(_kl)


@op(*[f"{prefix}.kl_divergence" for prefix in TYPES])
def kl_divergence(ctx: OpContext, distribution_a, distribution_b, allow_nan_stats=True, name=None):
    return _kl(ctx, distribution_a, distribution_b)


# --- examples ----------------------------------------------------------------------------------

def _dist(cls: str, prefix: str = "tf.distributions", **params: Tensor) -> Obj:
    """An example distribution object (examples run one call each)."""
    entries = [Seq([Const(k), v], "tuple") for k, v in params.items()]
    return Obj(f"{prefix}.{cls}", {"_params": Seq(entries, "list"), "_complete": Const(True)})


_TFP = "tensorflow_probability.distributions"
_TF1 = "tf.distributions"


def _normal(prefix: str = _TF1, loc: Tensor | None = None, scale: Tensor | None = None) -> Obj:
    return _dist("Normal", prefix, loc=loc if loc is not None else T(5, 3), scale=scale if scale is not None else T())


def _mvn(prefix: str = _TFP, loc: Tensor | None = None) -> Obj:
    return _dist("MultivariateNormalDiag", prefix, loc=loc if loc is not None else T(8, 4), scale_diag=T(4))


EXAMPLES = [
    # construction
    ok("tf.distributions.Normal", T(5, 3), 1.0, expect=instance_of("tf.distributions.Normal")),
    ok(f"{_TFP}.Normal", loc=T(5, 3), scale=T(3), expect=instance_of(f"{_TFP}.Normal")),
    bad(f"{_TFP}.Normal", loc=T(3), scale=T(4), code=codes.BROADCAST,
        message="Arguments `loc` and `scale` must have compatible shapes; loc.shape=(3,), scale.shape=(4,)."),
    # TF 1 builds it and fails at the first method
    ok("tf.distributions.Normal", loc=T(3), scale=T(4), expect=instance_of("tf.distributions.Normal")),
    ok(f"{_TFP}.MultivariateNormalDiag", loc=T(8, 4), scale_diag=T(4),
       expect=instance_of(f"{_TFP}.MultivariateNormalDiag")),
    ok("tf.contrib.distributions.MultivariateNormalDiag", loc=T(None, 4), scale_diag=T(None, 4),
       expect=instance_of("tf.distributions.MultivariateNormalDiag")),
    bad(f"{_TFP}.MultivariateNormalDiag", loc=T(8, 4), scale_diag=T(5), code=codes.BROADCAST,
        message="Event size of `scale_diag` (5) could not be broadcast up to that of `loc` (4)"),
    bad(f"{_TFP}.MultivariateNormalDiag", loc=T(8, 4), scale_diag=T(3, 4), code=codes.BROADCAST,
        message="Received: (8,) and (3,)"),
    ok("tf.distributions.Categorical", logits=T(8, 10), expect=instance_of("tf.distributions.Categorical")),
    ok(f"{_TFP}.Categorical", probs=T(None, 3), expect=instance_of(f"{_TFP}.Categorical")),
    bad("tf.distributions.Categorical", logits=T(), code=codes.RANK_MISMATCH,
        message="Shape must be at least rank 1 but is rank 0"),
    bad(f"{_TFP}.Categorical", probs=T(), code=codes.RANK_MISMATCH,
        message="Argument `probs` must have rank at least 1."),
    ok("tf.distributions.Bernoulli", probs=T(None, 10), expect=instance_of("tf.distributions.Bernoulli")),
    ok(f"{_TFP}.Bernoulli", logits=T(8), expect=instance_of(f"{_TFP}.Bernoulli")),
    # sample
    ok("tf.distributions.Normal.sample", _normal(), 4, expect=[4, 5, 3]),
    ok("tf.distributions.Normal.sample", _normal(scale=T(3)), [2, 4], expect=[2, 4, 5, 3]),
    ok("tf.distributions.Normal.sample", _normal(), expect=[5, 3]),
    ok("tf.distributions.Normal.sample", _normal(loc=T(None, 3)), 2, expect=[2, None, 3]),
    ok("tf.distributions.Normal.sample", _normal(), T(dtype="int32"), expect=[None, 5, 3]),
    ok("tf.distributions.Normal.sample", _normal(), T(2, dtype="int32"), expect=[None, None, 5, 3]),
    bad("tf.distributions.Normal.sample", _normal(loc=T(3), scale=T(4)), 2, code=codes.BROADCAST,
        message="Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension pair they "
                "are either equal or one of them is 1. Received: (3,) and (4,)."),
    ok(f"{_TFP}.MultivariateNormalDiag.sample", _mvn(), 3, expect=[3, 8, 4]),
    ok("tf.distributions.Categorical.sample", _dist("Categorical", logits=T(8, 10)), 5, expect=[5, 8]),
    ok("tf.distributions.Bernoulli.sample", _dist("Bernoulli", logits=T(8, 10)), 5, expect=[5, 8, 10]),
    # log_prob and the other densities
    ok("tf.distributions.Normal.log_prob", _normal(loc=T(3)), T(4, 1), expect=[4, 3]),
    ok("tf.distributions.Normal.prob", _normal(scale=T(3)), T(5, 1), expect=[5, 3]),
    ok("tf.distributions.Normal.log_prob", _normal(loc=T(None, 3)), T(4, 3), expect=[4, 3]),
    bad("tf.distributions.Normal.log_prob", _normal(loc=T(3)), T(4, 2), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 2 and 3"),
    bad("tf.distributions.Normal.cdf", _normal(scale=T(3)), T(2), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 2 and 3"),
    ok("tf.distributions.Normal.log_cdf", _normal(), T(5, 3), expect=[5, 3]),
    bad("tf.distributions.Normal.log_prob", _normal(loc=T(3), scale=T(4)), T(3), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 3 and 4"),
    ok(f"{_TFP}.Normal.log_prob", _normal(_TFP), T(5, 3), expect=[5, 3]),
    ok(f"{_TFP}.Normal.prob", _normal(_TFP), T(3), expect=[5, 3]),
    ok(f"{_TFP}.Normal.cdf", _normal(_TFP), T(7, 1, 1), expect=[7, 5, 3]),
    bad(f"{_TFP}.Normal.log_cdf", _normal(_TFP), T(5, 4), code=codes.BROADCAST,
        message="Incompatible shapes: [5,4] vs. [5,3]"),
    ok(f"{_TFP}.MultivariateNormalDiag.log_prob", _mvn(), T(8, 4), expect=[8]),
    ok(f"{_TFP}.MultivariateNormalDiag.log_prob", _mvn(), T(4), expect=[8]),
    bad(f"{_TFP}.MultivariateNormalDiag.log_prob", _mvn(), T(8, 5), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 5 and 4"),
    bad(f"{_TFP}.MultivariateNormalDiag.log_prob", _mvn(), T(5, 4), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 5 and 8"),
    ok("tf.distributions.Categorical.log_prob", _dist("Categorical", logits=T(8, 10)), T(8, dtype="int32"),
       expect=[8]),
    ok("tf.distributions.Categorical.log_prob", _dist("Categorical", logits=T(8, 10)), T(3, 1, dtype="int32"),
       expect=[3, 8]),
    bad("tf.distributions.Categorical.log_prob", _dist("Categorical", logits=T(8, 10)), T(5, dtype="int32"),
        code=codes.BROADCAST, message="Dimensions must be equal, but are 5 and 8"),
    bad(f"{_TFP}.Categorical.log_prob", _dist("Categorical", _TFP, logits=T(8, 10)), T(8, 10, dtype="int32"),
        code=codes.BROADCAST, message="Dimensions must be equal, but are 10 and 8"),
    ok("tf.distributions.Bernoulli.log_prob", _dist("Bernoulli", logits=T(8, 10)), T(10), expect=[8, 10]),
    bad("tf.distributions.Bernoulli.log_prob", _dist("Bernoulli", logits=T(8, 10)), T(8), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 8 and 10"),
    # entropy and the moments
    ok("tf.distributions.Normal.entropy", _normal(scale=T(3)), expect=[5, 3]),
    ok(f"{_TFP}.Normal.entropy", _normal(_TFP, loc=T(None, 3)), expect=[None, 3]),
    ok(f"{_TFP}.MultivariateNormalDiag.entropy", _mvn(), expect=[8]),
    ok(f"{_TFP}.MultivariateNormalDiag.mean", _mvn(), expect=[8, 4]),
    ok("tf.distributions.Normal.mean", _normal(), expect=[5, 3]),
    ok("tf.distributions.Normal.stddev", _normal(), expect=[5, 3]),
    ok(f"{_TFP}.Normal.stddev", _normal(_TFP), expect=[5, 3]),
    ok("tf.distributions.Normal.variance", _normal(), expect=[5, 3]),
    ok(f"{_TFP}.MultivariateNormalDiag.variance", _mvn(), expect=[8, 4]),
    ok("tf.distributions.Categorical.entropy", _dist("Categorical", probs=T(5, 3)), expect=[5]),
    ok("tf.distributions.Categorical.mode", _dist("Categorical", probs=T(5, 3)), expect=[5]),
    ok(f"{_TFP}.Categorical.mode", _dist("Categorical", _TFP, probs=T(5, 3)), expect=[5]),
    ok("tf.distributions.Categorical.mean", _dist("Categorical", probs=T(5, 3)), expect=UNKNOWN),
    ok("tf.distributions.Bernoulli.mean", _dist("Bernoulli", probs=T(5, 3)), expect=[5, 3]),
    bad("tf.distributions.Normal.mean", _normal(loc=T(None, 2), scale=T(4)), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 2 and 4 ([?,2] and [4])"),
    # KL divergence
    ok("tf.distributions.kl_divergence", _normal(), _normal(loc=T(3)), expect=[5, 3]),
    bad(f"{_TFP}.kl_divergence", _normal(_TFP), _normal(_TFP, loc=T(4)), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 3 and 4"),
    ok("tf.distributions.Normal.kl_divergence", _normal(), _normal(loc=T(1, 3)), expect=[5, 3]),
    ok(f"{_TFP}.Normal.kl_divergence", _normal(_TFP, loc=T(None, 1)), _normal(_TFP, loc=T(3)), expect=[None, 3]),
]
