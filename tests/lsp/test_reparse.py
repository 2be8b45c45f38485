"""An edited file's tree made from its previous one is the tree libcst makes of the new text."""

import ast
import random
from pathlib import Path

import pytest

from shapetracer.frontend.source import parse_accepted
from shapetracer.lsp.reparse import Reparser

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

SCRIPT = '''"""A script."""
# a comment before the imports
import numpy as np
import tensorflow as tf


def layer(x, units):
    """A layer."""
    w = tf.Variable(tf.zeros([4, units]))
    return tf.matmul(x, w)
    # a comment the block owns


# a comment the next statement owns
x = tf.zeros([2, 4])
y = layer(x, 8)
a = 1; b = 2
s = """two
lines"""


@tf.function
def step(x):
    if x is None:
        return 0
    else:
        return 1


print(y.shape)
# the footer
'''


def parsed_after(before: str, after: str) -> tuple:
    reparser = Reparser()
    reparser.parse(before, ast.parse(before))
    return reparser.parse(after, ast.parse(after)), reparser


def statements(module) -> list:
    return list(module.body)


@pytest.mark.parametrize("old, new", [
    ("y = layer(x, 8)", "y = layer(x, 16)"),  # a simple statement
    ("    return tf.matmul(x, w)", "    return tf.matmul(w, x)"),  # inside a function
    ("# a comment the next statement owns", "# another comment"),
    ("    # a comment the block owns", "    # the block's comment, edited"),
    ("# a comment before the imports", "# the header, edited"),
    ("# the footer", "# the footer, edited\n\n"),
    ("a = 1; b = 2", "a = 1; b = 3"),
    ("lines\"\"\"", "more lines\"\"\""),
    ("@tf.function\n", ""),  # a decorator removed
    ("print(y.shape)\n", "print(y.shape)\nprint(x.shape)\n"),
    ("x = tf.zeros([2, 4])\n", ""),  # a statement removed
    ("x = tf.zeros([2, 4])\n", "x = tf.zeros([2, 4])\n    # indented, after a simple statement\n"),
    ("\n\n# a comment the next", "\n\n\n\n\n# a comment the next"),
])
def test_an_edit_gives_the_tree_of_the_new_text_and_keeps_the_statements_it_left(old, new):
    after = SCRIPT.replace(old, new, 1)
    assert after != SCRIPT
    made, reparser = parsed_after(SCRIPT, after)
    assert made.deep_equals(parse_accepted(after))
    assert made.code == after
    assert reparser.reused > 0


def test_statements_left_alone_are_the_same_objects_and_none_is_used_twice():
    after = SCRIPT.replace("y = layer(x, 8)", "y = layer(x, 16)")
    reparser = Reparser()
    before = reparser.parse(SCRIPT, ast.parse(SCRIPT))
    made = reparser.parse(after, ast.parse(after))
    assert before.body[0] is made.body[0] and before.body[-1] is made.body[-1]
    assert made.body[5] is not before.body[5]
    repeated = "x = 1\n" * 5
    made, _ = parsed_after(repeated, "x = 1\n" * 6)
    assert len({id(s) for s in made.body}) == 6


@pytest.mark.parametrize("before, after", [
    ("def f():\n  return 1\nx = 1\n", "def f():\n  return 1\nx = 2\n"),  # two-space indentation
    ("x = 1\ny = 2\n", "x = 1\ny = 3\ndef f():\n\treturn 1\n"),  # a first block added, tabs
    ("x = 1\ndef f():\n  return 1\ny = 2\n", "x = 1\ndef f():\n    return 1\ny = 2\n"),  # its indentation changed
    ("x = 1\ndef f():\n\treturn 1\ndef g():\n\treturn 2\n", "x = 1\ndef f():\n\treturn 1\ndef g():\n    return 2\n"),
    ("x = 1\ny = 2\n", "x = 1\ny = 3"),  # no final newline
    ("x = 1\r\ny = 2\r\n", "x = 1\r\ny = 3\r\n"),  # carriage returns
    ("x = 1\nmatch x:\n    case 1:\n        pass\ny = 2\n", "x = 1\nmatch x:\n    case 1:\n        pass\ny = 3\n"),
    ("# only\n# comments\nx = 1\n", "# only\nx = 1\n"),
    ("s = 'a\\fb'  # \f\u2028\x1c\nx = 1\ny = 2\nz = 3\n", "s = 'a\\fb'  # \f\u2028\x1c\nx = 1\ny = 5\nz = 3\n"),
])
def test_what_the_whole_file_normalises_gives_the_same_tree_as_a_full_parse(before, after):
    made, _ = parsed_after(before, after)
    assert made.deep_equals(parse_accepted(after))
    assert made.code == after


def test_random_edits_of_corpus_programs_give_the_tree_of_the_new_text():
    files = [f for f in sorted(CORPUS.rglob("*.py")) if f.stat().st_size < 4000][:10]
    assert files
    rng = random.Random(31)
    lines_added = ["x = 1\n", "\n", "# c\n", "    # c\n", "def f():\n    return 2\n", "if x:\n    y = 1\nelse:\n    y = 2\n"]
    compared = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(text)
        except SyntaxError:  # a corpus program about a syntax error
            continue
        reparser = Reparser()
        reparser.parse(text, tree)
        for _ in range(6):
            lines = text.splitlines(keepends=True)
            at = rng.randrange(len(lines) + 1)
            if rng.random() < 0.5:
                lines.insert(at, rng.choice(lines_added))
            elif lines:
                del lines[min(at, len(lines) - 1)]
            new = "".join(lines)
            try:
                tree = ast.parse(new)
            except SyntaxError:
                continue
            made = reparser.parse(new, tree)
            assert made.deep_equals(parse_accepted(new)), path
            compared += 1
            text = new
    assert compared > 25
