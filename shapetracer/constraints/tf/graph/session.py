"""The TF1 Session: tf.Session/InteractiveSession, Session.run, Tensor.eval and
Operation.run with their feed_dict; variable initializers; tf.train optimizers
(minimize/apply_gradients); tf.summary.scalar.

Reference: TensorFlow 2.21 in graph mode (``tensorflow.compat.v1``).
``Session.run`` checks every fed value against the static shape of the tensor
it replaces (session.py, ``is_compatible_with``): same rank and equal known
dims, else "Cannot feed value of shape (32, 28, 28) for Tensor
Placeholder:0, which has shape (?, 784)" (patterns 7, 8, 10, 11, 19).  A list
is fed through ``np.asarray``, so a ragged one raises numpy's
"inhomogeneous shape" error.

Feeds bind a placeholder's unknown dims for one call only, so a feed is
never recorded as a fact about the program: a known placeholder dim is
compared with the fed dim, and when the fed dim is symbolic the solver is
asked whether it can fit at all without keeping the answer.  What ``run``
returns is the fetched tensor as a numpy array, with the placeholder's
unknown dims replaced by the dims fed on this call.

Optimizers accept a vector loss (they differentiate its sum), but the
learning rate must be a scalar: the Apply* kernel of ``minimize`` raises
"Shape must be rank 0 but is rank 1".  ``tf.summary.scalar`` on a
non-scalar fails: TF1's ScalarSummary with "tags and values are not the same
shape: [] != [2] (tag 'loss')", TF2's with "Expected scalar shape, saw shape:
(2,)." (pattern 22, loss left unreduced).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from shapetracer.rules import codes
from shapetracer.domain import analysis
from shapetracer.domain.dims import DECLARED_NONE_TEXT, Dim, Shape, bool_and, free_symbols
from shapetracer.constraints.core.examples import A, T, bad, instance_of, ok
from shapetracer.constraints.core.arrays import discover, ragged_message
from shapetracer.domain.facts import Verdict
from shapetracer.constraints.tf.graph.fed_rank import rank_pairs
from shapetracer.constraints.core.spec import OpContext, op, pending_of
from shapetracer.domain.values import (
    NONE, UNKNOWN, Const, DictVal, Obj, Seq, SymInt, Tensor, Value,
)
from shapetracer.constraints.core.solver import judge
from shapetracer.constraints.core import messages
from shapetracer.rules.message import Message, join

Substitution = list[tuple[z3.ArithRef, z3.ArithRef, Dim]]


# --- sessions -------------------------------------------------------------------

@op("tf.Session")
def session(ctx: OpContext, target="", graph=None, config=None):
    return Obj("tf.Session", origin=ctx.site)


@op("tf.InteractiveSession")
def interactive_session(ctx: OpContext, target="", graph=None, config=None):
    return Obj("tf.InteractiveSession", origin=ctx.site)


@op("tf.Session.__enter__", "tf.InteractiveSession.__enter__")
def session_enter(ctx: OpContext, self):
    """``with tf.Session() as sess`` binds the session itself."""
    return self


@op("tf.Session.close", "tf.InteractiveSession.close")
def session_close(ctx: OpContext, self):
    return NONE


# --- feeds ----------------------------------------------------------------------

def _tensor_name(t: Tensor) -> str:
    """TensorFlow's name for a graph tensor, ``Placeholder:0``."""
    if t.name:
        return t.name if ":" in t.name else f"{t.name}:0"
    return {"variable": "Variable:0"}.get(t.kind, "Placeholder:0")


def _fed_value(ctx: OpContext, value: Value) -> Tensor | None:
    """What the session will feed: ``np.asarray(value)``; None when not checkable."""
    if isinstance(value, Tensor):
        # a tf.Tensor as a value is a TypeError, not a shape question
        return value if value.is_numpy else None
    if isinstance(value, SymInt) or (isinstance(value, Const) and value.value is not None):
        return Tensor(Shape([]), None, "ndarray")
    if isinstance(value, Seq):
        nest = discover(ctx, value)
        if nest is None:
            return None
        if nest.ragged:
            ctx.fail(codes.NUMPY_SHAPE, ctx.msg(ragged_message(nest)))
            return None
        return Tensor(Shape(nest.dims), nest.dtype, "ndarray")
    return None


