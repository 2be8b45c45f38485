"""Failing and fixed snippets for every generic (ST3xx) code, Fixit style.

The tests in tests/generic/ run every entry (an INVALID snippet must produce its code,
reported by the named tool message; a VALID snippet must produce no finding at all), and
``examples_for`` hands them to the rule docs, so a rule's examples are written once.
"""

from __future__ import annotations

from shapetracer.rules import codes
# (code, tool message id that must be among the reporters, source).  Every snippet raises
# the exception of its code's category when run under CPython 3.11, and every VALID one
# runs cleanly (tests/generic/verify_examples.py checks both in a child interpreter).
INVALID: list[tuple[str, str, str]] = [
    (codes.SYNTAX_ERROR, "syntax-error", "print 'hello'\n"),
    (codes.SYNTAX_ERROR, "E0001", "def f(:\n    pass\n"),
    (codes.UNDEFINED_NAME, "UndefinedName", "print(undefined_thing)\n"),
    (codes.UNDEFINED_NAME, "E0602", "for i in xrange(3):\n    pass\n"),
    (codes.USED_BEFORE_ASSIGNMENT, "UndefinedLocal", "x = 0\ndef f():\n    print(x)\n    x = 1\nf()\n"),
    (codes.USED_BEFORE_ASSIGNMENT, "E0601", "y = 0\ndef f():\n    print(y)\n    y = 1\nf()\n"),
    (codes.UNDEFINED_NAME, "E0601", "def f():\n    print(y)\n    y = 1\nf()\n"),  # pyflakes' code wins the merge
    (codes.USED_BEFORE_ASSIGNMENT, "E0606", "def f(c):\n    if c:\n        y = 1\n    return y\nf(False)\n"),
    (codes.MISSING_ATTRIBUTE, "E1101", "class A:\n    def __init__(self):\n        self.a = 1\nA().b\n"),
    (codes.MISSING_ATTRIBUTE, "E1101", "d = {}\nd.has_key('k')\n"),
    (codes.MISSING_ATTRIBUTE, "E0119", "print('{}').format(1)\n"),
    (codes.MISSING_ATTRIBUTE, "E0237", "class A:\n    __slots__ = ('a',)\n    def __init__(self):\n        self.b = 1\nA()\n"),
    (codes.BAD_CALL_ARGUMENTS, "E1120", "def f(a):\n    return a\nf()\n"),
    (codes.BAD_CALL_ARGUMENTS, "E1121", "def f(a):\n    return a\nf(1, 2)\n"),
    (codes.BAD_CALL_ARGUMENTS, "E1123", "def f(a):\n    return a\nf(a=1, b=2)\n"),
    (codes.BAD_CALL_ARGUMENTS, "E1124", "def f(a):\n    return a\nf(1, a=1)\n"),
    (codes.BAD_CALL_ARGUMENTS, "E1125", "def f(*, k):\n    return k\nf()\n"),
    (codes.BAD_CALL_ARGUMENTS, "E1132", "def f(**k):\n    return k\nf(a=1, **{'a': 2})\n"),
    (codes.NOT_CALLABLE, "E1102", "x = 1\nx()\n"),
    (codes.UNRESOLVED_IMPORT, "E0401", "import cPickle\n"),
    (codes.UNRESOLVED_IMPORT, "E0611", "from collections import Mapping\n"),
    (codes.UNSUPPORTED_OPERATION, "E1130", "y = -'a'\n"),
    (codes.UNSUPPORTED_OPERATION, "E1135", "1 in 5\n"),
    (codes.UNSUPPORTED_OPERATION, "E1143", "d = {[1]: 2}\n"),
    (codes.UNSUPPORTED_OPERATION, "InvalidPrintSyntax", "import sys\nprint >>sys.stderr, 'x'\n"),
    (codes.NOT_ITERABLE, "E1133", "for i in 5:\n    pass\n"),
    (codes.NOT_ITERABLE, "E0633", "a, b = 1\n"),
    (codes.NOT_ITERABLE, "E0111", "reversed({1, 2})\n"),
    (codes.NOT_SUBSCRIPTABLE, "E1136", "x = None\nx[0]\n"),
    (codes.NOT_SUBSCRIPTABLE, "E1137", "x = 5\nx['a'] = 1\n"),
    (codes.NOT_CONTEXT_MANAGER, "E1129", "class A:\n    pass\nwith A():\n    pass\n"),
    (codes.BAD_EXCEPTION_TYPE, "RaiseNotImplemented", "raise NotImplemented\n"),
    (codes.BAD_EXCEPTION_TYPE, "E0702", "raise 1\n"),
    (codes.BAD_EXCEPTION_TYPE, "E0712", "try:\n    1 / 0\nexcept int:\n    pass\n"),
    (codes.INVALID_CLASS_DEFINITION, "E0241", "class A:\n    pass\nclass C(A, A):\n    pass\n"),
    (codes.INVALID_CLASS_DEFINITION, "E0239", "class C(1):\n    pass\n"),
    (codes.ABSTRACT_INSTANTIATION, "E0110",
     "import abc\nclass A(abc.ABC):\n    @abc.abstractmethod\n    def f(self):\n        pass\nA()\n"),
    (codes.INVALID_SPECIAL_METHOD, "E0101", "class A:\n    def __init__(self):\n        return 1\nA()\n"),
    (codes.INVALID_SPECIAL_METHOD, "E0303", "class A:\n    def __len__(self):\n        return 'a'\nlen(A())\n"),
    (codes.MISPLACED_STATEMENT, "ReturnOutsideFunction", "return 1\n"),
    (codes.MISPLACED_STATEMENT, "ContinueOutsideLoop", "continue\n"),
    (codes.MISPLACED_STATEMENT, "ImportStarNotPermitted", "def f():\n    from os import *\n"),
    (codes.MISPLACED_STATEMENT, "LateFutureImport", "x = 1\nfrom __future__ import division\n"),
    (codes.MISPLACED_STATEMENT, "E0117", "def g():\n    nonlocal q\n"),
    (codes.MISPLACED_STATEMENT, "E1901", "match 1:\n    case a:\n        pass\n    case 1:\n        pass\n"),
    (codes.DUPLICATE_ARGUMENT, "DuplicateArgument", "def f(a, a):\n    pass\n"),
    (codes.DUPLICATE_ARGUMENT, "E0108", "def f(a, a):\n    pass\n"),
    (codes.INVALID_STARRED_ASSIGNMENT, "TwoStarredExpressions", "a, *b, *c = [1, 2, 3]\n"),
    (codes.INVALID_STARRED_ASSIGNMENT, "E0113", "*a = [1]\n"),
    (codes.FORMAT_MISSING_KEY, "PercentFormatMissingArgument", "'%(a)s %(b)s' % {'a': 1}\n"),
    (codes.FORMAT_MISSING_KEY, "W1303", "'{a}'.format(b=1)\n"),
    (codes.FORMAT_MISSING_INDEX, "StringDotFormatMissingArgument", "'{} {}'.format(1)\n"),
    (codes.FORMAT_MISSING_INDEX, "E1306", "'{0} {1}'.format(1)\n"),
    (codes.FORMAT_ARGUMENTS_MISMATCH, "PercentFormatPositionalCountMismatch", "'%s %s' % (1,)\n"),
    (codes.FORMAT_ARGUMENTS_MISMATCH, "E1305", "'%s' % (1, 2)\n"),
    (codes.FORMAT_ARGUMENTS_MISMATCH, "E1307", "'%d' % 'a'\n"),
    (codes.INVALID_FORMAT_STRING, "PercentFormatUnsupportedFormatCharacter", "'%y' % 1\n"),
    (codes.INVALID_FORMAT_STRING, "StringDotFormatMixingAutomatic", "'{} {0}'.format(1, 2)\n"),
    (codes.INVALID_FORMAT_STRING, "W1302", "'{'.format(1)\n"),
    (codes.SEQUENCE_INDEX_RANGE, "E0643", "[1, 2][5]\n"),
    (codes.ZERO_SLICE_STEP, "E1144", "[1, 2][::0]\n"),
    (codes.DICT_UNPACKED_WITHOUT_ITEMS, "E1141", "d = {'abc': 1}\nfor k, v in d:\n    pass\n"),
]

