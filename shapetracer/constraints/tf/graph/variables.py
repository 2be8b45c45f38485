"""Variables: tf.Variable and tf.get_variable.

References: VariableV1 and variable_scope.get_variable in TensorFlow's Python
sources, and the Assign shape function that checks ``tf.Variable(initial,
shape=...)``.  TF 2.21 graph-mode wording: "Dimension 1 in both shapes must be
equal, but are 5 and 4. Shapes are [?,5] and [3,4].", "If initializer is a
constant, do not specify shape.", "Dimension -1 must be >= 0".

A variable's shape is its initial value's, or the declared ``shape=`` whose
``None`` entries become fresh dims named after the variable.  With
``validate_shape=False`` and no ``shape=`` the shape is unknown.
Initializer objects (tf.zeros_initializer() …) are out of scope.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name, merge_shapes
from shapetracer.constraints.tf.ops.creation import declared_shape, negative_entry, report_ragged
from shapetracer.constraints.tf.graph.ref_variables import initial_shape_ok, reference_variables
from shapetracer.domain.dims import Shape
from shapetracer.constraints.core.examples import T, UNKNOWN_SHAPE, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, BoundMethod, Const, Function, Obj, Seq, Tensor, Value


@op("tf.Variable")
def variable(ctx: OpContext, initial_value=None, trainable=None, collections=None, validate_shape=True,
             caching_device=None, name=None, variable_def=None, dtype=None, expected_shape=None,
             import_scope=None, constraint=None, use_resource=None, synchronization=None, aggregation=None,
             shape=None, experimental_enable_variable_lifting=True):
    """TF1 (VariableV1) parameter order; TF2 code passes these by keyword."""
    if isinstance(initial_value, (Function, BoundMethod)):
        initial_value = ctx.call(initial_value)
    if report_ragged(ctx, initial_value):
        return ctx.unknown_tensor(dtype_name(dtype))
    initial = ctx.tensor(initial_value)
    if not initial_shape_ok(ctx, initial, use_resource, validate_shape):
        return ctx.unknown_tensor(dtype_name(dtype))
    unique = ctx.unique_name(_scoped(ctx, ctx.str(name) or "Variable") or "Variable")
    out_dtype = dtype_name(dtype, initial.dtype if initial is not None else None)
    if not ctx.is_none(shape):
        declared = declared_shape(ctx, shape, unique)
        resource = ctx.bool(use_resource, None) if not ctx.is_none(use_resource) else not reference_variables(ctx)
        if initial is not None and resource:
            if not _compatible_initial(ctx, ctx.shape_arg(shape), declared, initial):
                return ctx.unknown_tensor(out_dtype)
        elif initial is not None and merge_shapes(ctx, codes.ASSIGN_SHAPE, declared, initial.shape, [initial],
                                                  runtime_checked=False) is None:
            return ctx.unknown_tensor(out_dtype)
    elif initial is None or ctx.bool(validate_shape, True) is False:
        declared = Shape.unknown()
    else:
        declared = initial.shape
    return _created(ctx, ctx.result(declared, out_dtype, label="declared as", kind="variable",
                                    name=f"{unique}:0"))


def _compatible_initial(ctx: OpContext, entries: list | None, declared: Shape, initial: Tensor) -> bool:
    """A resource variable (TensorFlow 2) checks the initial value against ``shape=`` in Python:
    "In this `tf.Variable` creation, the initial value's shape ((4, 4, 256, 512)) is not
    compatible with the explicitly supplied `shape` argument ((4, 4, 32, 512))."  None
    entries of ``shape=`` take anything.  A reference variable's Assign op checks instead."""
    if entries is None or declared.dims is None or initial.shape.dims is None:
        return True
    message = ctx.msg("In this `tf.Variable` creation, the initial value's shape ({shape:keras}) is not compatible "
                      "with the explicitly supplied `shape` argument ({want_shape:keras}).", shape=initial.shape,
                      want_shape=[d if e is not None else None for d, e in zip(declared.dims, entries)])
    if len(entries) != initial.shape.rank:
        ctx.fail(codes.ASSIGN_SHAPE, message, [initial])
        return False
    for entry, have in zip(entries, initial.shape.dims):
        if entry is None:
            continue
        if entry.known and have.known and entry.value != have.value:
            ctx.fail(codes.ASSIGN_SHAPE, message, [initial, entry, have])
            return False
        if not ctx.require(entry.eq(have), codes.ASSIGN_SHAPE, message, [initial, entry, have]):
            return False
    return True


