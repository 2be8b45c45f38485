"""Failing and fixed snippets for every generic (ST3xx) code, Fixit style.

The tests in tests/generic/ run every entry (an INVALID snippet must produce its code,
reported by the named tool message; a VALID snippet must produce no finding at all), and
``examples_for`` hands them to the rule docs, so a rule's examples are written once.
"""

from __future__ import annotations

# (code, tool message id that must be among the reporters, source).  Every snippet raises
# the exception of its code's category when run under CPython 3.11, and every VALID one
# runs cleanly (tests/generic/verify_examples.py checks both in a child interpreter).
INVALID: list[tuple[str, str, str]] = [
    ("ST001", "syntax-error", "print 'hello'\n"),
    ("ST001", "E0001", "def f(:\n    pass\n"),
    ("ST301", "UndefinedName", "print(undefined_thing)\n"),
    ("ST301", "E0602", "for i in xrange(3):\n    pass\n"),
    ("ST302", "UndefinedLocal", "x = 0\ndef f():\n    print(x)\n    x = 1\nf()\n"),
    ("ST302", "E0601", "y = 0\ndef f():\n    print(y)\n    y = 1\nf()\n"),
    ("ST301", "E0601", "def f():\n    print(y)\n    y = 1\nf()\n"),  # pyflakes' code wins the merge
    ("ST302", "E0606", "def f(c):\n    if c:\n        y = 1\n    return y\nf(False)\n"),
    ("ST303", "E1101", "class A:\n    def __init__(self):\n        self.a = 1\nA().b\n"),
    ("ST303", "E1101", "d = {}\nd.has_key('k')\n"),
    ("ST303", "E0119", "print('{}').format(1)\n"),
    ("ST303", "E0237", "class A:\n    __slots__ = ('a',)\n    def __init__(self):\n        self.b = 1\nA()\n"),
    ("ST304", "E1120", "def f(a):\n    return a\nf()\n"),
    ("ST304", "E1121", "def f(a):\n    return a\nf(1, 2)\n"),
    ("ST304", "E1123", "def f(a):\n    return a\nf(a=1, b=2)\n"),
    ("ST304", "E1124", "def f(a):\n    return a\nf(1, a=1)\n"),
    ("ST304", "E1125", "def f(*, k):\n    return k\nf()\n"),
    ("ST304", "E1132", "def f(**k):\n    return k\nf(a=1, **{'a': 2})\n"),
    ("ST305", "E1102", "x = 1\nx()\n"),
    ("ST306", "E0401", "import cPickle\n"),
    ("ST306", "E0611", "from collections import Mapping\n"),
    ("ST307", "E1130", "y = -'a'\n"),
    ("ST307", "E1135", "1 in 5\n"),
    ("ST307", "E1143", "d = {[1]: 2}\n"),
    ("ST307", "InvalidPrintSyntax", "import sys\nprint >>sys.stderr, 'x'\n"),
    ("ST308", "E1133", "for i in 5:\n    pass\n"),
    ("ST308", "E0633", "a, b = 1\n"),
    ("ST308", "E0111", "reversed({1, 2})\n"),
    ("ST309", "E1136", "x = None\nx[0]\n"),
    ("ST309", "E1137", "x = 5\nx['a'] = 1\n"),
    ("ST310", "E1129", "class A:\n    pass\nwith A():\n    pass\n"),
    ("ST311", "RaiseNotImplemented", "raise NotImplemented\n"),
    ("ST311", "E0702", "raise 1\n"),
    ("ST311", "E0712", "try:\n    1 / 0\nexcept int:\n    pass\n"),
    ("ST312", "E0241", "class A:\n    pass\nclass C(A, A):\n    pass\n"),
    ("ST312", "E0239", "class C(1):\n    pass\n"),
    ("ST313", "E0110",
     "import abc\nclass A(abc.ABC):\n    @abc.abstractmethod\n    def f(self):\n        pass\nA()\n"),
    ("ST314", "E0101", "class A:\n    def __init__(self):\n        return 1\nA()\n"),
    ("ST314", "E0303", "class A:\n    def __len__(self):\n        return 'a'\nlen(A())\n"),
    ("ST315", "ReturnOutsideFunction", "return 1\n"),
    ("ST315", "ContinueOutsideLoop", "continue\n"),
    ("ST315", "ImportStarNotPermitted", "def f():\n    from os import *\n"),
    ("ST315", "LateFutureImport", "x = 1\nfrom __future__ import division\n"),
    ("ST315", "E0117", "def g():\n    nonlocal q\n"),
    ("ST315", "E1901", "match 1:\n    case a:\n        pass\n    case 1:\n        pass\n"),
    ("ST316", "DuplicateArgument", "def f(a, a):\n    pass\n"),
    ("ST316", "E0108", "def f(a, a):\n    pass\n"),
    ("ST317", "TwoStarredExpressions", "a, *b, *c = [1, 2, 3]\n"),
    ("ST317", "E0113", "*a = [1]\n"),
    ("ST318", "PercentFormatMissingArgument", "'%(a)s %(b)s' % {'a': 1}\n"),
    ("ST318", "W1303", "'{a}'.format(b=1)\n"),
    ("ST319", "StringDotFormatMissingArgument", "'{} {}'.format(1)\n"),
    ("ST319", "E1306", "'{0} {1}'.format(1)\n"),
    ("ST320", "PercentFormatPositionalCountMismatch", "'%s %s' % (1,)\n"),
    ("ST320", "E1305", "'%s' % (1, 2)\n"),
    ("ST320", "E1307", "'%d' % 'a'\n"),
    ("ST321", "PercentFormatUnsupportedFormatCharacter", "'%y' % 1\n"),
    ("ST321", "StringDotFormatMixingAutomatic", "'{} {0}'.format(1, 2)\n"),
    ("ST321", "W1302", "'{'.format(1)\n"),
    ("ST322", "E0643", "[1, 2][5]\n"),
    ("ST323", "E1144", "[1, 2][::0]\n"),
    ("ST324", "E1141", "d = {'abc': 1}\nfor k, v in d:\n    pass\n"),
]