# (code, source): the fixed twin of a bad snippet; it must give no finding at all.
VALID: list[tuple[str, str]] = [
    (codes.SYNTAX_ERROR, "print('hello')\n"),
    (codes.UNDEFINED_NAME, "x = 1\nprint(x)\n"),
    (codes.UNDEFINED_NAME, "try:\n    unicode\nexcept NameError:\n    unicode = str\n"),
    (codes.UNDEFINED_NAME, "try:\n    text_type = unicode\nexcept Exception:\n    text_type = str\n"),
    (codes.UNDEFINED_NAME, "if 'sess' in globals():\n    sess.close()\n"),  # a notebook's restart guard
    (codes.UNDEFINED_NAME, "if 'X' not in globals():\n    globals()['X'] = 3\nprint(X)\n"),
    (codes.USED_BEFORE_ASSIGNMENT, "def f():\n    y = 1\n    print(y)\n"),
    (codes.USED_BEFORE_ASSIGNMENT, "def f(c):\n    y = 0\n    if c:\n        y = 1\n    return y\n"),
    (codes.MISSING_ATTRIBUTE, "class A:\n    def __init__(self):\n        self.a = 1\nA().a\n"),
    (codes.MISSING_ATTRIBUTE, "d = {}\n'k' in d\n"),
    (codes.MISSING_ATTRIBUTE, "print('{}'.format(1))\n"),
    (codes.BAD_CALL_ARGUMENTS, "def f(a):\n    return a\nf(1)\nf(a=1)\n"),
    (codes.BAD_CALL_ARGUMENTS, "def f(*, k):\n    return k\nf(k=1)\n"),
    (codes.NOT_CALLABLE, "x = len\nx([])\n"),
    (codes.UNRESOLVED_IMPORT, "from collections.abc import Mapping\nimport os.path\nimport pickle\n"),
    (codes.UNSUPPORTED_OPERATION, "y = -1\n1 in [5]\nd = {(1,): 2}\n"),
    (codes.NOT_ITERABLE, "for i in range(5):\n    pass\na, b = 1, 2\nreversed([1, 2])\n"),
    (codes.NOT_SUBSCRIPTABLE, "x = [1]\nx[0]\ny = {}\ny['a'] = 1\n"),
    (codes.NOT_CONTEXT_MANAGER, "import io\nwith io.StringIO() as fh:\n    pass\n"),
    (codes.BAD_EXCEPTION_TYPE, "def f():\n    raise NotImplementedError\n"),
    (codes.BAD_EXCEPTION_TYPE, "try:\n    pass\nexcept ValueError:\n    pass\n"),
    (codes.INVALID_CLASS_DEFINITION, "class A:\n    pass\nclass B(A):\n    pass\n"),
    (codes.ABSTRACT_INSTANTIATION, "import abc\nclass A(abc.ABC):\n    @abc.abstractmethod\n    def f(self):\n        pass\n"
              "class B(A):\n    def f(self):\n        return 1\nB()\n"),
    (codes.INVALID_SPECIAL_METHOD, "class A:\n    def __init__(self):\n        self.a = 1\n"
              "    def __len__(self):\n        return 0\n"),
    (codes.MISPLACED_STATEMENT, "def f():\n    return 1\nfor i in range(2):\n    continue\n"),
    (codes.MISPLACED_STATEMENT, "from __future__ import division\nx = 1\n"),
    (codes.DUPLICATE_ARGUMENT, "def f(a, b):\n    pass\n"),
    (codes.INVALID_STARRED_ASSIGNMENT, "a, *b = [1, 2, 3]\n"),
    (codes.FORMAT_MISSING_KEY, "'%(a)s' % {'a': 1}\n'{a}'.format(a=1)\n"),
    (codes.FORMAT_MISSING_INDEX, "'{} {}'.format(1, 2)\n'{}'.format(1, 2)\n"),
    (codes.FORMAT_ARGUMENTS_MISMATCH, "'%s %s' % (1, 2)\n'%s' % {'a': 1}\n'%d' % 1\n"),
    (codes.INVALID_FORMAT_STRING, "'%d' % 1\n'{0} {1}'.format(1, 2)\n'{{'.format()\n"),
    (codes.SEQUENCE_INDEX_RANGE, "[1, 2][1]\n"),
    (codes.ZERO_SLICE_STEP, "[1, 2][::-1]\n"),
    (codes.DICT_UNPACKED_WITHOUT_ITEMS, "d = {'abc': 1}\nfor k, v in d.items():\n    pass\n"),
]