def _feed_fits(ctx: OpContext, key: Tensor, fed: Tensor) -> bool:
    """TensorFlow's compatibility test; False after a reported failure."""
    declared, given = key.shape, fed.shape
    if declared.dims is None or given.dims is None:
        return True
    message = ctx.msg(messages.cannot_feed(given, _tensor_name(key), declared))
    if len(declared.dims) != len(given.dims):
        ctx.fail(codes.FEED_SHAPE, message, [key, fed])
        return False
    open_questions = []
    for want, got in zip(declared.dims, given.dims):
        if not want.known:
            continue  # an unknown placeholder dim takes whatever is fed
        if got.known and got.value != want.value:
            ctx.fail(codes.FEED_SHAPE, message, [key, fed, want, got])
            return False
        if not got.known:
            open_questions.append(got.eq(want))
    if not open_questions:
        return True
    saved = ctx.host.facts
    fits = ctx.require(bool_and(*open_questions), codes.FEED_SHAPE, message, [key, fed])
    ctx.host.facts = saved  # this feed constrains this call only
    return fits


def check_feeds(ctx: OpContext, feed_dict: Any) -> list[tuple[Tensor, Tensor]]:
    """Check a feed_dict; returns the (tensor, fed array) pairs that could be read."""
    if not isinstance(feed_dict, DictVal):
        return []
    feeds = []
    for key, value in feed_dict.entries:
        if not isinstance(key, Tensor) or key.is_numpy:
            continue  # "name:0" string keys: the tensor is not known here
        fed = _fed_value(ctx, value)
        if fed is None:
            continue
        if not _feed_fits(ctx, key, fed):
            return feeds
        feeds.append((key, fed))
    return feeds


# --- fetches --------------------------------------------------------------------

def _substitution(feeds: list[tuple[Tensor, Tensor]]) -> Substitution:
    """Each unknown placeholder dim (a bare symbol) paired with the dim fed for it."""
    pairs: Substitution = []
    seen: set[int] = set()  # Z3 shares terms: one symbol, one id (printing it costs more)
    for key, fed in feeds:
        for symbol, rank in rank_pairs(key, fed):  # a placeholder without a shape: the fed rank
            origins = fed.shape.origins() | ({fed.origin} if fed.origin is not None else set())
            pairs.append((symbol, rank, Dim(rank.as_long(), frozenset(origins))))
        if key.shape.dims is None or fed.shape.dims is None or len(key.shape.dims) != len(fed.shape.dims):
            continue
        for want, got in zip(key.shape.dims, fed.shape.dims):
            if want.known or not z3.is_const(want.value) or want.value.get_id() in seen:
                continue
            seen.add(want.value.get_id())
            pairs.append((want.value, got.value if not got.known else z3.IntVal(got.value), got))
    return pairs


def _at_run(deferred: Any, pairs: Substitution) -> Message:
    """The deferred message, rendered before the feed was known (its ``?``), followed by
    the fed sizes that decide it: ``... [raised when this run evaluates the op, with
    x.shape[0] = 36]`` (the fact ``fed``: those sizes, by dim name)."""
    cond = deferred.cond
    mentioned = free_symbols(cond) if not isinstance(cond, bool) else set()
    values = []
    for symbol, term, _ in pairs:
        name = str(symbol)
        if name in mentioned and z3.is_int_value(term):
            values.append((name.split("!", 1)[0], term.as_long()))
    fed = tuple(sorted(values, key=lambda pair: f"{pair[0]} = {pair[1]}"))
    return join(deferred.message, " [raised when this run evaluates the op",
                ", with {fed:assign}]" if fed else "]", fed=fed)


def _substitute(dim: Dim, pairs: Substitution) -> Dim:
    if dim.known:
        return dim
    symbols = free_symbols(dim.value)
    used = [(symbol, term, got) for symbol, term, got in pairs if str(symbol) in symbols]
    if not used:
        return dim
    origins = dim.origins.union(*(got.origins for _, _, got in used))
    return Dim(z3.substitute(dim.value, *[(symbol, term) for symbol, term, _ in used]), origins)


def fetched(ctx: OpContext, fetch: Value, feeds: list[tuple[Tensor, Tensor]], pairs: Substitution) -> Value:
    """The value ``run`` returns for one fetch structure."""
    if isinstance(fetch, Tensor):
        return _fetched_tensor(ctx, fetch, feeds, pairs)
    if isinstance(fetch, Seq):
        return Seq([fetched(ctx, item, feeds, pairs) for item in fetch.items], fetch.kind)
    if isinstance(fetch, DictVal):
        return DictVal([(key, fetched(ctx, value, feeds, pairs)) for key, value in fetch.entries])
    return UNKNOWN  # operations fetch None; names and unknowns stay unknown