# (code, source): the fixed twin of a bad snippet; it must give no finding at all.
VALID: list[tuple[str, str]] = [
    ("ST001", "print('hello')\n"),
    ("ST301", "x = 1\nprint(x)\n"),
    ("ST301", "try:\n    unicode\nexcept NameError:\n    unicode = str\n"),
    ("ST301", "try:\n    text_type = unicode\nexcept Exception:\n    text_type = str\n"),
    ("ST302", "def f():\n    y = 1\n    print(y)\n"),
    ("ST302", "def f(c):\n    y = 0\n    if c:\n        y = 1\n    return y\n"),
    ("ST303", "class A:\n    def __init__(self):\n        self.a = 1\nA().a\n"),
    ("ST303", "d = {}\n'k' in d\n"),
    ("ST303", "print('{}'.format(1))\n"),
    ("ST304", "def f(a):\n    return a\nf(1)\nf(a=1)\n"),
    ("ST304", "def f(*, k):\n    return k\nf(k=1)\n"),
    ("ST305", "x = len\nx([])\n"),
    ("ST306", "from collections.abc import Mapping\nimport os.path\nimport pickle\n"),
    ("ST307", "y = -1\n1 in [5]\nd = {(1,): 2}\n"),
    ("ST308", "for i in range(5):\n    pass\na, b = 1, 2\nreversed([1, 2])\n"),
    ("ST309", "x = [1]\nx[0]\ny = {}\ny['a'] = 1\n"),
    ("ST310", "import io\nwith io.StringIO() as fh:\n    pass\n"),
    ("ST311", "def f():\n    raise NotImplementedError\n"),
    ("ST311", "try:\n    pass\nexcept ValueError:\n    pass\n"),
    ("ST312", "class A:\n    pass\nclass B(A):\n    pass\n"),
    ("ST313", "import abc\nclass A(abc.ABC):\n    @abc.abstractmethod\n    def f(self):\n        pass\n"
              "class B(A):\n    def f(self):\n        return 1\nB()\n"),
    ("ST314", "class A:\n    def __init__(self):\n        self.a = 1\n"
              "    def __len__(self):\n        return 0\n"),
    ("ST315", "def f():\n    return 1\nfor i in range(2):\n    continue\n"),
    ("ST315", "from __future__ import division\nx = 1\n"),
    ("ST316", "def f(a, b):\n    pass\n"),
    ("ST317", "a, *b = [1, 2, 3]\n"),
    ("ST318", "'%(a)s' % {'a': 1}\n'{a}'.format(a=1)\n"),
    ("ST319", "'{} {}'.format(1, 2)\n'{}'.format(1, 2)\n"),
    ("ST320", "'%s %s' % (1, 2)\n'%s' % {'a': 1}\n'%d' % 1\n"),
    ("ST321", "'%d' % 1\n'{0} {1}'.format(1, 2)\n'{{'.format()\n"),
    ("ST322", "[1, 2][1]\n"),
    ("ST323", "[1, 2][::-1]\n"),
    ("ST324", "d = {'abc': 1}\nfor k, v in d.items():\n    pass\n"),
]


def examples_for(code: str) -> tuple[list[str], list[str]]:
    """(failing, passing) snippets for ``code``, for the rule docs."""
    failing = [source for entry_code, _, source in INVALID if entry_code == code]
    passing = [source for entry_code, source in VALID if entry_code == code]
    return failing, passing
