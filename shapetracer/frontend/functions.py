"""User functions, analysed at each call site with the caller's argument values.

A model builder called with ``[None, 28, 28, 1]`` is checked with that shape.  Each call
is a frame: the function's module becomes the running one, its parameters are bound in a
new path that starts from the caller's facts, and the closures it sees are pushed on the
run's stack.  Depth is bounded and recursion stops at once with an unknown result.
"""

from __future__ import annotations

import libcst as cst

from shapetracer.domain.dims import Origin
from shapetracer.domain.state import State, StopPath, merge_all, merge_states
from shapetracer.domain.values import NONE, UNKNOWN, Const, DictVal, Function, Obj, Seq, Value
from shapetracer.frontend.dispatch import Dispatch
from shapetracer.frontend.run import Run
from shapetracer.frontend.scope import child_nodes


class Functions:
    """Calls of user functions and lambdas; generators expanded into what they yield."""

    def __init__(self, run: Run, dispatch: Dispatch):
        self.run = run
        self.eval = dispatch.eval
        self.exec_block = dispatch.exec_block
        self._generators: dict[int, bool] = {}  # FunctionDef id -> whether it yields

    def call_function(self, fn: Function, args: list[Value], kwargs: dict[str, Value],
                      unknown_args: bool = False) -> Value:
        run = self.run
        node = fn.node
        run.called.add(id(node))
        depth = sum(1 for frame in run.call_stack if frame is node)
        if len(run.call_stack) >= run.bounds.call_depth or depth >= 1:
            _open_dicts(args, kwargs)  # the body is not run: what it adds to them is not seen
            return UNKNOWN
        if not unknown_args and not _binds(node.params, len(args), kwargs):
            # Python raises TypeError here (a stale call: missing or unexpected arguments);
            # any binding the analysis made up would put values where the program has none
            _open_dicts(args, kwargs)
            return UNKNOWN
        caller_state, caller_scope = run.state, run.scope
        run.callers.append((caller_scope, run.current_place))
        run.scope = fn.module
        facts = caller_state.facts if caller_state is not None else State({}).facts
        run.call_stack.append(node)
        closures = run.closures
        closures.append([fn.closure] if fn.closure is not None else [])
        raised = False
        try:
            env = self._bind_parameters(fn, args, kwargs, unknown_args)
            run.open_kwargs = False  # read by this call's binding only
            start = State(env, facts)
            if isinstance(node, cst.Lambda):
                run.state = start
                result = self.eval(node.body)
                end_facts = run.state.facts
            elif "yield" in fn.module.text and _is_generator(node, self._generators):
                result, end_facts = self._expand_generator(node, start)
            else:
                states = self.exec_block(node.body.body, [start])
                if states and all(s.flow == "raise" for s in states):
                    raised = True
                result, end_facts = _collect_return(states)
        finally:
            closures.pop()
            run.call_stack.pop()
            run.callers.pop()
            run.scope = caller_scope
            run.state = caller_state
        if caller_state is not None:
            caller_state.facts = end_facts
        if raised and not unknown_args:
            raise StopPath()  # every path through the callee raised
        return result

    def _expand_generator(self, node: cst.FunctionDef, start: State):
        """Run a generator's body, collecting what it yields.  With no fork or
        loop summary on the way the yields are exact (a list); otherwise the
        result is a generator whose every item is their join."""
        run = self.run
        before = run.approximations
        run.yields.append([])
        try:
            states = self.exec_block(node.body.body, [start])
        finally:
            yielded = run.yields.pop()
        _, end_facts = _collect_return(states)
        if run.approximations == before and len(yielded) <= 10_000:
            return Seq(yielded, "list"), end_facts
        element = merge_all(yielded) if yielded else UNKNOWN
        return Obj("generator", {"element": element}), end_facts

    def _bind_parameters(self, fn: Function, args, kwargs, unknown_args: bool) -> dict[str, Value]:
        params: cst.Parameters = fn.node.params
        env: dict[str, Value] = {}
        positional = list(params.posonly_params) + list(params.params)
        remaining = list(args)
        kwargs = dict(kwargs)
        for param in positional:
            name = param.name.value
            if remaining:
                env[name] = remaining.pop(0)
            elif name in kwargs:
                env[name] = kwargs.pop(name)
            elif unknown_args:
                env[name] = UNKNOWN
            elif param.default is not None:
                env[name] = self._default(fn, param.default)
            else:
                env[name] = UNKNOWN
        if isinstance(params.star_arg, cst.Param):
            env[params.star_arg.name.value] = UNKNOWN if unknown_args else Seq(remaining, "tuple")
        for param in params.kwonly_params:
            name = param.name.value
            if name in kwargs:
                env[name] = kwargs.pop(name)
            elif param.default is not None and not unknown_args:
                env[name] = self._default(fn, param.default)
            else:
                env[name] = UNKNOWN
        if params.star_kwarg is not None:
            # the keywords the call gives are all its keys, unless it spread a dict of unknown keys
            env[params.star_kwarg.name.value] = UNKNOWN if unknown_args else DictVal(
                [(Const(k), v) for k, v in kwargs.items()],
                complete=None if self.run.open_kwargs else Origin(fn.module.path, params.star_kwarg, fn.module))
        return env

    def _default(self, fn: Function, default: cst.BaseExpression) -> Value:
        return self.run.with_state(State(dict(fn.module.globals)), lambda: self.eval(default))


