"""A rank one short (a single sample where a batch is expected, a channel axis missing)
or one too many: the value passed to ``fit``/``predict``/``evaluate``/``*_on_batch``, a
model or layer call, or fed to a placeholder, gets a leading or trailing axis
(``np.expand_dims``; a trailing one also where the array is made, so that every later use
gets it), loses a trailing axis of 1 (``np.squeeze``), or an index ``a[i]`` becomes the
one-row slice ``a[i:i + 1]``.

Unsafe: the value passed changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword, last_name

CODES = frozenset({codes.FEED_SHAPE, codes.KERAS_INPUT, codes.KERAS_TARGET, codes.RNN_INPUT,
                   codes.RANK_MISMATCH, codes.NEGATIVE_DIM, codes.LOSS_BROADCAST, codes.UNDEFINED_DIM,
                   codes.CHANNEL_MISMATCH, codes.MATMUL_DIM})
KERAS_METHODS = ("fit", "predict", "evaluate", "train_on_batch", "test_on_batch", "predict_on_batch")

INVALID = [
    ("import numpy as np\n"
     "from tensorflow import keras\n"
     "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1)])\n"
     "sample = np.zeros(4)\n"
     "print(model.predict(sample, verbose=0))\n",
     "import numpy as np\n"
     "from tensorflow import keras\n"
     "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1)])\n"
     "sample = np.zeros(4)\n"
     "print(model.predict(np.expand_dims(sample, 0), verbose=0))\n"),
]
VALID = [
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1)])\n"
    "sample = np.zeros((1, 4))\n"
    "print(model.predict(sample, verbose=0))\n",
]


def _values(ctx: FixContext) -> list[cst.BaseExpression]:
    """The arrays passed at the finding's line."""
    values: list[cst.BaseExpression] = []
    for call in ctx.of_type(cst.Call, {ctx.finding.line}):
        name = last_name(call.func)
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        if name in KERAS_METHODS:
            values += positional[:2]
            for key in ("x", "y"):
                arg = keyword(call, key)
                if arg is not None:
                    values.append(arg.value)
            validation = keyword(call, "validation_data")
            if validation is not None and isinstance(validation.value, cst.Tuple):
                values += [e.value for e in validation.value.elements]
        elif name == "run":
            feed = keyword(call, "feed_dict")
            feed_value = feed.value if feed is not None else (positional[1] if len(positional) > 1 else None)
            if isinstance(feed_value, cst.Dict):
                values += [e.value for e in feed_value.elements if isinstance(e, cst.DictElement)]
        elif positional and name not in ("print", "len", "range"):
            values.append(positional[0])
    return [v for v in values if not isinstance(v, (cst.Dict, cst.Tuple, cst.List))]


def propose(ctx: FixContext) -> Iterator[Fix]:
    np_name = ctx.alias_of("numpy")
    for value in _values(ctx):
        text = ctx.code(value)
        line = ctx.start(value)
        if isinstance(value, cst.Subscript) and len(value.slice) == 1 \
                and isinstance(value.slice[0].slice, cst.Index) and isinstance(value.value, cst.Name) \
                and (ctx.known_rank(value.value.value, "ndarray") or 0) >= 1:
            index = ctx.code(value.slice[0].slice.value)
            base = ctx.code(value.value)
            yield ctx.fix(f"Pass the one-row slice {base}[{index}:{index} + 1] on line {line}",
                          ctx.replace(value, f"{base}[{index}:{index} + 1]"))
        # only a name the analysis knows as an array of known rank gets an axis more or less
        # numpy calls only on numpy arrays (a symbolic Keras tensor cannot become one)
        rank = ctx.known_rank(value.value, "ndarray") if isinstance(value, cst.Name) else None
        if np_name is None or rank is None:
            continue
        yield ctx.fix(f"Add a batch axis to `{text}` on line {line}",
                      ctx.replace(value, f"{np_name}.expand_dims({text}, 0)"))
        yield ctx.fix(f"Add a trailing axis to `{text}` on line {line}",
                      ctx.replace(value, f"{np_name}.expand_dims({text}, -1)"))
        definitions = ctx.definitions(text)
        if len(definitions) == 1 and definitions[0] in ctx.positions:
            # where the array is made, so that every later use (a predict after the fit) gets it
            made = definitions[0]
            yield ctx.fix(f"Add a trailing axis to `{text}` where it is made on line {ctx.start(made)}",
                          ctx.replace(made, f"{np_name}.expand_dims({ctx.code(made)}, -1)"))
        if rank >= 2:
            yield ctx.fix(f"Drop the trailing axis of `{text}` on line {line}",
                          ctx.replace(value, f"{np_name}.squeeze({text}, axis=-1)"))
