"""Loops: ``for`` over known items unrolled, anything else summarised.

A ``for`` over a few known items runs its body once per item (``for units in [64, 32]``
builds two layers), while the projected cost stays under a bound; the rest, and every
``while``, is summarised: the body runs from a fork of the entry path for any iteration,
once more for a later one when it carries variables across iterations, and the values
the loop changes become their join.  A summarised body may not run, so it runs undecided.
"""

from __future__ import annotations

import libcst as cst

from shapetracer.domain.state import State, merge_all, merge_states, merge_values
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Instance, Obj, Seq, SymInt, Value
from shapetracer.frontend.assignment import Assigner
from shapetracer.frontend.dispatch import Dispatch, target_names
from shapetracer.frontend.operations import Operations, truth_of
from shapetracer.frontend.run import Run
from shapetracer.frontend.scope import child_nodes


class Loops:
    """The handlers of ``for`` and ``while``."""

    def __init__(self, run: Run, dispatch: Dispatch, operations: Operations, assigner: Assigner):
        self.run = run
        self.dispatch = dispatch
        self.eval = dispatch.eval
        self.exec_block = dispatch.exec_block
        self.bound_paths = dispatch.bound_paths
        self.operations = operations
        self.assign = assigner.assign
        self._summary_depth = 0  # summarised loop bodies being run (only the outermost gets two passes)
        self._assigned: dict[int, list[str]] = {}  # loop body id -> the names it binds

    def for_loop(self, node: cst.For, state: State) -> list[State]:
        iterable = self.eval(node.iter)
        items = self.operations.iteration_items(iterable)
        if items is not None and len(items) <= self.run.bounds.unroll:
            return self._unrolled_loop(node, items, state)
        element = self.operations.iteration_element(iterable)
        first = _first_item(iterable, items)
        return self._summarised_loop(node, state, lambda: self.assign(node.target, element, node),
                                     first=None if first is None else lambda: self.assign(node.target, first, node))

    def _unrolled_loop(self, node: cst.For, items: list[Value], state: State) -> list[State]:
        states = [state]
        exited: list[State] = []
        run = self.run
        started = run.steps
        for index, item in enumerate(items):
            live = [s for s in states if s.live]
            exited.extend(s for s in states if not s.live)
            if not live:
                break
            if index and (run.steps - started) * len(items) > run.bounds.unroll_steps * index:
                return self._summarised_tail(node, items[index:], live, exited)
            for s in live:
                run.with_state(s, lambda: self.assign(node.target, item, node))
            states = self.exec_block(node.body.body, live)
            for s in states:
                if s.flow == "continue":
                    s.flow = None
            broken = [s for s in states if s.flow == "break"]
            for s in broken:
                s.flow = None
            exited.extend(broken)
            states = [s for s in states if s not in broken]
        finished = [s for s in states if s.live]
        others = [s for s in states if not s.live]
        if node.orelse is not None and finished:
            finished = self.exec_block(node.orelse.body.body, finished)
        return self.bound_paths(finished + exited + others)

    def _summarised_tail(self, node: cst.For, rest: list[Value], live: list[State],
                         exited: list[State]) -> list[State]:
        """The remaining iterations of an unrolled loop that grew too costly, summarised from
        the join of the paths entering the next one: the target is bound to the join of the
        remaining items, and the body runs at least once (there are items left)."""
        element = merge_all(rest)
        entry = merge_states(live)
        tail = self._summarised_loop(node, entry, lambda: self.assign(node.target, element, node), runs=True)
        return self.bound_paths(tail + exited)

    def _summarised_loop(self, node, state: State, bind, runs: bool = False, first=None) -> list[State]:
        """Run the body from a fork for the first iteration (``first`` binds the loop target
        to the first item when it is known, else ``bind`` to any item), then — when the body
        assigns variables that live across iterations, or the first item was used — once
        more for any later iteration (only for the outermost summarised loop),
        from the entry state with those variables joined with their values after the first
        pass and the target bound to any item: each pass sees values that occur together
        (``if i == 0: total = x else: total = concat(total, x)`` never meets ``total = None``
        with ``i > 0``).  Values the loop changes become their join.  ``runs``: the body is
        known to run at least once (a ``while`` whose test holds on entry), so when every
        path through it raises or returns, nothing continues after the loop."""
        self.run.approximations += 1
        lengths = _container_lengths(state.env)
        states = self._loop_pass(node, state, first or bind, lengths)
        carried = [name for name in self._assigned_names(node.body) if name in state.env]
        if (carried or first is not None) and not self._summary_depth:
            looped = [s for s in states if s.flow not in ("return", "raise")]
            if looped:
                after = merge_states(looped)
                later = state.fork()
                for name in carried:
                    later.env[name] = merge_values(state.env[name], after.env.get(name, UNKNOWN))
                states = states + self._loop_pass(node, later, bind, lengths)
        returned = [s for s in states if s.flow in ("return", "raise")]
        looped = [s for s in states if s.flow not in ("return", "raise")]
        for s in looped:
            s.flow = None
        if looped:
            after = merge_states(looped)
            merged_env = dict(state.env)
            for name, value in after.env.items():
                before = state.env.get(name)
                merged_env[name] = value if before is None else merge_values(before, value)
            joined = State(merged_env, state.facts.common_prefix(after.facts))
        elif runs and returned:
            return returned
        else:
            joined = state
        if getattr(node, "orelse", None) is not None:
            return self.exec_block(node.orelse.body.body, [joined]) + returned
        return [joined] + returned

    def _assigned_names(self, body: cst.CSTNode) -> list[str]:
        """``assigned_names``, once per loop body and analysis (a loop inside a helper is
        summarised at every call; the trees live as long as the interpreter)."""
        cache = self._assigned
        found = cache.get(id(body))
        if found is None:
            scope = self.run.scope
            walrus = scope is None or ":=" in scope.text
            found = cache[id(body)] = assigned_names(body, walrus)
        return found

    def _loop_pass(self, node, state: State, bind, lengths: list) -> list[State]:
        """One run of a summarised loop's body from a fork of ``state``."""
        run = self.run
        body_state = state.fork()
        run.with_state(body_state, bind)
        run.undecided += 1
        self._summary_depth += 1
        try:
            return self.exec_block(node.body.body, [body_state])
        finally:
            run.undecided -= 1
            self._summary_depth -= 1
            # the body ran for any number of iterations: a list it grew (shared by the
            # states, mutated in place) has no known length after it
            for container, length in lengths:
                if len(container.items) != length:
                    container.sized = False

    def while_loop(self, node: cst.While, state: State) -> list[State]:
        truth = truth_of(self.run.with_state(state, lambda: self.eval(node.test)))
        if truth is False:
            return self.dispatch.exec_else(node.orelse, state) if node.orelse else [state]
        return self._summarised_loop(node, state, lambda: None, runs=truth is True)


