"""Guarded code gets no API finding (issue 29, item 5); the same code unguarded still does.

A ``try`` whose handler catches what the line would raise (ImportError/ModuleNotFoundError
for ST402, AttributeError for ST401/ST403, TypeError for ST404, a bare ``except``,
``Exception``/``BaseException``) guards it, here or in a caller; ``hasattr(tf, name)`` is
answered by the target's API model, and ``getattr(tf, name, default)`` gives the default.
"""

from __future__ import annotations

import textwrap

import pytest

from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source

TARGET = target_for("2.21", "flag")


def codes(source: str, generic: bool = False) -> list[str]:
    result = check_source(textwrap.dedent(source).encode(), "prog.py", None,
                          Options(target=TARGET, generic=generic))
    return [f.code for f in result.findings]


# The six cases of the issue: (guarded, unguarded twin, the twin's code)
ISSUE_CASES = [
    ("""\
        try:
            from tensorflow.contrib import rnn
        except ImportError:
            rnn = None
     """, """\
        from tensorflow.contrib import rnn
     """, "ST402"),
    ("""\
        try:
            from tensorflow.contrib import rnn
        except:
            rnn = None
     """, """\
        from tensorflow.contrib import rnn
     """, "ST402"),
    ("""\
        import tensorflow as tf
        hidden = tf.ones([4, 8])
        try:
            dropped = tf.nn.dropout(hidden, keep_prob=0.5)
        except TypeError:
            dropped = tf.nn.dropout(hidden, rate=0.5)
     """, """\
        import tensorflow as tf
        hidden = tf.ones([4, 8])
        dropped = tf.nn.dropout(hidden, keep_prob=0.5)
     """, "ST404"),
    ("""\
        import tensorflow as tf
        hidden = tf.ones([4, 8])
        try:
            dropped = tf.nn.dropout(hidden, keep_prob=0.5)
        except:
            dropped = tf.nn.dropout(hidden, rate=0.5)
     """, """\
        import tensorflow as tf
        hidden = tf.ones([4, 8])
        dropped = tf.nn.dropout(hidden, keep_prob=0.5)
     """, "ST404"),
    ("""\
        if 'sess' in globals():
            sess.close()
     """, """\
        sess.close()
     """, "ST301"),
    ("""\
        if 'X' not in globals():
            globals()['X'] = 3
        print(X)
     """, """\
        print(X)
     """, "ST301"),
]


@pytest.mark.parametrize("guarded,twin,code", ISSUE_CASES)
def test_the_issues_guarded_cases_are_quiet_and_their_twins_are_not(guarded, twin, code):
    assert codes(guarded, generic=True) == []
    assert codes(twin, generic=True) == [code]


@pytest.mark.parametrize("handler", ["except ImportError:", "except ModuleNotFoundError:", "except Exception:",
                                     "except BaseException:", "except (ValueError, ImportError) as exc:",
                                     "except builtins.ImportError:", "except:"])
def test_handlers_that_catch_a_missing_module(handler):
    assert codes(f"try:\n    import tensorflow.contrib.slim as slim\n{handler}\n    slim = None\n") == []