@op("tf.get_variable")
def get_variable(ctx: OpContext, name, shape=None, dtype=None, initializer=None, regularizer=None,
                 trainable=None, collections=None, caching_device=None, partitioner=None, validate_shape=True,
                 use_resource=None, custom_getter=None, constraint=None, synchronization=None,
                 aggregation=None):
    """The shape comes from ``shape`` or from a constant initializer, never both
    (TF raises "If initializer is a constant, do not specify shape.")."""
    label = ctx.str(name) or "Variable"
    out_dtype = dtype_name(dtype)
    constant_init = _constant_initializer(initializer)
    if constant_init and not ctx.is_none(shape) and not ctx.is_unknown(shape):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("If initializer is a constant, do not specify shape."))
        return ctx.unknown_tensor(out_dtype)
    if not ctx.is_none(shape):
        negative = negative_entry(ctx, shape)
        if negative is not None:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Dimension {dim} must be >= 0", dim=negative))
            return ctx.unknown_tensor(out_dtype)
        declared = declared_shape(ctx, shape, label)
        if not _initializer_fits(ctx, initializer, declared):
            return ctx.unknown_tensor(out_dtype)
    elif constant_init:
        source = ctx.tensor(initializer)
        if not initial_shape_ok(ctx, source, use_resource, validate_shape):
            return ctx.unknown_tensor(out_dtype)
        declared = source.shape if source is not None else Shape.unknown()
        out_dtype = out_dtype or (source.dtype if source is not None else None)
    else:
        declared = Shape.unknown()
    full = _scoped(ctx, label)
    return _created(ctx, ctx.result(declared, out_dtype or "float32", label="declared as", kind="variable",
                                    name=f"{full}:0" if full else None))


# --- constant initializers ---------------------------------------------------------------

@op("tf.constant_initializer")
def constant_initializer(ctx: OpContext, value=0, dtype=None, verify_shape=False):
    """TensorFlow 1's ConstantInitializer (``tf.compat.v1`` in TF 2, ``tf.constant_initializer``
    under TF 1.x) fills a variable of any shape with at most as many values, repeating the last;
    TF 2's (``tf.constant_initializer``) takes a scalar or exactly as many values (verified
    under 1.15 and 2.15)."""
    spelled = ctx.spelled or ""
    v1 = spelled.startswith("tensorflow.compat.v1.") or (ctx.target.tf1 and not spelled.startswith("tensorflow.compat.v2."))
    return Obj("tf.constant_initializer", {"value": value, "v1": Const(v1), "verify_shape": verify_shape}, ctx.site)


def _initializer_fits(ctx: OpContext, initializer: Value, declared: Shape) -> bool:
    """A constant initializer's values against the variable's declared shape; False after a report."""
    if not (isinstance(initializer, Obj) and initializer.type_name == "tf.constant_initializer"):
        return True
    values = ctx.tensor(initializer.attrs.get("value"))
    if values is None or values.shape.dims is None or declared.dims is None \
            or not all(d.known for d in values.shape.dims + declared.dims):
        return True
    given = 1
    for d in values.shape.dims:
        given *= d.value
    needed = 1
    for d in declared.dims:
        needed *= d.value
    same_shape = [d.value for d in values.shape.dims] == [d.value for d in declared.dims]
    v1 = ctx.bool(initializer.attrs.get("v1"), True)
    got = "got" if ctx.target.tf1 else "but got"
    if (v1 and ctx.bool(initializer.attrs.get("verify_shape"), False) and not same_shape) or \
            (not v1 and given not in (1, needed)):
        ctx.fail(codes.ASSIGN_SHAPE, ctx.msg("Expected Tensor's shape: {want_shape:tuple}, " + got + " {shape:tuple}.",
                                             want_shape=declared, shape=values.shape), [values])
        return False
    if v1 and given > needed:
        ctx.fail(codes.ASSIGN_SHAPE, ctx.msg(
            "Too many elements provided. Needed at most {want_length}, but received {length}" if ctx.target.tf1 else
            "Too many elements provided. Takes at most {want_length}, but got {length}.", want_length=needed,
            length=given), [values])
        return False
    return True


# --- variable scopes and the list of variables ---------------------------------------

def _scoped(ctx: OpContext, base: str) -> str | None:
    """The full TF1 name of ``base`` inside the enclosing variable scopes."""
    return ctx.graph.scoped_name(base)


def _created(ctx: OpContext, variable: Tensor) -> Tensor:
    """Remember a new graph variable for tf.global_variables()."""
    if ctx.graph.mode:
        ctx.graph.created_variables.append(variable)
    return variable


@op("tf.variable_scope")
def variable_scope(ctx: OpContext, name_or_scope=None, default_name=None, values=None, initializer=None,
                   regularizer=None, caching_device=None, partitioner=None, custom_getter=None,
                   reuse=None, dtype=None, use_resource=None, constraint=None, auxiliary_name_scope=True):
    """A context whose name prefixes the variables created inside (the interpreter's
    ``with`` pushes it).  Only a string name is followed; a scope object or a
    default_name (uniquified by TF) makes the names inside unknown."""
    name = ctx.str(name_or_scope)
    return Obj("tf.variable_scope", {"name": Const(name)} if name else {}, ctx.site)