def _open_dicts(args, kwargs) -> None:
    """Dicts given to a call whose body is not run may gain keys there."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, DictVal):
            value.complete = None


def binding_error(params: cst.Parameters, n_args: int, keywords, callee: str) -> str | None:
    """Python's TypeError when ``n_args`` positional arguments and the named ``keywords``
    do not bind to ``params`` (``callee`` as the message names it, ``VGG16``), else None.
    Checked in CPython's order: a keyword that names no parameter or one already filled,
    too many positional arguments, then the required parameters left without a value."""
    positional = list(params.posonly_params) + list(params.params)
    by_keyword = {p.name.value for p in params.params} | {p.name.value for p in params.kwonly_params}
    filled = {p.name.value for p in positional[:n_args]}
    posonly = {p.name.value for p in params.posonly_params}
    for name in keywords:
        if name in filled and name not in posonly:
            return f"{callee}() got multiple values for argument '{name}'"
        if name not in by_keyword and params.star_kwarg is None:
            if name in posonly:
                return f"{callee}() got some positional-only arguments passed as keyword arguments: '{name}'"
            return f"{callee}() got an unexpected keyword argument '{name}'"
    if n_args > len(positional) and not isinstance(params.star_arg, cst.Param):
        keyword_only = sum(1 for p in params.kwonly_params if p.name.value in keywords)
        given = f"{_count(n_args, 'positional argument')} (and {_count(keyword_only, 'keyword-only argument')}) were" \
            if keyword_only else f"{n_args} {'was' if n_args == 1 else 'were'}"
        return f"{callee}() takes {_positional_count(positional)} but {given} given"
    missing = [p.name.value for p in positional[n_args:] if p.default is None and p.name.value not in keywords]
    if missing:
        return f"{callee}() missing {_count(len(missing), 'required positional argument')}: {_listing(missing)}"
    missing = [p.name.value for p in params.kwonly_params if p.default is None and p.name.value not in keywords]
    if missing:
        return f"{callee}() missing {_count(len(missing), 'required keyword-only argument')}: {_listing(missing)}"
    return None


def _binds(params: cst.Parameters, n_args: int, kwargs: dict[str, Value]) -> bool:
    """Whether Python binds ``n_args`` positional arguments and ``kwargs`` to ``params``."""
    return binding_error(params, n_args, kwargs, "") is None


def _positional_count(positional: list[cst.Param]) -> str:
    """``1 positional argument``, ``from 1 to 2 positional arguments``, as CPython counts them."""
    least = sum(1 for p in positional if p.default is None)
    if least == len(positional):
        return _count(least, "positional argument")
    return f"from {least} to {len(positional)} positional arguments"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _listing(names: list[str]) -> str:
    """'a', 'a' and 'b', 'a', 'b', and 'c': CPython's listing of missing arguments."""
    quoted = [f"'{name}'" for name in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _is_generator(node: cst.FunctionDef, cache: dict[int, bool]) -> bool:
    """Whether the function's own body (not nested defs) contains yield.
    ``cache`` lives as long as the trees it is keyed on (one analysis).  A plain
    walk over ``children``: libcst's visitor machinery costs ten times more."""
    key = id(node)
    if key not in cache:
        found = False
        stack = list(child_nodes(node.body))
        while stack and not found:
            current = stack.pop()
            if isinstance(current, cst.Yield):
                found = True
            elif not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                stack.extend(child_nodes(current))
        cache[key] = found
    return cache[key]


def _collect_return(states: list[State]):
    returned = [s.returned for s in states if s.flow == "return" and s.returned is not None]
    fell_through = [s for s in states if s.flow is None]
    values = returned + ([NONE] if fell_through else [])
    result = merge_all(values) if values else UNKNOWN
    usable = [s for s in states if s.flow != "raise"] or states
    facts = merge_states(usable).facts if usable else states[0].facts
    return result, facts
