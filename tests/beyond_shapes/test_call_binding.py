"""Calls whose arguments do not bind to the callee's parameters (ST304, frontend/calls.py):
the interpreter reports them for the user functions, methods and classes it resolved, only
where the callee and the arguments are both certain."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from shapetracer.cli import main

from shapetracer.generic.examples import INTERPRETED
from shapetracer.rules import codes

from tests.helpers import codes_of, findings_of

HEAD = "import tensorflow as tf\n"
ST304 = codes.BAD_CALL_ARGUMENTS


@pytest.mark.parametrize("code,failing,fixed", INTERPRETED, ids=[c for c, _, _ in INTERPRETED])
def test_documented_examples(code, failing, fixed):
    assert [c for _, c in codes_of(failing)] == [code]
    assert codes_of(fixed) == []


@pytest.mark.parametrize("call,message", [
    ("f(1, 2, 3)", "f() takes from 1 to 2 positional arguments but 3 were given"),
    ("f()", "f() missing 1 required positional argument: 'a'"),
    ("f(1, c=2)", "f() got an unexpected keyword argument 'c'"),
    ("f(1, a=2)", "f() got multiple values for argument 'a'"),
    ("g(1)", "g() missing 1 required keyword-only argument: 'k'"),
    ("h()", "h() missing 2 required positional arguments: 'x' and 'y'"),
    ("(lambda x: x)()", "<lambda>() missing 1 required positional argument: 'x'"),
])
def test_function_calls_in_python_words(call, message):
    source = HEAD + "def f(a, b=1):\n    return a\ndef g(a, *, k):\n    return a\n" \
                    "def h(x, y):\n    return x\n" + call + "\n"
    found = findings_of(source)
    assert [(f.line, f.code) for f in found] == [(8, ST304)]
    assert found[0].message == message


def test_methods_and_classes():
    source = HEAD + (
        "class Base:\n"
        "    def __init__(self, a, b=2):\n        self.a = a\n"
        "    def run(self, x):\n        return x\n"
        "    @classmethod\n    def make(cls, n):\n        return cls(n)\n"
        "    @staticmethod\n    def helper(y):\n        return y\n"
        "class Child(Base):\n    pass\n"
        "c = Child(1, c=3)\n"     # 15
        "c.run(1, 2)\n"           # 16
        "Base.make()\n"           # 17
        "Base.helper(1, 2)\n"     # 18
        "c.run(x=1)\nChild(1)\nBase.make(2)\nc.helper(3)\n")
    found = findings_of(source)
    assert [(f.line, f.message) for f in found] == [
        (15, "Base.__init__() got an unexpected keyword argument 'c'"),
        (16, "Base.run() takes 2 positional arguments but 3 were given"),
        (17, "Base.make() missing 1 required positional argument: 'n'"),
        (18, "Base.helper() takes 1 positional argument but 2 were given"),
    ]


@pytest.mark.parametrize("source", [
    # the arguments spread at the call: their number or names are not certain
    "def f(a):\n    return a\nargs = load()\nf(*args)\n",
    "def f(a):\n    return a\nf(**load())\n",
    # a decorator may wrap the function in one of another signature
    "def deco(fn):\n    def wrapper(*a, **k):\n        return fn(*a, **k)\n    return wrapper\n"
    "@deco\ndef f(a):\n    return a\nf(1, 2, 3)\n",
    "import functools\n@functools.lru_cache()\ndef f(a):\n    return a\nf(1, 2)\n",
    "@tf.function\ndef f(a):\n    return a\nf(tf.ones([2]), 2)\n",
    # the callee is unknown: a value the analysis cannot tell
    "import importlib\nf = getattr(importlib.import_module('nets'), 'f')\nf(1, 2)\n",
    # a class made by a decorator, a metaclass, __new__, or with a library or unknown base
    "import dataclasses\n@dataclasses.dataclass\nclass A:\n    a: int\nA(1)\n",
    "import abc\nclass A(metaclass=abc.ABCMeta):\n    def __init__(self):\n        pass\nA(1)\n",
    "class A:\n    def __new__(cls, *a):\n        return object.__new__(cls)\n    def __init__(self):\n        pass\nA(1)\n",
    "class A(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\nA(units=3)\n",
    "from somewhere import Base\nclass A(Base):\n    pass\nA(1, 2)\n",
    # several bases: Python's method order may pick another method than a depth-first walk
    "class A:\n    def m(self):\n        pass\nclass B(A):\n    pass\nclass C(A):\n    def m(self, x):\n        pass\n"
    "class D(B, C):\n    pass\nD().m(1)\n",
    # a handler catches the TypeError
    "def f(a):\n    return a\ntry:\n    f()\nexcept TypeError:\n    pass\n",
    # a call that binds
    "def f(a, *rest, **named):\n    return a\nf(1, 2, 3, x=4)\n",
    "def f(a, /, **named):\n    return a\nf(1, a=2)\n",
])
def test_no_finding_where_the_binding_is_not_certain(source):
    assert [c for _, c in codes_of(HEAD + source)] == []


def test_a_callee_in_another_module(tmp_path, monkeypatch):
    """The registry dict of a package's __init__ picks the function of another module."""
    (tmp_path / "nets").mkdir()
    (tmp_path / "nets" / "__init__.py").write_text("from .vgg import VGG16\nREGISTRY = {'vgg16': VGG16}\n")
    (tmp_path / "nets" / "vgg.py").write_text(
        "import tensorflow as tf\n\ndef VGG16(input_shape=None, num_classes=1000):\n"
        "    return tf.keras.Input(input_shape)\n")
    (tmp_path / "train.py").write_text(
        "import tensorflow as tf\nfrom nets import REGISTRY\nname = 'vgg16'\n"
        "model = REGISTRY[name](input_shape=(8, 8, 3), classes=5)\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "--exit-zero", "--quiet", "."])
    found = [(f["path"], f["line"], f["code"], f["message"]) for f in json.loads(result.stdout)["findings"]]
    assert found == [("train.py", 4, ST304, "VGG16() got an unexpected keyword argument 'classes'")]
    (tmp_path / "train.py").write_text(
        "import tensorflow as tf\nfrom nets import REGISTRY\nname = 'vgg16'\n"
        "model = REGISTRY[name](input_shape=(8, 8, 3), num_classes=5)\n")
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "--exit-zero", "--quiet", "--no-cache", "."])
    assert json.loads(result.stdout)["findings"] == []


