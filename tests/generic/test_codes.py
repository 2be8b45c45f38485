"""Every ST3xx code: snippets that crash (and must be found) and their fixed twins.

The snippets live next to the code in shapetracer/generic/examples.py (they also feed the
rule docs).  Each INVALID snippet names the tool message expected to report it; each
runtime claim was checked by running the snippet under CPython 3.11 (see the comments in
shapetracer/generic/mapping.py for the exception raised).
"""

from __future__ import annotations

import pytest

from shapetracer.generic.examples import INVALID, VALID
from shapetracer.rules.codes import RULES
from tests.generic.flakes import findings, flakes, tool_ids


@pytest.mark.parametrize("code,tool_id,source", INVALID, ids=[f"{c}-{t}" for c, t, _ in INVALID])
def test_bad_snippet_is_found(code, tool_id, source):
    found = [f for f in findings(source) if f.code == code]
    assert found, f"{code} not reported for:\n{source}"
    assert any(tool_id in tool_ids(f) for f in found), [f.message for f in found]


@pytest.mark.parametrize("code,source", VALID, ids=[f"{c}-{i}" for i, (c, _) in enumerate(VALID)])
def test_fixed_twin_is_clean(code, source):
    flakes(source)


def test_every_generic_code_has_bad_and_good_snippets():
    generic = {code for code in RULES if code.startswith("ST3")}
    assert generic <= {code for code, _, _ in INVALID}
    assert generic <= {code for code, _ in VALID}


def test_categories_follow_the_taxonomy():
    taxonomy = {"undefined-name", "attribute-error", "call-error", "type-error", "import-error",
                "key-error", "index-error", "syntax-error", "value-error"}
    for code, rule in RULES.items():
        if code.startswith("ST3"):
            assert rule.category in taxonomy, code
            assert rule.family == "python" and rule.severity == "error"


# --- a few pyflakes-style cases that read better one by one -----------------------------

def test_possibly_used_before_assignment_is_a_possible_warning():
    [finding] = flakes("""
        def f(c):
            if c:
                y = 1
            return y
        """, "ST302")
    assert finding.confidence == "possible" and finding.severity == "warning"


def test_definite_use_before_assignment_stays_an_error():
    [finding] = flakes("""
        x = 0
        def f():
            print(x)
            x = 1
        """, "ST302")
    assert finding.confidence == "definite" and finding.severity == "error"


def test_str_format_with_extra_arguments_is_not_a_crash():
    flakes("'{}'.format(1, 2)\n")  # pylint says E1305; Python does not mind


def test_unused_things_are_not_findings():
    flakes("""
        import os
        def f():
            unused = 1
        """)


def test_name_error_guard_only_covers_the_try_body():
    flakes("""
        try:
            def f():
                return unicode
        except NameError:
            pass
        """, "ST301")


def test_pyflakes_only_mode_skips_pylint():
    flakes("d = {}\nd.has_key('k')\n", pylint=False)
    flakes("print(undefined_thing)\n", "ST301", pylint=False)


def test_columns_are_1_based_characters():
    [finding] = flakes("s = 'héllo'; print(undefined_thing)\n", "ST301")
    assert (finding.line, finding.column) == (1, 20)
    assert finding.end_column == 20 + len("undefined_thing")
    assert finding.snippet == "s = 'héllo'; print(undefined_thing)"


def test_syntax_error_position():
    [finding] = flakes("x = 1\nprint 'hello'\n", "ST001")
    assert finding.line == 2 and finding.category == "syntax-error"


def test_names_set_or_tested_through_globals_count_as_defined_and_others_do_not():
    flakes("if 'sess' in globals():\n    sess.close()\n")
    flakes("if 'X' not in globals():\n    globals()['X'] = 3\nprint(X)\n")
    flakes("sess.close()\n", "ST301")  # the same read with no guard
    flakes("if 'sess' in globals():\n    session.close()\n", "ST301")  # a guard of another name
    flakes("name = 'X'\nglobals()[name] = 3\nprint(X)\n", "ST301")  # a key that is not a literal
