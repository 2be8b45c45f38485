"""Bad input becomes a finding, never a traceback."""

from __future__ import annotations

from shapetracer.engine import Options, check_source


def codes(data: bytes) -> list[str]:
    return [f.code for f in check_source(data, "bad.py", None, Options(generic=False)).findings]


def test_syntax_error():
    assert codes(b"def f(:\n    pass\n") == ["ST001"]


def test_python2_print_statement():
    assert codes(b"import tensorflow as tf\nprint 'hello'\n") == ["ST002"]


def test_python2_except_clause():
    assert codes(b"try:\n    pass\nexcept ValueError, e:\n    pass\n") == ["ST002"]


def test_nul_byte():
    assert codes(b"x = 1\x00\n") == ["ST003"]


def test_bad_utf8():
    assert codes(b"x = '\xff\xfe'\n") == ["ST003"]


def test_latin1_coding_cookie_is_honoured():
    assert codes(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n") == []


def test_bom_is_accepted():
    assert codes(b"\xef\xbb\xbfx = 1\n") == []


def test_empty_and_comment_only_files():
    assert codes(b"") == []
    assert codes(b"# nothing here\n") == []
