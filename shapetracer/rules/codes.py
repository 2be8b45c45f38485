"""The one registry of finding codes.

Everything user-facing that names a rule (selectors, ``shapetracer rules``,
``explain``, SARIF rule entries, generated docs) reads from here, so a rule is
described exactly once.  Codes never change meaning and are never reused.

Families:
- ST0xx  input problems (the file could not be analysed as Python 3)
- ST1xx  shape errors: the op fails for every value of the unknown dims; ST14x dtype clashes,
         ST15x missing keys, attributes and indices of containers the program fully defines
- ST2xx  shape warnings: fails for some values, or is almost surely unintended (ST205: a tensor
         larger than the device's memory)
- ST3xx  generic Python bugs, from pyflakes and pylint
- ST9xx  notes about the analysis itself (inconclusive, not modelled, internal)
"""

from __future__ import annotations

import difflib
from types import MappingProxyType
from typing import Mapping

from shapetracer.rules.facts import FACTS
from shapetracer.rules.message import Kind


class Rule(str):
    """A registered code.  It *is* its code string ("ST101"), so specs and passes name codes
    by constant (``codes.MATMUL_DIM``) wherever a code is expected, and a typo is an
    AttributeError at import instead of a silent, never-matching string."""

    code: str
    name: str
    family: str
    severity: str  # "error" | "warning" | "info"
    category: str  # failure taxonomy category ("shape", "syntax-error", ...)
    summary: str
    enabled_by_default: bool
    # the facts a finding of the code may carry (``Finding.args``), by name, with their kinds
    # (rules.facts names them all); each message of the code is rendered from some of them
    args: Mapping[str, Kind]

    def __new__(cls, code: str, name: str, family: str, severity: str, category: str, summary: str,
                enabled_by_default: bool = True, args: Mapping[str, Kind] | None = None) -> "Rule":
        rule = super().__new__(cls, code)
        fields = dict(code=code, name=name, family=family, severity=severity, category=category,
                      summary=summary, enabled_by_default=enabled_by_default,
                      args=MappingProxyType(dict(args or {})))
        for key, value in fields.items():
            object.__setattr__(rule, key, value)
        return rule

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("a Rule is immutable")

    def __repr__(self) -> str:  # as the plain code: records and reprs stay what they were
        return repr(self.code)

    def __reduce__(self):
        return (_registered, (str(self),))


def _registered(code: str) -> "Rule":
    return RULES[code]


RULES: dict[str, Rule] = {}


def _rule(code: str, name: str, family: str, severity: str, category: str, summary: str,
          enabled_by_default: bool = True, facts: str = "") -> Rule:
    """``facts``: the names (rules.facts) of the facts the code's findings may carry."""
    assert code not in RULES, f"duplicate code {code}"
    assert all(r.name != name for r in RULES.values()), f"duplicate name {name}"
    rule = Rule(code, name, family, severity, category, summary, enabled_by_default,
                {fact: FACTS[fact] for fact in facts.split()})
    RULES[code] = rule
    return rule


# --- ST0xx: input ---------------------------------------------------------
SYNTAX_ERROR = _rule("ST001", "syntax-error", "input", "error", "syntax-error",
                     "The file is not valid Python 3; the job would die with SyntaxError before any op runs.",
                     facts="detail subjects tags tools")
PYTHON2_SOURCE = _rule("ST002", "python2-source", "input", "error", "syntax-error",
                       "The file is Python 2 source (print statements, old except syntax), which Python 3 cannot run.",
                       facts="construct")
UNREADABLE_FILE = _rule("ST003", "unreadable-file", "input", "error", "syntax-error",
                        "The file cannot be decoded or read (bad encoding, NUL bytes, permissions).",
                        facts="detail encoding subjects tags tools")
TOO_COMPLEX = _rule("ST004", "analysis-limit", "input", "info", "unknown",
                    "The file exceeds an analysis bound (size, nesting depth); it was only partly analysed.",
                    facts="bound bound_mb budget detail size size_mb subjects tags tools")
