"""docs/rules/ is generated from the registry and the op examples; it must not be stale."""

from __future__ import annotations

from pathlib import Path

from shapetracer.report.rule_docs import generate
from shapetracer.rules.codes import RULES

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"


def test_docs_are_up_to_date():
    pages = generate(DOCS)
    committed = {p.name for p in DOCS.glob("*.md")}
    assert committed == {p.name for p in pages}, "run: python -m shapetracer.report.rule_docs"
    for path, text in pages.items():
        assert path.read_text() == text, f"{path.name} is stale; run: python -m shapetracer.report.rule_docs"


def test_every_rule_is_named_and_documented():
    for rule in RULES.values():
        assert rule.code[:2] == "ST" and len(rule.code) == 5
        assert rule.name == rule.name.lower() and " " not in rule.name
        assert rule.summary.endswith((".", ")"))
        assert rule.severity in ("error", "warning", "info")


def test_every_shape_error_code_has_a_failing_example():
    from shapetracer.report.rule_docs import examples_for

    missing = [r.code for r in RULES.values() if r.family == "shape" and not examples_for(r.code)[0]]
    assert missing == [], f"shape codes without an invalid op example: {missing}"


def test_every_family_that_reports_a_code_shows_it_on_the_page():
    from shapetracer.constraints import family_modules
    from shapetracer.report.rule_docs import examples_for

    for rule in RULES.values():
        if rule.family == "python":
            continue
        failing, _ = examples_for(rule.code)
        for module in family_modules():
            own = [e.describe() for e in getattr(module, "EXAMPLES", []) if rule.code in (e.code, e.warns)]
            assert not own or set(own) & set(failing), f"{rule.code}: no example of {module.__name__} shown"


def test_python_builtins_show_on_their_page():
    """float() of an array with elements fails like a non-scalar loss (ST127)."""
    assert "builtins.float(array[8])" in (DOCS / "ST127.md").read_text()
