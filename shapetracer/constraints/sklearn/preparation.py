"""scikit-learn's data preparation, for shapes: ``train_test_split``, the cross-validation
splitters (``KFold(...).split``), ``shuffle`` / ``resample``, the scalers and
``Normalizer``, ``LabelEncoder`` / ``LabelBinarizer`` / ``label_binarize`` /
``OneHotEncoder``, ``PCA`` / ``TruncatedSVD``, the bundled datasets (``load_iris`` …)
and the ``make_*`` generators.

Rows are computed as scikit-learn computes them: ``train_test_split`` takes
``ceil(n * test_size)`` test rows for a float, ``test_size`` rows for an int, the rest
for training (``floor(n * train_size)`` when that is given; 0.25 by default), and
returns two parts per array in the order of the arrays; the parts of one call share
their row dims, so ``X_train`` and ``y_train`` agree even when ``n`` is a symbol.  A
DataFrame or Series stays one; a list stays a list (of unknown length).  A fitted
estimator remembers its input width as ``n_features_in_`` (unknown once it is refitted
to another width) and its output width (a symbol when the data decide it, shared by
``fit_transform`` and later ``transform`` calls).

Reference: scikit-learn 1.x.  Errors modelled are those raised for every value of the
unknowns: arrays of different lengths ("Found input variables with inconsistent numbers
of samples: [10, 8]"), a 1-D array where a 2-D one is required ("Expected 2D array, got
1D array instead"), ``transform`` on another width than ``fit`` ("X has 4 features, but
StandardScaler is expecting 3 features as input."), ``inverse_transform`` of a narrower
array (numpy's broadcasting error), a split with no training rows, a ``test_size`` count
not below the number of samples, ``n_components`` above ``min(n_samples, n_features)``.
"""

from __future__ import annotations

import math

from shapetracer.rules.message import Message, join
from shapetracer.constraints.core import frames as pdf
from shapetracer.constraints.core.examples import SITE, A, ExampleHost, bad, instance_of, ok
from shapetracer.constraints.core.messages import np_cannot_broadcast
from shapetracer.constraints.core.arrays import as_array
from shapetracer.constraints.core.spec import SPECS, OpContext, _wrap, call_spec, op
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, bool_and, bool_or
from shapetracer.domain.values import (
    NONE,
    UNKNOWN,
    Const,
    Obj,
    Seq,
    ShapeVal,
    SymInt,
    Tensor,
    Value,
    dim_int,
    int_like,
)

PRE = "sklearn.preprocessing"
SELECTION = "sklearn.model_selection"
SPARSE = "scipy.sparse.csr_matrix"
BUNCH = "sklearn.utils.Bunch"


# --- reading arguments -----------------------------------------------------------------------


def data_array(ctx: OpContext, value: Value) -> Tensor | None:
    """``np.asarray(value)``: arrays, DataFrames and Series (their values), nested lists."""
    if isinstance(value, Tensor):
        return value if value.shape.dims is not None else None
    frame_values = pdf.array_of(value)
    if frame_values is not None:
        return frame_values
    if isinstance(value, Seq):
        array = as_array(ctx, value)
        return array if array is not None and array.shape.dims is not None else None
    return None


def _short(ctx: OpContext) -> str:
    """The estimator's class name (``StandardScaler``) for messages."""
    parts = ctx.api.split(".")
    return parts[-2] if len(parts) > 2 else parts[-1]


def _same_lengths(ctx: OpContext, arrays: list[Tensor]) -> Dim | None | bool:
    """The common number of samples (None when not known); False after the error."""
    firsts = [a.shape.dims[0] for a in arrays if a.shape.dims]
    if not firsts:
        return None
    known = [d for d in firsts if d.known]
    if len({d.value for d in known}) > 1:
        listed = [d.value for d in firsts if d.known]
        ctx.fail(codes.CONCAT_DIM, Message("Found input variables with inconsistent numbers of samples: {sizes:pylist}",
                                           sizes=listed), arrays)
        return False
    if len(firsts) > 1 and not ctx.require(bool_and(*[d.eq(firsts[0]) for d in firsts[1:]]), codes.CONCAT_DIM,
                                           Message("Found input variables with inconsistent numbers of samples"),
                                           arrays):
        return False
    return known[0] if known else firsts[0]


def _take_rows(ctx: OpContext, value: Value, array: Tensor | None, rows: Dim, label: str) -> Value:
    """``value`` reduced (or reordered) to ``rows`` rows, as scikit-learn's indexing returns it."""
    part = pdf.with_rows(ctx, value, rows, label)
    if part is not UNKNOWN:
        return part
    if isinstance(value, Seq):
        return Seq(list(value.items), "list", sized=False)  # a list of the rows taken
    if array is None or not array.shape.dims:
        return UNKNOWN
    return ctx.result([rows] + list(array.shape.dims[1:]), array.dtype, label=label, kind="ndarray")


def _two_d(ctx: OpContext, value: Value, who: str) -> Tensor | None:
    """The estimator's input as a 2-D array; reports a 1-D or 3-D one (None then, and
    also when the input is not known)."""
    array = data_array(ctx, value)
    if array is None:
        return None
    rank = len(array.shape.dims)
    if rank == 2:
        return array
    if rank < 2:
        kind = "1D" if rank == 1 else "scalar"
        ctx.fail(codes.RANK_MISMATCH, Message("Expected 2D array, got {kind} array instead", kind=kind), [array])
    else:
        ctx.fail(codes.RANK_MISMATCH, Message("Found array with dim {rank}, while dim <= 2 is required by "
                                              "{estimator}.", rank=rank, estimator=who), [array])
    return None


# --- train_test_split, splitters, shuffle --------------------------------------------------


def _size(value: Value) -> int | float | None | str:
    """A test_size / train_size argument: an int, a float, None, or "unknown"."""
    if isinstance(value, Const) and (value.value is None or isinstance(value.value, (int, float))) \
            and not isinstance(value.value, bool):
        return value.value
    if isinstance(value, SymInt) and value.dim.known:
        return value.dim.value
    return "unknown"


