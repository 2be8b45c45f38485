"""pandas DataFrames and Series, for their shapes: frames built from dicts, arrays and
lists; ``read_csv`` and the other readers; column selection (``df["col"]``,
``df[["a", "b"]]``, ``drop``, ``iloc`` / ``loc``, ``pop``); row selection (``head``,
``tail``, ``sample``, ``dropna``, slices); ``.values`` / ``.to_numpy()`` / ``.shape`` /
``len(df)``; ``get_dummies`` and ``concat``.

A frame is an ``Obj`` of type ``pd.DataFrame``: its rows and width are dims (a symbol
when unknown, shared by everything derived from the frame, so ``df.drop(columns=["y"]).values``
and ``df["y"].values`` agree on their rows), its column names where known, a best-effort
dtype per column, and whether pandas guarantees the names are unique (``read_csv``
mangles repeats, a dict's keys are unique).  ``values``, ``shape``, ``columns``,
``iloc`` and ``loc`` are attributes computed when the frame changes.  A Series is an
``Obj`` of type ``pd.Series`` with its rows, dtype and name.

Frames are mutable and shared by every name bound to them, as in pandas: ``df["new"] = v``
and ``del df["c"]`` change the frame in place (the frontend calls ``__setitem__`` /
``__delitem__``, and says when the branch may not run: the change then makes the columns
unknown).  Methods that change a frame in place (``inplace=True``, ``insert``, ``pop``)
make what they change unknown.

Reference: pandas 2.x and 3.x.  Errors modelled are those raised for every value of the
unknowns: a 2-D array with more or fewer names than columns ("Shape of passed values is
(10, 3), indices imply (10, 4)"), dict columns of different lengths, a 3-D array,
a positional index past the last column.  Anything else unknown stays unknown.
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.constraints.core.examples import (
    ANY,
    SITE,
    A,
    ExampleHost,
    bad,
    instance_of,
    ok,
)
from shapetracer.constraints.core.arrays import discover, numpy_dtype
from shapetracer.constraints.core.spec import OpContext, _wrap, op
from shapetracer.constraints.core.frames import (
    FRAME, SERIES, Frame, array_of, new_frame, new_series, read_frame, read_series, with_rows,
)
from shapetracer.constraints.core.frames import distinct_labels as _distinct, frame_dim as _dim
from shapetracer.constraints.core.frames import same_label as _same_label, store_frame as _store
from shapetracer.constraints.core.frames import values_dtype as _values_dtype
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import (
    NONE,
    UNKNOWN,
    Const,
    DictVal,
    Obj,
    Seq,
    SliceVal,
    SymInt,
    Tensor,
    Value,
    dim_int,
)

def _frame_like(ctx: OpContext, frame: Frame, rows: Dim | None = None, label: str = "") -> Obj:
    return new_frame(ctx, rows if rows is not None else frame.rows, frame.width, frame.names, frame.dtypes,
                     frame.unique, label)


def _widen(ctx: OpContext, obj: Obj, rows: bool = False, columns: bool = False, names: bool = False,
           unique: bool | None = None) -> None:
    """An in-place change whose outcome is not known: forget the rows, the columns (count
    and names) or only the names.  Column names stay unique (pandas refuses a repeated
    name in place) unless ``unique`` says otherwise."""
    frame = read_frame(obj)
    if frame is None:
        return
    new_rows = ctx.fresh("rows", 0) if rows else frame.rows
    still_unique = frame.unique if unique is None else unique
    if columns:
        _store(ctx, obj, new_rows, ctx.fresh("columns", 0), None, None, still_unique)
    else:
        _store(ctx, obj, new_rows, frame.width, None if names else frame.names, frame.dtypes, still_unique)


# --- small readers ------------------------------------------------------------------------------


def _positions(frame: Frame, label: Value) -> list[int] | None:
    """Where ``label`` is among the columns; None when the names do not tell."""
    if frame.names is None or not isinstance(label, Const):
        return None
    found = [i for i, name in enumerate(frame.names) if _same_label(name, label)]
    if len(found) == 0 and not frame.known_names:
        return None  # it may be one of the names not known
    return found


def _labels(ctx: OpContext, value: Value) -> list[Value] | None:
    """A list-like of labels (list, tuple, the columns of a frame, a 1-D constant array)."""
    items = ctx.items(value)
    if items is None:
        return None
    if any(isinstance(item, (Seq, DictVal, Tensor, Obj)) for item in items):
        return None
    return items


def _is_label(value: Value) -> bool:
    return isinstance(value, Const) and isinstance(value.value, (str, int, float)) \
        and not isinstance(value.value, bool)


def _length(ctx: OpContext, value: Value) -> Dim | None:
    """The length of a list-like (list, 1-D array, Series, range)."""
    if isinstance(value, Seq):
        return Dim(len(value.items), frozenset({ctx.site})) if value.sized else None
    if isinstance(value, Tensor) and value.shape.dims is not None and len(value.shape.dims) == 1:
        return value.shape.dims[0]
    series = read_series(value)
    if series is not None:
        return series[0]
    if isinstance(value, Obj) and value.type_name == "builtins.range":
        return _dim(value.attrs.get("length"))
    return None


def _column(ctx: OpContext, value: Value) -> tuple[Dim | None, str | None] | None:
    """(length, dtype) of one column given to a constructor; (None, dtype) for a scalar
    broadcast to every row; None when it cannot be told (or is no column: a 2-D array)."""
    if isinstance(value, (Const, SymInt)):
        return None, _pandas_dtype(discover(ctx, value))
    if isinstance(value, Tensor):
        if value.shape.dims is None or len(value.shape.dims) > 1:
            return None
        if not value.shape.dims:
            return None, value.dtype
        return value.shape.dims[0], value.dtype
    series = read_series(value)
    if series is not None:
        return series[0], series[1]
    if isinstance(value, Seq):
        if not value.sized:
            return ctx.fresh("rows", 0), None
        nest = discover(ctx, value)
        dtype = _pandas_dtype(nest) if nest is not None and len(nest.dims) == 1 and not nest.ragged else "object"
        return Dim(len(value.items), frozenset({ctx.site})), dtype
    return None


def _pandas_dtype(nest) -> str | None:
    if nest is None:
        return None
    return "object" if nest.dtype == "str" else nest.dtype


def _forced_dtype(ctx: OpContext, dtype: Value, width: Dim | None) -> list[str | None] | None:
    name = numpy_dtype(ctx, dtype, None)
    if name is None or width is None or not width.known:
        return None
    return [name] * width.value


def _slice_rows(ctx: OpContext, rows: Dim, key: SliceVal) -> Dim:
    """The length of ``rows[key]`` for a positional slice."""
    bounds = []
    for part in (key.start, key.stop, key.step):
        if isinstance(part, Const) and (part.value is None or (isinstance(part.value, int)
                                                               and not isinstance(part.value, bool))):
            bounds.append(part.value)
        else:
            return ctx.fresh("rows", 0)
    if bounds[2] == 0:
        return ctx.fresh("rows", 0)
    if bounds == [None, None, None] or bounds == [None, None, 1]:
        return rows
    if rows.known:
        return Dim(len(range(*slice(*bounds).indices(rows.value))), frozenset({ctx.site}))
    return ctx.fresh("rows", 0)


def _full_slice(key: Value) -> bool:
    return isinstance(key, SliceVal) and all(isinstance(p, Const) and p.value is None
                                             for p in (key.start, key.stop, key.step))


def _truthy(ctx: OpContext, value: Value) -> bool | None:
    return ctx.bool(value, False)


def _is_columns_axis(ctx: OpContext, axis: Value) -> bool | None:
    if ctx.is_none(axis):
        return False
    name = ctx.str(axis)
    if name is not None:
        return name == "columns"
    number = ctx.int(axis)
    return None if number is None else number == 1


# --- constructors -------------------------------------------------------------------------------


@op("pd.DataFrame")
def data_frame(ctx: OpContext, data=None, index=None, columns=None, dtype=None, copy=None):
    """Columns from a dict's keys (rows: the common length of its lists), from an
    array's second axis, from the rows of a list of lists or the keys of a list of dicts;
    ``columns=`` names or selects them."""
    names = None if ctx.is_none(columns) else _labels(ctx, columns)
    names_given = not ctx.is_none(columns)
    if names_given and names is None:
        return new_frame(ctx, None, None, label="DataFrame built as")
    index_rows = None if ctx.is_none(index) else _length(ctx, index)
    if ctx.is_none(data):
        rows = index_rows or (Dim(0, frozenset({ctx.site})) if ctx.is_none(index) else None)
        return new_frame(ctx, rows, None if names is None else len(names), names, None, _distinct(names or []),
                         "DataFrame built as")
    if isinstance(data, DictVal):
        return _from_dict(ctx, data, names, index_rows, dtype, not ctx.is_none(index))
    if isinstance(data, Tensor):
        return _from_array(ctx, data, names, dtype)
    if isinstance(data, Seq):
        return _from_rows(ctx, data, names, dtype)
    frame = read_frame(data)
    if frame is not None:
        if names is None:
            return _frame_like(ctx, frame, label="DataFrame built as")
        return _select(ctx, frame, names, reindex=True)
    series = read_series(data)
    if series is not None:
        label = names if names is not None else [series[2] if isinstance(series[2], Const) else Const(0)]
        if len(label) != 1:
            return new_frame(ctx, series[0], None)
        return new_frame(ctx, series[0], 1, label, [series[1]], True, "DataFrame built as")
    return new_frame(ctx, None, None if names is None else len(names), names, None,
                     names is not None and _distinct(names), "DataFrame built as")


def _from_dict(ctx: OpContext, data: DictVal, names: list[Value] | None, index_rows: Dim | None, dtype,
               indexed: bool) -> Obj:
    keys = [k for k, _ in data.entries]
    columns = [_column(ctx, v) for _, v in data.entries]
    if any(c is None for c in columns) or not all(_is_label(k) for k in keys):
        width = len(names) if names is not None else len(keys)
        return new_frame(ctx, index_rows, width, names, None, True, "DataFrame built as")
    lengths = [length for length, _ in columns if length is not None]
    series_given = any(read_series(v) is not None for _, v in data.entries)
    rows: Dim | None = index_rows
    if rows is None and not indexed:
        known = [d for d in lengths if d.known]
        for other in known[1:]:
            if other.value != known[0].value:
                ctx.fail(codes.SHAPE_REQUIREMENT, Message("All arrays must be of the same length"), lengths)
                return UNKNOWN
        if not lengths:
            return UNKNOWN  # "If using all scalar values, you must pass an index"
        if series_given and not all(d.same_as(lengths[0]) for d in lengths):
            rows = None  # Series are aligned on their index: the union of the indexes
        elif known:
            rows = known[0]
        elif all(d.same_as(lengths[0]) for d in lengths):
            rows = lengths[0]
    dtypes = [d for _, d in columns]
    if names is None:
        names = keys
    else:
        picked = []
        for name in names:
            found = [i for i, key in enumerate(keys) if _same_label(key, name)]
            picked.append(dtypes[found[0]] if found else None)
        dtypes = picked
    forced = _forced_dtype(ctx, dtype, Dim(len(names))) if not ctx.is_none(dtype) else None
    if not ctx.is_none(dtype):
        dtypes = forced
    return new_frame(ctx, rows, len(names), names, dtypes, _distinct(names), "DataFrame built as")


def _from_array(ctx: OpContext, data: Tensor, names: list[Value] | None, dtype) -> Value:
    dims = data.shape.dims
    if dims is None:
        return new_frame(ctx, None, None if names is None else len(names), names, None,
                         names is not None and _distinct(names), "DataFrame built as")
    if len(dims) > 2:
        ctx.fail(codes.RANK_MISMATCH, Message("Must pass 2-d input. shape={shape:tuple}", shape=dims), [data])
        return UNKNOWN
    if not dims:
        return UNKNOWN  # DataFrame constructor not properly called!
    rows, width = dims[0], (dims[1] if len(dims) == 2 else Dim(1, frozenset({ctx.site})))
    if names is not None:
        implied = len(names)
        if not ctx.require(width.eq(implied), codes.SHAPE_REQUIREMENT,
                           Message("Shape of passed values is ({rows}, {width}), indices imply ({rows}, {implied})",
                                   rows=rows, width=width, implied=implied),
                           [data]):
            return UNKNOWN
        if not width.known:
            width = Dim(implied, frozenset({ctx.site}))
    elif width.known:
        names = [Const(i) for i in range(width.value)]
    dtypes = [data.dtype] * width.value if width.known else None
    if not ctx.is_none(dtype):
        dtypes = _forced_dtype(ctx, dtype, width)
    return new_frame(ctx, rows, width, names, dtypes, names is not None and _distinct(names),
                     "DataFrame built as")


def _from_rows(ctx: OpContext, data: Seq, names: list[Value] | None, dtype) -> Value:
    if not data.sized:
        return new_frame(ctx, None, None if names is None else len(names), names, None,
                         names is not None and _distinct(names), "DataFrame built as")
    rows = Dim(len(data.items), frozenset({ctx.site}))
    if data.items and all(isinstance(item, DictVal) for item in data.items):  # records
        keys: list[Value] = []
        for item in data.items:
            for key, _ in item.entries:
                if not _is_label(key):
                    return new_frame(ctx, rows, None)
                if not any(_same_label(key, k) for k in keys):
                    keys.append(key)
        chosen = names if names is not None else keys
        return new_frame(ctx, rows, len(chosen), chosen, None, _distinct(chosen), "DataFrame built as")
    nest = discover(ctx, data)
    width: int | None = None
    dtypes = None
    if nest is not None and not nest.ragged and len(nest.dims) == 2 and nest.dims[1].known:
        width = nest.dims[1].value
        dtypes = [_pandas_dtype(nest)] * width
    elif nest is not None and not nest.ragged and len(nest.dims) == 1 and data.items:
        width, dtypes = 1, [_pandas_dtype(nest)]
    elif data.items and all(isinstance(item, Seq) and item.sized for item in data.items):
        width = max(len(item.items) for item in data.items)  # shorter rows are padded with NaN
    elif not data.items:
        width = 0
    if names is not None:
        if width is not None and width != len(names) and data.items:
            ctx.fail(codes.SHAPE_REQUIREMENT, Message("{count} columns passed, passed data had {width} "
                                                      "columns", count=len(names), width=width),
                     [rows])
            return UNKNOWN
        width = len(names)
    elif width is not None:
        names = [Const(i) for i in range(width)]
    if not ctx.is_none(dtype):
        dtypes = _forced_dtype(ctx, dtype, None if width is None else Dim(width))
    return new_frame(ctx, rows, width, names, dtypes, names is not None and _distinct(names),
                     "DataFrame built as")


@op("pd.Series")
def series_ctor(ctx: OpContext, data=None, index=None, dtype=None, name=None, copy=None):
    """One column: a list's or 1-D array's length, a dict's keys, or the index's length."""
    rows = None if ctx.is_none(index) else _length(ctx, index)
    forced = None if ctx.is_none(dtype) else numpy_dtype(ctx, dtype, None)
    kind: str | None = None
    if isinstance(data, Tensor) and data.shape.dims is not None and len(data.shape.dims) > 1:
        ctx.fail(codes.RANK_MISMATCH, Message("Data must be 1-dimensional, got ndarray of shape {shape:tuple} instead",
                                              shape=data.shape), [data])
        return UNKNOWN
    if isinstance(data, DictVal):
        rows = rows or Dim(len(data.entries), frozenset({ctx.site}))
    elif ctx.is_none(data):
        rows = rows or (Dim(0, frozenset({ctx.site})) if ctx.is_none(index) else None)
    else:
        column = _column(ctx, data)
        if column is not None:
            length, kind = column
            rows = rows or length or (Dim(1, frozenset({ctx.site})) if ctx.is_none(index) else None)
    return new_series(ctx, rows, forced or kind, NONE if ctx.is_none(name) else name, "Series built as")


# --- readers ------------------------------------------------------------------------------------


@op("pd.read_csv", "pd.read_table")
def read_csv(ctx: OpContext, filepath_or_buffer, *args, sep=None, delimiter=None, header="infer", names=None,
             index_col=None, usecols=None, dtype=None, nrows=None, chunksize=None, iterator=False, **kwargs):
    """Rows unknown; columns from ``names=`` or ``usecols=`` when given (an ``index_col``
    takes one of them, so the columns are then unknown)."""
    if not ctx.is_none(chunksize) or _truthy(ctx, iterator) is not False or args:
        return UNKNOWN  # a reader of chunks, or arguments pandas no longer takes by position
    width: int | None = None
    known_names: list[Value] | None = None
    no_index = ctx.is_none(index_col) or (isinstance(index_col, Const) and index_col.value is False)
    if no_index and not ctx.is_none(usecols):
        picked = _labels(ctx, usecols)
        if picked is not None:
            width = len(picked)  # in the file's order: the names, not their positions
            known_names = [UNKNOWN] * width
    elif no_index and not ctx.is_none(names):
        known_names = _labels(ctx, names)
        width = None if known_names is None else len(known_names)
    dtypes = _forced_dtype(ctx, dtype, None if width is None else Dim(width)) if not ctx.is_none(dtype) else None
    return new_frame(ctx, None, width, known_names, dtypes, True, "read_csv gives")


@op("pd.read_excel")
def read_excel(ctx: OpContext, io, sheet_name=0, *, header=0, names=None, index_col=None, usecols=None,
               dtype=None, nrows=None, **kwargs):
    if ctx.int(sheet_name) is None and ctx.str(sheet_name) is None:
        return UNKNOWN  # several sheets: a dict of frames
    return read_csv(ctx, io, names=names, index_col=index_col, usecols=usecols, dtype=dtype, nrows=nrows)


@op("pd.read_json", "pd.read_parquet", "pd.read_pickle", "pd.read_feather", "pd.read_sql", "pd.read_hdf",
    "pd.read_orc")
def read_other(ctx: OpContext, *args, **kwargs):
    """Other readers: a frame of unknown rows and columns."""
    return new_frame(ctx, None, None, label=f"{ctx.display} gives")


# --- module functions ---------------------------------------------------------------------------


@op("pd.get_dummies")
def get_dummies(ctx: OpContext, data, prefix=None, prefix_sep="_", dummy_na=False, columns=None, sparse=False,
                drop_first=False, dtype=None):
    """One column per category: the rows are kept, the width is not known."""
    frame, series = read_frame(data), read_series(data)
    rows = frame.rows if frame is not None else series[0] if series is not None else _length(ctx, data)
    return new_frame(ctx, rows, None, label="get_dummies gives")


@op("pd.concat")
def concat(ctx: OpContext, objs, *, axis=0, join="outer", ignore_index=False, keys=None, levels=None,
           names=None, verify_integrity=False, sort=False, copy=None):
    """Stacking rows (axis 0: the same columns, rows added) or columns (axis 1: the
    widths added, rows as the frames share them)."""
    items = ctx.items(objs)
    if not items:
        return UNKNOWN
    frames = [read_frame(item) for item in items]
    series = [read_series(item) for item in items]
    by_columns = _is_columns_axis(ctx, axis)
    if by_columns is None or not ctx.is_none(keys):
        return UNKNOWN
    if not by_columns:
        if all(s is not None for s in series):
            return new_series(ctx, _sum([s[0] for s in series]), _common([s[1] for s in series]), NONE,
                              "concat gives")
        if not all(f is not None for f in frames):
            return UNKNOWN
        rows = _sum([f.rows for f in frames])
        first = frames[0]
        same = first.known_names and all(f.known_names and len(f.names) == len(first.names)
                                         and all(_same_label(a, b) for a, b in zip(f.names, first.names))
                                         for f in frames[1:])
        if not same:
            return new_frame(ctx, rows, None, label="concat gives")
        dtypes = [_common([f.column_dtype(i) for f in frames]) for i in range(len(first.names))]
        return new_frame(ctx, rows, first.width, first.names, dtypes, first.unique, "concat gives")
    parts: list[Frame] = []
    for item, frame, one in zip(items, frames, series):
        if frame is not None:
            parts.append(frame)
        elif one is not None:
            parts.append(Frame(one[0], Dim(1), [one[2]] if isinstance(one[2], Const) else [UNKNOWN], [one[1]],
                               True))
        else:
            return UNKNOWN
    first_rows = parts[0].rows
    rows = first_rows if all(p.rows.same_as(first_rows) or (p.rows.known and first_rows.known and
                                                            p.rows.value == first_rows.value) for p in parts) \
        else None
    if not all(p.width.known for p in parts):
        return new_frame(ctx, rows, None, label="concat gives")
    names: list[Value] | None = []
    dtypes: list[str | None] = []
    for p in parts:
        names = None if names is None or p.names is None else names + p.names
        dtypes += p.dtypes if p.dtypes is not None else [None] * p.width.value
    width = sum(p.width.value for p in parts)
    return new_frame(ctx, rows, width, names, dtypes, names is not None and _distinct(names), "concat gives")


def _sum(dims: list[Dim]) -> Dim:
    total = dims[0]
    for dim in dims[1:]:
        total = total + dim
    return total


def _common(dtypes: list[str | None]) -> str | None:
    return _values_dtype(dtypes)


# --- DataFrame: selection -----------------------------------------------------------------------


def _select(ctx: OpContext, frame: Frame, labels: list[Value], reindex: bool = False) -> Value:
    """``df[[...]]``: one column per label (each must name one column; ``reindex``: a
    missing name becomes a new column, as ``DataFrame(df, columns=...)`` does)."""
    if not all(isinstance(label, Const) or label is UNKNOWN for label in labels):
        return UNKNOWN
    dtypes: list[str | None] = []
    for label in labels:
        found = _positions(frame, label)
        if found is None:
            if not frame.unique or frame.names is not None and frame.known_names:
                return UNKNOWN
            dtypes.append(None)
        elif len(found) == 1:
            dtypes.append(frame.column_dtype(found[0]))
        elif not found and reindex:
            dtypes.append(None)
        else:
            return UNKNOWN  # a missing name (KeyError) or a repeated one (several columns)
    names = list(labels) if all(isinstance(label, Const) for label in labels) else None
    return new_frame(ctx, frame.rows, len(labels), names, dtypes, names is not None and _distinct(names),
                     f"{ctx.display} gives")


def _one_column(ctx: OpContext, frame: Frame, label: Value) -> Value:
    """``df["col"]``: a Series, when ``col`` names exactly one column."""
    found = _positions(frame, label)
    if found is None:
        return new_series(ctx, frame.rows, None, label) if frame.unique else UNKNOWN
    if len(found) != 1:
        return UNKNOWN
    return new_series(ctx, frame.rows, frame.column_dtype(found[0]), label, "column gives")


@op("pd.DataFrame.__getitem__")
def frame_getitem(ctx: OpContext, self, key):
    """A label gives a Series, a list of labels a frame, a slice the rows it spans."""
    frame = read_frame(self)
    if frame is None:
        return UNKNOWN
    if isinstance(key, SliceVal):
        return _frame_like(ctx, frame, _slice_rows(ctx, frame.rows, key), "rows selected as")
    if _is_label(key):
        return _one_column(ctx, frame, key)
    if isinstance(key, Seq) and key.kind == "list" and key.sized:
        return _select(ctx, frame, list(key.items))
    return UNKNOWN


@op("pd.DataFrame.__len__")
def frame_len(ctx: OpContext, self):
    frame = read_frame(self)
    return dim_int(frame.rows) if frame is not None else SymInt(ctx.fresh("len", 0))


@op("pd.DataFrame.__iter__")
def frame_iter(ctx: OpContext, self):
    """Iterating a frame gives its column names."""
    frame = read_frame(self)
    if frame is None or not frame.known_names:
        return UNKNOWN
    return Seq(list(frame.names), "list")


@op("pd.DataFrame.drop")
def drop(ctx: OpContext, self, labels=None, *, axis=0, index=None, columns=None, level=None, inplace=False,
         errors="raise"):
    """Dropping columns (``columns=``, or labels with ``axis=1``) narrows the frame by one
    column per name; dropping rows leaves their number unknown."""
    frame = read_frame(self)
    if frame is None:
        return UNKNOWN
    by_columns = _is_columns_axis(ctx, axis)
    targets = columns if not ctx.is_none(columns) else labels if by_columns else None
    in_place = _truthy(ctx, inplace)
    if by_columns is None or in_place is None:
        _widen(ctx, self, rows=True, columns=True)
        return UNKNOWN
    drops_rows = not ctx.is_none(index) or (not by_columns and not ctx.is_none(labels))
    if targets is None or ctx.is_none(targets):
        if in_place:
            _widen(ctx, self, rows=drops_rows)
            return NONE
        return _frame_like(ctx, frame, ctx.fresh("rows", 0) if drops_rows else None, "drop gives")
    names = [targets] if _is_label(targets) else _labels(ctx, targets)
    ignore = ctx.str(errors) == "ignore"
    result = _without(ctx, frame, names, ignore) if names is not None else None
    rows = ctx.fresh("rows", 0) if drops_rows else frame.rows
    if in_place:
        _widen(ctx, self, rows=drops_rows, columns=True)
        return NONE
    if result is None:
        return new_frame(ctx, rows, None, label="drop gives")
    width, kept, dtypes = result
    return new_frame(ctx, rows, width, kept, dtypes, frame.unique, "drop gives")


def _without(ctx: OpContext, frame: Frame, names: list[Value], ignore: bool):
    """(width, names, dtypes) once ``names`` are dropped; None when it cannot be told."""
    if not all(isinstance(name, Const) for name in names) or not _distinct(names):
        return None
    if frame.known_names:
        dropped: set[int] = set()
        for name in names:
            found = _positions(frame, name)
            if not found and not ignore:
                return None  # KeyError: not a shape question
            dropped.update(found or ())
        kept = [i for i in range(len(frame.names)) if i not in dropped]
        return (Dim(len(kept), frozenset({ctx.site})), [frame.names[i] for i in kept],
                [frame.column_dtype(i) for i in kept])
    if frame.unique and not ignore:
        return frame.width - len(names), None, None  # each name is one column, or pandas raises
    return None


@op("pd.DataFrame.pop")
def pop(ctx: OpContext, self, item):
    """The column, as a Series; the frame loses it (in place: its columns become unknown)."""
    frame = read_frame(self)
    if frame is None or not _is_label(item):
        return UNKNOWN
    column = _one_column(ctx, frame, item)
    if column is not UNKNOWN:
        _widen(ctx, self, columns=True)
    return column


@op("pd.DataFrame.insert")
def insert(ctx: OpContext, self, loc, column, value, allow_duplicates=False):
    _widen(ctx, self, columns=True, unique=None if ctx.bool(allow_duplicates, False) is False else False)
    return NONE


@op("pd.DataFrame.assign")
def assign(ctx: OpContext, self, **kwargs):
    """New columns after the existing ones (an existing name is replaced)."""
    frame = read_frame(self)
    if frame is None:
        return UNKNOWN
    if not frame.known_names:
        return new_frame(ctx, frame.rows, None, label="assign gives")
    names, dtypes = list(frame.names), list(frame.dtypes or [None] * len(frame.names))
    for key in kwargs:
        found = _positions(frame, Const(key))
        if found:
            for i in found:
                dtypes[i] = None
        else:
            names.append(Const(key))
            dtypes.append(None)
    return new_frame(ctx, frame.rows, len(names), names, dtypes, frame.unique, "assign gives")


@op("pd.DataFrame.rename")
def rename(ctx: OpContext, self, mapper=None, *, index=None, columns=None, axis=None, copy=None, inplace=False,
           level=None, errors="ignore"):
    """Same shape; the names follow a dict of known names, else become unknown."""
    frame = read_frame(self)
    if frame is None:
        return UNKNOWN
    mapping = columns if not ctx.is_none(columns) else mapper if _is_columns_axis(ctx, axis) else None
    names = frame.names
    if mapping is not None and not ctx.is_none(mapping):
        names = None
        if isinstance(mapping, DictVal) and frame.known_names \
                and all(_is_label(k) and _is_label(v) for k, v in mapping.entries):
            names = [next((v for k, v in mapping.entries if _same_label(k, name)), name) for name in frame.names]
    in_place = _truthy(ctx, inplace)
    if in_place is not False:
        _widen(ctx, self, names=names is not frame.names)
        return NONE if in_place else UNKNOWN
    return new_frame(ctx, frame.rows, frame.width, names, frame.dtypes, names is not None and _distinct(names),
                     "rename gives")


@op("pd.DataFrame.reset_index")
def reset_index(ctx: OpContext, self, level=None, *, drop=False, inplace=False, col_level=0, col_fill="",
                allow_duplicates=False, names=None):
    """``drop=True`` keeps the columns; otherwise the index comes back as columns."""
    frame = read_frame(self)
    if frame is None:
        return UNKNOWN
    dropping, in_place = _truthy(ctx, drop), _truthy(ctx, inplace)
    if in_place is not False:
        if not dropping:
            _widen(ctx, self, columns=True)
        return NONE if in_place else UNKNOWN
    if dropping:
        return _frame_like(ctx, frame, label="reset_index gives")
    return new_frame(ctx, frame.rows, None, label="reset_index gives")


@op("pd.DataFrame.set_index")
def set_index(ctx: OpContext, self, keys, *, drop=True, append=False, inplace=False, verify_integrity=False):
    frame = read_frame(self)
    if frame is None:
        return UNKNOWN
    in_place = _truthy(ctx, inplace)
    if in_place is not False:
        _widen(ctx, self, columns=True)
        return NONE if in_place else UNKNOWN
    return new_frame(ctx, frame.rows, None, label="set_index gives")


@op("pd.DataFrame.select_dtypes")
def select_dtypes(ctx: OpContext, self, include=None, exclude=None):
    frame = read_frame(self)
    return new_frame(ctx, frame.rows, None, label="select_dtypes gives") if frame is not None else UNKNOWN


# --- DataFrame: rows ----------------------------------------------------------------------------


def _head_rows(ctx: OpContext, rows: Dim, n: Value) -> Dim:
    count = ctx.int(n)
    if count is None:
        return ctx.fresh("rows", 0)
    if rows.known:
        value = min(count, rows.value) if count >= 0 else max(rows.value + count, 0)
        return Dim(value, frozenset({ctx.site}))
    return ctx.fresh("rows", 0)


def _rows_of(value: Value) -> Dim | None:
    frame = read_frame(value)
    if frame is not None:
        return frame.rows
    series = read_series(value)
    return series[0] if series is not None else None


@op("pd.DataFrame.head", "pd.DataFrame.tail", "pd.Series.head", "pd.Series.tail")
def head(ctx: OpContext, self, n=5):
    """The first (last) ``n`` rows, or all but the last (first) ``-n``."""
    rows = _rows_of(self)
    if rows is None:
        return UNKNOWN
    return with_rows(ctx, self, _head_rows(ctx, rows, n), f"{ctx.display} gives")


@op("pd.DataFrame.sample", "pd.Series.sample")
def sample(ctx: OpContext, self, n=None, frac=None, replace=False, weights=None, random_state=None, axis=None,
           ignore_index=False):
    """``n`` rows (one by default), or ``round(frac * rows)``; ``frac=1`` shuffles."""
    rows = _rows_of(self)
    if rows is None or _is_columns_axis(ctx, axis) is not False:
        return UNKNOWN
    if ctx.is_none(n) and ctx.is_none(frac):
        count: Dim | None = Dim(1, frozenset({ctx.site}))
    elif not ctx.is_none(n):
        count = ctx.dim(n)
    else:
        fraction = frac.value if isinstance(frac, Const) and isinstance(frac.value, (int, float)) else None
        if fraction == 1:
            count = rows
        elif fraction is not None and rows.known:
            count = Dim(round(fraction * rows.value), frozenset({ctx.site}))
        else:
            count = None
    return with_rows(ctx, self, count or ctx.fresh("rows", 0), "sample gives")


@op("pd.DataFrame.dropna", "pd.Series.dropna")
def dropna(ctx: OpContext, self, *, axis=0, how=None, thresh=None, subset=None, inplace=False,
           ignore_index=False):
    """Rows with missing values go (so the rows are unknown); ``axis=1`` drops columns."""
    rows = _rows_of(self)
    if rows is None:
        return UNKNOWN
    by_columns, in_place = _is_columns_axis(ctx, axis), _truthy(ctx, inplace)
    if in_place is not False:
        if isinstance(self, Obj) and self.type_name == FRAME:
            _widen(ctx, self, rows=by_columns is not True, columns=by_columns is not False)
        elif isinstance(self, Obj):
            _replace_series_rows(ctx, self)
        return NONE if in_place else UNKNOWN
    if by_columns:
        frame = read_frame(self)
        return new_frame(ctx, rows, None, label="dropna gives") if frame is not None else UNKNOWN
    if by_columns is None:
        return UNKNOWN
    return with_rows(ctx, self, ctx.fresh("rows", 0), "dropna gives")


def _replace_series_rows(ctx: OpContext, series: Obj) -> None:
    fresh = new_series(ctx, None, None, series.attrs.get("name", NONE))
    series.attrs.update({k: v for k, v in fresh.attrs.items() if k not in ("iloc", "loc")})


@op("pd.DataFrame.drop_duplicates", "pd.Series.drop_duplicates")
def drop_duplicates(ctx: OpContext, self, *args, inplace=False, **kwargs):
    rows = _rows_of(self)
    if rows is None:
        return UNKNOWN
    in_place = _truthy(ctx, inplace)
    if in_place is not False:
        if isinstance(self, Obj) and self.type_name == FRAME:
            _widen(ctx, self, rows=True)
        elif isinstance(self, Obj):
            _replace_series_rows(ctx, self)
        return NONE if in_place else UNKNOWN
    return with_rows(ctx, self, ctx.fresh("rows", 0), "drop_duplicates gives")


# Same rows and columns; the dtypes are kept only by the methods that never change them.
_SAME_SHAPE = ["fillna", "replace", "interpolate", "ffill", "bfill", "clip", "abs", "round", "shift", "diff",
               "pct_change", "cumsum", "sort_values", "sort_index", "copy", "infer_objects", "where", "mask",
               "isna", "isnull", "notna", "notnull", "apply", "map", "applymap", "transform"]
_KEEPS_DTYPES = {"sort_values", "sort_index", "copy", "clip", "abs"}
_BOOLEAN = {"isna", "isnull", "notna", "notnull"}
# apply may reduce each row or column, or expand each value into a row; transform with a
# list of functions gives a column per function
_SHAPE_OF_RESULT_UNKNOWN = {"apply", "transform"}


def _same_shape(ctx: OpContext, self, *args, inplace=False, **kwargs):
    """Elementwise changes, reorderings and copies keep the rows and the columns."""
    method = ctx.api.rsplit(".", 1)[-1]
    frame, series = read_frame(self), read_series(self)
    if frame is None and series is None:
        return UNKNOWN
    in_place = _truthy(ctx, inplace)
    if in_place is not False:
        if in_place is None:
            return UNKNOWN
        if method not in _KEEPS_DTYPES and frame is not None and isinstance(self, Obj):  # dtypes only
            _store(ctx, self, frame.rows, frame.width, frame.names, None, frame.unique)
        return NONE
    dtype = "bool" if method in _BOOLEAN else None
    if frame is not None:
        if method in _SHAPE_OF_RESULT_UNKNOWN:
            return UNKNOWN
        dtypes = frame.dtypes if method in _KEEPS_DTYPES else \
            ([dtype] * frame.width.value if dtype and frame.width.known else None)
        return new_frame(ctx, frame.rows, frame.width, frame.names, dtypes, frame.unique, f"{method} gives")
    if method in _SHAPE_OF_RESULT_UNKNOWN:
        return UNKNOWN
    rows, kind, name = series
    return new_series(ctx, rows, kind if method in _KEEPS_DTYPES else dtype, name, f"{method} gives")


_SERIES_SAME_SHAPE = [m for m in _SAME_SHAPE if m != "applymap"]
op(*[f"pd.DataFrame.{m}" for m in _SAME_SHAPE], *[f"pd.Series.{m}" for m in _SERIES_SAME_SHAPE])(_same_shape)


@op("pd.DataFrame.astype", "pd.Series.astype")
def astype(ctx: OpContext, self, dtype, copy=None, errors="raise"):
    frame, series = read_frame(self), read_series(self)
    name = numpy_dtype(ctx, dtype, None)
    if frame is not None:
        dtypes = [name] * frame.width.value if name is not None and frame.width.known else None
        return new_frame(ctx, frame.rows, frame.width, frame.names, dtypes, frame.unique, "astype gives")
    if series is not None:
        return new_series(ctx, series[0], name, series[2], "astype gives")
    return UNKNOWN


@op("pd.DataFrame.to_numpy", "pd.Series.to_numpy")
def to_numpy(ctx: OpContext, self, dtype=None, copy=False, na_value=None):
    """The frame's ``values``, in ``dtype`` when given."""
    values = array_of(self)
    if values is None:
        return UNKNOWN
    name = values.dtype if ctx.is_none(dtype) else numpy_dtype(ctx, dtype, None)
    return Tensor(values.shape, name, "ndarray", values.origin)


