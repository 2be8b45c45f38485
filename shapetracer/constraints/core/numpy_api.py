"""APIs that follow numpy's rules on tensors: ``keras.ops`` and ``tf.experimental.numpy``.

Both promise numpy's semantics (shapes, broadcasting, ``dot``'s contraction of the last
axis with the second-to-last, ``transpose``'s reversal of every axis), so their specs are
numpy's, run under the API's own name, with two differences: the result is a tensor (a
backend tensor, or a symbolic ``KerasTensor`` on ``keras.Input``s), and the dtype rules
are the API's, not numpy's.  Neither refuses mixed dtypes: ``keras.ops`` promotes (int32
with float64 gives float64, a Python float with int32 float32, Keras' floatx), so a result
keeps a dtype only where every tensor argument had that one; created values default to
float32/int32 where numpy's default to float64/int64.

A spec is made by ``numpy_backed(numpy_name, positional, keywords)``: the API's parameters
in order, those passed on positionally and those passed by (possibly another) name.
"""

from __future__ import annotations

from typing import Any, Callable

from shapetracer.constraints.core.spec import SPECS, OpContext, Seq, Tensor, call_spec
from shapetracer.rules.message import Message
from shapetracer.domain.values import UNKNOWN, Value

_DEFAULTS = {"float64": "float32", "int64": "int32"}  # Keras' floatx and default int


def _tensors(values: list[Any]) -> list[Tensor]:
    found = []
    for value in values:
        if isinstance(value, Tensor):
            found.append(value)
        elif isinstance(value, Seq):
            found.extend(_tensors(value.items))
    return found


def _as_tensor(result: Value, dtype: str | None) -> Value:
    """The API's result: tensors where numpy made arrays, with the API's dtype."""
    if isinstance(result, Tensor):
        return Tensor(result.shape, dtype, "tensor", result.origin, None, result.elements, result.pending)
    if isinstance(result, Seq):
        return Seq([_as_tensor(item, dtype) for item in result.items], result.kind, result.sized)
    return result


def result_dtype(arguments: list[Any], numpy_dtype: str | None, keras_defaults: bool = True) -> str | None:
    """A dtype every tensor argument shares, else (mixed: promoted by the API's own rules)
    unknown; without tensor arguments, numpy's dtype (with Keras' defaults for keras.ops)."""
    tensors = _tensors(arguments)
    if not tensors:
        return _DEFAULTS.get(numpy_dtype or "", numpy_dtype) if keras_defaults else numpy_dtype
    dtypes = {t.dtype for t in tensors}
    return dtypes.pop() if len(dtypes) == 1 else None


# The API's own words for a failure numpy's spec found: (ctx, arguments, code) -> message, or
# None to keep numpy's.
Words = Callable[[OpContext, list[Any], str], "Message | None"]


def _run_numpy(ctx: OpContext, numpy_name: str, args: list[Any], kwargs: dict[str, Any],
               keras_defaults: bool, words: Words | None = None) -> Value:
    """numpy's spec under the API's name; its result made the API's, its failures in the
    API's words where ``words`` has them."""
    numpy_spec = SPECS.get(numpy_name)
    if numpy_spec is None:
        return UNKNOWN
    inner = OpContext(ctx.host, ctx.api, ctx.site)
    if words is None:
        result = call_spec(numpy_spec, inner, args, kwargs)
    else:
        caught: list = []
        try:
            with ctx.host.catching(lambda site: site is ctx.site) as caught:
                result = call_spec(numpy_spec, inner, args, kwargs)
        finally:
            for code, message, _, related in caught:
                better = words(ctx, args + list(kwargs.values()), code)
                ctx.host.report(code, ctx.msg(better) if better is not None else message, ctx.site, related)
    ctx.failed = inner.failed
    ctx.deferred.extend(inner.deferred)
    if inner.failed:
        return UNKNOWN
    numpy_dtype = result.dtype if isinstance(result, Tensor) else None
    return _as_tensor(result, result_dtype(args + list(kwargs.values()), numpy_dtype, keras_defaults))


def numpy_alias(numpy_name: str, check: Callable[[OpContext, list[Any], dict[str, Any]], bool] | None = None
                ) -> Callable[..., Value]:
    """A spec for an API with numpy's own signature and dtypes (tf.experimental.numpy)."""

    def spec(ctx: OpContext, *args: Any, **kwargs: Any) -> Value:
        if check is not None and not check(ctx, list(args), kwargs):
            return UNKNOWN
        return _run_numpy(ctx, numpy_name, list(args), kwargs, keras_defaults=False)

    spec.__name__ = numpy_name.rsplit(".", 1)[-1]
    return spec


def numpy_backed(numpy_name: str, positional: tuple[str, ...], keywords: dict[str, str] | None = None,
                 check: Callable[[OpContext, dict[str, Any]], bool] | None = None,
                 words: Words | None = None) -> Callable[..., Value]:
    """A spec for an API call with parameters ``positional`` + ``keywords`` (in that order),
    run as ``numpy_name(*positional, **{numpy keyword: value})``.  ``check`` may refuse the
    call first (the API's own argument checks), returning False after its report."""
    keywords = keywords or {}
    rest = positional[-1].startswith("*") if positional else False  # ("subscripts", "*operands")
    if rest:
        positional = positional[:-1]
    order = list(positional) + list(keywords)

    def spec(ctx: OpContext, *args: Any, **kwargs: Any) -> Value:
        extra: list[Any] = []
        if rest:
            args, extra = args[:len(positional)], list(args[len(positional):])
        if len(args) > len(order):
            return UNKNOWN
        bound = dict(zip(order, args))
        for name, value in kwargs.items():
            if name not in keywords and name not in positional or name in bound:
                return UNKNOWN  # an argument numpy's spec would not read the same way
            bound[name] = value
        if check is not None and not check(ctx, bound):
            return UNKNOWN
        present = [name in bound for name in positional]
        if any(later and not earlier for earlier, later in zip(present, present[1:])):
            return UNKNOWN  # a gap: numpy would read the later one at the wrong position
        given = [bound[name] for name in positional if name in bound] + extra
        return _run_numpy(ctx, numpy_name, given, {keywords[k]: v for k, v in bound.items() if k in keywords},
                          keras_defaults=True, words=words)

    spec.__name__ = numpy_name.rsplit(".", 1)[-1]
    return spec


__all__ = ["Words", "numpy_alias", "numpy_backed", "result_dtype"]

