"""The Host protocol of constraints/spec.py is the whole interface between specs and the
analysis that runs them: specs ask nothing else, and both hosts provide all of it."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

from shapetracer.constraints.core.examples import ExampleHost
from shapetracer.constraints.core.spec import Host
from shapetracer.frontend.interpreter import Bounds, Interpreter

CONSTRAINTS = Path(__file__).resolve().parents[2] / "shapetracer" / "constraints"
MEMBERS = set(typing.get_type_hints(Host)) | {name for name in vars(Host)
                                                if callable(getattr(Host, name)) and not name.startswith("_")}


def test_the_protocol_names_what_specs_use():
    assert {"facts", "limits", "graph", "target", "undecided", "flags", "device_memory", "memory_fit",
            "report", "unique_name", "call_value", "catching"} <= MEMBERS


def test_both_hosts_provide_every_member():
    for host in (Interpreter(), ExampleHost()):
        # (``facts`` are the running path's: read only while a spec runs)
        missing = [name for name in MEMBERS if not hasattr(host, name) and name != "facts"]
        assert missing == [], type(host).__name__
    assert Interpreter(Bounds(device_memory="16GiB")).device_memory == "16GiB"


def test_specs_read_the_host_only_through_the_protocol():
    """No ``getattr(ctx.host, ...)``, and every ``ctx.host.name`` a spec reads is declared."""
    reads, dynamic = set(), []
    for path in sorted(CONSTRAINTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "host":
                reads.add(node.attr)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "setattr", "hasattr") and node.args \
                    and isinstance(node.args[0], ast.Attribute) and node.args[0].attr == "host":
                dynamic.append(f"{path.name}:{node.lineno}")
    assert dynamic == []
    assert reads - MEMBERS == set()