INVALID_NOTEBOOK = _rule("ST005", "invalid-notebook", "input", "error", "syntax-error",
                         "The .ipynb file is not a Jupyter notebook (invalid JSON, no cell list, a cell without "
                         "source); Jupyter cannot open it.",
                         facts="cell detail")
OLD_NOTEBOOK_FORMAT = _rule("ST006", "old-notebook-format", "input", "info", "unknown",
                            "The notebook is nbformat 3 or older; only nbformat 4 is read (convert it with "
                            "jupyter nbconvert).",
                            facts="detail nbformat")
NO_PYTHON_CODE = _rule("ST007", "no-python-code", "input", "info", "unknown",
                       "The notebook has no Python code cells (only markdown, or a kernel in another "
                       "language); there was nothing to check.",
                       facts="language")

# --- ST1xx: shape errors -------------------------------------------------
MATMUL_DIM = _rule("ST101", "matmul-dim-mismatch", "shape", "error", "shape",
                   "The inner dimensions of a matrix product differ.",
                   facts="op a axis_a axis_b b components fed layer shape shape_a shape_b weights_shape "
                         "width")
RANK_MISMATCH = _rule("ST102", "rank-mismatch", "shape", "error", "shape",
                      "An op receives a tensor of a rank it does not accept.",
                      facts="op a arg b detail estimator fed flag_shape index indices_shape input input_shapes "
                            "kind labels_shape ndim rank rank_a rank_b shape shape_a shape_b suggestion want_rank")
BROADCAST = _rule("ST103", "incompatible-broadcast", "shape", "error", "shape",
                  "Two operands of an elementwise op cannot be broadcast together.",
                  facts="op a axis b broadcast_shape fed first first_name index index_a index_b name new_shape "
                        "shape shape_a shape_b shapes size values_rank values_shape weights_rank weights_shape")
RESHAPE_SIZE = _rule("ST104", "reshape-size-mismatch", "shape", "error", "shape",
                     "A reshape target does not hold the same number of elements as its input.",
                     facts="op count_in count_out divisor factor fed new_shape requested shape size "
                           "target_shape values")
FEED_SHAPE = _rule("ST105", "feed-shape-mismatch", "shape", "error", "shape",
                   "A value fed to a placeholder does not fit the placeholder's declared shape.",
                   facts="op declared_shape dtype fed fed_shape tensor")
NEGATIVE_DIM = _rule("ST106", "negative-dimension", "shape", "error", "shape",
                     "A window (kernel, pool, crop) is larger than the input it slides over.",
                     facts="op arg cropping croppings dilation_rate fed input_shapes kernel kernel_shape "
                           "layer offset pool_size shape size sizes span stride strides target_size")
AXIS_RANGE = _rule("ST107", "axis-out-of-range", "shape", "error", "shape",
                   "An axis argument names an axis the tensor does not have.",
                   facts="op arg axes axis bound fed high index low ndim rank shape want_rank")
CONCAT_DIM = _rule("ST108", "concat-dim-mismatch", "shape", "error", "shape",
                   "Tensors joined by concat/stack differ on an axis that must match.",
                   facts="op a axis b fed index shape_a shape_b shapes sizes input_index")
LABELS_LOGITS = _rule("ST109", "labels-logits-mismatch", "shape", "error", "shape",
                      "The labels of a loss do not fit its logits or predictions.",
                      facts="op a axis b classes count_in count_out dim fed index input_shapes labels "
                            "labels_rank labels_shape labels_size logits logits_rank logits_shape "
                            "logits_size loss new_shape node output_shape rank_a rank_b shape_a shape_b "
                            "target_shape")
CHANNEL_MISMATCH = _rule("ST110", "channel-mismatch", "shape", "error", "shape",
                         "A convolution's input depth differs from its filter's input channels.",
                         facts="op a b depth fed filter_in filter_out groups input_shapes")
SET_SHAPE_CONFLICT = _rule("ST111", "incompatible-static-shape", "shape", "error", "shape",
                           "set_shape/ensure_shape/shape invariants contradict the shape already known.",
                           facts="op a b fed index invariant name rank rank_a rank_b shape shape_a shape_b "
                                 "want_rank")