@op("pd.DataFrame.__setitem__")
def frame_setitem(ctx: OpContext, self, key, value, undecided=False):
    """``df["new"] = ...`` adds a column, ``df["old"] = ...`` replaces one.  In a branch
    that may not run, the columns become unknown (every path shares the frame)."""
    frame = read_frame(self)
    if frame is None or isinstance(key, Tensor):
        return NONE  # a boolean mask sets values, not columns
    labels = [key] if _is_label(key) else _labels(ctx, key) if isinstance(key, Seq) and key.kind == "list" \
        else None
    if labels is None or not all(_is_label(label) for label in labels):
        _widen(ctx, self, columns=True)
        return NONE
    found = [_positions(frame, label) for label in labels]
    if all(f for f in found):
        return NONE  # every name is a column already: the width stays
    if any(f is None for f in found) or ctx.bool(undecided, True) is not False:
        _widen(ctx, self, columns=True)
        return NONE
    names = list(frame.names)
    for label in labels:
        if not any(_same_label(label, name) for name in names):
            names.append(label)
    dtypes = list(frame.dtypes or [None] * len(frame.names)) + [None] * (len(names) - len(frame.names))
    _store(ctx, self, frame.rows, len(names), names, dtypes, frame.unique, "column added as")
    return NONE


@op("pd.DataFrame.__delitem__")
def frame_delitem(ctx: OpContext, self, key, undecided=False):
    """``del df["col"]``: the frame loses that column."""
    frame = read_frame(self)
    if frame is None:
        return NONE
    result = _without(ctx, frame, [key], False) if _is_label(key) else None
    if result is None or ctx.bool(undecided, True) is not False:
        _widen(ctx, self, columns=True)
        return NONE
    width, names, dtypes = result
    _store(ctx, self, frame.rows, width, names, dtypes, frame.unique, "column deleted:")
    return NONE