def _fetched_tensor(ctx: OpContext, fetch: Tensor, feeds: list[tuple[Tensor, Tensor]],
                    pairs: Substitution) -> Value:
    if fetch.is_numpy:
        return UNKNOWN  # fetching an ndarray is a TypeError
    dtype = "object" if fetch.dtype == "string" else fetch.dtype
    for key, fed in feeds:
        if key is fetch and fed.shape.dims is not None:
            return Tensor(fed.shape, dtype, "ndarray", fed.origin or fetch.origin)
    if fetch.shape.dims is None:
        return ctx.result(None, dtype, kind="ndarray")
    dims = [_substitute(d, pairs) for d in fetch.shape.dims]
    if all(a is b for a, b in zip(dims, fetch.shape.dims)):
        return Tensor(fetch.shape, dtype, "ndarray", fetch.origin)
    return ctx.result(Shape(dims), dtype, label="fetched as", kind="ndarray")


def run_fetches(ctx: OpContext, fetches: Any, feed_dict: Any) -> Value:
    feeds = check_feeds(ctx, feed_dict)
    if ctx.failed:
        return UNKNOWN
    pairs = _substitution(feeds)
    if not check_pending(ctx, fetches, pairs):
        return UNKNOWN
    return fetched(ctx, fetches, feeds, pairs)


def check_pending(ctx: OpContext, fetches: Any, pairs: Substitution) -> bool:
    """Judge the run-time requirements of everything this run evaluates, with the
    fed dims in place of the placeholders' unknown ones (see spec.Deferred)."""
    for deferred in pending_of([fetches], fetched=True):
        if deferred.at_gradient or ctx.graph.already_failed(deferred):
            continue  # (a check that failed at an earlier run was reported there)
        cond = deferred.cond
        if cond is False:
            cond = z3.BoolVal(False)
        elif pairs:
            cond = z3.substitute(cond, *[(symbol, term) for symbol, term, _ in pairs])
        cond = z3.simplify(cond)
        fed = frozenset().union(*(got.origins for _, _, got in pairs)) if pairs else frozenset()
        involved = [deferred.site, *deferred.origins, *fed]
        if z3.is_false(cond):
            ctx.fail(deferred.code, _at_run(deferred, pairs), involved)
            ctx.graph.failed_at_run(deferred)
            return False
        if z3.is_true(cond):
            continue
        possible = ctx.host.possible_failures and not deferred.warned and _fed_every_unknown(deferred.cond, pairs)
        judgement = judge(ctx.host.facts, cond, ctx.host.limits, possible)
        if judgement.verdict is Verdict.FAILS:
            ctx.fail(deferred.code, _at_run(deferred, pairs), involved)
            ctx.graph.failed_at_run(deferred)
            return False
        if judgement.verdict is Verdict.MAY_FAIL and possible:
            _warn_at_run(ctx, deferred, judgement, involved)
    return True


def _fed_every_unknown(cond: Any, pairs: Substitution) -> bool:
    """Whether this run feeds every placeholder dim the requirement mentions (with an array
    of known rank): only then do the sizes that may differ come from this run's own data.
    A placeholder left to an array of unknown shape says nothing of what the run feeds."""
    if isinstance(cond, bool):
        return False
    fed = {str(symbol) for symbol, _, _ in pairs}
    return all(name in fed for name in free_symbols(cond) if DECLARED_NONE_TEXT in name)


@dataclass
class PossibleRuns:
    """The (run line, op) pairs already warned about (ST201 at a run), for one analysis (a
    holder of ``analysis.Analysis``): a run line inside a loop is evaluated many times."""

    warned: set[tuple[int, int]] = field(default_factory=set)


