"""``check --fix`` changes only the bytes of the lines it fixes: line ends, a byte order mark
and the encoding a coding cookie names are kept; a notebook stays valid JSON with its
outputs untouched.  (shapetracer/fixes/sources.py)"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.fixes.sources import NotebookSource, PythonSource, read

# tf.log is gone from TensorFlow 2: its safe fix writes tf.math.log on line 4 only
LINES = [b"import tensorflow as tf", b"# caf\xc3\xa9 au lait", b"x = tf.zeros([4, 6])", b"y = tf.log(x)",
         b"print(y)"]
FIXED_LINE = b"y = tf.math.log(x)"


def fix(path, *flags):
    return CliRunner().invoke(main, ["check", "--tf-version", "2.21", "--fix", *flags, str(path)],
                              catch_exceptions=False)


def expected(lines, ending: bytes) -> bytes:
    return b"".join(line + ending for line in lines)


@pytest.mark.parametrize("ending", [b"\r\n", b"\n", b"\r"])
def test_line_ends_are_kept(tmp_path, ending):
    file = tmp_path / "train.py"
    file.write_bytes(expected(LINES, ending))
    result = fix(file)
    assert "Fixed 1 finding(s)" in result.stderr
    assert file.read_bytes() == expected(LINES[:3] + [FIXED_LINE] + LINES[4:], ending)


def test_mixed_line_ends_are_kept_line_by_line(tmp_path):
    file = tmp_path / "train.py"
    endings = [b"\n", b"\r\n", b"\n", b"\r\n", b"\n"]
    file.write_bytes(b"".join(line + end for line, end in zip(LINES, endings)))
    fix(file)
    fixed = LINES[:3] + [FIXED_LINE] + LINES[4:]
    assert file.read_bytes() == b"".join(line + end for line, end in zip(fixed, endings))


def test_a_byte_order_mark_is_kept_and_the_fix_made(tmp_path):
    file = tmp_path / "train.py"
    file.write_bytes(b"\xef\xbb\xbf" + expected(LINES, b"\n"))
    result = fix(file)
    assert "Fixed 1 finding(s)" in result.stderr
    assert file.read_bytes() == b"\xef\xbb\xbf" + expected(LINES[:3] + [FIXED_LINE] + LINES[4:], b"\n")


def test_a_latin1_file_with_a_coding_cookie_is_fixed_in_latin1(tmp_path):
    cookie = b"# -*- coding: latin-1 -*-"
    latin = [cookie, b"import tensorflow as tf", b"# caf\xe9 au lait", b"x = tf.zeros([4, 6])",
             b"y = tf.log(x)  # r\xe9sultat"]
    file = tmp_path / "train.py"
    file.write_bytes(expected(latin, b"\r\n"))
    result = fix(file)
    assert "Fixed 1 finding(s)" in result.stderr
    assert file.read_bytes() == expected(latin[:4] + [b"y = tf.math.log(x)  # r\xe9sultat"], b"\r\n")


def test_an_undecodable_file_is_reported_not_skipped(tmp_path):
    file = tmp_path / "train.py"
    file.write_bytes(b"import tensorflow as tf\n# caf\xe9\ny = tf.log(1.0)\n")  # latin-1 bytes, no cookie
    before = file.read_bytes()
    result = fix(file)
    assert "ST003" in result.stdout and result.exit_code == 1
    assert file.read_bytes() == before


def test_a_python_source_renders_its_own_text_unchanged():
    for data in (expected(LINES, b"\r\n"), b"\xef\xbb\xbf" + expected(LINES, b"\n"), b"x = 1\r\ny = 2"):
        source = PythonSource("utf-8-sig" if data.startswith(b"\xef") else "utf-8", [], "a.py")
        text = data.decode(source.encoding)
        from shapetracer.fixes.sources import _lines
        source.lines = _lines(text[1:] if text.startswith("\ufeff") else text)
        assert source.render(source.text) == data
        assert "\r" not in source.text


def _notebook(cells) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"language": "python"}},
            "cells": cells}


def _code(lines, outputs=()):
    return {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": list(outputs),
            "source": lines}


OUTPUT = {"output_type": "stream", "name": "stdout", "text": ["caf\u00e9 4\n"]}


def test_a_notebook_fix_lands_in_its_cell_and_keeps_the_rest(tmp_path):
    document = _notebook([
        {"cell_type": "markdown", "metadata": {}, "source": ["# Model\n"]},
        _code(["%matplotlib inline\n", "import tensorflow as tf\n", "x = tf.zeros([4, 6])"], [OUTPUT]),
        _code(["y = tf.log(x)\n", "print(y)"], [OUTPUT]),
    ])
    file = tmp_path / "model.ipynb"
    file.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    result = fix(file)
    assert "Fixed 1 finding(s)" in result.stderr
    written = json.loads(file.read_text(encoding="utf-8"))
    assert written["cells"][2]["source"] == ["y = tf.math.log(x)\n", "print(y)"]
    document["cells"][2]["source"] = written["cells"][2]["source"]
    assert written == document  # outputs, markdown, the magic and metadata as they were
    assert file.read_text(encoding="utf-8").startswith('{\n "nbformat"')  # the same indentation


def test_a_notebook_diff_and_show_fixes_name_the_cell(tmp_path):
    document = _notebook([_code(["import tensorflow as tf\n"]), _code(["y = tf.log(1.0)\n"])])
    file = tmp_path / "model.ipynb"
    file.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    shown = CliRunner().invoke(main, ["check", "--tf-version", "2.21", "--output-format", "json", "--show-fixes",
                                      str(file)], catch_exceptions=False)
    [finding] = json.loads(shown.stdout)["findings"]
    assert finding["cell"] == 2 and finding["line"] == 1
    [edit] = finding["fix"]["edits"]
    assert edit["cell"] == 2 and edit["line"] == 1 and edit["new_text"] == "tf.math.log"
    diff = CliRunner().invoke(main, ["check", "--tf-version", "2.21", "--diff", str(file)], catch_exceptions=False)
    assert '-    "y = tf.log(1.0)\\n"' in diff.stdout and '+    "y = tf.math.log(1.0)\\n"' in diff.stdout
    assert json.loads(file.read_text()) == document  # --diff writes nothing


def test_reading_a_notebook_gives_its_joined_program(tmp_path):
    file = tmp_path / "a.ipynb"
    file.write_text(json.dumps(_notebook([_code(["x = 1\n"])])), encoding="utf-8")
    source = read(file, "a.ipynb")
    assert isinstance(source, NotebookSource) and source.text.endswith("x = 1\n")
    assert source.render(source.text) == (json.dumps(source.document) ).encode()