BAD_PERMUTATION = _rule("ST112", "invalid-permutation", "shape", "error", "shape",
                        "A transpose permutation is not a permutation of the tensor's axes.",
                        facts="op axis dims fed perm perm_length rank")
RESHAPE_TWO_UNKNOWN = _rule("ST113", "reshape-multiple-inferred", "shape", "error", "shape",
                            "A reshape target has more than one -1.",
                            facts="op fed index_a index_b values")
BIAS_MISMATCH = _rule("ST114", "bias-size-mismatch", "shape", "error", "shape",
                      "A bias vector's length differs from the last (channel) dimension.",
                      facts="op a b fed input_shapes")
CONV_TRANSPOSE_OUTPUT = _rule("ST115", "conv-transpose-output-mismatch", "shape", "error", "shape",
                              "conv2d_transpose's output_shape is not what the strides and padding produce.",
                              facts="op a actual axis b computed dilation fed filter_out gradient_shape "
                                    "input_shapes kernel kernel_size out_depth shape stride wanted")
ASSIGN_SHAPE = _rule("ST116", "assign-shape-mismatch", "shape", "error", "shape",
                     "A value assigned or restored into a variable has a different shape.",
                     facts="op a b fed index layer length name rank_a rank_b shape shape_a shape_b want_length "
                           "want_shape")
KERAS_INPUT = _rule("ST117", "layer-input-mismatch", "shape", "error", "shape",
                    "A Keras layer or model receives input of a shape its InputSpec rejects.",
                    facts="op axis checking fed input_index input_name kernel_shape layer layer_class "
                          "minimum ndim ndim_kind rank shape shape_a shape_b shapes value want_ndim want_rank "
                          "want_shape")
KERAS_TARGET = _rule("ST118", "target-output-mismatch", "shape", "error", "shape",
                     "Training targets do not fit the model's output under the chosen loss.",
                     facts="a b checking classes fed input_name labels logits loss node output_shape shape "
                           "shape_a shape_b shapes target_shape want_shape x_samples x_sizes y_samples "
                           "y_sizes")
RNN_INPUT = _rule("ST119", "rnn-input-mismatch", "shape", "error", "shape",
                  "A recurrent net receives input of the wrong rank or size.",
                  facts="op a axis b batch built_depth cell_class depth fed gate_width index input_index "
                        "input_name kind layer ndim ndim_kind out shape shape_a shape_b state_shape value "
                        "want_ndim")
UNDEFINED_DIM = _rule("ST120", "undefined-required-dim", "shape", "error", "shape",
                      "An op needs a statically known dimension (e.g. the channel axis) that is unknown.",
                      facts="op axes axis dtype fed layer shape shapes units")
SPLIT_UNEVEN = _rule("ST121", "uneven-split", "shape", "error", "shape",
                     "A split does not divide the axis evenly, or its sizes do not add up.",
                     facts="op divisor fed index num size sizes ways")
ARG_LENGTH = _rule("ST122", "argument-length-mismatch", "shape", "error", "shape",
                   "A per-axis argument (multiples, paddings, strides, begin/size) has the wrong length.",
                   facts="op a arg b fed length rank requested shapes spatial values want_length "
                         "want_lengths want_rank")
INDEX_RANGE = _rule("ST123", "index-out-of-range", "shape", "error", "shape",
                    "A constant index or slice falls outside the dimension it indexes.",
                    facts="op axis begin count dim fed index rank raises room size")
EINSUM_MISMATCH = _rule("ST124", "einsum-mismatch", "shape", "error", "shape",
                        "An einsum/tensordot equation does not fit its operands.",
                        facts="op a arg axes_a axes_b b count count_a count_b equation fed index "
                              "input_shapes label rank shape shape_a shape_b shapes want_count want_rank")
LOOP_INVARIANT = _rule("ST125", "loop-shape-variant", "shape", "error", "shape",
                       "A tf.while_loop variable changes shape across iterations.",
                       facts="op after_shape fed index named shape tensor")