def _warn_at_run(ctx: OpContext, deferred: Any, judgement: Any, involved: list) -> None:
    """ST201 at the run whose fed sizes may make the op fail, once per run line and op."""
    seen = analysis.current().holder(PossibleRuns).warned
    key = (id(ctx.site.node), id(deferred.site.node))
    if key in seen:
        return
    seen.add(key)
    example = tuple((name.split("!", 1)[0], value) for name, value in sorted(judgement.counterexample.items()))
    template = "{requirement} [may be raised when this run evaluates the op" + \
        (", when {counterexample:assign}]" if example else "]")
    ctx.host.report(codes.POSSIBLE_FAILURE, Message(template, requirement=deferred.message,
                                                    requirement_code=str(deferred.code), counterexample=example),
                    ctx.site, [o for o in involved if not o.same_site(ctx.site)], confidence="possible")


@op("tf.Session.run", "tf.InteractiveSession.run")
def session_run(ctx: OpContext, self, fetches, feed_dict=None, options=None, run_metadata=None):
    return run_fetches(ctx, fetches, feed_dict)


@op("Tensor.eval")
def tensor_eval(ctx: OpContext, self, feed_dict=None, session=None):
    return run_fetches(ctx, self, feed_dict)


@op("tf.Operation.run")
def operation_run(ctx: OpContext, self, feed_dict=None, session=None):
    feeds = check_feeds(ctx, feed_dict)
    if not ctx.failed:
        check_pending(ctx, self, _substitution(feeds))
    return NONE


# --- initializers -------------------------------------------------------------------

def _operation(ctx: OpContext) -> Obj:
    return Obj("tf.Operation", origin=ctx.site)


@op("tf.global_variables_initializer", "tf.initialize_all_variables", "tf.local_variables_initializer",
    "tf.initialize_local_variables")
def global_variables_initializer(ctx: OpContext):
    return _operation(ctx)


@op("tf.variables_initializer", "tf.initialize_variables")
def variables_initializer(ctx: OpContext, var_list, name="init"):
    return _operation(ctx)


@op("tf.tables_initializer")
def tables_initializer(ctx: OpContext, name="init_all_tables"):
    return _operation(ctx)


# --- optimizers -----------------------------------------------------------------------

def _optimizer(ctx: OpContext, kernel: str, learning_rate: Any) -> Obj:
    """An optimizer remembers its learning rate and the Apply* kernel that uses it."""
    return Obj("tf.train.Optimizer", {"learning_rate": learning_rate, "kernel": Const(kernel)}, ctx.site)


@op("tf.train.GradientDescentOptimizer")
def gradient_descent(ctx: OpContext, learning_rate, use_locking=False, name="GradientDescent"):
    return _optimizer(ctx, "ApplyGradientDescent", learning_rate)


@op("tf.train.AdamOptimizer")
def adam(ctx: OpContext, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, use_locking=False,
         name="Adam"):
    return _optimizer(ctx, "ApplyAdam", learning_rate)


