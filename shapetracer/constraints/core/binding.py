"""Binding a call's abstract arguments to a spec's parameters, as Python would.

``inspect.Signature.bind`` is general and slow (about 20 µs a call); specs are bound once per
modelled call, a hundred thousand times on a large project.  A ``Binder`` reads the
signature once and binds with plain dict and tuple work.  It gives exactly what
``Signature.bind(...).arguments`` gives (the parameters the call passed, in parameter
order, ``*args`` as a tuple and ``**kwargs`` as a dict) and raises ``TypeError`` where
Python would; a spec is then called with the call's own arguments, which bind the same way.

>>> def spec(ctx, x, axis=None, *rest, name=None, **kwargs): ...
>>> Binder(inspect.signature(spec)).bind(("ctx", 1), {"name": "n"})
{'ctx': 'ctx', 'x': 1, 'name': 'n'}
>>> Binder(inspect.signature(spec)).bind(("ctx",), {})
Traceback (most recent call last):
TypeError: missing a required argument: 'x'
"""

from __future__ import annotations

import inspect
from typing import Any

_P = inspect.Parameter


class Binder:
    """A signature read once: which names take positions, which are required, where the rest go."""

    __slots__ = ("positional", "varargs", "keyword_only", "varkw", "required", "positional_only", "signature")

    def __init__(self, signature: inspect.Signature):
        self.signature = signature
        params = list(signature.parameters.values())
        self.positional = tuple(p.name for p in params if p.kind in (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD))
        self.positional_only = frozenset(p.name for p in params if p.kind is _P.POSITIONAL_ONLY)
        self.varargs = next((p.name for p in params if p.kind is _P.VAR_POSITIONAL), None)
        self.varkw = next((p.name for p in params if p.kind is _P.VAR_KEYWORD), None)
        # every parameter after the positional ones, in order, as keywords may fill them
        self.keyword_only = tuple(p.name for p in params if p.kind is _P.KEYWORD_ONLY)
        self.required = frozenset(p.name for p in params if p.default is _P.empty
                                  and p.kind not in (_P.VAR_POSITIONAL, _P.VAR_KEYWORD))

    def bind(self, args: tuple, kwargs: dict[str, Any]) -> dict[str, Any]:
        """The bound arguments (``BoundArguments.arguments``); TypeError where the call cannot bind."""
        positional = self.positional
        count = len(args)
        if count > len(positional) and self.varargs is None:
            raise TypeError("too many positional arguments")
        arguments: dict[str, Any] = {}
        for name, value in zip(positional, args):
            if name in kwargs and name not in self.positional_only:
                raise TypeError(f"multiple values for argument {name!r}")
            arguments[name] = value
        if count > len(positional):
            arguments[self.varargs] = tuple(args[len(positional):])
        if not kwargs and count >= len(positional) and not self.keyword_only:
            return arguments  # the common call: positions only, nothing left to fill
        rest = dict(kwargs)
        for name in positional[count:] + self.keyword_only:
            if name in rest:
                if name in self.positional_only:
                    raise TypeError(f"{name!r} parameter is positional only, but was passed as a keyword")
                arguments[name] = rest.pop(name)
            elif name in self.required:
                raise TypeError(f"missing a required argument: {name!r}")
        if rest:
            if self.varkw is None:
                raise TypeError(f"got an unexpected keyword argument {next(iter(rest))!r}")
            if self.varkw in self.positional + self.keyword_only:
                raise TypeError("ambiguous keyword")  # never in a spec; leave it to inspect's wording
            arguments[self.varkw] = rest
        return arguments
