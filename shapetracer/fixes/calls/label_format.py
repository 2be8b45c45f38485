"""Labels in the format the loss wants: integer class indices made one-hot for a TensorFlow
loss (``tf.one_hot(y, N)``) or one-hot labels made indices (``argmax``), labels transposed, or a
column of labels made a vector (``squeeze``) — at the labels argument of the failing loss,
or at the targets passed to a Keras ``fit``/``evaluate``/``*_on_batch``.  ``N`` is a size
the finding names.

Unsafe: the labels change.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword, labels_column, last_name

CODES = frozenset({codes.LABELS_LOGITS, codes.KERAS_TARGET, codes.LOSS_BROADCAST})
LABEL_KEYWORDS = ("labels", "onehot_labels", "multi_class_labels", "y_true", "targets")
KERAS_METHODS = ("fit", "evaluate", "train_on_batch", "test_on_batch")

INVALID = [
    ("import tensorflow as tf\n"
     "logits = tf.zeros([8, 3])\n"
     "per_class = tf.zeros([3, 8])\n"
     "loss = tf.nn.softmax_cross_entropy_with_logits(labels=per_class, logits=logits)\n",
     "import tensorflow as tf\n"
     "logits = tf.zeros([8, 3])\n"
     "per_class = tf.zeros([3, 8])\n"
     "loss = tf.nn.softmax_cross_entropy_with_logits(labels=tf.transpose(per_class), logits=logits)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "logits = tf.zeros([8, 3])\n"
    "labels = tf.zeros([8, 3])\n"
    "loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)\n",
]


def _labels(ctx: FixContext) -> list[tuple[cst.BaseExpression, bool]]:
    """(labels expression, whether it is a numpy array passed to Keras) at the finding's line."""
    found: list[tuple[cst.BaseExpression, bool]] = []
    for call in ctx.of_type(cst.Call, {ctx.finding.line}):
        name = last_name(call.func)
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        if name in KERAS_METHODS:
            target = keyword(call, "y")
            value = target.value if target is not None else (positional[1] if len(positional) > 1 else None)
            if value is not None:
                found.append((value, True))
            continue
        for word in LABEL_KEYWORDS:
            arg = keyword(call, word)
            if arg is not None:
                found.append((arg.value, False))
        if not any(keyword(call, w) for w in LABEL_KEYWORDS) and positional \
                and ("loss" in ctx.code(call.func) or name in ("confusion_matrix",)):
            found.append((positional[0], False))
    return found


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = ctx.alias_of("tensorflow") or ctx.alias_of("tensorflow.compat.v1")
    np_name = ctx.alias_of("numpy")
    sizes = [n for n in ctx.numbers if 1 < n <= 1000]
    for value, keras in _labels(ctx):
        if isinstance(value, (cst.Dict, cst.List, cst.Tuple, cst.Set)):
            continue  # one target per output: not one array to reformat
        text, line = ctx.code(value), ctx.start(value)
        lib = np_name if keras else tf
        if lib is None:
            continue
        if not labels_column(ctx.facts):  # the argmax of one column is always 0
            yield ctx.fix(f"Pass class indices (argmax of `{text}`) on line {line}",
                          ctx.replace(value, f"{lib}.argmax({text}, axis=-1)"))
        yield ctx.fix(f"Transpose `{text}` on line {line}", ctx.replace(value, f"{lib}.transpose({text})"))
        yield ctx.fix(f"Drop the trailing axis of `{text}` on line {line}",
                      ctx.replace(value, f"{lib}.squeeze({text}, -1)" if not keras
                                  else f"{lib}.squeeze({text}, axis=-1)"))
        # one-hot only from labels the analysis knows as integers
        integer = isinstance(value, cst.Name) and ctx.dtypes(value.value) \
            and all(d is not None and "int" in d for d in ctx.dtypes(value.value))
        # (for Keras targets the loss is switched instead: loss_swap)
        for size in sizes if integer and not keras else ():
            yield ctx.fix(f"Pass `{text}` one-hot over {size} classes on line {line}",
                          ctx.replace(value, f"{tf}.one_hot({text}, {size})"))
