"""Match the loss to the targets: ``categorical_crossentropy`` (one-hot targets) and
``sparse_categorical_crossentropy`` (class indices) are swapped, in strings, Keras loss
classes and functions, and TensorFlow's softmax cross-entropy ops.  A column of class
indices (labels of shape ``(?, 1)``) never goes to a one-hot loss: it would broadcast over
the classes and run, computing nothing meant.

Unsafe: the loss changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, labels_column

CODES = frozenset({codes.KERAS_TARGET, codes.LABELS_LOGITS, codes.LOSS_BROADCAST, codes.RANK_MISMATCH,
                   codes.SHAPE_REQUIREMENT, codes.BROADCAST})

SWAPS = {
    "categorical_crossentropy": "sparse_categorical_crossentropy",
    "sparse_categorical_crossentropy": "categorical_crossentropy",
    "CategoricalCrossentropy": "SparseCategoricalCrossentropy",
    "SparseCategoricalCrossentropy": "CategoricalCrossentropy",
    "softmax_cross_entropy_with_logits": "sparse_softmax_cross_entropy_with_logits",
    "softmax_cross_entropy_with_logits_v2": "sparse_softmax_cross_entropy_with_logits",
    "sparse_softmax_cross_entropy_with_logits": "softmax_cross_entropy_with_logits",
    "categorical_accuracy": "sparse_categorical_accuracy",
    "sparse_categorical_accuracy": "categorical_accuracy",
}

INVALID = [
    ("import numpy as np\n"
     "from tensorflow import keras\n"
     "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3, activation='softmax')])\n"
     "model.compile(optimizer='adam', loss='categorical_crossentropy')\n"
     "model.fit(np.zeros((8, 4)), np.zeros(8, dtype='int64'), epochs=1, verbose=0)\n",
     "import numpy as np\n"
     "from tensorflow import keras\n"
     "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3, activation='softmax')])\n"
     "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
     "model.fit(np.zeros((8, 4)), np.zeros(8, dtype='int64'), epochs=1, verbose=0)\n"),
]
VALID = [
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3, activation='softmax')])\n"
    "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
    "model.fit(np.zeros((8, 4)), np.zeros(8, dtype='int64'), epochs=1, verbose=0)\n",
]


def _to_dense(ctx: FixContext, value: str) -> bool:
    """Whether a swap to ``SWAPS[value]`` would feed a column of class indices
    (``labels.shape=(?, 1)``) to a one-hot loss, which broadcasts it over the classes."""
    return "sparse" in value.lower() and labels_column(ctx.facts)


def propose(ctx: FixContext) -> Iterator[Fix]:
    edits = []
    for string in ctx.of_type(cst.SimpleString):
        value = string.evaluated_value
        if isinstance(value, str) and value in SWAPS and not _to_dense(ctx, value):
            edits.append((f"Use the loss {SWAPS[value]!r} on line {ctx.start(string)}",
                          ctx.replace(string, string.prefix + string.quote + SWAPS[value] + string.quote)))
    for name in ctx.of_type(cst.Name):
        if name.value in SWAPS and not _to_dense(ctx, name.value):
            edits.append((f"Use {SWAPS[name.value]} on line {ctx.start(name)}", ctx.replace(name, SWAPS[name.value])))
    for message, edit in edits:
        yield ctx.fix(message, edit)
    # a loss and its metric together ("categorical_crossentropy" with "categorical_accuracy")
    if len(edits) > 1:
        yield ctx.fix("Use the other cross-entropy (loss and metrics)", *(edit for _, edit in edits))
