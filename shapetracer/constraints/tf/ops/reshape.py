"""tf.reshape: the element count is preserved; at most one -1 is inferred.

Reference: TensorFlow's Reshape shape function (SetOutputShapeForReshape) for
what graph mode rejects while building, and the Reshape kernel for what
fails at run time.  TF 2.21 wording, by case:

- input fully known, no -1: "Cannot reshape a tensor with 6 elements to shape
  [4] (4 elements)" (graph);
- input fully known, one -1: "Dimension size must be evenly divisible by 1000
  but is 6272" (graph);
- input with one unknown dim, target fully known and the known input dims
  not dividing it: "Dimension size must be evenly divisible by 10 but is 15"
  (graph; with two or more unknown dims graph mode gives up and the kernel
  decides at run time);
- otherwise the run-time kernel: "Input to reshape is a tensor with 6 values,
  but the requested shape has 4" / "... requires a multiple of 4";
- graph mode, one unknown input dim, the other dims equal to the target's
  (``[?,4]`` to ``[12,4]``): the graph optimizer may drop the reshape as an
  identity, so the run need not fail; nothing is reported;
- two -1: accepted by graph mode, refused at run time with "Only one input
  size may be -1, not both 0 and 1" (ST113).

Unknown dims: the element counts are compared symbolically, so an error means
no value of the unknown dims makes the counts agree.  Dims shared by input and
target (``reshape(x, [tf.shape(x)[0], -1])``) cancel before the comparison,
which keeps the arithmetic linear and the inferred dim exact.

``reshape(x_[None,10], [-1,20])`` is legal but glues two examples into one row
(pattern 31): the warning ST203.
"""

from __future__ import annotations

import z3

from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, bool_not, free_symbols
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.domain.facts import Verdict
from shapetracer.constraints.core.spec import OpContext, op, runtime_only
from shapetracer.domain.values import Tensor
from shapetracer.constraints.core.solver import judge
from shapetracer.constraints.core import messages


@op("tf.reshape")
def reshape(ctx: OpContext, tensor, shape, name=None):
    x = ctx.tensor(tensor)
    target = ctx.shape_arg(shape)
    dtype = x.dtype if x is not None else None
    if target is None:
        return ctx.unknown_tensor(dtype)
    inferred = [i for i, d in enumerate(target) if d is not None and d.known and d.value == -1]
    if len(inferred) > 1:
        ctx.fail(codes.RESHAPE_TWO_UNKNOWN, ctx.msg("Only one input size may be -1, not both {index_a} and {index_b}",
                                                    index_a=inferred[0], index_b=inferred[1]),
                 [x] if x is not None else [], runtime=True)
        return ctx.unknown_tensor(dtype)
    invalid = [d.value for d in target if d is not None and d.known and d.value < -1]
    if invalid:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Invalid value in tensor used for shape: {value}", value=invalid[0]))
        return ctx.unknown_tensor(dtype)
    if x is None or x.shape.dims is None or any(d is None for d in target):
        # An unknown entry may itself be -1 at run time: nothing can be checked.
        return _result(ctx, x, [d if d is not None and not (d.known and d.value == -1) else None
                                for d in target])
    if not inferred:
        if not _check_same_count(ctx, x, target):
            return ctx.unknown_tensor(dtype)
        return _result(ctx, x, target)
    position = inferred[0]
    others = [d for i, d in enumerate(target) if i != position]
    facts_before = ctx.host.facts  # judged before this reshape's own divisibility becomes a fact
    dim = _infer(ctx, x, others, target)
    if dim is None and ctx.failed:
        return ctx.unknown_tensor(dtype)
    _warn_batch_mixing(ctx, x, target, position, facts_before)
    dims: list[Dim | None] = list(target)
    dims[position] = dim
    return _result(ctx, x, dims)


def _result(ctx: OpContext, x: Tensor | None, dims: list[Dim | None]) -> Tensor:
    # A dim inferred from run-time dims (a product of two placeholder None dims divided
    # by the rest) is as unknown to graph mode as they are: named like them, so that
    # requirements on it wait for the run (spec.runtime_only).
    hint = "d"
    if x is not None and x.shape.dims is not None and any(
            not d.known and runtime_only(d.value) for d in x.shape.dims):
        hint = f"{ctx.display}.shape[?]"
    # A leading dim the reshape leaves undetermined (an unknown target entry, or a -1 over
    # unknown divisors) may merge the batch with other axes ([B, T, F] -> [-1, F]): it is
    # not known to be the batch, so a later reshape of it mixes no examples (ST203).
    out = [d if d is not None else ctx.fresh((_ROWS + hint) if i == 0 else hint, lower=0)
           for i, d in enumerate(dims)]
    elements = None
    if x is not None and x.elements is not None and len(out) <= 1:
        elements = x.elements  # reshape(tf.shape(x)[0], [1]) stays usable as a shape
    return ctx.result(Shape(out), x.dtype if x is not None else None, label="reshaped to", elements=elements)