# --- iloc / loc -----------------------------------------------------------------------------------


def _positional(ctx: OpContext, size: Dim, key: Value):
    """What a positional key takes along an axis of ``size``: ("many", length, positions
    or None) or ("one", position); ("failed", …) after an index past the end, which
    raises; None when it cannot be told."""
    if isinstance(key, SliceVal):
        length = _slice_rows(ctx, size, key)
        positions = None
        if size.known and all(isinstance(p, Const) and (p.value is None or isinstance(p.value, int))
                              for p in (key.start, key.stop, key.step)) and key.step.value != 0:
            positions = list(range(size.value))[slice(key.start.value, key.stop.value, key.step.value)]
        return "many", length, positions
    if isinstance(key, Const) and isinstance(key.value, int) and not isinstance(key.value, bool):
        if size.known and not -size.value <= key.value < size.value:
            ctx.fail(codes.INDEX_RANGE, Message("single positional indexer is out-of-bounds"), [size])
            return "failed", None, None
        return "one", key.value % size.value if size.known else None, None
    if isinstance(key, Seq) and key.kind == "list" and key.sized:
        ints = [ctx.int(item) for item in key.items]
        if any(i is None for i in ints) or any(isinstance(item, Const) and isinstance(item.value, bool)
                                               for item in key.items):
            return "many", ctx.fresh("rows", 0), None  # a boolean list selects some
        if size.known and any(not -size.value <= i < size.value for i in ints):
            ctx.fail(codes.INDEX_RANGE, Message("positional indexers are out-of-bounds"), [size])
            return "failed", None, None
        positions = [i % size.value for i in ints] if size.known else None
        return "many", Dim(len(ints), frozenset({ctx.site})), positions
    if isinstance(key, Tensor) and key.shape.dims is not None and len(key.shape.dims) == 1:
        if key.dtype is not None and key.dtype.startswith(("int", "uint")):
            return "many", key.shape.dims[0], None
        return "many", ctx.fresh("rows", 0), None
    return None


