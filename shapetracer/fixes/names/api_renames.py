"""TensorFlow/Keras spellings that a later release renamed, spelled the new way:
keywords (``keep_dims`` -> ``keepdims``, ``dimension``/``dim`` -> ``axis``,
``keep_prob=p`` -> ``rate=1 - p``), Keras model methods (``fit_generator`` -> ``fit``,
``predict_proba`` -> ``predict``) and Keras 2 module paths (``keras.layers.core`` ->
``keras.layers``).

Safe: each new spelling computes what the old one did (``rate`` is ``1 - keep_prob``).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Edit, Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.API_CALL, codes.API_METHOD, codes.API_IMPORT})
KEYWORDS = {"keep_dims": "keepdims", "dimension": "axis", "dim": "axis", "reduction_indices": "axis",
            "squeeze_dims": "axis", "keep_prob": "rate"}
METHODS = {"fit_generator": "fit", "evaluate_generator": "evaluate", "predict_generator": "predict",
           "predict_proba": "predict"}
KERAS_SUBMODULES = ("core", "convolutional", "recurrent", "pooling", "normalization", "embeddings", "merge",
                    "advanced_activations", "wrappers", "noise", "local")

INVALID = [
    ("import tensorflow as tf\n"
     "scores = tf.zeros([4, 3])\n"
     "totals = tf.reduce_sum(scores, axis=1, keep_dims=True)\n",
     "import tensorflow as tf\n"
     "scores = tf.zeros([4, 3])\n"
     "totals = tf.reduce_sum(scores, axis=1, keepdims=True)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "scores = tf.zeros([4, 3])\n"
    "totals = tf.reduce_sum(scores, axis=1, keepdims=True)\n",
]


def _drop(ctx: FixContext, arg: cst.Arg):
    """The edit that removes a keyword argument with the comma before it."""
    for call in ctx.of_type(cst.Call, {ctx.start(arg)}):
        args = list(call.args)
        if arg in args and args.index(arg) > 0:
            previous = ctx.positions[args[args.index(arg) - 1].value]
            end = ctx.positions[arg]
            return Edit(ctx.path, previous.end.line, previous.end.column + 1, end.end.line, end.end.column + 1, "")
    return None


def propose(ctx: FixContext) -> Iterator[Fix]:
    line = {ctx.finding.line}
    facts = ctx.finding.args
    if facts.get("keyword") in KEYWORDS:  # an unexpected keyword the target renamed
        old = facts["keyword"]
        for arg in ctx.of_type(cst.Arg, line):
            if arg.keyword is not None and arg.keyword.value == old:
                new = KEYWORDS[old]
                if old == "dim" and ctx.code(arg.value).replace(" ", "") == "-1":
                    drop = _drop(ctx, arg)
                    if drop is not None:  # -1 is the default of axis: say nothing
                        yield ctx.fix(f"Drop dim=-1 (the default) on line {ctx.start(arg)}", drop, safe=True)
                value = ctx.code(arg.value)
                if old == "keep_prob":
                    value = f"1 - {value}" if isinstance(arg.value, (cst.Name, cst.Attribute, cst.Float,
                                                                     cst.Integer)) else f"1 - ({value})"
                yield ctx.fix(f"Pass {new}= instead of {old}= on line {ctx.start(arg)}",
                              ctx.replace(arg, f"{new}={value}"), safe=True)
    method = facts.get("method")
    if ctx.finding.code == codes.API_METHOD and method in METHODS:
        for attribute in ctx.of_type(cst.Attribute, line):
            if attribute.attr.value == method:
                yield ctx.fix(f"Call {METHODS[method]}() instead of {method}() on line {ctx.start(attribute)}",
                              ctx.replace(attribute.attr, METHODS[method]), safe=True)
    if ctx.finding.code == codes.API_IMPORT:
        for node in ctx.of_type(cst.ImportFrom, line):
            module = ctx.code(node.module) if node.module is not None else ""
            head, _, tail = module.rpartition(".")
            if head.endswith("keras.layers") and tail in KERAS_SUBMODULES:
                yield ctx.fix(f"Import from {head} on line {ctx.start(node)}", ctx.replace(node.module, head),
                              safe=True)