# --- counts ---------------------------------------------------------------------

def _split_counts(in_dims: list[Dim], out_dims: list[Dim]) -> tuple[int, list[Dim], int, list[Dim]]:
    """Cancel dims the two sides share, then split each side into the product
    of its known dims and its remaining unknown dims."""
    rest = list(in_dims)
    kept: list[Dim] = []
    for dim in out_dims:
        match = next((i for i, e in enumerate(rest) if not dim.known and e.same_as(dim)), None)
        if match is None:
            kept.append(dim)
        else:
            rest.pop(match)
    return _known_product(rest), _unknown(rest), _known_product(kept), _unknown(kept)


def _known_product(dims: list[Dim]) -> int:
    total = 1
    for dim in dims:
        if dim.known:
            total *= dim.value
    return total


def _unknown(dims: list[Dim]) -> list[Dim]:
    return [d for d in dims if not d.known]


def _product(known: int, unknown: list[Dim]) -> Dim:
    total = Dim(known)
    for dim in unknown:
        total = total * dim
    return total


def _count_factors(dims: list[Dim]) -> list[int | None]:
    """An element count for a message, as the factors it prints: ``[6]`` (``6``), or
    ``[None, 3136]`` (``?*3136``) with unknown dims."""
    known, unknown = _known_product(dims), _unknown(dims)
    if not unknown:
        return [known]
    return [None] * len(unknown) + ([known] if known != 1 else [])


# --- no -1: the counts must be equal ----------------------------------------------

def _check_same_count(ctx: OpContext, x: Tensor, target: list[Dim]) -> bool:
    in_known, in_unknown, out_known, out_unknown = _split_counts(list(x.shape.dims), target)
    count_in, count_out = _product(in_known, in_unknown), _product(out_known, out_unknown)
    known_in = _known_product(list(x.shape.dims))
    unknown_in = _unknown(list(x.shape.dims))
    if x.shape.fully_known and all(d.known for d in target):
        message = ctx.msg(messages.cannot_reshape(count_in, target, count_out))
    elif all(d.known for d in target) and len(unknown_in) == 1 and known_in != 0 \
            and count_out.value % known_in != 0:
        # SetOutputShapeForReshape solves for a single unknown input dim: no value fits.
        ctx.fail(codes.RESHAPE_SIZE, ctx.msg(messages.evenly_divisible(known_in, count_out)),
                 [x] + target)
        return False
    elif _dropped_by_grappler(ctx, x, target):
        return True
    else:
        message = ctx.msg(messages.reshape_input_has(_count_factors(list(x.shape.dims)), _count_factors(target)),
                          " (input shape {shape:tf}, requested {new_shape:tf})", shape=x.shape, new_shape=target)
    return ctx.require(count_in.eq(count_out), codes.RESHAPE_SIZE, message, [x] + target)


def _dropped_by_grappler(ctx: OpContext, x: Tensor, target: list[Dim]) -> bool:
    """A graph-mode reshape that TensorFlow's graph optimizer may remove before it runs.

    When the input has one dim graph mode does not know and its other dims equal the
    target's (``[?,4]`` to ``[12,4]``, ``[?]`` to ``[8]``), grappler may take the reshape for
    an identity and drop it: TF 2.21 does for the outputs of matmul, pad, tile and
    reshape(..., [-1]), and the run returns the tensor unchanged instead of failing; for
    other producers (and a placeholder fed directly) the kernel still fails.  Which one
    happens is not decided here, so no error is reported (precision first).
    """
    dims = x.shape.dims
    if not ctx.graph.mode or x.kind == "placeholder" or len(target) != len(dims):
        return False
    if not all(d.known for d in target) or sum(not d.known for d in dims) != 1:
        return False
    return all(not d.known or d.value == t.value for d, t in zip(dims, target))


# --- one -1: the other dims must divide the count ---------------------------------------

