"""Missing keys, argparse attributes and list indices (frontend/containers.py): only where
the container is known on every path and nothing outside the interpreter can change it."""

from __future__ import annotations

from shapetracer.rules import codes

from tests.helpers import codes_of, findings_of


def test_missing_key_of_a_literal_dict():
    found = findings_of('CONFIG = {"lr": 0.1, "epochs": 2}\nprint(CONFIG["learning_rate"])\n')
    assert [(f.line, f.code) for f in found] == [(2, codes.MISSING_KEY)]
    assert "KeyError: 'learning_rate'" in found[0].message and "'lr', 'epochs'" in found[0].message
    assert [r.line for r in found[0].related] == [1]


def test_keys_stored_later_count():
    assert codes_of('c = {}\nc["lr"] = 0.1\nprint(c["lr"])\n') == []
    assert codes_of('c = {"a": 1}\nif input():\n    c["b"] = 2\nprint(c["b"])\n') == []


def test_a_dict_that_may_change_elsewhere_is_not_judged():
    assert codes_of('import json\nc = {"a": 1}\nc.update(json.load(open("f")))\nprint(c["b"])\n') == []
    assert codes_of('c = {"a": 1}\nfill(c)\nprint(c["b"])\n') == []
    assert codes_of('c = {"a": 1}\nif "b" in c:\n    print(c["b"])\n') == []
    assert codes_of('c = {"a": 1}\ntry:\n    print(c["b"])\nexcept KeyError:\n    pass\n') == []
    assert codes_of('import json\nc = json.load(open("f"))\nprint(c["b"])\n') == []
    assert codes_of('c = {"a": 1}\nk = input()\nc[k] = 2\nprint(c["b"])\n') == []
    assert codes_of('c = {"a": 1}\nd = c\nd["b"] = 2\nprint(c["b"])\n') == []


def test_key_read_in_a_loop_fails_on_its_first_pass():
    source = 'm = {"steps": 0}\nfor _ in range(3):\n    m["step"] += 1\n'
    assert codes_of(source) == [(3, codes.MISSING_KEY)]


def test_argparse_attribute():
    head = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lr', type=float, default=0.1)\n"
    assert codes_of(head + "a = p.parse_args()\nprint(a.learning_rate)\n") == [(5, codes.MISSING_ARGUMENT)]
    assert codes_of(head + "a = p.parse_args()\nprint(a.lr)\n") == []
    # a destination not written literally, or attributes set another way: not judged
    assert codes_of(head + "p.add_argument('--' + 'x')\na = p.parse_args()\nprint(a.x)\n") == []
    assert codes_of(head + "a = p.parse_args()\nsetattr(a, 'y', 1)\nprint(a.y)\n") == []
    assert codes_of(head + "a = p.parse_args()\na.y = 1\nprint(a.y)\n") == []
    assert codes_of(head + "import lib\nlib.add_args(p)\na = p.parse_args()\nprint(a.y)\n") == []


def test_list_index():
    assert codes_of("sizes = [32, 10]\nprint(sizes[2])\n") == [(2, codes.LIST_INDEX)]
    assert codes_of("sizes = [32, 10]\nprint(sizes[-2], sizes[1])\n") == []
    assert codes_of("sizes = []\nfor s in load():\n    sizes.append(s)\nprint(sizes[2])\n") == []
    assert codes_of("sizes = [1]\nsizes.append(2)\nprint(sizes[1])\n") == []
    assert codes_of("sizes = [1]\ngrow(sizes)\nprint(sizes[1])\n") == []


def test_doc_examples_are_what_they_say():
    from shapetracer.rules.container_examples import EXAMPLES

    for code, (failing, passing) in EXAMPLES.items():
        for snippet in failing:
            assert [c for _, c in codes_of("import argparse\n" + snippet + "\n")] == [code], snippet
        for snippet in passing:
            assert codes_of("import argparse\n" + snippet + "\n") == [], snippet
