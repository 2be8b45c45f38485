"""``Flatten()`` before a ``Dense`` that receives a rank > 2 input (images into a classifier
head): in a functional call the Dense's input is wrapped, in a ``Sequential`` list or
``model.add`` sequence a Flatten layer goes in front of it.

Unsafe: the Dense sees every feature instead of acting on the last axis.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, dotted, last_name

CODES = frozenset({codes.KERAS_INPUT, codes.KERAS_TARGET, codes.RANK_MISMATCH, codes.UNDEFINED_DIM,
                   codes.LABELS_LOGITS, codes.LOSS_BROADCAST, codes.MATMUL_DIM})

INVALID = [
    ("import numpy as np\n"
     "from tensorflow import keras\n"
     "from tensorflow.keras import layers\n"
     "model = keras.Sequential([keras.Input(shape=(28, 28)), layers.Dense(10, activation='softmax')])\n"
     "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
     "model.fit(np.zeros((8, 28, 28)), np.zeros(8, dtype='int64'), epochs=1, verbose=0)\n",
     "import numpy as np\n"
     "from tensorflow import keras\n"
     "from tensorflow.keras import layers\n"
     "model = keras.Sequential([keras.Input(shape=(28, 28)), layers.Flatten(), "
     "layers.Dense(10, activation='softmax')])\n"
     "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
     "model.fit(np.zeros((8, 28, 28)), np.zeros(8, dtype='int64'), epochs=1, verbose=0)\n"),
]
VALID = [
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "from tensorflow.keras import layers\n"
    "model = keras.Sequential([keras.Input(shape=(28, 28)), layers.Flatten(), "
    "layers.Dense(10, activation='softmax')])\n"
    "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
    "model.fit(np.zeros((8, 28, 28)), np.zeros(8, dtype='int64'), epochs=1, verbose=0)\n",
]


def _flatten(ctx: FixContext, dense: cst.Call) -> str | None:
    """How this file spells Flatten, beside how it spelled Dense."""
    spelled = dotted(dense.func)
    if spelled is None:
        return None
    if "." in spelled:
        return spelled.rsplit(".", 1)[0] + ".Flatten"
    module = ctx.module_aliases.get(spelled, "")
    if "Flatten" in ctx.module_aliases or (module and "*" not in module and False):
        return "Flatten"
    return None


def _first_dense(ctx: FixContext, elements: list) -> cst.Call | None:
    for element in elements:
        value = element.value
        if isinstance(value, cst.Call) and last_name(value.func) == "Dense":
            return value
    return None


def propose(ctx: FixContext) -> Iterator[Fix]:
    denses = ctx.calls_named(("Dense",))
    near = [d for d in denses if ctx.start(d) in ctx.lines] or denses
    for dense in near:
        flatten = _flatten(ctx, dense)
        if flatten is None:
            continue
        line = ctx.start(dense)
        # layers.Dense(...)(x): wrap x
        for call in ctx.of_type(cst.Call, {line}):
            if call.func is dense and call.args:
                arg = call.args[0].value
                yield ctx.fix(f"Flatten the input of the Dense layer on line {line}",
                              ctx.replace(arg, f"{flatten}()({ctx.code(arg)})"))
        # Sequential([... Dense ...]) or model.add(Dense(...))
        for lst in ctx.of_type(cst.List):
            if any(e.value is dense for e in lst.elements) and _first_dense(ctx, lst.elements) is dense:
                yield ctx.fix(f"Insert Flatten() before the Dense layer on line {line}",
                              ctx.insert_before(dense, f"{flatten}(), "))
        for call in ctx.of_type(cst.Call, {line}):
            if last_name(call.func) == "add" and call.args and call.args[0].value is dense:
                statement = ctx.statement_of(call)
                if statement is not None and isinstance(call.func, cst.Attribute):
                    owner = ctx.code(call.func.value)
                    yield ctx.fix(f"Add a Flatten() layer before the Dense layer on line {line}",
                                  ctx.insert_before(statement, f"{owner}.add({flatten}())\n"
                                                    + ctx.indent_of(statement)))
