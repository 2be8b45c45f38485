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


# --- a dict whose keys are all known travels: parameters, **kwargs, modules, returns ----------

def test_missing_key_through_a_parameter():
    source = 'def build(params):\n    return params["vocab"]\n\nbuild({"epochs": 1, "blank": "#"})\n'
    found = findings_of(source)
    assert [(f.line, f.code) for f in found] == [(2, codes.MISSING_KEY)]
    assert "params holds no such key" in found[0].message
    assert [r.line for r in found[0].related] == [4]  # where the dict's keys are given
    assert codes_of(source.replace('"blank": "#"', '"vocab": "ab"')) == []


def test_missing_key_through_kwargs():
    source = 'def build(**kw):\n    return kw["units"]\n\nbuild(depth=2)\n'
    assert codes_of(source) == [(2, codes.MISSING_KEY)]
    assert codes_of(source.replace("depth=2", "units=2")) == []
    # a spread of a dict that may hold more keys: the callee's kwargs are not all known
    assert codes_of('import json\nextra = {"depth": 2}\nextra.update(json.load(open("f")))\n'
                    + source.replace("build(depth=2)", "build(**extra)")) == []


def test_missing_key_of_a_returned_dict_and_an_eager_default():
    source = ('def generator(x):\n    out = {"images": x}\n    if False:\n        out["states"] = x\n    return out\n\n'
              'outputs = generator(1)\nstates = outputs.get("enc", outputs["states"])\n')
    assert codes_of(source) == [(8, codes.MISSING_KEY)]
    assert codes_of(source.replace("if False", "if input()")) == []  # the key is there on one path


def test_missing_key_of_an_attribute_holding_a_dict():
    source = ('class Model:\n    def __init__(self, hparams):\n        self.hparams = hparams\n\n'
              '    def loss(self):\n        return self.hparams["weight"]\n\n'
              'Model({"use_state": False}).loss()\n')
    assert codes_of(source) == [(6, codes.MISSING_KEY)]


def test_a_travelling_dict_that_may_gain_keys_is_not_judged():
    read = 'def read(c):\n    return c["b"]\n\n'
    for change in ('c.update(load())\n', 'c.setdefault(key(), 1)\n', 'c[key()] = 1\n', 'fill(c)\n',
                   'import library\nlibrary.configure(c)\n', 'c.pop("a")\n', 'if input():\n    c["b"] = 2\n',
                   'for k in ["a", "b"]:\n    c[k] = 0\n'):
        assert codes_of(read + 'c = {"a": 1}\n' + change + 'read(c)\n') == [], change
    # a try around the read, or around a call on the way to it
    assert codes_of('def read(c):\n    try:\n        return c["b"]\n    except KeyError:\n        return 0\n\n'
                    'read({"a": 1})\n') == []
    assert codes_of(read + 'try:\n    read({"a": 1})\nexcept KeyError:\n    pass\n') == []
    # a function the analysis runs later (an uncalled one, with unknown arguments) adds the key
    assert codes_of(read + 'C = {"a": 1}\n\ndef setup():\n    C["b"] = 2\n\nread(C)\n') == []
    # merging in a dict of unknown keys
    assert codes_of(read + 'import json\nread({"a": 1, **json.load(open("f"))})\n') == []
    assert codes_of(read + 'read({"a": 1, **{"b": 2}})\n') == []


def test_two_callers_one_with_the_key():
    source = 'def read(c):\n    return c["b"]\n\nread({"a": 1})\nread({"b": 1})\n'
    assert codes_of(source) == []  # the read succeeds for one caller: not every path fails
