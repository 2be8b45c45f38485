"""Findings a call holds back to say them itself (core/tracing.FailureCatch): only definite
ST1xx findings at accepted sites, the innermost catch first, nothing held once it closes."""

from __future__ import annotations

from shapetracer.constraints.core.examples import SITE
from shapetracer.domain.dims import FixedLocator, Origin
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.rules.message import Message

OTHER = Origin("<other>", object(), FixedLocator())


def _codes(host: Interpreter) -> list[str]:
    return [report.code for report in host.reports]


def test_definite_shape_errors_at_accepted_sites_are_held_back():
    host = Interpreter()
    with host.catching(lambda site: site is SITE) as caught:
        host.report("ST101", Message("held"), SITE)
        host.report("ST101", Message("elsewhere"), OTHER)
        host.report("ST201", Message("a warning"), SITE, confidence="possible")
        host.report("ST401", Message("not a shape error"), SITE)
    assert [(code, message.text) for code, message, _, _ in caught] == [("ST101", "held")]
    assert _codes(host) == ["ST101", "ST201", "ST401"]  # the rest reported as usual
    host.report("ST102", Message("after"), SITE)
    assert _codes(host)[-1] == "ST102"


def test_the_innermost_accepting_catch_takes_a_finding():
    host = Interpreter()
    with host.catching(lambda site: True) as outer:
        with host.catching(lambda site: site is SITE) as inner:
            host.report("ST101", Message("at the site"), SITE)
            host.report("ST103", Message("elsewhere"), OTHER)
    assert [code for code, *_ in inner] == ["ST101"]
    assert [code for code, *_ in outer] == ["ST103"]
    assert host.reports == []