SIGNATURES = ["def f(a): pass", "def f(a, b=1): pass", "def f(): pass", "def f(a, b, c): pass", "def f(*, k): pass",
              "def f(a, /): pass", "def f(a, **k): pass", "def f(*a): pass", "def f(a, /, b, *, c, d=1): pass",
              "def f(a, *r, k): pass", "def f(a=1, *, c): pass"]
KEYWORDS = [{}, {"a": 1}, {"b": 1}, {"k": 1}, {"a": 1, "b": 2}, {"c": 1}, {"z": 1}, {"c": 1, "d": 2}]


@pytest.mark.parametrize("signature", SIGNATURES)
def test_binding_error_says_what_cpython_says(signature):
    """binding_error against this interpreter's own TypeError, for 0-3 positional arguments
    and each set of keywords: the same words, or None where the call binds."""
    import libcst as cst

    from shapetracer.frontend.functions import binding_error

    params = cst.parse_module(signature).body[0].params
    namespace: dict = {}
    exec(signature, namespace)  # a test's own snippet, to ask CPython
    for n_args in range(4):
        for keywords in KEYWORDS:
            try:
                namespace["f"](*range(n_args), **keywords)
                expected = None
            except TypeError as error:
                expected = str(error)
            assert binding_error(params, n_args, keywords, "f") == expected, (n_args, keywords)
