"""The one registry of finding codes.

Everything user-facing that names a rule (selectors, ``shapetracer rules``,
``explain``, SARIF rule entries, generated docs) reads from here, so a rule is
described exactly once.  Codes never change meaning and are never reused.

Families:
- ST0xx  input problems (the file could not be analysed as Python 3)
- ST1xx  shape errors: the op fails for every value of the unknown dims
- ST2xx  shape warnings: fails for some values, or is almost surely unintended
- ST3xx  generic Python bugs, from pyflakes and pylint
- ST9xx  notes about the analysis itself (inconclusive, not modelled, internal)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    family: str
    severity: str  # "error" | "warning" | "info"
    category: str  # failure taxonomy category ("shape", "syntax-error", ...)
    summary: str
    enabled_by_default: bool = True


RULES: dict[str, Rule] = {}


def _rule(code: str, name: str, family: str, severity: str, category: str, summary: str,
          enabled_by_default: bool = True) -> Rule:
    assert code not in RULES, f"duplicate code {code}"
    assert all(r.name != name for r in RULES.values()), f"duplicate name {name}"
    rule = Rule(code, name, family, severity, category, summary, enabled_by_default)
    RULES[code] = rule
    return rule


# --- ST0xx: input ---------------------------------------------------------
SYNTAX_ERROR = _rule("ST001", "syntax-error", "input", "error", "syntax-error",
                     "The file is not valid Python 3; the job would die with SyntaxError before any op runs.")
PYTHON2_SOURCE = _rule("ST002", "python2-source", "input", "error", "syntax-error",
                       "The file is Python 2 source (print statements, old except syntax), which Python 3 cannot run.")
UNREADABLE_FILE = _rule("ST003", "unreadable-file", "input", "error", "syntax-error",
                        "The file cannot be decoded or read (bad encoding, NUL bytes, permissions).")
TOO_COMPLEX = _rule("ST004", "analysis-limit", "input", "info", "unknown",
                    "The file exceeds an analysis bound (size, nesting depth); it was only partly analysed.")

# --- ST1xx: shape errors -------------------------------------------------
MATMUL_DIM = _rule("ST101", "matmul-dim-mismatch", "shape", "error", "shape",
                   "The inner dimensions of a matrix product differ.")
RANK_MISMATCH = _rule("ST102", "rank-mismatch", "shape", "error", "shape",
                      "An op receives a tensor of a rank it does not accept.")
BROADCAST = _rule("ST103", "incompatible-broadcast", "shape", "error", "shape",
                  "Two operands of an elementwise op cannot be broadcast together.")
RESHAPE_SIZE = _rule("ST104", "reshape-size-mismatch", "shape", "error", "shape",
                     "A reshape target does not hold the same number of elements as its input.")
FEED_SHAPE = _rule("ST105", "feed-shape-mismatch", "shape", "error", "shape",
                   "A value fed to a placeholder does not fit the placeholder's declared shape.")
NEGATIVE_DIM = _rule("ST106", "negative-dimension", "shape", "error", "shape",
                     "A window (kernel, pool, crop) is larger than the input it slides over.")
AXIS_RANGE = _rule("ST107", "axis-out-of-range", "shape", "error", "shape",
                   "An axis argument names an axis the tensor does not have.")
CONCAT_DIM = _rule("ST108", "concat-dim-mismatch", "shape", "error", "shape",
                   "Tensors joined by concat/stack differ on an axis that must match.")
LABELS_LOGITS = _rule("ST109", "labels-logits-mismatch", "shape", "error", "shape",
                      "The labels of a loss do not fit its logits or predictions.")
CHANNEL_MISMATCH = _rule("ST110", "channel-mismatch", "shape", "error", "shape",
                         "A convolution's input depth differs from its filter's input channels.")
SET_SHAPE_CONFLICT = _rule("ST111", "incompatible-static-shape", "shape", "error", "shape",
                           "set_shape/ensure_shape/shape invariants contradict the shape already known.")
BAD_PERMUTATION = _rule("ST112", "invalid-permutation", "shape", "error", "shape",
                        "A transpose permutation is not a permutation of the tensor's axes.")
RESHAPE_TWO_UNKNOWN = _rule("ST113", "reshape-multiple-inferred", "shape", "error", "shape",
                            "A reshape target has more than one -1.")
BIAS_MISMATCH = _rule("ST114", "bias-size-mismatch", "shape", "error", "shape",
                      "A bias vector's length differs from the last (channel) dimension.")
CONV_TRANSPOSE_OUTPUT = _rule("ST115", "conv-transpose-output-mismatch", "shape", "error", "shape",
                              "conv2d_transpose's output_shape is not what the strides and padding produce.")
ASSIGN_SHAPE = _rule("ST116", "assign-shape-mismatch", "shape", "error", "shape",
                     "A value assigned or restored into a variable has a different shape.")
KERAS_INPUT = _rule("ST117", "layer-input-mismatch", "shape", "error", "shape",
                    "A Keras layer or model receives input of a shape its InputSpec rejects.")
KERAS_TARGET = _rule("ST118", "target-output-mismatch", "shape", "error", "shape",
                     "Training targets do not fit the model's output under the chosen loss.")
RNN_INPUT = _rule("ST119", "rnn-input-mismatch", "shape", "error", "shape",
                  "A recurrent net receives input of the wrong rank or size.")
UNDEFINED_DIM = _rule("ST120", "undefined-required-dim", "shape", "error", "shape",
                      "An op needs a statically known dimension (e.g. the channel axis) that is unknown.")
SPLIT_UNEVEN = _rule("ST121", "uneven-split", "shape", "error", "shape",
                     "A split does not divide the axis evenly, or its sizes do not add up.")
ARG_LENGTH = _rule("ST122", "argument-length-mismatch", "shape", "error", "shape",
                   "A per-axis argument (multiples, paddings, strides, begin/size) has the wrong length.")
INDEX_RANGE = _rule("ST123", "index-out-of-range", "shape", "error", "shape",
                    "A constant index or slice falls outside the dimension it indexes.")
EINSUM_MISMATCH = _rule("ST124", "einsum-mismatch", "shape", "error", "shape",
                        "An einsum/tensordot equation does not fit its operands.")
LOOP_INVARIANT = _rule("ST125", "loop-shape-variant", "shape", "error", "shape",
                       "A tf.while_loop variable changes shape across iterations.")
NUMPY_SHAPE = _rule("ST126", "array-shape-error", "shape", "error", "shape",
                    "A numpy array is built or reshaped with an impossible shape (ragged lists, wrong size).")
SCALAR_REQUIRED = _rule("ST127", "non-scalar-loss", "shape", "error", "shape",
                        "A scalar is required (a loss, a learning rate) but the value has elements.")
SHAPE_REQUIREMENT = _rule("ST130", "shape-requirement-violated", "shape", "error", "shape",
                          "Another shape requirement of an op is violated.")

# --- ST2xx: shape warnings -----------------------------------------------
POSSIBLE_FAILURE = _rule("ST201", "possible-shape-failure", "shape-warning", "warning", "shape",
                         "The op fails for some values of the unknown dims (a counterexample is given).",
                         enabled_by_default=False)
SUSPICIOUS_BROADCAST = _rule("ST202", "suspicious-broadcast", "shape-warning", "warning", "shape",
                             "[N, 1] combined with [N] broadcasts to [N, N]; usually a silent loss bug.")
BATCH_MIXING = _rule("ST203", "batch-mixing-reshape", "shape-warning", "warning", "shape",
                     "A reshape with -1 moves elements across the batch axis.")

# --- ST9xx: analysis notes -----------------------------------------------
NOT_MODELLED = _rule("ST901", "not-modelled", "note", "info", "unknown",
                     "A call whose shape semantics are not modelled; its result is unknown.",
                     enabled_by_default=False)
INCONCLUSIVE = _rule("ST902", "solver-inconclusive", "note", "info", "unknown",
                     "The solver hit its time or resource limit; no verdict for this op.")
INTERNAL_ERROR = _rule("ST903", "internal-error", "note", "info", "unknown",
                       "An op model raised internally; the call's result is treated as unknown.")


def by_name(name: str) -> Rule | None:
    for rule in RULES.values():
        if rule.name == name:
            return rule
    return None


def lookup(code_or_name: str) -> Rule | None:
    return RULES.get(code_or_name.upper()) or by_name(code_or_name)
