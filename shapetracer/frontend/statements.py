"""Statements: statement lines and their small statements, ``if``, ``with``, ``try``, and
the definitions of functions and classes.

A handler gets the statement and the path it runs on, and gives back the paths after
it: an ``if`` whose test is not decided runs both branches and joins what agrees
(``coalesce``); a statement that raises ends its path (``flow == "raise"``).  Loops are
``loops.py``'s, imports ``modules.py``'s.
"""

from __future__ import annotations

import libcst as cst

from shapetracer.domain.state import State, coalesce, merge_states
from shapetracer.domain.values import UNKNOWN, ApiRef, ClassVal, Const, Function, Instance, Obj, Value
from shapetracer.frontend.assignment import Assigner
from shapetracer.frontend.calls import Calls
from shapetracer.frontend.dispatch import Dispatch
from shapetracer.frontend.expressions import Evaluator
from shapetracer.frontend.operations import Operations, truth_of
from shapetracer.frontend.run import Run


class Statements:
    """The handlers of statement lines, small statements and ``if``/``with``/``try``/``def``/``class``."""

    def __init__(self, run: Run, dispatch: Dispatch, operations: Operations, evaluator: Evaluator,
                 assigner: Assigner, calls: Calls):
        self.run = run
        self.dispatch = dispatch
        self.eval = dispatch.eval
        self.exec_block = dispatch.exec_block
        self.operations = operations
        self.evaluator = evaluator
        self.assign = assigner.assign
        self.invoke = calls.invoke

    # -- a statement line and its small statements ----------------------------------
    def simple_statement_line(self, stmt: cst.SimpleStatementLine, state: State) -> list[State]:
        run = self.run
        exec_small = self.dispatch.exec_small
        states = [state]
        previous, run.current_place = run.current_place, stmt
        try:
            for small in stmt.body:
                states = [r for s in states for r in (exec_small(small, s) if s.live else [s])]
        finally:
            run.current_place = previous
        return states

    def expression_statement(self, node: cst.Expr, state: State) -> None:
        self.eval(node.value)

    def assignment(self, node: cst.Assign, state: State) -> None:
        value = self.eval(node.value)
        for target in node.targets:
            self.assign(target.target, value, node)

    def annotated_assignment(self, node: cst.AnnAssign, state: State) -> None:
        if node.value is not None:
            self.assign(node.target, self.eval(node.value), node)

    def augmented_assignment(self, node: cst.AugAssign, state: State) -> None:
        current = self.eval(node.target)
        value = self.operations.binary(type(node.operator).__name__.replace("Assign", ""), current,
                                       self.eval(node.value), node)
        self.assign(node.target, value, node)

    def return_statement(self, node: cst.Return, state: State) -> None:
        value = self.eval(node.value) if node.value is not None else Const(None)
        self.run.state.flow = "return"
        self.run.state.returned = value

    def break_statement(self, node: cst.Break, state: State) -> None:
        self.run.state.flow = "break"

    def continue_statement(self, node: cst.Continue, state: State) -> None:
        self.run.state.flow = "continue"

    def raise_statement(self, node: cst.Raise, state: State) -> None:
        self.run.state.flow = "raise"

    def assert_statement(self, node: cst.Assert, state: State) -> None:
        self.eval(node.test)

    def delete(self, node: cst.Del, state: State) -> None:
        target = node.target
        if isinstance(target, cst.Name):
            self.run.state.env.pop(target.value, None)
        elif isinstance(target, cst.Subscript):
            owner = self.eval(target.value)
            if isinstance(owner, Obj):
                self.operations.object_item(owner, "__delitem__", lambda: self.evaluator.index_value(target.slice),
                                            [], node)

    def global_statement(self, node: cst.Global, state: State) -> None:
        return None

    # -- compound statements -------------------------------------------------
    def if_statement(self, node: cst.If, state: State) -> list[State]:
        truth = truth_of(self.eval(node.test))
        orelse = node.orelse
        if truth is True:
            return self.exec_block(node.body.body, [state])
        if truth is False:
            return self.dispatch.exec_else(orelse, state)
        run = self.run
        run.approximations += 1
        other = state.fork()
        run.undecided += 1
        try:
            return coalesce(self.exec_block(node.body.body, [state]) + self.dispatch.exec_else(orelse, other))
        finally:
            run.undecided -= 1

    def with_statement(self, node: cst.With, state: State) -> list[State]:
        run = self.run
        scopes = 0
        previous, run.current_place = run.current_place, node
        try:
            for item in node.items:
                value = self.eval(item.item)
                if isinstance(value, Obj) and value.type_name == "tf.variable_scope":
                    name = value.attrs.get("name")
                    run.graph.variable_scopes.append(name.value if isinstance(name, Const) else None)
                    scopes += 1
                if item.asname is not None:
                    self.assign(item.asname.name, _entered(value), item)
        finally:
            run.current_place = previous
        try:
            return self.exec_block(node.body.body, [state])
        finally:
            del run.graph.variable_scopes[len(run.graph.variable_scopes) - scopes:]

    def try_statement(self, node: cst.Try | cst.TryStar, state: State) -> list[State]:
        entry = state.fork()
        guards = self.run.guards
        guards.append(_caught(node.handlers))
        try:
            states = self.exec_block(node.body.body, [state])
        finally:
            guards.pop()
        if node.handlers:
            # A path that raised in the body continues in a handler (from the entry state below).
            states = [s for s in states if s.flow != "raise"]
        if node.orelse is not None:
            states = self.exec_block(node.orelse.body.body, states)
        handler_states: list[State] = []
        for handler in node.handlers:
            start = entry.fork()
            if handler.name is not None:
                self.run.with_state(start, lambda: self.assign(handler.name.name, UNKNOWN, handler))
            handler_states.extend(self.exec_block(handler.body.body, [start]))
        if handler_states:
            states = states + [merge_states(handler_states)]
        if node.finalbody is not None:
            states = self.exec_block(node.finalbody.body.body, states)
        return self.dispatch.bound_paths(states)

    def function_definition(self, node: cst.FunctionDef, state: State) -> list[State]:
        scope = self.run.scope
        closure = None if state.env is scope.globals else state.env
        decorators = [self.eval(decorator.decorator) for decorator in node.decorators]
        function = Function(node, scope, closure, node.name.value)
        # the function is bound undecorated, but for tf.function, whose calls are checked
        # against its input_signature (constraints/tf/ops/functions.py)
        for decorator, value in zip(reversed(node.decorators), reversed(decorators)):
            if (isinstance(value, ApiRef) and value.qualname == "tf.function") or \
                    (isinstance(value, Obj) and value.type_name == "tf.function"):
                traced = self.invoke(value, [function], {}, decorator)
                function = traced if isinstance(traced, Function) else function
        state.env[node.name.value] = function
        return [state]

    def class_definition(self, node: cst.ClassDef, state: State) -> list[State]:
        bases = [self.eval(arg.value) for arg in node.bases]
        namespace = State({}, state.facts)
        saved_closure_env = namespace.env
        self.exec_block(node.body.body, [namespace])
        cls = ClassVal(node.name.value, bases, saved_closure_env, self.run.scope,
                       opaque_construction=bool(node.decorators or node.keywords))
        for name, value in saved_closure_env.items():
            if isinstance(value, Function):
                value.closure = None  # methods see module globals, not the class body
                if isinstance(value.node, cst.FunctionDef) and value.node.name.value == name \
                        and value.qualname is None:
                    value.qualname = f"{node.name.value}.{name}"
        state.env[node.name.value] = cls
        return [state]


def _entered(value: Value) -> Value:
    """What ``with value as name`` binds: the object itself, for the objects the analysis models."""
    if isinstance(value, (Obj, Instance)):
        return value
    return UNKNOWN


def _caught(handlers) -> frozenset[str] | None:
    """The exception names ``handlers`` catch (None: every exception, a bare ``except``).  A
    handler whose body raises at its top level catches nothing for good, so it guards nothing."""
    caught: set[str] = set()
    for handler in handlers:
        if any(isinstance(small, cst.Raise) for line in handler.body.body
               if isinstance(line, cst.SimpleStatementLine) for small in line.body):
            continue
        if handler.type is None:
            return None
        types = handler.type.elements if isinstance(handler.type, cst.Tuple) else [handler.type]
        for element in types:
            value = element.value if isinstance(element, cst.Element) else element
            if isinstance(value, cst.Name):
                caught.add(value.value)
            elif isinstance(value, cst.Attribute):
                caught.add(value.attr.value)
    return frozenset(caught)