@op("tf.global_variables", "tf.all_variables", "tf.trainable_variables", "tf.model_variables")
def global_variables(ctx: OpContext, scope=None):
    """The graph variables created so far by tf.Variable / tf.get_variable: members of the
    list, though not all of them (layers, optimizer slots and the global step are missing)."""
    created = ctx.graph.created_variables
    if not ctx.is_none(scope):
        return UNKNOWN
    # not sized: layers, optimizer slots and the global step add variables not listed here,
    # so pairing the list with saved values (zip) or counting it would be guesses
    return Seq(list(dict.fromkeys(created)), "list", False)


def _constant_initializer(value: Value) -> bool:
    """True when get_variable treats ``initializer`` as a value (not callable)."""
    if isinstance(value, (Tensor, Seq)):
        return True
    return isinstance(value, Const) and value.value is not None and not isinstance(value.value, str)



EXAMPLES = [
    ok("tf.Variable", T(3, 4), expect=[3, 4]),
    ok("tf.Variable", [1.0, 2.0], expect=[2]),
    ok("tf.Variable", T(3, 4), shape=[None, 4], expect=[None, 4]),
    ok("tf.Variable", T(3, 4), name="w", expect=[3, 4]),
    ok("tf.Variable", T(3, 4), validate_shape=False, expect=UNKNOWN_SHAPE),
    bad("tf.Variable", T(3, 4), shape=[None, 5], use_resource=False, code=codes.ASSIGN_SHAPE,
        message="Dimension 1 in both shapes must be equal, but are 5 and 4", target="1.15"),
    bad("tf.Variable", T(2, 3), shape=[None], use_resource=False, code=codes.ASSIGN_SHAPE,
        message="Shapes must be equal rank, but are 1 and 2", target="1.15"),
    bad("tf.Variable", T(4, 4, 256, 512), shape=(4, 4, 32, 512), code=codes.ASSIGN_SHAPE,
        message="In this `tf.Variable` creation, the initial value's shape ((4, 4, 256, 512)) is not compatible with "
                "the explicitly supplied `shape` argument ((4, 4, 32, 512))."),
    bad("tf.Variable", T(3, 4), shape=[None, 5], code=codes.ASSIGN_SHAPE,
        message="the explicitly supplied `shape` argument ((None, 5))."),
    bad("tf.Variable", [[1.0, 2.0], [3.0]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    ok("tf.get_variable", "w", [784, 10], expect=[784, 10]),
    bad("tf.get_variable", "w", [3, 3], initializer=Obj("tf.constant_initializer", {"value": T(3, 4), "v1": Const(True)}),
        code=codes.ASSIGN_SHAPE, message="Too many elements provided. Needed at most 9, but received 12",
        target="1.15"),
    bad("tf.get_variable", "w", [3, 3], initializer=Obj("tf.constant_initializer", {"value": T(3, 4), "v1": Const(True)}),
        code=codes.ASSIGN_SHAPE, message="Too many elements provided. Takes at most 9, but got 12."),
    ok("tf.get_variable", "w", [3, 3], initializer=Obj("tf.constant_initializer", {"value": T(2), "v1": Const(True)}),
       expect=[3, 3]),  # the last value repeats
    bad("tf.get_variable", "w", [3, 3], initializer=Obj("tf.constant_initializer", {"value": T(2), "v1": Const(False)}),
        code=codes.ASSIGN_SHAPE, message="Expected Tensor's shape: (3, 3), but got (2,)."),
    ok("tf.get_variable", "w", [3, 3], initializer=Obj("tf.constant_initializer", {"value": T(9), "v1": Const(False)}),
       expect=[3, 3]),
    ok("tf.constant_initializer", T(3, 4), expect=instance_of("tf.constant_initializer")),
    ok("tf.get_variable", "w", initializer=T(3, 4), expect=[3, 4]),
    ok("tf.get_variable", "b", initializer=[1.0, 2.0], expect=[2]),
    ok("tf.get_variable", "w", (5, 5, 1, 32), dtype="float32", expect=[5, 5, 1, 32]),
    bad("tf.get_variable", "w", [3, 4], initializer=T(3, 4), code=codes.SHAPE_REQUIREMENT,
        message="If initializer is a constant, do not specify shape"),
    bad("tf.get_variable", "w", [2], initializer=[1.0, 2.0], code=codes.SHAPE_REQUIREMENT,
        message="If initializer is a constant, do not specify shape"),
    bad("tf.get_variable", "w", [-1, 3], code=codes.SHAPE_REQUIREMENT, message="Dimension -1 must be >= 0"),
    ok("tf.variable_scope", "layer1", expect=instance_of("tf.variable_scope", name="layer1")),
    # the variables made so far (none here), in a list that may hold more (layers, optimizer slots)
    *[ok(name, expect=Seq([], "list", False)) for name in (
        "tf.global_variables", "tf.all_variables", "tf.trainable_variables", "tf.model_variables")],
    ok("tf.trainable_variables", "dense", expect=UNKNOWN),  # within a scope: not followed
]