def _by_label(ctx: OpContext, size: Dim, key: Value, frame: Frame | None):
    """What a label key takes along an axis (the rows when ``frame`` is None, else its
    columns), as ``_positional`` says it."""
    if _full_slice(key):
        return "many", size, list(range(size.value)) if size.known else None
    if isinstance(key, SliceVal):
        if frame is not None and frame.known_names and frame.unique and isinstance(key.step, Const) \
                and key.step.value in (None, 1):
            start = [0] if isinstance(key.start, Const) and key.start.value is None else _positions(frame, key.start)
            stop = [len(frame.names) - 1] if isinstance(key.stop, Const) and key.stop.value is None \
                else _positions(frame, key.stop)
            if start and stop:
                positions = list(range(start[0], stop[0] + 1))
                return "many", Dim(len(positions), frozenset({ctx.site})), positions
        return None if frame is not None else ("many", ctx.fresh("rows", 0), None)
    if _is_label(key):
        if frame is None:
            return "one", None, None
        found = _positions(frame, key)
        if found is not None and len(found) == 1:
            return "one", found[0], None
        return ("one", None, None) if found is None and frame.unique else None
    if isinstance(key, Seq) and key.kind == "list" and key.sized and all(_is_label(i) for i in key.items):
        if frame is None:
            return "many", ctx.fresh("rows", 0), None  # an index may repeat its labels
        found = [_positions(frame, label) for label in key.items]
        if all(f is not None and len(f) == 1 for f in found):
            return "many", Dim(len(found), frozenset({ctx.site})), [f[0] for f in found]
        if frame.unique and all(f is None for f in found):
            return "many", Dim(len(found), frozenset({ctx.site})), None
        return None
    if isinstance(key, (Tensor, Obj)):
        return "many", ctx.fresh("columns" if frame is not None else "rows", 0), None
    return None


