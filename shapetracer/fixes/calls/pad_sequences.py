"""Lists of different lengths made an array (``np.array(token_lists)``: numpy cannot
make a rectangular array of them) are padded instead, with Keras' ``pad_sequences``, to a
length the program names (a module constant such as ``MAX_LEN``; each is tried and
re-analysis keeps the one the model's input agrees with).

Unsafe: the array's values change (zeros appended, long lists cut).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword

CODES = frozenset({codes.NUMPY_SHAPE})

INVALID = [
    ("import numpy as np\n"
     "from tensorflow import keras\n"
     "MAX_LEN = 4\n"
     "tokens = [[1, 2], [3, 4, 5]]\n"
     "ids = np.array(tokens, dtype='int32')\n"
     "model = keras.Sequential([keras.Input(shape=(MAX_LEN,)), keras.layers.Dense(1)])\n"
     "model.predict(ids, verbose=0)\n",
     "import numpy as np\n"
     "from tensorflow import keras\n"
     "MAX_LEN = 4\n"
     "tokens = [[1, 2], [3, 4, 5]]\n"
     "ids = keras.utils.pad_sequences(tokens, maxlen=MAX_LEN, padding=\"post\")\n"
     "model = keras.Sequential([keras.Input(shape=(MAX_LEN,)), keras.layers.Dense(1)])\n"
     "model.predict(ids, verbose=0)\n"),
]
VALID = [
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "MAX_LEN = 4\n"
    "tokens = [[1, 2, 0, 0], [3, 4, 5, 0]]\n"
    "ids = np.array(tokens, dtype='int32')\n"
    "model = keras.Sequential([keras.Input(shape=(MAX_LEN,)), keras.layers.Dense(1)])\n"
    "model.predict(ids, verbose=0)\n",
]

_INT32 = ("'int32'", '"int32"', "np.int32", "numpy.int32")


def _pad_functions(ctx: FixContext) -> list[str]:
    """How this file can spell pad_sequences, newest first."""
    spellings = []
    for bound, module in ctx.module_aliases.items():
        if module in ("tensorflow.keras", "keras"):
            spellings += [f"{bound}.utils.pad_sequences", f"{bound}.preprocessing.sequence.pad_sequences"]
        elif module in ("tensorflow", "tensorflow.compat.v2"):
            spellings += [f"{bound}.keras.utils.pad_sequences", f"{bound}.keras.preprocessing.sequence.pad_sequences"]
    return spellings


def _lengths(ctx: FixContext) -> list[str]:
    """Module constants bound to one integer (``MAX_LEN = 10``)."""
    names: dict[str, int] = {}
    for statement in ctx.module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Integer):
                names[small.targets[0].target.value] = int(small.value.value, 0)
    return [name for name, value in names.items() if value > 1]


def propose(ctx: FixContext) -> Iterator[Fix]:
    for call in ctx.calls_named(("array", "asarray"), {ctx.finding.line}):
        positional = [a.value for a in call.args if a.keyword is None]
        if len(positional) != 1:
            continue
        dtype = keyword(call, "dtype")
        extra = "" if dtype is None or ctx.code(dtype.value) in _INT32 else f", dtype={ctx.code(dtype.value)}"
        for pad in _pad_functions(ctx):
            for length in _lengths(ctx):
                yield ctx.fix(f"Pad the lists to {length} with pad_sequences "
                              f"on line {ctx.start(call)}",
                              ctx.replace(call, f"{pad}({ctx.code(positional[0])}, maxlen={length}, "
                                                f"padding=\"post\"{extra})"))