def _split_sizes(ctx: OpContext, n: Dim | None, test_size: Value, train_size: Value):
    """(train rows, test rows) as scikit-learn's ``_validate_shuffle_split`` computes them;
    None after an error."""
    test, train = _size(test_size), _size(train_size)
    if test is None and train is None:
        test = 0.25
    if "unknown" in (test, train) or n is None:
        return ctx.fresh("n_train"), ctx.fresh("n_test")
    for name, value in (("test_size", test), ("train_size", train)):
        if isinstance(value, float) and not 0 < value < 1:
            return None  # refused by the parameter check (not a question of shapes)
        if isinstance(value, int) and value <= 0:
            return None
        if isinstance(value, int) and not ctx.require(n.gt(value), codes.SHAPE_REQUIREMENT,
                                                      Message("{arg}={value} should be either positive and smaller "
                                                              "than the number of samples {samples} or a float in the "
                                                              "(0, 1) range", arg=name, value=value, samples=n),
                                                      [n]):
            return None
    if not n.known:
        if isinstance(test, int) and train is None:
            return n - test, Dim(test, frozenset({ctx.site}))
        if isinstance(train, int) and test is None:
            return Dim(train, frozenset({ctx.site})), n - train
        if isinstance(test, int) and isinstance(train, int):
            return Dim(train, frozenset({ctx.site})), Dim(test, frozenset({ctx.site}))
        return ctx.fresh("n_train"), ctx.fresh("n_test")
    samples = n.value
    n_test = math.ceil(test * samples) if isinstance(test, float) else test
    n_train = math.floor(train * samples) if isinstance(train, float) else train
    if train is None:
        n_train = samples - n_test
    elif test is None:
        n_test = samples - n_train
    if n_train + n_test > samples:
        ctx.fail(codes.SHAPE_REQUIREMENT, Message("The sum of train_size and test_size = {total}, should be smaller "
                                                  "than the number of samples {samples}. Reduce test_size and/or "
                                                  "train_size.", total=n_train + n_test, samples=samples), [n])
        return None
    if n_train == 0:
        ctx.fail(codes.SHAPE_REQUIREMENT, Message("With n_samples={samples}, test_size={test!s} and "
                                                  "train_size={train!s}, the resulting train set will be empty. "
                                                  "Adjust any of the aforementioned parameters.", samples=samples,
                                                  test=test, train=train), [n])
        return None
    return Dim(int(n_train), frozenset({ctx.site})), Dim(int(n_test), frozenset({ctx.site}))


@op(f"{SELECTION}.train_test_split")
def train_test_split(ctx: OpContext, *arrays, test_size=None, train_size=None, random_state=None, shuffle=True,
                     stratify=None):
    """Two parts per array, in order: ``a_train, a_test, b_train, b_test, …``."""
    if not arrays:
        return UNKNOWN
    tensors = [data_array(ctx, a) for a in arrays]
    n = _same_lengths(ctx, [t for t in tensors if t is not None])
    if n is False:
        return UNKNOWN
    if any(t is None for t in tensors) and n is not None and not n.known:
        n = None  # an array of unknown length may be the one that says n
    sizes = _split_sizes(ctx, n, _wrap_none(test_size), _wrap_none(train_size))
    if sizes is None:
        return UNKNOWN
    train, test = sizes
    parts: list[Value] = []
    for value, tensor in zip(arrays, tensors):
        parts.append(_take_rows(ctx, value, tensor, train, "train part"))
        parts.append(_take_rows(ctx, value, tensor, test, "test part"))
    return Seq(parts, "list")


def _wrap_none(value) -> Value:
    return value if isinstance(value, Value) else Const(value)


_SPLITTERS = ["KFold", "StratifiedKFold", "GroupKFold", "StratifiedGroupKFold", "ShuffleSplit",
              "StratifiedShuffleSplit", "GroupShuffleSplit", "RepeatedKFold", "RepeatedStratifiedKFold",
              "TimeSeriesSplit", "LeaveOneOut"]


def splitter(ctx: OpContext, *args, **kwargs):
    """A cross-validation splitter: its ``n_splits`` (KFold's first argument)."""
    n_splits = args[0] if args else kwargs.get("n_splits", NONE)
    known = int_like(n_splits) or (isinstance(n_splits, Const) and n_splits.value is None)
    return Obj(ctx.api, {"n_splits": n_splits if known else UNKNOWN}, ctx.site)


op(*[f"{SELECTION}.{name}" for name in _SPLITTERS])(splitter)