def _indexed(ctx: OpContext, target: Value, key: Value, positional: bool) -> Value:
    frame, series = read_frame(target), read_series(target)
    label = "iloc gives" if positional else "loc gives"
    if series is not None:
        taken = _positional(ctx, series[0], key) if positional else _by_label(ctx, series[0], key, None)
        if taken is None or taken[0] != "many":
            return UNKNOWN
        return new_series(ctx, taken[1], series[1], series[2], label)
    if frame is None:
        return UNKNOWN
    parts = list(key.items) if isinstance(key, Seq) and key.kind == "tuple" else [key]
    if len(parts) == 1:
        parts.append(SliceVal(NONE, NONE, NONE))
    if len(parts) != 2:
        return UNKNOWN
    rows = _positional(ctx, frame.rows, parts[0]) if positional else _by_label(ctx, frame.rows, parts[0], None)
    if rows is None or rows[0] == "failed":
        return UNKNOWN
    cols = _positional(ctx, frame.width, parts[1]) if positional else _by_label(ctx, frame.width, parts[1], frame)
    if cols is None or cols[0] == "failed":
        return UNKNOWN
    if cols[0] == "one":
        if rows[0] == "one":
            return UNKNOWN  # one value
        index = cols[1]
        dtype = frame.column_dtype(index) if index is not None else None
        name = frame.names[index] if index is not None and frame.names is not None else UNKNOWN
        return new_series(ctx, rows[1], dtype, name, label)
    width, positions = cols[1], cols[2]
    if rows[0] == "one":
        return new_series(ctx, width, None, UNKNOWN, label)  # one row, indexed by the column names
    names = [frame.names[i] for i in positions] if positions is not None and frame.names is not None else None
    dtypes = [frame.column_dtype(i) for i in positions] if positions is not None and frame.dtypes is not None \
        else None
    unique = names is not None and _distinct(names) or (
        frame.unique and (positions is None or len(set(positions)) == len(positions)))
    return new_frame(ctx, rows[1], width, names, dtypes, unique, label)


