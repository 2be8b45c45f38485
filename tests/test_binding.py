"""The fast binder gives what ``inspect.Signature.bind`` gives, for every spec's signature."""

from __future__ import annotations

import doctest
import inspect
import itertools

import pytest

from shapetracer.constraints.core import binding
from shapetracer.constraints.core.binding import Binder
from shapetracer.constraints import SPECS, family_modules


def _inspect(signature: inspect.Signature, args: tuple, kwargs: dict):
    try:
        return signature.bind(*args, **kwargs).arguments
    except TypeError:
        return TypeError


def _fast(binder: Binder, args: tuple, kwargs: dict):
    try:
        return binder.bind(args, kwargs)
    except TypeError:
        return TypeError


def _calls(signature: inspect.Signature):
    """Positional counts 1..n+2 and keyword sets drawn from the parameter names and a stranger."""
    names = [p.name for p in signature.parameters.values()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)][1:]
    keywords = names[:4] + ["not_a_parameter"]
    for count in range(1, len(names) + 3):
        for size in range(0, 3):
            for chosen in itertools.combinations(keywords, size):
                yield tuple(range(count)), {k: k for k in chosen}


def test_every_spec_binds_as_inspect_does():
    family_modules()
    seen = set()
    compared = 0
    for spec in SPECS.values():
        if id(spec) in seen:
            continue
        seen.add(id(spec))
        for args, kwargs in _calls(spec.signature):
            want = _inspect(spec.signature, args, kwargs)
            got = _fast(spec.binder, args, kwargs)
            assert got == want, (spec.names[0], args, kwargs)
            if want is not TypeError:
                assert list(got) == list(want), (spec.names[0], args, kwargs)  # parameter order
            compared += 1
    assert compared > 10_000


@pytest.mark.parametrize("source", [
    "def f(ctx, x, /, y=1): ...",
    "def f(ctx, *values, axis=0): ...",
    "def f(ctx, *, required): ...",
    "def f(ctx, a, b=2, *rest, c, d=4, **extra): ...",
])
def test_unusual_signatures(source):
    namespace: dict = {}
    exec(source, namespace)
    signature = inspect.signature(namespace["f"])
    binder = Binder(signature)
    for args, kwargs in _calls(signature):
        for extra in ({}, {"x": 1}, {"required": 3}, {"c": 5}, {"rest": 6}):
            merged = {**kwargs, **extra}
            assert _fast(binder, args, merged) == _inspect(signature, args, merged), (source, args, merged)


def test_docstring_examples():
    assert doctest.testmod(binding).failed == 0