NUMPY_SHAPE = _rule("ST126", "array-shape-error", "shape", "error", "shape",
                    "A numpy array is built or reshaped with an impossible shape (ragged lists, wrong size).",
                    facts="op fed rank shape shape_a shape_b")
SCALAR_REQUIRED = _rule("ST127", "non-scalar-loss", "shape", "error", "shape",
                        "A scalar is required (a loss, a learning rate, float() or %-formatting) but the value has "
                        "elements.",
                        facts="op fed kernel rank shape tag want_rank")
SHAPE_REQUIREMENT = _rule("ST130", "shape-requirement-violated", "shape", "error", "shape",
                          "Another shape requirement of an op is violated.",
                          facts="op a after allowed arg attr axis b before bound columns count data_format "
                                "dilation_rate dim dtype dtypes_length estimator fed fitted implied index k "
                                "label limit mask_size offset padding pairs rank rate rows samples shape "
                                "shape_a shape_b shapes_length size start strides target_size test total "
                                "train validation value values want_rank want_shape width")

# --- ST14x: dtype errors (TensorFlow raises TypeError/InvalidArgumentError at the op) -----------
DTYPE_MISMATCH = _rule("ST140", "operand-dtype-mismatch", "dtype", "error", "dtype-mismatch",
                       "Operands of an op that does not promote dtypes (add, multiply, matmul, concat, where, "
                       "+ - * / @) have different dtypes, e.g. int32 and float32.",
                       facts="op arg dtype got_type input_index kernel types want_type x_arg x_type y_arg "
                             "y_type")
LABEL_DTYPE = _rule("ST141", "label-dtype-mismatch", "dtype", "error", "dtype-mismatch",
                    "A loss gets labels of a dtype it rejects: sparse labels must be integers, one-hot "
                    "(sigmoid) labels floats like the logits.",
                    facts="op allowed arg attr dtype got_type input_index kernel want_type x_arg x_type "
                          "y_arg y_type")
INDEX_DTYPE = _rule("ST142", "non-integer-indices", "dtype", "error", "dtype-mismatch",
                    "Indices (gather, one_hot, embedding_lookup) are not integers.",
                    facts="op allowed arg attr dtype")
FEED_DTYPE = _rule("ST143", "feed-dtype-mismatch", "dtype", "error", "dtype-mismatch",
                   "Text is fed to a numeric placeholder: Session.run converts feeds with numpy, which "
                   "cannot turn 'abc' into a number (ValueError).",
                   facts="op dtype text")
KERAS_TEXT_INPUT = _rule("ST144", "keras-text-input", "dtype", "error", "dtype-mismatch",
                         "A numpy array of text is given to fit/evaluate/predict of a model with no text layer "
                         "(TextVectorization, StringLookup, Hashing): Keras cannot make numbers of it.",
                         facts="op dtype text")

# --- ST15x: missing keys, attributes and indices of containers the program fully defines --------
MISSING_KEY = _rule("ST150", "missing-dict-key", "container", "error", "key-error",
                    "A key is read from a dict (a literal, or built by known assignments) that holds no "
                    "such key on any path (KeyError).",
                    facts="key keys name")
MISSING_ARGUMENT = _rule("ST151", "undefined-cli-argument", "container", "error", "attribute-error",
                         "An attribute of an argparse namespace that no add_argument defines (AttributeError).",
                         facts="attribute defined")
LIST_INDEX = _rule("ST152", "list-index-past-end", "container", "error", "index-error",
                   "A constant index past the end of a list whose length is known on every path, or of an "
                   "array's or tensor's shape whose rank is known (IndexError).",
                   facts="index kind length name rank")

# --- ST2xx: shape warnings -----------------------------------------------
POSSIBLE_FAILURE = _rule("ST201", "possible-shape-failure", "shape-warning", "warning", "shape",
                         "The op fails for some values of the unknown dims (a counterexample is given).",
                         enabled_by_default=False,
                         facts="op counterexample requirement requirement_code shape_a shape_b")