@op("pd.DataFrame.iloc.__getitem__", "pd.Series.iloc.__getitem__")
def iloc_getitem(ctx: OpContext, self, key):
    """Positions: ``df.iloc[:, :-1]`` (all but the last column), ``df.iloc[:, 3]`` (one
    column, a Series), ``df.iloc[:100]`` (rows)."""
    return _indexed(ctx, self.attrs.get("_of") if isinstance(self, Obj) else UNKNOWN, key, True)


@op("pd.DataFrame.loc.__getitem__", "pd.Series.loc.__getitem__")
def loc_getitem(ctx: OpContext, self, key):
    """Labels: ``df.loc[:, "a":"c"]`` (inclusive), ``df.loc[:, ["a", "b"]]``, ``df.loc[mask, "a"]``."""
    return _indexed(ctx, self.attrs.get("_of") if isinstance(self, Obj) else UNKNOWN, key, False)


@op("pd.DataFrame.loc.__setitem__")
def loc_setitem(ctx: OpContext, self, key, value, undecided=False):
    """``df.loc[rows, "new"] = v`` adds a column; a row label not in the index adds a row."""
    target = self.attrs.get("_of") if isinstance(self, Obj) else None
    frame = read_frame(target)
    if frame is None:
        return NONE
    parts = list(key.items) if isinstance(key, Seq) and key.kind == "tuple" else [key]
    new_rows = not (_full_slice(parts[0]) or isinstance(parts[0], (Tensor, Obj)))
    column = parts[1] if len(parts) == 2 else None
    known_column = column is None or (_is_label(column) and _positions(frame, column)
                                      and len(_positions(frame, column)) == 1) \
        or _full_slice(column)
    if new_rows or not known_column:
        _widen(ctx, target, rows=new_rows, columns=not known_column)
    return NONE


