"""The tool-id tables agree with the installed tools and with the registry."""

from __future__ import annotations

import pyflakes.messages
import pytest

from shapetracer.generic import category_for, rule_for
from shapetracer.generic.mapping import PYFLAKES_RULES, PYLINT_RULES
from shapetracer.generic.pylint_pass import _linter


@pytest.mark.parametrize("tool_id,category", [
    ("UndefinedName", "undefined-name"),
    ("pyflakes:UndefinedLocal", "undefined-name"),
    ("E0602", "undefined-name"),
    ("undefined-variable", "undefined-name"),
    ("pylint:no-member", "attribute-error"),
    ("E1120", "call-error"),
    ("not-callable", "call-error"),
    ("E1136", "type-error"),
    ("import-error", "import-error"),
    ("E0611", "import-error"),
    ("W1303", "key-error"),
    ("E0643", "index-error"),
    ("E1144", "value-error"),
    ("ReturnOutsideFunction", "syntax-error"),
    ("E0001", "syntax-error"),
])
def test_category_for(tool_id, category):
    assert category_for(tool_id) == category


@pytest.mark.parametrize("tool_id", ["UnusedImport", "W0611", "unused-import", "C0103", "pylint:Nope"])
def test_non_crashing_messages_have_no_category(tool_id):
    assert category_for(tool_id) is None


def test_pyflakes_names_exist():
    for name in PYFLAKES_RULES:
        assert isinstance(getattr(pyflakes.messages, name, None), type), name


def test_pylint_ids_and_symbols_match_the_installed_pylint():
    linter, _ = _linter()
    for msgid, (symbol, _) in PYLINT_RULES.items():
        [definition] = linter.msgs_store.get_message_definitions(msgid)
        assert definition.symbol == symbol, msgid
        assert linter.is_message_enabled(msgid), msgid


def test_rules_are_generic_or_syntax():
    for name in PYFLAKES_RULES:
        assert rule_for("pyflakes", name).code.startswith("ST3")
    for msgid in PYLINT_RULES:
        assert rule_for("pylint", msgid).code[:3] in ("ST3", "ST0")