SUSPICIOUS_BROADCAST = _rule("ST202", "suspicious-broadcast", "shape-warning", "warning", "shape",
                             "[N, 1] combined with [N] broadcasts to [N, N]; usually a silent loss bug.",
                             facts="op m n shape_a shape_b")
BATCH_MIXING = _rule("ST203", "batch-mixing-reshape", "shape-warning", "warning", "shape",
                     "A reshape with -1 moves elements across the batch axis.",
                     facts="op new_shape per_example per_row shape suggested")
LOSS_BROADCAST = _rule("ST204", "loss-target-broadcast", "shape-warning", "warning", "shape",
                       "A Keras loss broadcasts targets against outputs of another shape (an [N, 1] target "
                       "against [N, 10] outputs): training runs, but computes the wrong thing.  Keras "
                       "versions that check the target raise instead.",
                       facts="broadcast_shape loss output_shape repeated target_shape")
DEVICE_MEMORY = _rule("ST205", "exceeds-device-memory", "memory", "warning", "out-of-memory",
                      "A tensor's static size (or a Keras model's parameters plus one batch's activations "
                      "at fit) exceeds the device memory (--device-memory, default 141 GiB): the job would "
                      "die with ResourceExhaustedError/OOM.  A numpy array is reported when no 64-bit "
                      "process could address it (256 TiB).",
                      facts="op activations_size address_space device_memory dtype elements layer_class params "
                            "params_size shape size")

# --- ST9xx: analysis notes -----------------------------------------------
NOT_MODELLED = _rule("ST901", "not-modelled", "note", "info", "unknown",
                     "A call whose shape semantics are not modelled; its result is unknown.",
                     enabled_by_default=False,
                     facts="api")
INCONCLUSIVE = _rule("ST902", "solver-inconclusive", "note", "info", "unknown",
                     "The solver hit its time or resource limit; no verdict for this op.",
                     facts="op requirement requirement_code")
INTERNAL_ERROR = _rule("ST903", "internal-error", "note", "info", "unknown",
                       "An op model raised internally; the call's result is treated as unknown.",
                       facts="api detail error")
UNUSED_SUPPRESSION = _rule("ST904", "unused-suppression", "note", "warning", "unknown",
                           "A suppression comment of shapetracer's silences no finding; it hides nothing "
                           "and may hide a future bug.", enabled_by_default=False)


def by_name(name: str) -> Rule | None:
    for rule in RULES.values():
        if rule.name == name:
            return rule
    return None


def lookup(code_or_name: str) -> Rule | None:
    return RULES.get(code_or_name.upper()) or by_name(code_or_name)


def selector(text: str) -> str | None:
    """What a selector of ``--select``/``--ignore``/the configuration names: a code or a
    prefix of codes (``st1``, ``ST101``: upper-cased), or a rule's name (its code); None when
    it names nothing, so that a typo is refused instead of silently selecting nothing."""
    text = text.strip()
    upper = text.upper()
    if upper and any(code.startswith(upper) for code in RULES):
        return upper
    rule = by_name(text.lower())
    return rule.code if rule is not None else None


def closest(text: str) -> str | None:
    """The registered code or name nearest to ``text`` (``ST999`` -> ``ST904 (unused-suppression)``),
    for the message that refuses it; None when nothing is near."""
    text = text.strip()
    by_code = difflib.get_close_matches(text.upper(), list(RULES), n=1, cutoff=0.5)
    names = {rule.name: rule for rule in RULES.values()}
    by_name_ = difflib.get_close_matches(text.lower(), list(names), n=1, cutoff=0.6)
    looks_like_code = text[:2].upper() == "ST" and text[2:].isdigit()
    if by_code and (looks_like_code or not by_name_):
        return f"{by_code[0]} ({RULES[by_code[0]].name})"
    if by_name_:
        return f"{by_name_[0]} ({names[by_name_[0]].code})"
    return None


def unknown_selector(text: str) -> str:
    """The message refusing a selector that names no code, with the closest one."""
    near = closest(text)
    hint = f"; did you mean {near}?" if near else " (`shapetracer rules` lists them)"
    return f"unknown code or rule {text.strip()!r}{hint}"