@op("pd.DataFrame.iloc.__setitem__")
def iloc_setitem(ctx: OpContext, self, key, value, undecided=False):
    """Positions only address what is there: the shape stays."""
    return NONE


# --- Series -------------------------------------------------------------------------------------------


@op("pd.Series.__getitem__")
def series_getitem(ctx: OpContext, self, key):
    series = read_series(self)
    if series is None or not isinstance(key, SliceVal):
        return UNKNOWN
    return new_series(ctx, _slice_rows(ctx, series[0], key), series[1], series[2], "rows selected as")


@op("pd.Series.__len__")
def series_len(ctx: OpContext, self):
    series = read_series(self)
    return dim_int(series[0]) if series is not None else SymInt(ctx.fresh("len", 0))


@op("pd.Series.unique")
def series_unique(ctx: OpContext, self):
    """The distinct values: an array of unknown length."""
    series = read_series(self)
    if series is None:
        return UNKNOWN
    return ctx.result([ctx.fresh("unique", 0)], series[1], label="unique gives", kind="ndarray")


@op("pd.Series.nunique")
def series_nunique(ctx: OpContext, self, dropna=True):
    return SymInt(ctx.fresh("nunique", 0))


@op("pd.Series.value_counts")
def value_counts(ctx: OpContext, self, *args, **kwargs):
    return new_series(ctx, ctx.fresh("counts", 0), "int64", NONE, "value_counts gives") \
        if read_series(self) is not None else UNKNOWN


@op("pd.Series.to_frame")
def to_frame(ctx: OpContext, self, name=None):
    series = read_series(self)
    if series is None:
        return UNKNOWN
    label = name if not ctx.is_none(name) else series[2] if isinstance(series[2], Const) and \
        series[2].value is not None else Const(0)
    return new_frame(ctx, series[0], 1, [label], [series[1]], True, "to_frame gives")


@op("pd.Series.reset_index")
def series_reset_index(ctx: OpContext, self, level=None, *, drop=False, name=None, inplace=False,
                       allow_duplicates=False):
    """``drop=True`` keeps a Series; otherwise the index comes back beside it in a frame."""
    series = read_series(self)
    if series is None or _truthy(ctx, inplace) is not False:
        return NONE if series is not None and _truthy(ctx, inplace) else UNKNOWN
    if _truthy(ctx, drop):
        return new_series(ctx, series[0], series[1], series[2], "reset_index gives")
    return new_frame(ctx, series[0], None, label="reset_index gives")


# --- examples -----------------------------------------------------------------------------------


def _ctx() -> OpContext:
    return OpContext(ExampleHost(), "pd.DataFrame", SITE)


def _df(rows: int | None, *names: str, dtype: str = "float64") -> Obj:
    """A frame for an example: ``rows`` rows (None: unknown) and these columns."""
    ctx = _ctx()
    return new_frame(ctx, Dim(rows) if rows is not None else ctx.fresh("rows", 0), len(names),
                     [Const(n) for n in names], [dtype] * len(names), True)


def _csv(*names: str) -> Obj:
    """A frame as read_csv gives it: unknown rows, and unknown columns unless named."""
    ctx = _ctx()
    return new_frame(ctx, ctx.fresh("rows", 0), len(names) if names else None,
                     [Const(n) for n in names] if names else None, None, True)


def _dict(**columns) -> DictVal:
    """A dict literal for an example, its values as the interpreter gives them."""
    return DictVal([(Const(name), _wrap(value)) for name, value in columns.items()])


def _series(rows: int, dtype: str = "int64") -> Obj:
    return new_series(_ctx(), Dim(rows), dtype, Const("y"))


_PEOPLE = ("age", "height", "weight", "label")
_FRAME, _SERIES = instance_of(FRAME), instance_of(SERIES)


def _iloc(frame: Obj) -> Obj:
    return frame.attrs["iloc"]


def _loc(frame: Obj) -> Obj:
    return frame.attrs["loc"]


