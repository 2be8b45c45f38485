"""Every fix proposer's own examples: each INVALID program gets its fixed text as a
verified fix, and each VALID program is left alone (refurb/Fixit style: the examples live
beside the proposer and are its documentation)."""

from __future__ import annotations

import pytest

from shapetracer import fixes
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source
from shapetracer.fixes import registry
from shapetracer.fixes.context import FixContext
from shapetracer.fixes.edits import apply
from shapetracer.fixes.verify import verdict

PATH = "example.py"
OPTIONS = Options(generic=False, possible_failures=True, target=target_for("2.21", source="test"))
MODULES = registry.modules()
INVALID = [(m, bad, good) for m in MODULES for bad, good in m.INVALID]
VALID = [(m, source) for m in MODULES for source in m.VALID]


def _name(module) -> str:
    return module.__name__.rsplit(".", 1)[-1]


def test_every_proposer_is_documented_and_has_examples():
    for module in MODULES:
        assert module.__doc__ and module.CODES, _name(module)
        assert module.INVALID and module.VALID, f"{_name(module)} needs INVALID and VALID examples"
        assert ("Safe" in module.__doc__) or ("Unsafe" in module.__doc__), \
            f"{_name(module)}: say whether its fixes are safe"


@pytest.mark.parametrize("module,bad,good", INVALID, ids=[f"{_name(m)}-{i}" for i, (m, _, _) in enumerate(INVALID)])
def test_invalid_example_gets_its_fix(module, bad, good):
    before = check_source(bad.encode(), PATH, None, OPTIONS)
    findings = [f for f in before.findings if f.code in module.CODES]
    assert findings, f"the example has no finding {sorted(module.CODES)}: {before.findings}"
    made = []
    for finding in findings:
        ctx = FixContext.build(finding, bad, PATH, before.shape_log)
        for fix in module.propose(ctx):
            if apply(bad, fix.edits) == good:
                made.append(fix)
                assert verdict(fix, finding, before.findings, bad, PATH, None, OPTIONS) is not None, \
                    f"{fix.message}: re-analysis does not accept it"
    assert made, "the proposer does not propose the example's fix"
    # and the whole pipeline offers some verified fix for the example's finding
    assert any(fixes.for_finding(f, bad, PATH, None, OPTIONS, before.findings) for f in findings)


@pytest.mark.parametrize("module,source", VALID, ids=[f"{_name(m)}-{i}" for i, (m, _) in enumerate(VALID)])
def test_valid_example_is_left_alone(module, source):
    result = check_source(source.encode(), PATH, None, OPTIONS)
    assert not [f for f in result.findings if f.severity in ("error", "warning")]
    outcome = fixes.fix_text(source, PATH, None, OPTIONS, unsafe=True, result=result)
    assert outcome.text == source and not outcome.applied