@op("tf.train.MomentumOptimizer")
def momentum(ctx: OpContext, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
    return _optimizer(ctx, "ApplyMomentum", learning_rate)


@op("tf.train.RMSPropOptimizer")
def rmsprop(ctx: OpContext, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False,
            centered=False, name="RMSProp"):
    return _optimizer(ctx, "ApplyRMSProp", learning_rate)


@op("tf.train.AdagradOptimizer")
def adagrad(ctx: OpContext, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
    return _optimizer(ctx, "ApplyAdagrad", learning_rate)


@op("tf.train.AdadeltaOptimizer")
def adadelta(ctx: OpContext, learning_rate=0.001, rho=0.95, epsilon=1e-08, use_locking=False, name="Adadelta"):
    return _optimizer(ctx, "ApplyAdadelta", learning_rate)


@op("tf.train.FtrlOptimizer")
def ftrl(ctx: OpContext, learning_rate, learning_rate_power=-0.5, initial_accumulator_value=0.1,
         l1_regularization_strength=0.0, l2_regularization_strength=0.0, use_locking=False, name="Ftrl",
         accum_name=None, linear_name=None, l2_shrinkage_regularization_strength=0.0, beta=None):
    return _optimizer(ctx, "ApplyFtrl", learning_rate)


def _learning_rate_is_scalar(ctx: OpContext, optimizer: Any) -> bool:
    """The Apply* kernels take the learning rate as a rank-0 input."""
    if not isinstance(optimizer, Obj) or optimizer.type_name != "tf.train.Optimizer":
        return True
    rate = ctx.tensor(optimizer.attrs.get("learning_rate", UNKNOWN))
    if rate is None or rate.shape.rank in (None, 0):
        return True
    kernel = ctx.str(optimizer.attrs.get("kernel")) or "Apply"
    ctx.fail(codes.SCALAR_REQUIRED, ctx.msg(messages.shape_must_be_rank(0, rate.shape.rank),
                                            " for '{kernel}': the learning rate must be a scalar, but has shape "
                                            "{shape:tf}", kernel=kernel, shape=rate.shape), [rate])
    return False


@op("tf.train.Optimizer.minimize")
def minimize(ctx: OpContext, self, loss, global_step=None, var_list=None, gate_gradients=1,
             aggregation_method=None, colocate_gradients_with_ops=False, name=None, grad_loss=None):
    """A vector loss is accepted (its sum is differentiated); the gradient graph is built
    here, and the learning rate is checked."""
    if not gradients_build(ctx, loss):
        return _operation(ctx)
    _learning_rate_is_scalar(ctx, self)
    # the train op evaluates what the gradients need: not what lies behind tf.stop_gradient
    ctx.pending_override = tuple(d for d in pending_of([loss, self]) if not d.no_gradient)
    return _operation(ctx)


def gradients_build(ctx: OpContext, ys: Any) -> bool:
    """Building the gradient graph of ``ys`` runs the checks ops left for it (a
    conv2d_transpose whose output_shape does not invert its input: the gradient's static
    shape clashes with the input's); False after a failure."""
    for deferred in pending_of([ys]):
        if deferred.at_gradient and deferred.cond is False and not ctx.graph.already_failed(deferred):
            ctx.fail(deferred.code, deferred.message, [deferred.site, *deferred.origins])
            ctx.graph.failed_at_run(deferred)
            return False
    return True


@op("tf.train.Optimizer.apply_gradients")
def apply_gradients(ctx: OpContext, self, grads_and_vars, global_step=None, name=None):
    _learning_rate_is_scalar(ctx, self)
    return _operation(ctx)


@op("tf.train.Optimizer.compute_gradients")
def compute_gradients(ctx: OpContext, self, loss, var_list=None, gate_gradients=1, aggregation_method=None,
                      colocate_gradients_with_ops=False, grad_loss=None):
    gradients_build(ctx, loss)
    return UNKNOWN


@op("tf.gradients")
def gradients(ctx: OpContext, ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False,
              gate_gradients=False, aggregation_method=None, stop_gradients=None,
              unconnected_gradients="none"):
    gradients_build(ctx, ys)
    return UNKNOWN


# --- summaries --------------------------------------------------------------------------

@op("tf.summary.scalar")
def summary_scalar(ctx: OpContext, name, tensor=None, collections=None, family=None, *, data=None, step=None,
                   description=None):
    """TF1 ``scalar(name, tensor, collections, family)`` and TF2 ``scalar(name, data, step,
    description)`` share a canonical name; ``step=``/``data=`` mark the TF2 spelling."""
    tf2 = not ctx.is_none(step) or not ctx.is_none(data)
    value = ctx.tensor(data if ctx.is_none(tensor) else tensor)
    if value is None or value.shape.rank in (None, 0):
        return ctx.result([], "bool" if tf2 else "string")
    if tf2:
        message = ctx.msg("Expected scalar shape, saw shape: {shape:tuple}.", shape=value.shape)
    else:
        tag = ctx.str(name) or "?"
        message = ctx.msg("tags and values are not the same shape: [] != {shape:tf} (tag '{tag}')", shape=value.shape,
                          tag=tag)
    if not tf2 and ctx.graph.mode:
        # TF1's ScalarSummary kernel checks the shape: the run that evaluates the summary
        # (usually through tf.summary.merge_all) fails, not this line
        ctx.fail(codes.SCALAR_REQUIRED, message, [value], runtime=True)
        result = ctx.result([], "string")
        if ctx.is_none(collections):  # merge_all reads the default collection
            ctx.graph.summary_pending.extend(ctx.deferred + list(pending_of([value])))
        return result
    ctx.fail(codes.SCALAR_REQUIRED, message, [value])
    return ctx.unknown_tensor()


@op("tf.summary.merge_all")
def summary_merge_all(ctx: OpContext, key=None, scope=None, name=None):
    """The merged summary evaluates every TF1 summary made so far in the default collection,
    with their run-time checks (another key or a scope: not followed)."""
    summaries = ctx.graph.summary_pending
    if summaries and ctx.is_none(key) and ctx.is_none(scope):
        ctx.pending_override = tuple(dict.fromkeys(summaries))
    return ctx.result([], "string")


@op("tf.reset_default_graph")
def reset_default_graph(ctx: OpContext):
    """A new graph: its summaries and variables start empty."""
    ctx.graph.reset()
    return NONE


@op("tf.summary.merge")
def summary_merge(ctx: OpContext, inputs, collections=None, name=None):
    return ctx.result([], "string")


# --- examples ---------------------------------------------------------------------------

def _placeholder(*dims: int | None, name: str | None = "Placeholder") -> Tensor:
    return Tensor(Shape.of(*dims), "float32", "placeholder", name=name)


_SESS = Obj("tf.Session")
_X = _placeholder(None, 784)
_Y = _placeholder(None, 10, name="y_input")
_LOGITS = Tensor(Shape([_X.shape.dims[0], Dim(10)]), "float32")  # derived from X: its batch is X's
_LOSS = Tensor(Shape([]), "float32")
_ROWS = _placeholder(64, 784, name="x")
_LABELS = Tensor(Shape.of(None), "int64", "placeholder", name="labels")
_ADAM = Obj("tf.train.Optimizer", {"learning_rate": Const(0.001), "kernel": Const("ApplyAdam")})
_BAD_ADAM = Obj("tf.train.Optimizer", {"learning_rate": T(2), "kernel": Const("ApplyAdam")})


def _literal(value: Any) -> Value:
    """A Python literal as the abstract value the interpreter would make of it."""
    if isinstance(value, Value):
        return value
    if isinstance(value, list):
        return Seq([_literal(v) for v in value], "list")
    return Const(value)


def _feed(*pairs: tuple[Tensor, Any]) -> DictVal:
    return DictVal([(key, _literal(value)) for key, value in pairs])


EXAMPLES = [
    ok("tf.Session.run", _SESS, _LOGITS, feed_dict=_feed((_X, A(32, 784))), expect=[32, 10]),
    ok("tf.Session.run", _SESS, _X, _feed((_X, A(5, 784))), expect=[5, 784]),
    ok("tf.Session.run", _SESS, _LOSS, _feed((_X, A(None, 784)), (_Y, A(None, 10))), expect=[]),
    ok("tf.Session.run", _SESS, [_LOSS, _LOGITS], _feed((_X, [[0.0] * 784])), expect=([], [1, 10])),
    ok("tf.Session.run", _SESS, _LOSS, _feed((_ROWS, A(None, 784))), expect=[]),  # the last batch may be short
    ok("tf.Session.run", _SESS, Obj("tf.Operation"), expect=UNKNOWN),
    ok("tf.Session.run", _SESS, _LABELS, _feed((_LABELS, A(7, dtype="int64"))), expect=[7]),
    bad("tf.Session.run", _SESS, _LOSS, feed_dict=_feed((_X, A(32, 28, 28))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (32, 28, 28) for Tensor Placeholder:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_X, A(784))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (784,) for Tensor Placeholder:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_X, A(None, 28))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (?, 28) for Tensor Placeholder:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_X, A(32, 784)), (_Y, A(32, 1))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (32, 1) for Tensor y_input:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_LABELS, A(5, 1))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (5, 1) for Tensor labels:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_ROWS, A(40, 784))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (40, 784) for Tensor x:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_X, 3.0)), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape () for Tensor Placeholder:0"),
    bad("tf.Session.run", _SESS, _LOSS, _feed((_LABELS, [[1, 2], [3]])), code=codes.NUMPY_SHAPE,
        message="setting an array element with a sequence"),
    ok("tf.InteractiveSession.run", Obj("tf.InteractiveSession"), _LOGITS, _feed((_X, A(8, 784))),
       expect=[8, 10]),
    bad("tf.InteractiveSession.run", Obj("tf.InteractiveSession"), _LOSS, _feed((_Y, A(8, 5))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (8, 5) for Tensor y_input:0"),
    ok("Tensor.eval", _LOGITS, feed_dict=_feed((_X, A(3, 784))), expect=[3, 10]),
    ok("Tensor.eval", _LOSS, expect=[]),
    bad("Tensor.eval", _LOGITS, feed_dict=_feed((_X, A(3, 3))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (3, 3) for Tensor Placeholder:0"),
    ok("tf.Operation.run", Obj("tf.Operation"), feed_dict=_feed((_X, A(3, 784))), expect=Const(None)),
    bad("tf.Operation.run", Obj("tf.Operation"), feed_dict=_feed((_X, A(3, 78))), code=codes.FEED_SHAPE,
        message="Cannot feed value of shape (3, 78) for Tensor Placeholder:0"),
    ok("tf.Session", expect=instance_of("tf.Session")),
    ok("tf.InteractiveSession", expect=instance_of("tf.InteractiveSession")),
    ok("tf.Session.__enter__", _SESS, expect=instance_of("tf.Session")),  # ``with tf.Session() as sess``
    ok("tf.Session.close", _SESS, expect=Const(None)),
    *[ok(name, expect=instance_of("tf.Operation")) for name in (
        "tf.initialize_all_variables", "tf.local_variables_initializer", "tf.initialize_local_variables",
        "tf.tables_initializer")],
    ok("tf.initialize_variables", [T(3)], expect=instance_of("tf.Operation")),
    # every TF1 optimizer remembers the Apply kernel that takes its (scalar) learning rate
    *[ok(f"tf.train.{name}", *args, expect=instance_of("tf.train.Optimizer", kernel=kernel))
      for name, args, kernel in (("MomentumOptimizer", (0.01, 0.9), "ApplyMomentum"),
                                 ("RMSPropOptimizer", (0.001,), "ApplyRMSProp"),
                                 ("AdagradOptimizer", (0.01,), "ApplyAdagrad"),
                                 ("AdadeltaOptimizer", (), "ApplyAdadelta"),
                                 ("FtrlOptimizer", (0.1,), "ApplyFtrl"))],
    bad("tf.train.Optimizer.minimize", Obj("tf.train.Optimizer", {"learning_rate": T(2), "kernel": Const("ApplyMomentum")}),
        _LOSS, code=codes.SCALAR_REQUIRED,
        message="Shape must be rank 0 but is rank 1 for 'ApplyMomentum'"),
    ok("tf.train.Optimizer.compute_gradients", _ADAM, _LOSS, expect=UNKNOWN),
    ok("tf.gradients", _LOSS, [T(784, 10)], expect=UNKNOWN),
    ok("tf.summary.merge_all", expect=[]),
    ok("tf.summary.merge", [T(), T()], expect=[]),
    ok("tf.reset_default_graph", expect=Const(None)),
    ok("tf.global_variables_initializer", expect=instance_of("tf.Operation")),
    ok("tf.variables_initializer", [T(3)], expect=instance_of("tf.Operation")),
    ok("tf.train.AdamOptimizer", 0.001, expect=instance_of("tf.train.Optimizer")),
    ok("tf.train.GradientDescentOptimizer", T(), expect=instance_of("tf.train.Optimizer")),
    ok("tf.train.Optimizer.minimize", _ADAM, _LOSS, expect=instance_of("tf.Operation")),
    ok("tf.train.Optimizer.minimize", _ADAM, T(None),
       expect=instance_of("tf.Operation")),  # a vector loss is summed: accepted
    bad("tf.train.Optimizer.minimize", _BAD_ADAM, _LOSS, code=codes.SCALAR_REQUIRED,
        message="Shape must be rank 0 but is rank 1 for 'ApplyAdam'"),
    ok("tf.train.Optimizer.apply_gradients", _ADAM, UNKNOWN, expect=instance_of("tf.Operation")),
    bad("tf.train.Optimizer.apply_gradients", _BAD_ADAM, UNKNOWN, code=codes.SCALAR_REQUIRED,
        message="Shape must be rank 0 but is rank 1 for 'ApplyAdam'"),
    ok("tf.summary.scalar", "loss", _LOSS, expect=[]),
    ok("tf.summary.scalar", "loss", 0.5, step=1, expect=[]),
    ok("tf.summary.scalar", "loss", T(rank_unknown=True), expect=[]),
    bad("tf.summary.scalar", "loss", T(None), code=codes.SCALAR_REQUIRED,
        message="tags and values are not the same shape: [] != [?]"),
    bad("tf.summary.scalar", "loss", T(1), code=codes.SCALAR_REQUIRED,
        message="tags and values are not the same shape: [] != [1]"),
    bad("tf.summary.scalar", "loss", data=T(2), step=3, code=codes.SCALAR_REQUIRED,
        message="Expected scalar shape, saw shape"),
]