EXAMPLES = [
    ok("pd.DataFrame", _dict(a=[1, 2, 3], b=[0.5, 1.5, 2.5]), expect=_FRAME),
    bad("pd.DataFrame", _dict(a=[1, 2, 3], b=[1, 2]), code=codes.SHAPE_REQUIREMENT,
        message="All arrays must be of the same length"),
    ok("pd.DataFrame", A(10, 3), columns=["a", "b", "c"], expect=_FRAME),
    bad("pd.DataFrame", A(10, 3), columns=["a", "b", "c", "d"], code=codes.SHAPE_REQUIREMENT,
        message="Shape of passed values is (10, 3), indices imply (10, 4)"),
    bad("pd.DataFrame", A(2, 3, 4), code=codes.RANK_MISMATCH, message="Must pass 2-d input. shape=(2, 3, 4)"),
    bad("pd.DataFrame", [[1, 2], [3, 4]], columns=["a", "b", "c"], code=codes.SHAPE_REQUIREMENT,
        message="3 columns passed, passed data had 2 columns"),
    ok("pd.Series", [1, 2, 3], expect=_SERIES),
    bad("pd.Series", A(3, 2), code=codes.RANK_MISMATCH, message="Data must be 1-dimensional"),
    ok("pd.read_csv", "data.csv", names=["a", "b", "c"], expect=_FRAME),
    ok("pd.read_table", "data.tsv", expect=_FRAME),
    ok("pd.read_excel", "data.xlsx", usecols=["a", "b"], expect=_FRAME),
    *[ok(name, "data", expect=_FRAME) for name in ("pd.read_json", "pd.read_parquet", "pd.read_pickle",
                                                     "pd.read_feather", "pd.read_sql", "pd.read_hdf",
                                                     "pd.read_orc")],
    ok("pd.get_dummies", _df(8, "color", dtype="object"), expect=_FRAME),
    ok("pd.concat", [_df(8, "a", "b"), _df(4, "a", "b")], expect=_FRAME),
    ok("pd.DataFrame.__getitem__", _df(8, *_PEOPLE), "label", expect=_SERIES),
    ok("pd.DataFrame.__getitem__", _df(8, *_PEOPLE), ["age", "height"], expect=_FRAME),
    ok("pd.DataFrame.__len__", _df(8, *_PEOPLE), expect=8),
    ok("pd.DataFrame.__iter__", _df(8, "a", "b"), expect=("a", "b")),
    ok("pd.DataFrame.drop", _df(8, *_PEOPLE), columns=["label"], expect=_FRAME),
    ok("pd.DataFrame.pop", _df(8, *_PEOPLE), "label", expect=_SERIES),
    ok("pd.DataFrame.insert", _df(8, *_PEOPLE), 0, "id", [0] * 8, expect=Const(None)),
    ok("pd.DataFrame.assign", _df(8, *_PEOPLE), bmi=1.0, expect=_FRAME),
    ok("pd.DataFrame.rename", _df(8, *_PEOPLE), columns=DictVal([(Const("label"), Const("y"))]), expect=_FRAME),
    ok("pd.DataFrame.reset_index", _df(8, *_PEOPLE), drop=True, expect=_FRAME),
    ok("pd.DataFrame.set_index", _df(8, *_PEOPLE), "age", expect=_FRAME),
    ok("pd.DataFrame.select_dtypes", _df(8, *_PEOPLE), include="number", expect=_FRAME),
    ok("pd.DataFrame.head", _df(8, *_PEOPLE), 3, expect=_FRAME),
    ok("pd.DataFrame.tail", _csv(), expect=_FRAME),
    ok("pd.DataFrame.sample", _df(8, *_PEOPLE), frac=1.0, expect=_FRAME),
    ok("pd.DataFrame.dropna", _df(8, *_PEOPLE), expect=_FRAME),
    ok("pd.DataFrame.drop_duplicates", _df(8, *_PEOPLE), expect=_FRAME),
    *[ok(f"pd.DataFrame.{m}", _df(8, *_PEOPLE), expect=_FRAME) for m in _SAME_SHAPE
      if m not in _SHAPE_OF_RESULT_UNKNOWN],
    *[ok(f"pd.DataFrame.{m}", _df(8, *_PEOPLE), abs, expect=UNKNOWN) for m in sorted(_SHAPE_OF_RESULT_UNKNOWN)],
    ok("pd.DataFrame.astype", _df(8, *_PEOPLE), "float32", expect=_FRAME),
    ok("pd.DataFrame.to_numpy", _df(8, *_PEOPLE), expect=[8, 4]),
    ok("pd.DataFrame.to_numpy", _csv("a", "b", "c"), dtype="float32", expect=[None, 3]),
    ok("pd.DataFrame.__setitem__", _df(8, *_PEOPLE), "bmi", 1.0, expect=Const(None)),
    ok("pd.DataFrame.__delitem__", _df(8, *_PEOPLE), "label", expect=Const(None)),
    ok("pd.DataFrame.iloc.__getitem__", _iloc(_df(8, *_PEOPLE)), (SliceVal(NONE, NONE, NONE),
                                                                    SliceVal(NONE, Const(-1), NONE)),
       expect=_FRAME),
    bad("pd.DataFrame.iloc.__getitem__", _iloc(_df(8, *_PEOPLE)), (SliceVal(NONE, NONE, NONE), 4),
        code=codes.INDEX_RANGE, message="single positional indexer is out-of-bounds"),
    ok("pd.DataFrame.iloc.__setitem__", _iloc(_df(8, *_PEOPLE)), (0, 0), 1.0, expect=Const(None)),
    ok("pd.DataFrame.loc.__getitem__", _loc(_df(8, *_PEOPLE)), (SliceVal(NONE, NONE, NONE), "label"),
       expect=_SERIES),
    ok("pd.DataFrame.loc.__setitem__", _loc(_df(8, *_PEOPLE)), (SliceVal(NONE, NONE, NONE), "age"), 0,
       expect=Const(None)),
    ok("pd.Series.__getitem__", _series(8), SliceVal(NONE, Const(4), NONE), expect=_SERIES),
    ok("pd.Series.__len__", _series(8), expect=8),
    ok("pd.Series.iloc.__getitem__", _iloc(_series(8)), SliceVal(Const(2), NONE, NONE), expect=_SERIES),
    ok("pd.Series.loc.__getitem__", _loc(_series(8)), SliceVal(NONE, NONE, NONE), expect=_SERIES),
    ok("pd.Series.head", _series(8), expect=_SERIES),
    ok("pd.Series.tail", _series(8), 2, expect=_SERIES),
    ok("pd.Series.sample", _series(8), n=3, expect=_SERIES),
    ok("pd.Series.dropna", _series(8), expect=_SERIES),
    ok("pd.Series.drop_duplicates", _series(8), expect=_SERIES),
    *[ok(f"pd.Series.{m}", _series(8), expect=_SERIES) for m in _SERIES_SAME_SHAPE
      if m not in _SHAPE_OF_RESULT_UNKNOWN],
    *[ok(f"pd.Series.{m}", _series(8), abs, expect=UNKNOWN) for m in sorted(_SHAPE_OF_RESULT_UNKNOWN)],
    ok("pd.Series.astype", _series(8), "float32", expect=_SERIES),
    ok("pd.Series.to_numpy", _series(8), expect=[8]),
    ok("pd.Series.unique", _series(8), expect=[None]),
    ok("pd.Series.nunique", _series(8), expect=ANY),  # a count not known: a symbol
    ok("pd.Series.value_counts", _series(8), expect=_SERIES),
    ok("pd.Series.to_frame", _series(8), expect=_FRAME),
    ok("pd.Series.reset_index", _series(8), drop=True, expect=_SERIES),
]
