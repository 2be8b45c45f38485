"""Findings carry data: every code declares the typed facts its messages are rendered from
(``rules.codes``, ``rules.facts``), every report carries only those, with their kinds, and
what acts on a finding reads them, never the words -- so rewording every message changes
no fix."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from shapetracer import fixes
from shapetracer.constraints import family_modules
from shapetracer.constraints.core.examples import run_example_host
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source
from shapetracer.generic import generic_findings
from shapetracer.report.json_format import args_schema
from shapetracer.rules import message as message_module
from shapetracer.rules.codes import RULES
from shapetracer.rules.facts import FACTS
from shapetracer.rules.message import Message, fields
from tests.helpers import fact_problems, load_corpus_meta

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "shapetracer"
CASES = [(module.__name__.rsplit(".", 1)[-1], example)
         for module in family_modules() for example in getattr(module, "EXAMPLES", [])]
corpus_meta = load_corpus_meta()
PROGRAMS = corpus_meta.load_corpus()


def test_every_code_declares_its_facts():
    for code, rule in RULES.items():
        assert all(FACTS.get(name) is kind for name, kind in rule.args.items()), code
    # one wording names nothing: "suppression comment silences no finding"
    assert [code for code, rule in RULES.items() if not rule.args] == ["ST904"]


def _templates(message: Message) -> list[Message]:
    nested = [v for value in message.args.values()
              for v in ([value] if isinstance(value, Message) else value if isinstance(value, tuple) else ())
              if isinstance(v, Message)]
    return [message, *(m for inner in nested for m in _templates(inner))]


@pytest.mark.parametrize("family,example", CASES, ids=[f"{f}:{e.describe()}" for f, e in CASES])
def test_every_report_of_an_example_carries_its_declared_facts(family, example):
    _, host = run_example_host(example)
    for code, message in host.messages:
        assert fact_problems(code, message.args) == [], message.text
        for part in _templates(message):  # rendered from its facts alone
            assert set(fields(part.template)) <= set(part.args), part


def test_every_finding_of_the_corpus_carries_its_declared_facts():
    """The shape findings are checked where the corpus expectations analyse each program
    (tests/test_corpus_expectations.py); here the pyflakes pass's, with ST201 on."""
    problems = []
    for program in PROGRAMS:
        text = program.path.read_text(encoding="utf-8")
        for finding in generic_findings(program.rel, text, with_pylint=False):
            problems += fact_problems(finding.code, dict(finding.args))
    assert problems == []


def _named_facts() -> set[str]:
    """Every fact name a message of the package is given (keywords of Message, ctx.msg, join)
    or prints (template fields)."""
    names: set[str] = set()
    formatter = string.Formatter()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if callee not in ("Message", "msg", "join", "_msg") \
                    or (callee == "join" and not isinstance(node.func, ast.Name)):
                continue  # (str.join is no message)
            names |= {k.arg for k in node.keywords if k.arg}
            for arg in node.args:
                for constant in ast.walk(arg):
                    if isinstance(constant, ast.Constant) and isinstance(constant.value, str):
                        names |= {field for _, field, _, _ in formatter.parse(constant.value) if field}
    return names


def test_every_fact_a_message_names_has_a_kind():
    assert _named_facts() - set(FACTS) == set()


def test_the_committed_schema_documents_every_fact():
    schema = json.loads((ROOT / "schemas" / "check-output-v2.schema.json").read_text())
    assert schema["definitions"]["args"] == args_schema(), "regenerate it from report.json_format.args_schema()"


# --- rewording a message changes no fix ----------------------------------------------------------

def _bugs_per_code(count: int = 2) -> list:
    """A few labelled bugs of every code a repair serves."""
    chosen, seen = [], {}
    for program in PROGRAMS:
        versions = [v for v in program.versions if program.expects_for(v)]
        if not program.path.name.startswith("bug_") or not versions:
            continue
        code = sorted(program.expects_for(versions[0]))[0][1]
        if seen.get(code, 0) < count:
            seen[code] = seen.get(code, 0) + 1
            chosen.append((program, versions[0]))
    return chosen


def _candidates(program, version: str) -> list[tuple]:
    want = set(program.expects_for(version))
    options = Options(generic=False, possible_failures=any(code == "ST201" for _, code in want),
                      target=target_for(version, source="corpus header", legacy_keras=program.legacy_keras))
    text = program.path.read_text(encoding="utf-8")
    result = check_source(text.encode(), program.rel, program.path, options)
    out = []
    for finding in result.findings:
        if (finding.line, finding.code) in want:
            out += [(finding.code, fix.message, fix.edits)
                    for fix in fixes.candidates(finding, text, program.rel, result.shape_log)]
    return out


BUGS = _bugs_per_code()


def test_rewording_every_message_changes_no_fix(monkeypatch):
    """Each labelled bug's candidate fixes, with every message reworded (its words reversed)
    and not: a proposer that read the words would propose otherwise."""
    before = {program.rel: _candidates(program, version) for program, version in BUGS}
    assert sum(map(len, before.values())) > 100  # the sample exercises the proposers
    rendered = message_module.render
    monkeypatch.setattr(message_module, "render", lambda template, args: rendered(template, args)[::-1])
    assert Message("{op}: x", op="add").text == "x :dda"
    after = {program.rel: _candidates(program, version) for program, version in BUGS}
    assert after == before


def _verified(program, version: str) -> list[tuple]:
    want = set(program.expects_for(version))
    options = Options(generic=False, possible_failures=any(code == "ST201" for _, code in want),
                      target=target_for(version, source="corpus header", legacy_keras=program.legacy_keras))
    text = program.path.read_text(encoding="utf-8")
    result = check_source(text.encode(), program.rel, program.path, options)
    found = [f for f in result.findings if (f.line, f.code) in want]
    return [(fix.message, fix.edits) for finding in found[:1]
            for fix in fixes.for_finding(finding, text, program.rel, program.path, options, result.findings,
                                         result.shape_log, limit=2)]


# verification reads facts too: a possible failure's counterexample, the names an API change quotes
VERIFIED = [(program, version) for program, version in _bugs_per_code(1)
            if sorted(program.expects_for(version))[0][1] in ("ST201", "ST401", "ST404", "ST150", "ST125")]


def test_rewording_every_message_changes_no_verified_fix(monkeypatch):
    before = {program.rel: _verified(program, version) for program, version in VERIFIED}
    assert len(before) == 5 and all(before.values())
    rendered = message_module.render
    monkeypatch.setattr(message_module, "render", lambda template, args: rendered(template, args)[::-1])
    after = {program.rel: _verified(program, version) for program, version in VERIFIED}
    assert after == before
