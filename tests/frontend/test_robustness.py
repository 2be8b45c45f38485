"""Bad and pathological input: every case gets an answer (a finding or none), never a
traceback.  The CLI exits 0 or 1, never 2, on such files.  (How long they take is for
bench/, not for a timed test: the per-file budget bounds it.)"""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.engine import Options, check_source

TF = "import tensorflow.compat.v1 as tf\n"


def analyse(data: bytes) -> list[str]:
    result = check_source(data, "input.py", None, Options())
    return [f.code for f in result.findings]


CASES = {
    "empty": (b"", []),
    "comments only": (b"# just a comment\n# another\n", []),
    "syntax error": (b"x = (1,\n", ["ST001"]),
    "python 2 print": (b"print 'hello'\n", ["ST002"]),
    "mixed tabs and spaces": (b"if True:\n        x = 1\n\ty = 2\n", ["ST001"]),
    "bad utf-8": (b"s = '\xc3\x28'\n", ["ST003"]),
    "latin-1 cookie": (b"# coding: latin-1\ns = '\xe9'\n", []),
    "unknown cookie": (b"# coding: klingon\nx = 1\n", ["ST003"]),
    "bom": (b"\xef\xbb\xbfimport numpy as np\n", []),
    "nul byte": (b"x = 1\n\x00\n", ["ST003"]),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_input_matrix(name):
    data, expected = CASES[name]
    codes = analyse(data)
    assert [c for c in codes if c.startswith("ST0")] == expected


def test_five_megabyte_file_gets_a_note():
    line = b"x = tf.zeros([3, 4]) + tf.ones([3, 4])\n"
    data = TF.encode() + line * (5 * 1024 * 1024 // len(line))
    assert analyse(data) == ["ST004"]
    # not even parsed: CPython's parser alone takes 5-12 s on 5 MB of such lines, so a file over
    # the bound gets its note at once (its syntax is not judged; generated code is seldom wrong)
    assert analyse(data + b"x = (\n") == ["ST004"]


def test_time_budget_stops_a_long_analysis():
    from shapetracer.domain.bounds import Bounds
    body = "x = tf.zeros([2, 3])\n" + "x = x + 1.0\n" * 20000 + "y = tf.matmul(x, tf.zeros([4, 5]))\n"
    result = check_source((TF + body).encode(), "input.py", None,
                          Options(generic=False, bounds=Bounds(seconds=0.0)))
    codes = [f.code for f in result.findings]
    assert "ST004" in codes and "ST101" not in codes, [(f.code, f.message) for f in result.findings]


def test_deeply_nested_expression():
    data = b"x = " + b"(" * 3000 + b"1" + b")" * 3000 + b"\n"
    codes = analyse(data)
    assert set(codes) <= {"ST004", "ST001"}


def test_deeply_nested_list():
    data = b"x = " + b"[" * 3000 + b"]" * 3000 + b"\n"
    assert set(analyse(data)) <= {"ST004", "ST001"}


def test_twenty_thousand_chained_ops():
    body = "x = tf.zeros([2, 3])\n" + "x = x + 1.0\n" * 20000 + "y = tf.matmul(x, tf.zeros([4, 5]))\n"
    codes = analyse((TF + body).encode())
    assert codes.count("ST101") == 1 or "ST004" in codes


def test_long_single_expression_chain():
    data = (TF + "x = tf.zeros([2, 3])" + " + 1.0" * 3000 + "\n").encode()
    assert set(analyse(data)) <= {"ST004", "ST001"}


def test_huge_literals():
    data = ("x = " + "9" * 4000 + "\ny = 10 ** 10 ** 10\nz = 'a' * 10 ** 12\nw = [0] * 10 ** 9\n").encode()
    assert analyse(data) == []


def test_self_and_mutual_recursion():
    data = (TF + "def f(x):\n    return f(tf.matmul(x, x))\n"
            "def g(x):\n    return h(x)\ndef h(x):\n    return g(x)\n"
            "a = f(tf.zeros([2, 2]))\nb = g(1)\n").encode()
    assert analyse(data) == []


def test_forty_sequential_unknown_branches():
    lines = [TF, "import sys", "x = tf.zeros([2, 3])"]
    for i in range(40):
        lines.append(f"if len(sys.argv) > {i}:\n    x = x + 1.0\nelse:\n    x = x * 2.0")
    lines.append("y = tf.matmul(x, tf.zeros([4, 5]))")
    assert analyse("\n".join(lines).encode()).count("ST101") == 1


def test_loop_over_a_billion_items():
    data = (TF + "x = tf.zeros([2, 3])\nfor i in range(10 ** 9):\n    x = x + 1.0\n"
            "y = tf.matmul(x, tf.zeros([4, 5]))\n").encode()
    assert analyse(data).count("ST101") == 1


def test_while_true_with_break():
    data = (TF + "n = 0\nwhile True:\n    n += 1\n    if n > 10:\n        break\n").encode()
    assert analyse(data) == []


def test_unreadable_file_in_a_folder(tmp_path, monkeypatch):
    from pathlib import Path

    (tmp_path / "ok.py").write_text("x = 1\n")
    secret = tmp_path / "secret.py"
    secret.write_text("x = 1\n")
    real = Path.read_bytes

    def read_bytes(self):  # root reads any file, so permission loss is simulated
        if self.name == "secret.py":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    assert result.exit_code == 1
    assert "secret.py:1:1: ST003 cannot read the file: Permission denied" in result.stdout


@pytest.mark.skipif(os.name != "posix", reason="needs mkfifo")
def test_fifo_named_like_a_script_is_not_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.py")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 0


def test_symlink_loop_in_a_folder(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n")
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path / "pkg", target_is_directory=True)
    (tmp_path / "dangling.py").symlink_to(tmp_path / "missing.py")
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_nested_comprehensions_and_big_strings_stay_within_bounds():
    from tests.helpers import codes_of
    source = (
        "import numpy as np\n"
        "text = 'a b ' * 400000\n"
        "words = text.split()\n"
        "vocab = set(text)\n"
        "big = [[i * j for j in range(1000)] for i in range(1000)]\n"
        "arr = np.array(big)\n"
        "x = 'ab'.replace('', 'y' * 100000)\n"
        "y = '{:>99999999}'.format('a')\n"
        "z = 'x'.zfill(10 ** 10)\n"
    )
    # no finding at all: in particular no ST004 "time budget exhausted" (the 1,000 x 1,000
    # comprehension used to build a million items and run out of the 10 s budget)
    assert codes_of(source) == []