# --- ST4xx: API changes between TensorFlow versions -------------------------
# Reported only where the target version's API model (shapetracer/api, generated from the
# real packages) lacks a name that another supported version has: an API change.
API_ATTRIBUTE = _rule("ST401", "removed-api-attribute", "api", "error", "attribute-error",
                      "A TensorFlow/Keras module attribute that the target version does not have (AttributeError).",
                      facts="attribute module replacement target version")
API_IMPORT = _rule("ST402", "removed-api-import", "api", "error", "import-error",
                   "An import of a TensorFlow/Keras module or name that the target version does not have "
                   "(ModuleNotFoundError/ImportError).",
                   facts="error module name replacement target version")
API_METHOD = _rule("ST403", "removed-api-method", "api", "error", "attribute-error",
                   "A Keras model method that the target version removed (AttributeError).",
                   facts="cls method target")
API_CALL = _rule("ST404", "api-call-signature", "api", "error", "call-error",
                 "A TensorFlow/Keras call with an unexpected keyword, a missing argument or too many positional "
                 "arguments for the target version's signature (TypeError).",
                 facts="argument class_name count function given keyword least method_name missing most renames "
                       "suggestion target")


# --- ST5xx: what only the whole project or job shows ------------------------------------------
# Read from the project's dependency files and the job's members (shapetracer/projectchecks).
MISSING_REQUIREMENT = _rule("ST501", "missing-requirement", "project", "warning", "import-error",
                            "An import that nothing the project's dependency files declare installs (nor the "
                            "pinned TensorFlow's own requirements): ModuleNotFoundError in an environment made "
                            "from them.",
                            facts="files module suggestion version")
MISSING_FILE = _rule("ST502", "missing-input-file", "project", "warning", "file-not-found",
                     "A file or folder the program reads, at a path it spells out, that the job does not hold "
                     "and that the program neither writes nor downloads first (FileNotFoundError). Off by default "
                     "for a repository, whose data is usually kept out of version control; on for a job.",
                     enabled_by_default=False,
                     facts="api folder path")


# --- ST3xx: generic Python bugs (pyflakes, pylint) ----------------------------
# One code per family of tool messages that crash a job where they stand; the tool's own
# message id travels in the finding's message.  Style and "unused" warnings are not here:
# they never kill a job.  The tool-id -> code tables live in shapetracer/generic/mapping.py.
# The interpreter reports ST304 itself for a call of a user function it resolved (across
# modules, through a registry dict) whose arguments do not bind, in Python's own words.
UNDEFINED_NAME = _rule("ST301", "undefined-name", "python", "error", "undefined-name",
                       "A name is used that is never defined (NameError), e.g. a Python 2 builtin.",
                       facts="detail subjects tags tools")
USED_BEFORE_ASSIGNMENT = _rule("ST302", "used-before-assignment", "python", "error", "undefined-name",
                               "A variable is read before it is assigned (UnboundLocalError/NameError).",
                               facts="detail subjects tags tools")
MISSING_ATTRIBUTE = _rule("ST303", "missing-attribute", "python", "error", "attribute-error",
                          "An attribute that the object does not have is read or set (AttributeError).",
                          facts="detail subjects tags tools")
BAD_CALL_ARGUMENTS = _rule("ST304", "bad-call-arguments", "python", "error", "call-error",
                           "A call passes too many, too few, unknown or duplicate arguments (TypeError).",
                           facts="detail subjects tags tools")
NOT_CALLABLE = _rule("ST305", "not-callable", "python", "error", "call-error",
                     "A value that is not callable is called (TypeError).",
                     facts="detail subjects tags tools")
UNRESOLVED_IMPORT = _rule("ST306", "unresolved-import", "python", "error", "import-error",
                          "A standard-library, Python 2 or local module or name cannot be imported (ImportError).",
                          facts="detail subjects tags tools")
UNSUPPORTED_OPERATION = _rule("ST307", "unsupported-operation", "python", "error", "type-error",
                              "An operator, index or argument type that the operand does not support (TypeError).",
                              facts="detail subjects tags tools")
