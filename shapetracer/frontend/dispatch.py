"""The handler table, and the three loops that run syntax through it.

Every expression and statement the interpreter meets goes to the handler registered for
its libcst type: ``eval`` for expressions, ``exec_stmt`` for statements (compound ones and
statement lines), ``exec_small`` for the small statements of a line.  The table is a dict
from node type to a bound method of the part that handles it, built once per interpreter
(``interpreter.handler_table``); a lookup costs what a dict lookup costs (0.03 us), and
the parts call each other's syntax only through here, so none needs to import another
to recurse (an expression may call a function whose statements hold expressions).
A type with no handler is one the analysis does not model: its value is unknown, and a
statement of it changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.domain.dims import Origin
from shapetracer.domain.state import State, StopPath, merge_states
from shapetracer.domain.values import NONE, UNKNOWN, Tensor, Value
from shapetracer.frontend.reporting import Reporter
from shapetracer.frontend.run import BudgetExceeded, Run

ExpressionHandler = Callable[[cst.BaseExpression], Value]
StatementHandler = Callable[[cst.CSTNode, State], list[State]]  # the paths after the statement
SmallHandler = Callable[[cst.CSTNode, State], None]  # changes the path (run.state) in place


@dataclass
class HandlerTable:
    """Node type -> bound handler, for each of the three kinds of syntax."""

    expressions: dict[type[cst.CSTNode], ExpressionHandler]
    statements: dict[type[cst.CSTNode], StatementHandler]
    small: dict[type[cst.CSTNode], SmallHandler]


class Dispatch:
    """Runs expressions, statements and blocks by their handlers; bounds the live paths."""

    def __init__(self, run: Run, reporter: Reporter):
        self.run = run
        self.reporter = reporter
        self.tick = run.tick
        self.site = reporter.site
        self.expressions: dict[type[cst.CSTNode], ExpressionHandler] = {}
        self.statements: dict[type[cst.CSTNode], StatementHandler] = {}
        self.small: dict[type[cst.CSTNode], SmallHandler] = {}
        # every expression's tensor, for an editor's hover; None (the default): not kept
        self.expression_log: list[tuple[Origin, Value]] | None = None

    def install(self, table: HandlerTable) -> None:
        self.expressions, self.statements, self.small = table.expressions, table.statements, table.small

    def release(self) -> None:
        """Forget the handlers: they are the parts' bound methods, and the parts hold this
        dispatch, so the table is a reference cycle through every part."""
        self.install(HandlerTable({}, {}, {}))

    def eval(self, node: cst.BaseExpression | None) -> Value:
        if node is None:
            return NONE
        run = self.run  # ``run.tick()``, its common case inline: every node of the file comes here
        steps = run.steps = run.steps + 1
        if steps > run.bounds.steps or not steps % 512:
            run.steps -= 1
            run.tick()
        handler = self.expressions.get(type(node))
        if handler is None:
            return UNKNOWN
        value = handler(node)
        if self.expression_log is not None and isinstance(value, Tensor):
            self.expression_log.append((self.site(node), value))
        return value

    def exec_block(self, body, states: list[State]) -> list[State]:
        for stmt in body:
            live = [s for s in states if s.live]
            if not live:
                break
            done = [s for s in states if not s.live]
            next_states: list[State] = []
            for state in live:
                next_states.extend(self.exec_stmt(stmt, state))
            states = done + self.bound_paths(next_states)
        return states

    def bound_paths(self, states: list[State]) -> list[State]:
        live = [s for s in states if s.live]
        if len(live) <= self.run.bounds.max_paths:
            return states
        return [s for s in states if not s.live] + [merge_states(live)]

    def exec_stmt(self, stmt: cst.CSTNode, state: State) -> list[State]:
        self.tick()
        handler = self.statements.get(type(stmt))
        if handler is None:
            return [state]
        run = self.run
        previous, run.state = run.state, state
        try:
            return handler(stmt, state)
        except StopPath:
            state.flow = "raise"
            return [state]
        except (BudgetExceeded, RecursionError):
            raise
        except Exception as exc:  # an internal bug must not lose the file
            self.reporter.report(codes.INTERNAL_ERROR,
                                 Message("internal error while analysing this statement: {error}: {detail}",
                                         error=type(exc).__name__, detail=str(exc)),
                                 self.site(stmt), confidence="possible")
            _forget_assigned(stmt, state)
            return [state]
        finally:
            run.state = previous

    def exec_small(self, small: cst.CSTNode, state: State) -> list[State]:
        run = self.run
        previous, run.state = run.state, state
        try:
            handler = self.small.get(type(small))
            if handler is not None:
                handler(small, state)
            return [run.state]
        except StopPath:
            state.flow = "raise"
            return [state]
        finally:
            run.state = previous

    def exec_else(self, orelse, state: State) -> list[State]:
        """An ``else`` clause, or an ``elif`` (an ``If`` node), run from ``state``."""
        if orelse is None:
            return [state]
        if isinstance(orelse, cst.If):
            return self.exec_stmt(orelse, state)
        return self.exec_block(orelse.body.body, [state])


def target_names(target: cst.CSTNode) -> list[str]:
    """The names an assignment target binds (``a``, ``a, (b, *c)``)."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return []


def _forget_assigned(stmt: cst.CSTNode, state: State) -> None:
    """After an internal error, names the statement may have bound are unknown:
    keeping their old values could turn our bug into a false alarm."""

    class Targets(cst.CSTVisitor):
        def _forget(self, target: cst.CSTNode) -> None:
            for name in target_names(target):
                state.env[name] = UNKNOWN

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._forget(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._forget(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            self._forget(node.target)

        def visit_For(self, node: cst.For) -> None:
            self._forget(node.target)

    stmt.visit(Targets())