def _infer(ctx: OpContext, x: Tensor, others: list[Dim], target: list[Dim]) -> Dim | None:
    """The dim -1 stands for; None when it is not determined (or after a failure)."""
    in_known, in_unknown, out_known, out_unknown = _split_counts(list(x.shape.dims), others)
    if out_unknown or out_known == 0:
        # A symbolic divisor makes the arithmetic non-linear; an empty target
        # leaves -1 undetermined.  Neither is checked.
        return None
    if in_known % out_known == 0:
        return _product(in_known // out_known, in_unknown).with_origins({ctx.site})
    count_in = _product(in_known, in_unknown)
    if x.shape.fully_known:
        message = ctx.msg(messages.evenly_divisible(out_known, count_in))
    else:
        counts = messages.reshape_input_multiple(_count_factors(list(x.shape.dims)), _count_factors(others))
        message = ctx.msg(counts, " (input shape {shape:tf}, requested {new_shape:tf})", shape=x.shape,
                          new_shape=target)
    if len(in_unknown) > 1:
        # A product of unknowns is non-linear: left unchecked, except in graph mode when the
        # unknowns are run-time dims, which each run replaces by the fed values.
        if not (ctx.graph.mode and runtime_only(count_in.value)):
            return None
        ctx.require(count_in.mod(out_known).eq(0), codes.RESHAPE_SIZE, message, [x] + others, runtime=True)
        return count_in.floordiv(out_known).with_origins({ctx.site})
    if not ctx.require(count_in.mod(out_known).eq(0), codes.RESHAPE_SIZE, message, [x] + others):
        return None
    return count_in.floordiv(out_known).with_origins({ctx.site})


_ROWS = "rows:"  # the hint of a leading dim an earlier reshape left undetermined


def _is_product_of_unknowns(value) -> bool:
    """[B*T]: rows that are frames of examples, not examples (a sum, B + B' after a concat
    along the batch, or 2*B, still counts examples)."""
    if not z3.is_app(value) or value.decl().kind() != z3.Z3_OP_MUL:
        return False
    return sum(1 for factor in value.children() if not z3.is_int_value(factor)) >= 2


def _warn_batch_mixing(ctx: OpContext, x: Tensor, target: list[Dim], position: int, facts) -> None:
    """[?, 10] reshaped to [-1, 20]: every output row takes values from two examples."""
    dims = x.shape.dims
    if position != 0 or not dims or dims[0].known or not all(d.known for d in dims[1:]):
        return
    if _is_product_of_unknowns(dims[0].value) or any(name.startswith(_ROWS) for name in free_symbols(dims[0].value)):
        return  # rows of an earlier reshape ([B*T, C], or undetermined), not known to be examples
    per_example = _known_product(list(dims[1:]))
    per_row = _known_product(list(target[1:]))
    if not all(d.known for d in target[1:]) or per_row == 0 or per_example % per_row == 0:
        return
    # [B*T, d] -> [-1, T, d] un-flattens a batch merged earlier: the rows always
    # divide evenly, which the path facts prove; that is not mixing.
    divides = (dims[0] * per_example).mod(per_row).eq(0)
    if divides is True or judge(facts, bool_not(divides), ctx.host.limits, False).verdict \
            is Verdict.FAILS:
        return
    ctx.warn(codes.BATCH_MIXING, ctx.msg("reshaping {shape:tf} to {new_shape:tf} puts {per_row} values in each row "
                                         "while each example has {per_example}, so rows mix examples across the "
                                         "batch axis; keep the batch axis, e.g. {suggested:tf}", shape=x.shape,
                                         new_shape=target, per_row=per_row, per_example=per_example,
                                         suggested=[-1, per_example]), [x])


EXAMPLES = [
    ok("tf.reshape", T(None, 7, 7, 64), [-1, 3136], expect=[None, 3136]),
    ok("tf.reshape", T(None, 784), [-1, 28, 28, 1], expect=[None, 28, 28, 1]),
    ok("tf.reshape", T(2, 3), [3, 2], expect=[3, 2]),
    ok("tf.reshape", T(2, 3), [-1], expect=[6]),
    ok("tf.reshape", T(4, 6), [-1, 3], expect=[8, 3]),
    ok("tf.reshape", T(None, 10), [5, 2], expect=[5, 2]),
    ok("tf.reshape", T(None, 10), [-1, 5], expect=[None, 5]),
    ok("tf.reshape", A(2, 3), [-1], expect=[6]),
    ok("tf.reshape", T(rank_unknown=True), [-1, 4], expect=[None, 4]),
    ok("tf.reshape", T(None, 10), [-1, 20], expect=[None, 20], warns=codes.BATCH_MIXING),
    ok("tf.reshape", T(None, 7, 7, 64), [-1, 1024], expect=[None, 1024], warns=codes.BATCH_MIXING),
    bad("tf.reshape", T(2, 3), [4], code=codes.RESHAPE_SIZE,
        message="Cannot reshape a tensor with 6 elements to shape [4]"),
    bad("tf.reshape", T(1, 7, 7, 128), [-1, 1000], code=codes.RESHAPE_SIZE,
        message="Dimension size must be evenly divisible by 1000 but is 6272"),
    bad("tf.reshape", T(None, 10), [5, 3], code=codes.RESHAPE_SIZE,
        message="Dimension size must be evenly divisible by 10 but is 15"),
    bad("tf.reshape", T(None, 3), [2, 2], code=codes.RESHAPE_SIZE,
        message="Dimension size must be evenly divisible by 3 but is 4"),
    bad("tf.reshape", T(2, 3), [-1, -1], code=codes.RESHAPE_TWO_UNKNOWN,
        message="Only one input size may be -1, not both 0 and 1"),
    bad("tf.reshape", T(None, 10), [-1, -1], code=codes.RESHAPE_TWO_UNKNOWN,
        message="Only one input size may be -1, not both 0 and 1"),
    bad("tf.reshape", T(2, 3), [-2, 3], code=codes.SHAPE_REQUIREMENT,
        message="Invalid value in tensor used for shape: -2"),
]
