"""The facts a finding may carry, by name, each with its kind (``rules.message``).

One vocabulary for every code: ``shape_a`` is the first of two shapes a message compares
wherever it appears, ``axis`` an axis, ``op`` the short name of the op that fails, so a fix
or an editor reads the same fact the same way whatever the code.  The registry
(``rules.codes``) says which of these facts each code's findings carry; a test holds every
report of the corpus and the op examples to both.
"""

from __future__ import annotations

from shapetracer.rules.message import (
    BOOL, DIM, DIMS, DTYPE, DTYPES, INT, INTS, MESSAGE, MESSAGES, NAME, NAMES, NUMBER, OPT_NUMBER, PAIRS,
    RANK, SCALARS, SHAPE, SHAPES, STR, STRS, Kind,
)

_KINDS: dict[Kind, str] = {
    # what failed, and where
    STR: "op api arg attr kernel node layer layer_class loss input input_name kind label equation tensor tag "
         "checking estimator cell_class ndim_kind data_format padding first_name text detail error budget "
         "encoding language construct target version replacement requirement_code function class_name "
         "method_name key x_arg y_arg suggestion path folder raises",
    NAME: "name module attribute cls method keyword argument",
    # numbers that are dims of the program (None: unknown)
    DIM: "a b dim size depth width rows columns batch before after begin offset room span actual computed "
         "wanted count_in count_out divisor filter_in filter_out first fitted gate_width built_depth implied "
         "mask_size out out_depth per_example per_row labels logits classes components samples total units "
         "value target_size kernel_size m n x_samples y_samples num_units",
    # numbers the program or TensorFlow fixes (ranks, axes, indices, lengths, bytes)
    RANK: "rank want_rank rank_a rank_b labels_rank logits_rank values_rank weights_rank ndim want_ndim",
    INT: "index index_a index_b input_index axis axis_a axis_b low high bound length want_length perm_length count "
         "count_a count_b want_count shapes_length dtypes_length minimum validation elements params params_size "
         "activations_size device_memory address_space ways spatial stride dilation rate k groups least most given cell "
         "size_mb bound_mb nbformat num",
    NUMBER: "start limit",
    OPT_NUMBER: "test train",
    BOOL: "named",
    SHAPE: "shape shape_a shape_b new_shape target_shape output_shape labels_shape logits_shape values_shape "
           "weights_shape declared_shape fed_shape state_shape after_shape gradient_shape flag_shape "
           "indices_shape kernel_shape want_shape broadcast_shape invariant suggested labels_size logits_size",
    SHAPES: "shapes input_shapes croppings pairs",
    DIMS: "sizes x_sizes y_sizes values factor requested pool_size",
    INTS: "axes axes_a axes_b perm dims cropping strides dilation_rate want_lengths",
    DTYPE: "dtype x_type y_type want_type got_type",
    DTYPES: "types allowed",
    STRS: "tags files",
    NAMES: "subjects defined missing",
    SCALARS: "keys",
    PAIRS: "tools counterexample fed renames",
    MESSAGE: "requirement",
    MESSAGES: "repeated",
}

FACTS: dict[str, Kind] = {name: kind for kind, names in _KINDS.items() for name in names.split()}
assert len(FACTS) == sum(len(names.split()) for names in _KINDS.values()), "a fact named twice"