def split(ctx: OpContext, self, X, y=None, groups=None):
    """Pairs of index arrays ``(train, test)``: exact for KFold when the folds are equal
    (and for LeaveOneOut), of unknown lengths otherwise."""
    kind = ctx.api.split(".")[-2]
    array = data_array(ctx, X)
    n = array.shape.dims[0] if array is not None and array.shape.dims else None
    k = ctx.int(self.attrs.get("n_splits", NONE)) if isinstance(self, Obj) else None
    if kind == "KFold" and k is None and isinstance(self, Obj) and ctx.is_none(self.attrs.get("n_splits", NONE)):
        k = 5
    train = test = None
    if n is not None and n.known and kind == "KFold" and k and n.value % k == 0 and n.value >= k:
        test = Dim(n.value // k, frozenset({ctx.site}))
        train = Dim(n.value - n.value // k, frozenset({ctx.site}))
    elif kind == "LeaveOneOut" and n is not None:
        test, train = Dim(1, frozenset({ctx.site})), n - 1
    pair = Seq([ctx.result([train or ctx.fresh("n_train")], "int64", label="train indices", kind="ndarray"),
                ctx.result([test or ctx.fresh("n_test")], "int64", label="test indices", kind="ndarray")], "tuple")
    return Obj("generator", {"element": pair, "element_spec": pair}, ctx.site)


op(*[f"{SELECTION}.{name}.split" for name in _SPLITTERS])(split)


@op(*[f"{SELECTION}.{name}.get_n_splits" for name in _SPLITTERS])
def get_n_splits(ctx: OpContext, self, X=None, y=None, groups=None):
    n_splits = self.attrs.get("n_splits", UNKNOWN) if isinstance(self, Obj) else UNKNOWN
    if isinstance(n_splits, Const) and n_splits.value is None and ctx.api.split(".")[-2] == "KFold":
        return Const(5)
    return n_splits if int_like(n_splits) else UNKNOWN


@op("sklearn.utils.shuffle", "sklearn.utils.resample")
def shuffle(ctx: OpContext, *arrays, random_state=None, n_samples=None, replace=True, stratify=None):
    """The same arrays, rows reordered (``n_samples`` of them when given); one array comes
    back alone, several as a list."""
    if not arrays:
        return UNKNOWN
    tensors = [data_array(ctx, a) for a in arrays]
    n = _same_lengths(ctx, [t for t in tensors if t is not None])
    if n is False:
        return UNKNOWN
    count = None if ctx.is_none(n_samples) else ctx.dim(n_samples)
    resampling = ctx.api.endswith("resample")
    if count is not None and n is not None and not resampling and not ctx.require(
            n.ge(count), codes.SHAPE_REQUIREMENT,
            Message("Cannot sample {count} out of arrays with dim {samples} when replace is False", count=count,
                    samples=n), [n]):
        return UNKNOWN
    rows = count if count is not None else (n if ctx.is_none(n_samples) else None)
    if rows is None:
        rows = ctx.fresh("n_samples", 0)
    label = "resampled as" if resampling else "shuffled as"
    parts = []
    for value, tensor in zip(arrays, tensors):
        if isinstance(value, Tensor) and rows is n and value.shape.dims:
            parts.append(Tensor(value.shape, value.dtype, "ndarray", value.origin))
        else:
            parts.append(_take_rows(ctx, value, tensor, rows, label))
    return parts[0] if len(parts) == 1 else Seq(parts, "list")


# --- estimators -------------------------------------------------------------------------------


def _estimator(ctx: OpContext, *args, **kwargs):
    """An estimator: its settings, and what ``fit`` learns (``n_features_in_``)."""
    return Obj(ctx.api, {"_args": Seq(list(args), "tuple"), **{f"_{k}": v for k, v in kwargs.items()}}, ctx.site)


def _setting(obj: Value, name: str, position: int | None = None) -> Value:
    """A constructor argument, by keyword or position; UNKNOWN when not given."""
    if not isinstance(obj, Obj):
        return UNKNOWN
    if f"_{name}" in obj.attrs:
        return obj.attrs[f"_{name}"]
    args = obj.attrs.get("_args")
    if position is not None and isinstance(args, Seq) and position < len(args.items):
        return args.items[position]
    return UNKNOWN


def _learn(ctx: OpContext, obj: Value, name: str, dim: Dim | None) -> None:
    """Record what ``fit`` learnt; a second fit to another value makes it unknown."""
    if not isinstance(obj, Obj):
        return
    before = obj.attrs.get(name)
    if before is None:
        obj.attrs[name] = dim_int(dim) if dim is not None else UNKNOWN
        return
    old = before.dim if isinstance(before, SymInt) else Dim(before.value) if int_like(before) else None
    if old is None or dim is None or not (old.same_as(dim) or (old.known and dim.known and old.value == dim.value)):
        obj.attrs[name] = UNKNOWN


def _learnt(obj: Value, name: str) -> Dim | None:
    value = obj.attrs.get(name) if isinstance(obj, Obj) else None
    if isinstance(value, SymInt):
        return value.dim
    if int_like(value):
        return Dim(value.value)
    return None


def _check_width(ctx: OpContext, self: Value, array: Tensor) -> bool:
    """``transform`` on as many features as ``fit`` saw."""
    fitted = _learnt(self, "n_features_in_")
    width = array.shape.dims[1]
    if fitted is None:
        return True
    return ctx.require(width.eq(fitted), codes.SHAPE_REQUIREMENT,
                       Message("X has {width} features, but {estimator} is expecting {fitted} features as input.",
                               width=width, estimator=_short(ctx), fitted=fitted),
                       [array, fitted])


def _scaled(ctx: OpContext, array: Tensor) -> Tensor:
    return ctx.result(list(array.shape.dims), "float64", label=f"{_short(ctx)} gives", kind="ndarray")


_SCALERS = ["StandardScaler", "MinMaxScaler", "RobustScaler", "MaxAbsScaler", "Normalizer"]
_INVERTIBLE = ["StandardScaler", "MinMaxScaler", "RobustScaler", "MaxAbsScaler"]

op(*[f"{PRE}.{name}" for name in _SCALERS], f"{PRE}.LabelEncoder", f"{PRE}.LabelBinarizer",
   f"{PRE}.OneHotEncoder", "sklearn.decomposition.PCA", "sklearn.decomposition.TruncatedSVD")(_estimator)


def scaler_fit(ctx: OpContext, self, X, y=None, sample_weight=None):
    """Learns one statistic per column: remembers the width."""
    array = _two_d(ctx, X, _short(ctx))
    if array is not None:
        _learn(ctx, self, "n_features_in_", array.shape.dims[1])
    return self


def scaler_transform(ctx: OpContext, self, X, copy=None):
    """Same shape as the input, on the width ``fit`` saw."""
    array = _two_d(ctx, X, _short(ctx))
    if array is None or not _check_width(ctx, self, array):
        return UNKNOWN if array is None else ctx.unknown_tensor("float64")
    return _scaled(ctx, array)


def scaler_fit_transform(ctx: OpContext, self, X, y=None, **fit_params):
    array = _two_d(ctx, X, _short(ctx))
    if array is None:
        return UNKNOWN
    _learn(ctx, self, "n_features_in_", array.shape.dims[1])
    return _scaled(ctx, array)


def scaler_inverse_transform(ctx: OpContext, self, X, copy=None):
    """Undoing the scaling broadcasts the input against one statistic per fitted column:
    a different width fails unless ``fit`` saw one column."""
    array = _two_d(ctx, X, _short(ctx))
    if array is None:
        return UNKNOWN
    fitted = _learnt(self, "n_features_in_")
    rows, width = array.shape.dims
    if fitted is not None:
        if width.known and width.value == 1 and fitted.known and fitted.value != 1:
            message = Message("non-broadcastable output operand with shape {shape:np} doesn't match the broadcast "
                              "shape {broadcast_shape:np}", shape=(rows, 1), broadcast_shape=(rows, fitted))
        else:
            message = np_cannot_broadcast([(rows, width), (fitted,), (rows, width)])
        if not ctx.require(bool_or(width.eq(fitted), fitted.eq(1)), codes.BROADCAST, message, [array, fitted]):
            return UNKNOWN
    return _scaled(ctx, array)


op(*[f"{PRE}.{name}.fit" for name in _SCALERS])(scaler_fit)
op(*[f"{PRE}.{name}.transform" for name in _SCALERS])(scaler_transform)
op(*[f"{PRE}.{name}.fit_transform" for name in _SCALERS])(scaler_fit_transform)
op(*[f"{PRE}.{name}.inverse_transform" for name in _INVERTIBLE])(scaler_inverse_transform)


@op(f"{PRE}.scale", f"{PRE}.minmax_scale", f"{PRE}.maxabs_scale", f"{PRE}.robust_scale")
def scale(ctx: OpContext, X, *args, **kwargs):
    """Column-wise scaling as a function: the same shape (a 1-D array too)."""
    array = data_array(ctx, X)
    if array is None:
        return UNKNOWN
    if len(array.shape.dims) > 2:
        ctx.fail(codes.RANK_MISMATCH, Message("Found array with dim {rank}, while dim <= 2 is required.",
                                              rank=len(array.shape.dims)),
                 [array])
        return UNKNOWN
    return ctx.result(list(array.shape.dims), "float64", label=f"{ctx.display} gives", kind="ndarray")


@op(f"{PRE}.normalize")
def normalize(ctx: OpContext, X, norm="l2", axis=1, copy=True, return_norm=False):
    array = _two_d(ctx, X, "the normalize function")
    if array is None or ctx.bool(return_norm, False) is not False:
        return UNKNOWN
    return ctx.result(list(array.shape.dims), "float64", label="normalize gives", kind="ndarray")


# --- label encoders ---------------------------------------------------------------------------


def _labels_1d(ctx: OpContext, y: Value) -> Tensor | None:
    """``column_or_1d``: a vector, or a column (raveled); a wider 2-D array raises."""
    array = data_array(ctx, y)
    if array is None:
        return None
    dims = array.shape.dims
    if len(dims) == 1:
        return array
    if len(dims) == 2 and dims[1].known and dims[1].value == 1:
        return Tensor(Shape([dims[0]]), array.dtype, "ndarray", array.origin)
    if len(dims) == 2 and not dims[1].known:
        return None
    ctx.fail(codes.RANK_MISMATCH, Message("y should be a 1d array, got an array of shape {shape:tuple} instead.",
                                          shape=dims), [array])
    return None


@op(f"{PRE}.LabelEncoder.fit")
def label_encoder_fit(ctx: OpContext, self, y):
    _labels_1d(ctx, y)
    return self


@op(f"{PRE}.LabelEncoder.transform", f"{PRE}.LabelEncoder.fit_transform", f"{PRE}.LabelEncoder.inverse_transform")
def label_encoder_transform(ctx: OpContext, self, y):
    """A class index per label (the labels back, for inverse_transform)."""
    labels = _labels_1d(ctx, y)
    if labels is None:
        return UNKNOWN
    dtype = None if ctx.api.endswith("inverse_transform") else "int64"
    return ctx.result([labels.shape.dims[0]], dtype, label=f"{ctx.display} gives", kind="ndarray")


def _class_count(ctx: OpContext, values: Value) -> Dim | None:
    """The number of distinct labels of a list (or small constant array) of constants."""
    items = ctx.items(values)
    if items is None or not items or not all(isinstance(i, Const) for i in items):
        return None
    seen: list = []
    for item in items:
        if not any(type(item.value) is type(s) and item.value == s for s in seen):
            seen.append(item.value)
    return Dim(len(seen), frozenset({ctx.site}))


def _binarized_width(ctx: OpContext, classes: Dim | None) -> Dim | None:
    """One column per class, except for two classes (or one): a single 0/1 column."""
    if classes is None or not classes.known:
        return None
    return Dim(1, classes.origins) if classes.value <= 2 else classes


@op(f"{PRE}.LabelBinarizer.fit")
def label_binarizer_fit(ctx: OpContext, self, y):
    array = data_array(ctx, y)
    if array is None:
        return self
    dims = array.shape.dims
    if len(dims) == 2 and dims[1].known and dims[1].value > 1:
        _learn(ctx, self, "_width", dims[1])  # a multilabel indicator matrix: one column per label
    elif len(dims) == 1:
        _learn(ctx, self, "_width", _binarized_width(ctx, _class_count(ctx, y)) or ctx.fresh("classes"))
    else:
        _learn(ctx, self, "_width", ctx.fresh("classes"))  # a column of labels, or not known which
    return self


@op(f"{PRE}.LabelBinarizer.transform", f"{PRE}.LabelBinarizer.fit_transform")
def label_binarizer_transform(ctx: OpContext, self, y):
    """(samples, classes): one column per class, a single column for two classes."""
    if ctx.api.endswith("fit_transform"):
        label_binarizer_fit(ctx, self, y)
    array = data_array(ctx, y)
    if array is None or not array.shape.dims:
        return UNKNOWN
    width = _learnt(self, "_width") or ctx.fresh("classes")
    out = ctx.result([array.shape.dims[0], width], "int64", label="LabelBinarizer gives", kind="ndarray")
    sparse = _setting(self, "sparse_output", 2)
    return _sparse(ctx, out) if ctx.bool(sparse, False) else out


@op(f"{PRE}.LabelBinarizer.inverse_transform")
def label_binarizer_inverse(ctx: OpContext, self, Y, threshold=None):
    array = data_array(ctx, Y)
    if array is None or not array.shape.dims:
        return UNKNOWN
    return ctx.result([array.shape.dims[0]], None, label="inverse_transform gives", kind="ndarray")


@op(f"{PRE}.label_binarize")
def label_binarize(ctx: OpContext, y, *, classes, neg_label=0, pos_label=1, sparse_output=False):
    array = data_array(ctx, y)
    width = _binarized_width(ctx, _length_of(ctx, classes))
    if array is None or not array.shape.dims:
        return UNKNOWN
    out = ctx.result([array.shape.dims[0], width or ctx.fresh("classes")], "int64", label="label_binarize gives",
                     kind="ndarray")
    return _sparse(ctx, out) if ctx.bool(sparse_output, False) else out


def _length_of(ctx: OpContext, value: Value) -> Dim | None:
    items = ctx.items(value)
    if items is not None:
        return Dim(len(items), frozenset({ctx.site}))
    array = data_array(ctx, value)
    if array is not None and len(array.shape.dims) == 1:
        return array.shape.dims[0]
    return None


def _sparse(ctx: OpContext, dense: Tensor) -> Obj:
    """A SciPy sparse matrix: its shape, and ``toarray()`` for the dense array."""
    return Obj(SPARSE, {"shape": ShapeVal(dense.shape, numpy=True), "ndim": Const(2), "_dense": dense}, ctx.site)


@op(f"{SPARSE}.toarray", f"{SPARSE}.todense")
def sparse_toarray(ctx: OpContext, self, *args, **kwargs):
    dense = self.attrs.get("_dense") if isinstance(self, Obj) else None
    return Tensor(dense.shape, dense.dtype, "ndarray", dense.origin) if isinstance(dense, Tensor) else UNKNOWN


def _categories(ctx: OpContext, self: Value) -> list[int] | None:
    """The number of categories of each feature, when ``categories=`` lists them."""
    given = _setting(self, "categories")
    if given is UNKNOWN or (isinstance(given, Const) and given.value == "auto"):
        return None
    features = ctx.items(given)
    if features is None:
        return None
    counts = []
    for feature in features:
        length = _length_of(ctx, feature)
        if length is None or not length.known:
            return None
        counts.append(length.value)
    return counts


def _one_hot_width(ctx: OpContext, self: Value, counts: list[int] | None) -> Dim | None:
    if counts is None or _setting(self, "min_frequency") is not UNKNOWN \
            or _setting(self, "max_categories") is not UNKNOWN:
        return None
    drop = _setting(self, "drop")
    if drop is UNKNOWN or ctx.is_none(drop):
        total = sum(counts)
    elif ctx.str(drop) == "first":
        total = sum(c - 1 for c in counts)
    elif ctx.str(drop) == "if_binary":
        total = sum(1 if c == 2 else c for c in counts)
    else:
        return None
    return Dim(total, frozenset({ctx.site}))


@op(f"{PRE}.OneHotEncoder.fit")
def one_hot_fit(ctx: OpContext, self, X, y=None):
    """The categories of each column; with ``categories=``, one list per column."""
    array = _two_d(ctx, X, "OneHotEncoder")
    if array is None:
        return self
    counts = _categories(ctx, self)
    width = array.shape.dims[1]
    if counts is not None and not ctx.require(width.eq(len(counts)), codes.SHAPE_REQUIREMENT,
                                              Message("Shape mismatch: if categories is an array, it has to be of "
                                                      "shape (n_features,)."), [array]):
        return self
    _learn(ctx, self, "n_features_in_", width)
    _learn(ctx, self, "_width", _one_hot_width(ctx, self, counts) or ctx.fresh("categories"))
    return self


@op(f"{PRE}.OneHotEncoder.transform", f"{PRE}.OneHotEncoder.fit_transform")
def one_hot_transform(ctx: OpContext, self, X, y=None):
    """(samples, categories of every column): a sparse matrix unless ``sparse_output=False``."""
    if ctx.api.endswith("fit_transform"):
        one_hot_fit(ctx, self, X)
        if ctx.failed:
            return UNKNOWN
    array = _two_d(ctx, X, "OneHotEncoder")
    if array is None or not _check_width(ctx, self, array):
        return UNKNOWN
    width = _learnt(self, "_width") or ctx.fresh("categories")
    out = ctx.result([array.shape.dims[0], width], "float64", label="OneHotEncoder gives", kind="ndarray")
    sparse = _setting(self, "sparse_output")
    if sparse is UNKNOWN:
        sparse = _setting(self, "sparse")
    dense = ctx.bool(sparse, True) is False if sparse is not UNKNOWN else False
    if sparse is not UNKNOWN and ctx.bool(sparse) is None:
        return UNKNOWN
    return out if dense else _sparse(ctx, out)


@op(f"{PRE}.OneHotEncoder.inverse_transform")
def one_hot_inverse(ctx: OpContext, self, X):
    array = data_array(ctx, X)
    fitted = _learnt(self, "n_features_in_")
    if array is None or not array.shape.dims:
        return UNKNOWN
    return ctx.result([array.shape.dims[0], fitted or ctx.fresh("features")], "object",
                      label="inverse_transform gives", kind="ndarray")


# --- PCA, TruncatedSVD ------------------------------------------------------------------------


def _components(ctx: OpContext, self: Value, array: Tensor) -> Dim | None:
    """``n_components`` as a dim (None: decided by the data), checked against the data."""
    rows, width = array.shape.dims
    wanted = _setting(self, "n_components", 0)
    if wanted is UNKNOWN or ctx.is_none(wanted):
        if ctx.api.split(".")[-2] == "TruncatedSVD" and (wanted is UNKNOWN):
            return Dim(2, frozenset({ctx.site}))  # TruncatedSVD's default
        if rows.known and width.known:
            return Dim(min(rows.value, width.value), frozenset({ctx.site}))
        return None
    k = ctx.int(wanted)
    if k is None:
        return None  # a float (explained variance) or "mle": the data decide
    known = [d.value for d in (rows, width) if d.known]
    bound = Message("={bound}", bound=min(known)) if len(known) == 2 else Message("")
    if not ctx.require(bool_and(rows.ge(k), width.ge(k)), codes.SHAPE_REQUIREMENT,
                       join(Message("n_components={k} must be between 0 and min(n_samples, n_features)", k=k), bound),
                       [array]):
        return None
    return Dim(k, frozenset({ctx.site}))


@op("sklearn.decomposition.PCA.fit", "sklearn.decomposition.TruncatedSVD.fit")
def pca_fit(ctx: OpContext, self, X, y=None):
    array = _two_d(ctx, X, _short(ctx))
    if array is not None:
        components = _components(ctx, self, array)
        if ctx.failed:
            return self
        _learn(ctx, self, "n_features_in_", array.shape.dims[1])
        _learn(ctx, self, "n_components_", components or ctx.fresh("components"))
    return self


@op("sklearn.decomposition.PCA.transform", "sklearn.decomposition.PCA.fit_transform",
    "sklearn.decomposition.TruncatedSVD.transform", "sklearn.decomposition.TruncatedSVD.fit_transform")
def pca_transform(ctx: OpContext, self, X, y=None):
    """(samples, n_components)."""
    if ctx.api.endswith("fit_transform"):
        pca_fit(ctx, self, X)
        if ctx.failed:
            return UNKNOWN
    array = _two_d(ctx, X, _short(ctx))
    if array is None or not _check_width(ctx, self, array):
        return UNKNOWN
    components = _learnt(self, "n_components_") or ctx.fresh("components")
    return ctx.result([array.shape.dims[0], components], "float64", label=f"{_short(ctx)} gives", kind="ndarray")


@op("sklearn.decomposition.PCA.inverse_transform", "sklearn.decomposition.TruncatedSVD.inverse_transform")
def pca_inverse(ctx: OpContext, self, X):
    """Back to (samples, n_features): the input must have n_components columns."""
    array = _two_d(ctx, X, _short(ctx))
    if array is None:
        return UNKNOWN
    rows, width = array.shape.dims
    components = _learnt(self, "n_components_")
    if components is not None and not ctx.require(
            width.eq(components), codes.MATMUL_DIM,
            Message("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                    "(n?,k),(k,m?)->(n?,m?) (size {components} is different from {width})", components=components,
                    width=width), [array, components]):
        return UNKNOWN
    features = _learnt(self, "n_features_in_") or ctx.fresh("features")
    return ctx.result([rows, features], "float64", label="inverse_transform gives", kind="ndarray")


# --- datasets ------------------------------------------------------------------------------------

# rows, features, classes (None: a regression target), target columns
_BUNDLED = {
    "load_iris": (150, 4, 3, None), "load_digits": (1797, 64, 10, None), "load_wine": (178, 13, 3, None),
    "load_breast_cancer": (569, 30, 2, None), "load_diabetes": (442, 10, None, None),
    "load_linnerud": (20, 3, None, 3),
}


def _bundled(name: str):
    rows, features, classes, targets = _BUNDLED[name]

    def load(ctx: OpContext, *, return_X_y=False, as_frame=False, n_class=10, scaled=True):
        """The bundled dataset's documented shapes: a Bunch, or ``(data, target)``."""
        count = ctx.int(n_class)
        if name == "load_digits" and count != 10:
            return UNKNOWN  # fewer classes: fewer samples
        framed = ctx.bool(as_frame, False)
        if framed is None:
            return UNKNOWN
        n = Dim(rows, frozenset({ctx.site}))
        label = f"{name}() gives"
        target_dims = [n] if targets is None else [n, Dim(targets, frozenset({ctx.site}))]
        target_type = "int64" if classes is not None else "float64"
        if framed:
            data = pdf.new_frame(ctx, n, features, [UNKNOWN] * features, ["float64"] * features, True, label)
            target = pdf.new_series(ctx, n, target_type, Const("target"), label) if targets is None else \
                pdf.new_frame(ctx, n, targets, [UNKNOWN] * targets, ["float64"] * targets, True, label)
        else:
            data = ctx.result([n, features], "float64", label=label, kind="ndarray")
            target = ctx.result(target_dims, target_type, label=label, kind="ndarray")
        if ctx.bool(return_X_y, False):
            return Seq([data, target], "tuple")
        attrs = {"data": data, "target": target,
                 "feature_names": Seq([UNKNOWN] * features, "list")}
        if classes is not None:
            attrs["target_names"] = ctx.result([classes], "object", label=label, kind="ndarray")
        if name == "load_digits":
            attrs["images"] = ctx.result([n, 8, 8], "float64", label=label, kind="ndarray")
        return Obj(BUNCH, attrs, ctx.site)

    load.__name__ = name
    op(f"sklearn.datasets.{name}")(load)


for _name in _BUNDLED:
    _bundled(_name)


@op(f"{BUNCH}.__getitem__")
def bunch_getitem(ctx: OpContext, self, key):
    """``dataset["data"]`` is ``dataset.data``."""
    name = ctx.str(key)
    return self.attrs.get(name, UNKNOWN) if isinstance(self, Obj) and name is not None else UNKNOWN


def _samples(ctx: OpContext, n_samples: Value) -> Dim | None:
    """``n_samples``: an int, or one count per class/moon/circle (their sum)."""
    single = ctx.dim(n_samples)
    if single is not None:
        return single
    counts = ctx.int_list(n_samples)
    return Dim(sum(counts), frozenset({ctx.site})) if counts is not None else None


def _generated(ctx: OpContext, n: Dim | None, features: Dim | None, target: list[Dim] | None = None):
    n = n or ctx.fresh("n_samples")
    X = ctx.result([n, features or ctx.fresh("n_features")], "float64", label=f"{ctx.display} gives",
                   kind="ndarray")
    y = ctx.result([n] + (target or []), "int64" if target is None else "float64",
                   label=f"{ctx.display} gives", kind="ndarray")
    return X, y


@op("sklearn.datasets.make_classification")
def make_classification(ctx: OpContext, n_samples=100, n_features=20, *, return_X_y=True, **kwargs):
    if ctx.bool(return_X_y, True) is not True:
        return UNKNOWN
    return Seq(list(_generated(ctx, ctx.dim(n_samples), ctx.dim(n_features))), "tuple")


@op("sklearn.datasets.make_regression")
def make_regression(ctx: OpContext, n_samples=100, n_features=100, *, n_targets=1, coef=False, **kwargs):
    """(X, y): y is a vector for one target, (samples, targets) for more."""
    targets = ctx.int(n_targets)
    if targets is None or ctx.bool(coef, False) is not False:
        return UNKNOWN
    X, y = _generated(ctx, ctx.dim(n_samples), ctx.dim(n_features),
                      [] if targets == 1 else [Dim(targets, frozenset({ctx.site}))])
    y.dtype = "float64"
    return Seq([X, y], "tuple")


@op("sklearn.datasets.make_blobs")
def make_blobs(ctx: OpContext, n_samples=100, n_features=2, *, return_centers=False, **kwargs):
    if ctx.bool(return_centers, False) is not False:
        return UNKNOWN
    return Seq(list(_generated(ctx, _samples(ctx, n_samples), ctx.dim(n_features))), "tuple")


@op("sklearn.datasets.make_moons", "sklearn.datasets.make_circles")
def make_moons(ctx: OpContext, n_samples=100, **kwargs):
    """Points in the plane: (samples, 2) and a 0/1 label each."""
    return Seq(list(_generated(ctx, _samples(ctx, n_samples), Dim(2, frozenset({ctx.site})))), "tuple")


# --- examples ---------------------------------------------------------------------------------


def _make(name: str, *args, **kwargs) -> Obj:
    """An estimator as the program builds it."""
    ctx = OpContext(ExampleHost(), name, SITE)
    return call_spec(SPECS[name], ctx, [_wrap(a) for a in args], {k: _wrap(v) for k, v in kwargs.items()})


def _fitted(name: str, X, *args, **kwargs) -> Obj:
    """An estimator after ``fit(X)``."""
    estimator = _make(name, *args, **kwargs)
    ctx = OpContext(ExampleHost(), f"{name}.fit", SITE)
    call_spec(SPECS[f"{name}.fit"], ctx, [estimator, _wrap(X)], {})
    return estimator


_TWO = (A(100, 3), A(100))
_SPLIT4 = ([80, 3], [20, 3], [80], [20])

EXAMPLES = [
    ok(f"{SELECTION}.train_test_split", *_TWO, test_size=0.2, expect=_SPLIT4),
    ok(f"{SELECTION}.train_test_split", A(150, 4), expect=([112, 4], [38, 4])),
    ok(f"{SELECTION}.train_test_split", A(10, 3), test_size=0.1, train_size=0.5, expect=([5, 3], [1, 3])),
    ok(f"{SELECTION}.train_test_split", A(None, 3), A(None), test_size=0.25, expect=([None, 3], [None, 3], [None],
                                                                                       [None])),
    bad(f"{SELECTION}.train_test_split", A(10, 3), A(8), code=codes.CONCAT_DIM,
        message="Found input variables with inconsistent numbers of samples: [10, 8]"),
    bad(f"{SELECTION}.train_test_split", A(10, 3), test_size=20, code=codes.SHAPE_REQUIREMENT,
        message="test_size=20 should be either positive and smaller than the number of samples 10"),
    bad(f"{SELECTION}.train_test_split", A(1, 3), code=codes.SHAPE_REQUIREMENT,
        message="the resulting train set will be empty"),
    *[ok(f"{SELECTION}.{name}", 4, expect=instance_of(f"{SELECTION}.{name}")) for name in _SPLITTERS],
    ok(f"{SELECTION}.KFold.split", _make(f"{SELECTION}.KFold", 4), A(100, 3), expect=instance_of("generator")),
    *[ok(f"{SELECTION}.{name}.split", _make(f"{SELECTION}.{name}"), A(100, 3), A(100),
         expect=instance_of("generator")) for name in _SPLITTERS if name != "KFold"],
    *[ok(f"{SELECTION}.{name}.get_n_splits", _make(f"{SELECTION}.{name}", 4), expect=4) for name in _SPLITTERS],
    ok("sklearn.utils.shuffle", A(100, 3), expect=[100, 3]),
    ok("sklearn.utils.shuffle", *_TWO, expect=([100, 3], [100])),
    bad("sklearn.utils.shuffle", A(5, 2), n_samples=30, code=codes.SHAPE_REQUIREMENT,
        message="Cannot sample 30 out of arrays with dim 5 when replace is False"),
    ok("sklearn.utils.resample", *_TWO, n_samples=30, expect=([30, 3], [30])),
    *[ok(f"{PRE}.{name}", expect=instance_of(f"{PRE}.{name}")) for name in _SCALERS],
    *[ok(f"{PRE}.{name}.fit", _make(f"{PRE}.{name}"), A(100, 3), expect=instance_of(f"{PRE}.{name}"))
      for name in _SCALERS],
    *[ok(f"{PRE}.{name}.fit_transform", _make(f"{PRE}.{name}"), A(100, 3), expect=[100, 3]) for name in _SCALERS],
    *[ok(f"{PRE}.{name}.transform", _fitted(f"{PRE}.{name}", A(100, 3)), A(20, 3), expect=[20, 3])
      for name in _SCALERS],
    *[ok(f"{PRE}.{name}.inverse_transform", _fitted(f"{PRE}.{name}", A(100, 3)), A(20, 3), expect=[20, 3])
      for name in _INVERTIBLE],
    bad(f"{PRE}.StandardScaler.fit_transform", _make(f"{PRE}.StandardScaler"), A(100), code=codes.RANK_MISMATCH,
        message="Expected 2D array, got 1D array instead"),
    bad(f"{PRE}.MinMaxScaler.transform", _fitted(f"{PRE}.MinMaxScaler", A(100, 3)), A(20, 4),
        code=codes.SHAPE_REQUIREMENT, message="X has 4 features, but MinMaxScaler is expecting 3 features as input."),
    bad(f"{PRE}.MinMaxScaler.inverse_transform", _fitted(f"{PRE}.MinMaxScaler", A(100, 3)), A(20, 1),
        code=codes.BROADCAST,
        message="non-broadcastable output operand with shape (20,1) doesn't match the broadcast shape (20,3)"),
    ok(f"{PRE}.StandardScaler.inverse_transform", _fitted(f"{PRE}.StandardScaler", A(100, 1)), A(20, 3),
       expect=[20, 3]),
    ok(f"{PRE}.scale", A(100), expect=[100]),
    ok(f"{PRE}.minmax_scale", A(100, 3), expect=[100, 3]),
    ok(f"{PRE}.maxabs_scale", A(100, 3), expect=[100, 3]),
    ok(f"{PRE}.robust_scale", A(100, 3), expect=[100, 3]),
    ok(f"{PRE}.normalize", A(100, 3), expect=[100, 3]),
    ok(f"{PRE}.LabelEncoder", expect=instance_of(f"{PRE}.LabelEncoder")),
    ok(f"{PRE}.LabelEncoder.fit", _make(f"{PRE}.LabelEncoder"), A(100), expect=instance_of(f"{PRE}.LabelEncoder")),
    ok(f"{PRE}.LabelEncoder.fit_transform", _make(f"{PRE}.LabelEncoder"), A(100, 1), expect=[100]),
    ok(f"{PRE}.LabelEncoder.transform", _fitted(f"{PRE}.LabelEncoder", A(100)), A(20), expect=[20]),
    ok(f"{PRE}.LabelEncoder.inverse_transform", _fitted(f"{PRE}.LabelEncoder", A(100)), A(20), expect=[20]),
    bad(f"{PRE}.LabelEncoder.fit_transform", _make(f"{PRE}.LabelEncoder"), A(5, 2), code=codes.RANK_MISMATCH,
        message="y should be a 1d array, got an array of shape (5, 2) instead."),
    ok(f"{PRE}.LabelBinarizer", expect=instance_of(f"{PRE}.LabelBinarizer")),
    ok(f"{PRE}.LabelBinarizer.fit", _make(f"{PRE}.LabelBinarizer"), ["a", "b", "c"],
       expect=instance_of(f"{PRE}.LabelBinarizer")),
    ok(f"{PRE}.LabelBinarizer.fit_transform", _make(f"{PRE}.LabelBinarizer"), ["cat", "dog", "cat", "dog"],
       expect=[4, 1]),
    ok(f"{PRE}.LabelBinarizer.fit_transform", _make(f"{PRE}.LabelBinarizer"), A(100), expect=[100, None]),
    ok(f"{PRE}.LabelBinarizer.transform", _fitted(f"{PRE}.LabelBinarizer", [0, 1, 2]), A(20), expect=[20, 3]),
    ok(f"{PRE}.LabelBinarizer.inverse_transform", _fitted(f"{PRE}.LabelBinarizer", [0, 1, 2]), A(20, 3),
       expect=[20]),
    ok(f"{PRE}.label_binarize", A(100), classes=[0, 1], expect=[100, 1]),
    ok(f"{PRE}.label_binarize", A(100), classes=[0, 1, 2, 3], expect=[100, 4]),
    ok(f"{PRE}.OneHotEncoder", expect=instance_of(f"{PRE}.OneHotEncoder")),
    ok(f"{PRE}.OneHotEncoder.fit", _make(f"{PRE}.OneHotEncoder"), A(100, 2),
       expect=instance_of(f"{PRE}.OneHotEncoder")),
    ok(f"{PRE}.OneHotEncoder.fit_transform", _make(f"{PRE}.OneHotEncoder", categories=[[0, 1, 2], [0, 1]],
                                                   sparse_output=False), A(100, 2), expect=[100, 5]),
    ok(f"{PRE}.OneHotEncoder.fit_transform", _make(f"{PRE}.OneHotEncoder", categories=[[0, 1, 2], [0, 1]],
                                                   drop="first", sparse_output=False), A(100, 2), expect=[100, 3]),
    ok(f"{PRE}.OneHotEncoder.fit_transform", _make(f"{PRE}.OneHotEncoder"), A(100, 2), expect=instance_of(SPARSE)),
    ok(f"{PRE}.OneHotEncoder.transform", _fitted(f"{PRE}.OneHotEncoder", A(100, 2), sparse_output=False),
       A(20, 2), expect=[20, None]),
    ok(f"{PRE}.OneHotEncoder.inverse_transform", _fitted(f"{PRE}.OneHotEncoder", A(100, 2)), A(20, 5),
       expect=[20, 2]),
    bad(f"{PRE}.OneHotEncoder.fit", _make(f"{PRE}.OneHotEncoder", categories=[[0, 1, 2]]), A(100, 2),
        code=codes.SHAPE_REQUIREMENT, message="Shape mismatch: if categories is an array"),
    ok(f"{SPARSE}.toarray", _sparse(OpContext(ExampleHost(), SPARSE, SITE), A(20, 5)), expect=[20, 5]),
    ok(f"{SPARSE}.todense", _sparse(OpContext(ExampleHost(), SPARSE, SITE), A(20, 5)), expect=[20, 5]),
    ok("sklearn.decomposition.PCA", 2, expect=instance_of("sklearn.decomposition.PCA")),
    ok("sklearn.decomposition.PCA.fit", _make("sklearn.decomposition.PCA", 2), A(100, 10),
       expect=instance_of("sklearn.decomposition.PCA")),
    ok("sklearn.decomposition.PCA.fit_transform", _make("sklearn.decomposition.PCA", n_components=8), A(100, 10),
       expect=[100, 8]),
    ok("sklearn.decomposition.PCA.transform", _fitted("sklearn.decomposition.PCA", A(100, 10), 3), A(20, 10),
       expect=[20, 3]),
    ok("sklearn.decomposition.PCA.inverse_transform", _fitted("sklearn.decomposition.PCA", A(100, 10), 3),
       A(20, 3), expect=[20, 10]),
    bad("sklearn.decomposition.PCA.fit_transform", _make("sklearn.decomposition.PCA", 5), A(10, 3),
        code=codes.SHAPE_REQUIREMENT, message="n_components=5 must be between 0 and min(n_samples, n_features)=3"),
    bad("sklearn.decomposition.PCA.inverse_transform", _fitted("sklearn.decomposition.PCA", A(100, 10), 3),
        A(20, 10), code=codes.MATMUL_DIM, message="(size 3 is different from 10)"),
    ok("sklearn.decomposition.TruncatedSVD", expect=instance_of("sklearn.decomposition.TruncatedSVD")),
    ok("sklearn.decomposition.TruncatedSVD.fit", _make("sklearn.decomposition.TruncatedSVD"), A(100, 10),
       expect=instance_of("sklearn.decomposition.TruncatedSVD")),
    ok("sklearn.decomposition.TruncatedSVD.fit_transform", _make("sklearn.decomposition.TruncatedSVD"),
       A(100, 10), expect=[100, 2]),
    ok("sklearn.decomposition.TruncatedSVD.transform",
       _fitted("sklearn.decomposition.TruncatedSVD", A(100, 10)), A(20, 10), expect=[20, 2]),
    ok("sklearn.decomposition.TruncatedSVD.inverse_transform",
       _fitted("sklearn.decomposition.TruncatedSVD", A(100, 10)), A(20, 2), expect=[20, 10]),
    ok("sklearn.datasets.load_iris", return_X_y=True, expect=([150, 4], [150])),
    ok("sklearn.datasets.load_digits", expect=instance_of(BUNCH)),
    ok("sklearn.datasets.load_wine", return_X_y=True, expect=([178, 13], [178])),
    ok("sklearn.datasets.load_breast_cancer", return_X_y=True, expect=([569, 30], [569])),
    ok("sklearn.datasets.load_diabetes", return_X_y=True, expect=([442, 10], [442])),
    ok("sklearn.datasets.load_linnerud", return_X_y=True, expect=([20, 3], [20, 3])),
    ok(f"{BUNCH}.__getitem__", Obj(BUNCH, {"data": A(150, 4)}), "data", expect=[150, 4]),
    ok("sklearn.datasets.make_classification", 200, 12, expect=([200, 12], [200])),
    ok("sklearn.datasets.make_regression", 50, 4, n_targets=2, expect=([50, 4], [50, 2])),
    ok("sklearn.datasets.make_blobs", [30, 20], expect=([50, 2], [50])),
    ok("sklearn.datasets.make_moons", 64, expect=([64, 2], [64])),
    ok("sklearn.datasets.make_circles", expect=([100, 2], [100])),
]

