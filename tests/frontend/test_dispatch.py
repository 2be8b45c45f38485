"""The dispatch on its own: handlers given by a table, the step budget, paths bounded,
internal errors contained to their statement."""

from __future__ import annotations

import libcst as cst
import pytest

from shapetracer.domain.facts import SolverLimits
from shapetracer.domain.state import State, StopPath
from shapetracer.domain.target import DEFAULT
from shapetracer.domain.values import UNKNOWN, Const
from shapetracer.frontend.dispatch import Dispatch, HandlerTable
from shapetracer.frontend.reporting import Reporter
from shapetracer.domain.bounds import Bounds
from shapetracer.frontend.run import BudgetExceeded, Run
from shapetracer.frontend.scope import ModuleScope
from shapetracer.frontend.source import parse
from shapetracer.rules import codes

SOURCE = "x = 1\ny, z = f()\nw = 2\n"


def _dispatch(table: HandlerTable, **bounds) -> tuple[Dispatch, Run, cst.Module]:
    parsed = parse(SOURCE)
    run = Run(Bounds(**bounds), SolverLimits(), False, DEFAULT)
    run.scope = ModuleScope("m.py", None, parsed.text, parsed.module, tree=parsed.tree)
    dispatch = Dispatch(run, Reporter(run))
    dispatch.install(table)
    return dispatch, run, parsed.module


def test_a_node_type_with_no_handler_is_unknown_and_costs_a_step():
    dispatch, run, module = _dispatch(HandlerTable({cst.Integer: lambda node: Const(int(node.value))}, {}, {}))
    run.state = State({})
    value = module.body[0].body[0].value  # the 1 of x = 1
    assert dispatch.eval(value).value == 1 and dispatch.eval(cst.Name("x")) is UNKNOWN
    assert run.steps == 2
    one = Const(1)
    state = State({"a": one})
    assert dispatch.exec_stmt(module.body[0], state) == [state] and state.env == {"a": one}


def test_an_internal_error_is_reported_and_forgets_what_the_statement_binds():
    def line(stmt, state):
        if stmt is module.body[1]:
            raise ValueError("bug")
        state.env["seen"] = Const(True)
        return [state]

    dispatch, run, module = _dispatch(HandlerTable({}, {cst.SimpleStatementLine: line}, {}))
    [after] = dispatch.exec_block(module.body, [State({"y": Const(0), "z": Const(0)})])
    assert after.live and after.env["y"] is UNKNOWN and after.env["z"] is UNKNOWN and after.env["seen"].value is True
    [report] = dispatch.reporter.reports
    assert report.code == codes.INTERNAL_ERROR and report.confidence == "possible"
    assert report.message.text == "internal error while analysing this statement: ValueError: bug"
    assert report.message.args == {"error": "ValueError", "detail": "bug"}
    assert report.site.node is module.body[1] and run.state is None  # the running path is restored


def test_a_small_statement_that_raises_ends_its_path_only():
    def raising(node, state):
        raise StopPath()

    dispatch, run, module = _dispatch(HandlerTable({}, {}, {cst.Assign: raising}))
    state = State({})
    [ended] = dispatch.exec_small(module.body[0].body[0], state)
    assert ended is state and ended.flow == "raise" and run.state is None


def test_live_paths_beyond_the_bound_are_joined_and_ended_ones_kept():
    dispatch, _, _ = _dispatch(HandlerTable({}, {}, {}), max_paths=2)
    live = [State({"n": Const(i)}) for i in range(3)]
    ended = State({}, flow="return")
    bounded = dispatch.bound_paths(live + [ended])
    assert bounded[0] is ended and len(bounded) == 2 and bounded[1].live and all(bounded[1] is not s for s in live)
    assert dispatch.bound_paths(live[:2]) == live[:2]


def test_the_step_budget_stops_the_run():
    dispatch, run, _ = _dispatch(HandlerTable({}, {}, {}), steps=3)
    run.state = State({})
    for _ in range(3):
        dispatch.eval(cst.Name("x"))
    with pytest.raises(BudgetExceeded, match="step"):
        dispatch.eval(cst.Name("x"))