@pytest.mark.parametrize("source,code", [
    # a handler for something else
    ("try:\n    import tensorflow.contrib.slim as slim\nexcept ValueError:\n    slim = None\n", "ST402"),
    # "cannot import name" is an ImportError, not a ModuleNotFoundError
    ("try:\n    from tensorflow.keras.layers import CuDNNLSTM\nexcept ModuleNotFoundError:\n    CuDNNLSTM = None\n",
     "ST402"),
    # a handler that raises again guards nothing
    ("try:\n    from tensorflow.contrib import rnn\nexcept ImportError:\n    raise SystemExit('needs TF 1')\n",
     "ST402"),
    # the else and finally clauses are not guarded by the handlers
    ("import tensorflow as tf\ntry:\n    pass\nexcept AttributeError:\n    pass\nelse:\n"
     "    x = tf.placeholder(tf.float32)\n", "ST401"),
    ("import tensorflow as tf\ntry:\n    pass\nexcept AttributeError:\n    pass\nfinally:\n"
     "    x = tf.placeholder(tf.float32)\n", "ST401"),
    # nor is the handler's own body
    ("import tensorflow as tf\ntry:\n    x = 1\nexcept AttributeError:\n    x = tf.placeholder(tf.float32)\n",
     "ST401"),
    # AttributeError does not catch the TypeError of a refused keyword
    ("import tensorflow as tf\nh = tf.ones([4, 8])\ntry:\n    d = tf.nn.dropout(h, keep_prob=0.5)\n"
     "except AttributeError:\n    d = h\n", "ST404"),
])
def test_what_a_handler_does_not_catch_is_still_reported(source, code):
    assert codes(source) == [code]


def test_a_guard_covers_the_functions_its_body_calls_and_not_a_later_call():
    helper = "import tensorflow as tf\ndef inputs():\n    return tf.placeholder(tf.float32, [None, 3])\n"
    assert codes(helper + "try:\n    x = inputs()\nexcept AttributeError:\n    x = None\n") == []
    assert codes(helper + "try:\n    x = inputs()\nexcept AttributeError:\n    x = None\ny = inputs()\n") \
        == ["ST401"]
    assert codes("import tensorflow as tf\ntry:\n    def inputs():\n        return tf.placeholder(tf.float32)\n"
                 "except AttributeError:\n    pass\nx = inputs()\n") == ["ST401"]  # defined there, run later


@pytest.mark.parametrize("source,expected", [
    ("if hasattr(tf, 'placeholder'):\n    x = tf.placeholder(tf.float32)\nelse:\n"
     "    x = tf.compat.v1.placeholder(tf.float32)\n", []),
    ("if not hasattr(tf, 'placeholder'):\n    tf = tf.compat.v1\nx = tf.placeholder(tf.float32)\n", []),
    ("x = tf.placeholder(tf.float32) if hasattr(tf, 'placeholder') else None\n", []),
    ("placeholder = getattr(tf, 'placeholder', None) or tf.compat.v1.placeholder\n", []),
    ("x = getattr(tf, 'placeholder')(tf.float32)\n", ["ST401"]),  # no default: it raises
    ("if hasattr(tf, 'nn'):\n    x = tf.placeholder(tf.float32)\n", ["ST401"]),  # a guard of another name
])
def test_hasattr_and_getattr_with_a_default_guard_a_name(source, expected):
    assert codes("import tensorflow as tf\n" + source) == expected


def test_under_a_version_that_has_the_name_the_guarded_branch_is_checked():
    source = "import tensorflow as tf\nif hasattr(tf, 'placeholder'):\n    x = tf.placeholder(tf.float32, [None, 3])\n" \
             "    y = tf.matmul(x, tf.zeros([4, 2]))\n"
    result = check_source(source.encode(), "prog.py", None, Options(target=target_for("1.15", "flag"), generic=False))
    assert [f.code for f in result.findings] == ["ST101"]


def test_the_exception_an_import_raises_is_a_fact_not_words():
    """A guard reads the ``error`` fact of ST402's message; rewording the template changes nothing."""
    from shapetracer.constraints.core.api_changes import ApiFinding, missing_import
    from shapetracer.rules.message import Message

    missing_module = missing_import("tensorflow.contrib.slim", (), TARGET)
    missing_name = missing_import("tensorflow.keras.layers", ("CuDNNLSTM",), TARGET)
    assert (missing_module.raises, missing_name.raises) == ("ModuleNotFoundError", "ImportError")
    reworded = ApiFinding(missing_module.code, Message("the module {module} is gone", **missing_module.message.args))
    assert reworded.raises == "ModuleNotFoundError"
