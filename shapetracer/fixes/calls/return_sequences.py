"""A recurrent layer that feeds another one returns its whole sequence: ``return_sequences=True``.

Unsafe: the layer's output changes from the last step to every step.
"""

from __future__ import annotations

from typing import Iterator

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword

CODES = frozenset({codes.RNN_INPUT, codes.KERAS_INPUT, codes.RANK_MISMATCH})
RECURRENT = ("LSTM", "GRU", "SimpleRNN", "CuDNNLSTM", "CuDNNGRU", "ConvLSTM2D")

INVALID = [
    ("import numpy as np\n"
     "from tensorflow import keras\n"
     "from tensorflow.keras import layers\n"
     "model = keras.Sequential([keras.Input(shape=(10, 3)), layers.LSTM(8), layers.LSTM(4), layers.Dense(1)])\n",
     "import numpy as np\n"
     "from tensorflow import keras\n"
     "from tensorflow.keras import layers\n"
     "model = keras.Sequential([keras.Input(shape=(10, 3)), layers.LSTM(8, return_sequences=True), "
     "layers.LSTM(4), layers.Dense(1)])\n"),
]
VALID = [
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "from tensorflow.keras import layers\n"
    "model = keras.Sequential([keras.Input(shape=(10, 3)), layers.LSTM(8, return_sequences=True), "
    "layers.LSTM(4), layers.Dense(1)])\n",
]


def propose(ctx: FixContext) -> Iterator[Fix]:
    for call in ctx.calls_named(RECURRENT):
        if keyword(call, "return_sequences") is None and call.args:
            yield ctx.fix(f"Return the whole sequence from the recurrent layer on line {ctx.start(call)}",
                          ctx.insert_after(call.args[-1].value, ", return_sequences=True"))
