"""Rows of constants take a one-pass path in tensor conversion and numpy's shape discovery;
it must give what converting the items one by one gives."""

from __future__ import annotations

import itertools

from shapetracer.constraints.core.spec import to_tensor
from shapetracer.domain.values import Const, Seq, SymInt
from shapetracer.domain.dims import Dim
from tests.helpers import codes_of

SCALARS = [Const(0), Const(3), Const(True), Const(2.5), Const("a"), Const(None)]


def _describe(tensor):
    if tensor is None:
        return None
    return (tensor.shape.tuple_str(), tensor.dtype, tensor.elements)


def test_rows_convert_as_their_items_do():
    """A row with a SymInt in it takes the item-by-item path; the same row with the SymInt's
    place held by a Const must agree with it on everything but that item."""
    for size in (1, 2, 3):
        for row in itertools.product(SCALARS, repeat=size):
            fast = to_tensor(Seq(list(row), "list"), None)
            slow = to_tensor(Seq(list(row) + [SymInt(Dim(7))], "list"), None)
            if fast is None or slow is None:
                # a float (or a row of text, which the SymInt makes mixed) may part them
                assert (fast is None) == (slow is None) or row_has_float(row) or row_of_text(row), row
                continue
            assert fast.shape.rank == slow.shape.rank == 1
            assert fast.shape.dims[0].value == size and slow.shape.dims[0].value == size + 1
            assert fast.dtype == slow.dtype, row
            if slow.elements is not None:
                assert fast.elements == slow.elements[:-1], row
            else:
                assert fast.elements is None, row


def row_has_float(row) -> bool:
    return any(isinstance(c.value, float) for c in row)


def row_of_text(row) -> bool:
    """Strings only: a string tensor, which a number beside them makes no tensor at all."""
    return all(isinstance(c.value, str) for c in row)


def test_numpy_discovers_rows_of_constants():
    assert codes_of("""
        import numpy as np
        table = np.array([[1, 2, 3], [4, 5, 6]])
        table.reshape(4, 2)
    """) == [(4, "ST104")]
    assert codes_of("""
        import numpy as np
        table = np.array([[1, 2, 3], [4, 5, 6]])
        table.reshape(3, 2)
    """) == []
    # ragged rows of numbers: numpy refuses them
    assert codes_of("""
        import numpy as np
        table = np.array([[1, 2, 3], [4, 5]], dtype=np.float32)
    """) == [(3, "ST126")]