def _first_item(iterable: Value, items: list[Value] | None) -> Value | None:
    """The first item a loop gets, when it is known (``range(0, n)`` starts at 0)."""
    if items:
        return items[0]
    if isinstance(iterable, Obj) and iterable.type_name == "builtins.range":
        start = iterable.attrs.get("start")
        return start if isinstance(start, (Const, SymInt)) else None
    return None


_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def assigned_names(body: cst.CSTNode, walrus: bool = True) -> list[str]:
    """Names a loop body binds (assignments, loop targets, ``with ... as``, ``:=``), not
    counting those bound inside nested functions, classes and comprehensions.  ``walrus``:
    whether the text may hold a ``:=``; without one, no expression binds a name, so the
    walk skips expressions (most of a loop body's nodes; the names come in the same order)."""
    found: dict[str, None] = {}
    stack = [body]
    while stack:
        current = stack.pop()
        kind = _KINDS.get(type(current))
        if kind is None:
            kind = _KINDS[type(current)] = _kind(type(current))
        binds, scope, expression = kind
        if binds is not None:
            found.update(dict.fromkeys(target_names(getattr(current, binds))))
        if current is body or not scope and (walrus or not expression):
            stack.extend(child_nodes(current))
    return list(found)


# node type -> (the attribute holding the target it binds, or None; whether it opens a scope;
# whether it is an expression): the isinstance tests of ``assigned_names`` once per type (each
# went through ABCMeta, a microsecond, for every node of every loop body)
_KINDS: dict[type, tuple[str | None, bool, bool]] = {}


def _kind(node_type: type) -> tuple[str | None, bool, bool]:
    binds = "target" if issubclass(node_type, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For,
                                               cst.NamedExpr)) \
        else "name" if issubclass(node_type, cst.AsName) else None
    return binds, issubclass(node_type, _SCOPES), issubclass(node_type, cst.BaseExpression)


def _container_lengths(env: dict[str, Value]) -> list[tuple[Seq, int]]:
    """The lists reachable from the variables (through lists, tuples, dicts and object
    attributes, a few levels deep) with their current lengths."""
    found: dict[int, tuple[Seq, int]] = {}
    stack: list[tuple[Value, int]] = [(value, 0) for value in env.values()]
    while stack:
        value, depth = stack.pop()
        if depth > 4:
            continue
        if isinstance(value, Seq):
            if id(value) in found:
                continue
            found[id(value)] = (value, len(value.items))
            stack.extend((item, depth + 1) for item in value.items)
        elif isinstance(value, DictVal):
            stack.extend((v, depth + 1) for _, v in value.entries)
        elif isinstance(value, (Obj, Instance)):
            stack.extend((v, depth + 1) for v in value.attrs.values())
    return list(found.values())