NOT_ITERABLE = _rule("ST308", "not-iterable", "python", "error", "type-error",
                     "A non-iterable value is iterated, unpacked or reversed (TypeError).",
                     facts="detail subjects tags tools")
NOT_SUBSCRIPTABLE = _rule("ST309", "not-subscriptable", "python", "error", "type-error",
                          "A value that does not support [] is indexed, assigned or deleted by key (TypeError).",
                          facts="detail subjects tags tools")
NOT_CONTEXT_MANAGER = _rule("ST310", "not-context-manager", "python", "error", "type-error",
                            "A value that is not a context manager is used in a with statement (TypeError).",
                            facts="detail subjects tags tools")
BAD_EXCEPTION_TYPE = _rule("ST311", "bad-exception-type", "python", "error", "type-error",
                           "Something that is not an exception is raised, caught or chained (TypeError).",
                           facts="detail subjects tags tools")
INVALID_CLASS_DEFINITION = _rule("ST312", "invalid-class-definition", "python", "error", "type-error",
                                 "A class statement fails: bad base, MRO, metaclass, __slots__ or enum extension.",
                                 facts="detail subjects tags tools")
ABSTRACT_INSTANTIATION = _rule("ST313", "abstract-class-instantiated", "python", "error", "type-error",
                               "A class with unimplemented abstract methods is instantiated (TypeError).",
                               facts="detail subjects tags tools")
INVALID_SPECIAL_METHOD = _rule("ST314", "invalid-special-method", "python", "error", "type-error",
                               "A special method has the wrong signature or returns the wrong type (TypeError).",
                               facts="detail subjects tags tools")
MISPLACED_STATEMENT = _rule("ST315", "misplaced-statement", "python", "error", "syntax-error",
                            "return/yield/await/break/continue/import */__future__ where Python 3 refuses to "
                            "compile it (SyntaxError).",
                            facts="detail subjects tags tools")
DUPLICATE_ARGUMENT = _rule("ST316", "duplicate-argument", "python", "error", "syntax-error",
                           "A parameter name or keyword argument appears twice (SyntaxError).",
                           facts="detail subjects tags tools")
INVALID_STARRED_ASSIGNMENT = _rule("ST317", "invalid-starred-assignment", "python", "error", "syntax-error",
                                   "A starred expression where Python 3 refuses to compile it (SyntaxError).",
                                   facts="detail subjects tags tools")
FORMAT_MISSING_KEY = _rule("ST318", "format-missing-key", "python", "error", "key-error",
                           "A named placeholder of a format string has no argument (KeyError).",
                           facts="detail subjects tags tools")
FORMAT_MISSING_INDEX = _rule("ST319", "format-missing-index", "python", "error", "index-error",
                             "A positional placeholder of str.format has no argument (IndexError).",
                             facts="detail subjects tags tools")
FORMAT_ARGUMENTS_MISMATCH = _rule("ST320", "format-arguments-mismatch", "python", "error", "type-error",
                                  "%-formatting gets the wrong number or kind of arguments (TypeError).",
                                  facts="detail subjects tags tools")
INVALID_FORMAT_STRING = _rule("ST321", "invalid-format-string", "python", "error", "value-error",
                              "A format string is malformed (ValueError).",
                              facts="detail subjects tags tools")
SEQUENCE_INDEX_RANGE = _rule("ST322", "sequence-index-out-of-range", "python", "error", "index-error",
                             "A constant index falls outside a literal sequence (IndexError).",
                             facts="detail subjects tags tools")
ZERO_SLICE_STEP = _rule("ST323", "zero-slice-step", "python", "error", "value-error",
                        "A slice has step 0 (ValueError).",
                        facts="detail subjects tags tools")
DICT_UNPACKED_WITHOUT_ITEMS = _rule("ST324", "dict-unpacked-without-items", "python", "error", "value-error",
                                    "A dict is iterated as key/value pairs without .items() (ValueError).",
                                    facts="detail subjects tags tools")
