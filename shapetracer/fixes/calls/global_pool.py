"""``Flatten()`` of a sequence or image whose length is unknown (``Input(shape=(None, 1))``)
gives ``Dense`` an undefined input size; a global pooling layer
(``GlobalAveragePooling1D()``/``2D()``) gives it the channels instead, whatever the length.

Unsafe: the features the next layer sees change.
"""

from __future__ import annotations

from typing import Iterator

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.UNDEFINED_DIM})

INVALID = [
    ("from tensorflow import keras\n"
     "from tensorflow.keras import layers\n"
     "inputs = keras.Input(shape=(None, 1))\n"
     "x = layers.Conv1D(8, 3)(inputs)\n"
     "x = layers.Flatten()(x)\n"
     "outputs = layers.Dense(2)(x)\n",
     "from tensorflow import keras\n"
     "from tensorflow.keras import layers\n"
     "inputs = keras.Input(shape=(None, 1))\n"
     "x = layers.Conv1D(8, 3)(inputs)\n"
     "x = layers.GlobalAveragePooling1D()(x)\n"
     "outputs = layers.Dense(2)(x)\n"),
]
VALID = [
    "from tensorflow import keras\n"
    "from tensorflow.keras import layers\n"
    "inputs = keras.Input(shape=(None, 1))\n"
    "x = layers.Conv1D(8, 3)(inputs)\n"
    "x = layers.GlobalAveragePooling1D()(x)\n"
    "outputs = layers.Dense(2)(x)\n",
]


def propose(ctx: FixContext) -> Iterator[Fix]:
    for call in ctx.calls_named(("Flatten",), ctx.lines):
        if call.args:
            continue
        prefix = ctx.code(call.func)[:-len("Flatten")]
        for layer in ("GlobalAveragePooling1D", "GlobalAveragePooling2D"):
            yield ctx.fix(f"Use {layer}() instead of Flatten() on line {ctx.start(call)}",
                          ctx.replace(call.func, prefix + layer))
