"""engine/datastack.py: an analysis runs under a frame that reserves one chunk of CPython's
frame stack for it; what it returns and raises is untouched."""

import sys
import threading

import pytest

from shapetracer.engine import check_source, datastack


def test_the_call_gives_back_what_the_function_returns():
    assert datastack.in_one_chunk(lambda: 41 + 1) == 42


def test_an_exception_goes_through_and_the_next_call_reserves_again():
    def fails():
        raise ValueError("inside")

    with pytest.raises(ValueError, match="inside"):
        datastack.in_one_chunk(fails)
    assert not getattr(datastack._inside, "active", False)
    assert datastack.in_one_chunk(lambda: getattr(datastack._inside, "active", False)) is (
        datastack._CALL_IN_ONE_CHUNK is not None)


def test_a_nested_call_runs_in_the_chunk_already_reserved():
    reserving = []

    def inner():
        frame = sys._getframe()
        while frame is not None:
            if frame.f_code.co_stacksize >= datastack._RESERVED_SLOTS:
                reserving.append(frame.f_code.co_name)
            frame = frame.f_back
        return "inner"

    assert datastack.in_one_chunk(lambda: datastack.in_one_chunk(inner)) == "inner"
    expected = 0 if datastack._CALL_IN_ONE_CHUNK is None else 1
    assert len(reserving) == expected  # not under a second reserving frame


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info < (3, 11),
                    reason="the frame stack is in chunks from CPython 3.11")
def test_the_reserving_frame_opens_a_chunk_of_a_mebibyte_with_half_of_it_free():
    stacksize = datastack._CALL_IN_ONE_CHUNK.__code__.co_stacksize
    frame_bytes = 8 * stacksize
    chunk = 16 * 1024
    while chunk < frame_bytes:
        chunk *= 2
    assert chunk == 1024 * 1024 and chunk - frame_bytes > 400 * 1024


def test_each_thread_reserves_its_own_chunk():
    seen = []

    def analyse():
        seen.append(datastack.in_one_chunk(lambda: getattr(datastack._inside, "active", False)))

    threads = [threading.Thread(target=analyse) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [datastack._CALL_IN_ONE_CHUNK is not None] * 3


def test_a_deep_program_is_analysed_as_before(monkeypatch):
    """The same findings with the reserving frame and without it, on a program whose
    analysis recurses deeply (nested calls of user functions)."""
    lines = ["import tensorflow as tf", "def f0(x):", "    return tf.matmul(x, tf.zeros([3, 4]))"]
    for depth in range(1, 8):
        lines += [f"def f{depth}(x):", f"    return f{depth - 1}(x)"]
    lines.append("y = f7(tf.zeros([2, 5]))")
    source = ("\n".join(lines) + "\n").encode()
    reserved = check_source(source, "deep.py").findings
    monkeypatch.setattr(datastack, "_CALL_IN_ONE_CHUNK", None)
    plain = check_source(source, "deep.py").findings
    assert [(f.code, f.line) for f in reserved] == [(f.code, f.line) for f in plain] == [("ST101", 3)]