# (code, failing, fixed): what the interpreter itself reports, in a program that uses a modelled
# library (a file that touches none skips the interpreter, engine/tensorless.py): a call of a
# user function, method or class it resolved -- through a registry dict, another module --
# whose arguments do not bind to the parameters (frontend/calls.signature_of says when the
# callee is certain).  tests/beyond_shapes/test_call_binding.py runs each pair.
INTERPRETED: list[tuple[str, str, str]] = [
    (codes.BAD_CALL_ARGUMENTS,
     "import tensorflow as tf\n\ndef vgg(input_shape, num_classes=1000):\n"
     "    return tf.keras.Input(input_shape)\n\nBACKBONES = {'vgg': vgg}\n"
     "model = BACKBONES['vgg'](input_shape=(32, 32, 3), classes=5)\n",
     "import tensorflow as tf\n\ndef vgg(input_shape, num_classes=1000):\n"
     "    return tf.keras.Input(input_shape)\n\nBACKBONES = {'vgg': vgg}\n"
     "model = BACKBONES['vgg'](input_shape=(32, 32, 3), num_classes=5)\n"),
]


def examples_for(code: str) -> tuple[list[str], list[str]]:
    """(failing, passing) snippets for ``code``, for the rule docs."""
    failing = [source for entry_code, _, source in INVALID if entry_code == code]
    passing = [source for entry_code, source in VALID if entry_code == code]
    failing += [source for entry_code, source, _ in INTERPRETED if entry_code == code]
    passing += [source for entry_code, _, source in INTERPRETED if entry_code == code]
    return failing, passing
