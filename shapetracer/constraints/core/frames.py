"""pandas DataFrames and Series as abstract values: how a frame's rows, width, column names
and dtypes are held in an ``Obj``, read back, and made at a site.

pandas' own functions (pandas/frames) and scikit-learn's, which take and return frames
(``train_test_split(df)`` gives frames), both build them, so the value model lives here,
below both libraries.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapetracer.constraints.core.arrays import promote
from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import NONE, UNKNOWN, Const, Obj, Seq, ShapeVal, SymInt, Tensor, Value, dim_int, int_like

FRAME = "pd.DataFrame"
SERIES = "pd.Series"
FRAME_ILOC, FRAME_LOC = "pd.DataFrame.iloc", "pd.DataFrame.loc"
SERIES_ILOC, SERIES_LOC = "pd.Series.iloc", "pd.Series.loc"


# --- frames and series as values ---------------------------------------------------------------


@dataclass
class Frame:
    """What is known of a DataFrame."""

    rows: Dim
    width: Dim
    names: list[Value] | None  # one per column (UNKNOWN: a name not known); None: not known
    dtypes: list[str | None] | None  # one per column; None: not known
    unique: bool  # no two columns share a name

    def column_dtype(self, index: int) -> str | None:
        return self.dtypes[index] if self.dtypes is not None else None

    @property
    def known_names(self) -> bool:
        return self.names is not None and all(isinstance(n, Const) for n in self.names)


def frame_dim(value: Value | None) -> Dim | None:
    return value.dim if isinstance(value, SymInt) else Dim(value.value) if int_like(value) else None


def read_frame(value: Value) -> Frame | None:
    """The frame ``value`` stands for, or None when it is not a modelled DataFrame."""
    if not isinstance(value, Obj) or value.type_name != FRAME:
        return None
    rows, width = frame_dim(value.attrs.get("_rows")), frame_dim(value.attrs.get("_width"))
    if rows is None or width is None:
        return None
    names = None
    columns = value.attrs.get("columns")  # the program may have assigned df.columns
    if width.known and isinstance(columns, Seq) and columns.sized and len(columns.items) == width.value:
        names = list(columns.items)
    dtypes = None
    stored = value.attrs.get("_dtypes")
    if width.known and isinstance(stored, Seq) and len(stored.items) == width.value:
        dtypes = [item.value if isinstance(item, Const) else None for item in stored.items]
    unique = value.attrs.get("_unique")
    unique = isinstance(unique, Const) and unique.value is True
    frame = Frame(rows, width, names, dtypes, unique)
    if frame.known_names:
        frame.unique = distinct_labels(names)
    return frame


def read_series(value: Value) -> tuple[Dim, str | None, Value] | None:
    """(rows, dtype, name) of a modelled Series, or None."""
    if not isinstance(value, Obj) or value.type_name != SERIES:
        return None
    rows = frame_dim(value.attrs.get("_rows"))
    if rows is None:
        return None
    dtype = value.attrs.get("_dtype")
    return rows, dtype.value if isinstance(dtype, Const) else None, value.attrs.get("name", UNKNOWN)


def array_of(value: Value) -> Tensor | None:
    """``np.asarray`` of a DataFrame or Series (its ``values``); None for anything else."""
    if isinstance(value, Obj) and value.type_name in (FRAME, SERIES):
        values = value.attrs.get("values")
        return values if isinstance(values, Tensor) else None
    return None


def new_frame(ctx: OpContext, rows: Dim | None, width: Dim | int | None, names: list[Value] | None = None,
              dtypes: list[str | None] | None = None, unique: bool = False, label: str = "") -> Obj:
    """A DataFrame made at this site (unknown rows or width become symbols)."""
    frame = Obj(FRAME, {}, ctx.site)
    store_frame(ctx, frame, rows, width, names, dtypes, unique, label)
    return frame


def store_frame(ctx: OpContext, frame: Obj, rows: Dim | None, width: Dim | int | None, names: list[Value] | None,
           dtypes: list[str | None] | None, unique: bool, label: str = "") -> None:
    """Write what is known of a frame into its attributes (also after an in-place change)."""
    if isinstance(width, int):
        width = Dim(width, frozenset({ctx.site}))
    if width is None and names is not None:
        width = Dim(len(names), frozenset({ctx.site}))
    values = ctx.result([rows or ctx.fresh("rows", 0), width or ctx.fresh("columns", 0)],
                        values_dtype(dtypes), label=label or f"{ctx.display} gives", kind="ndarray")
    rows, width = values.shape.dims
    if names is not None and not (width.known and len(names) == width.value):
        names = None
    if dtypes is not None and not (width.known and len(dtypes) == width.value):
        dtypes = None
    attrs = frame.attrs
    attrs["_rows"], attrs["_width"] = SymInt(rows), SymInt(width)
    attrs["_dtypes"] = Seq([Const(d) for d in dtypes], "tuple") if dtypes is not None else UNKNOWN
    attrs["_unique"] = Const(bool(unique))
    attrs["columns"] = Seq(list(names), "list") if names is not None else UNKNOWN
    attrs["values"] = values
    attrs["shape"] = ShapeVal(values.shape, numpy=True)
    attrs["ndim"] = Const(2)
    attrs["size"] = dim_int(rows * width)
    attrs["iloc"] = Obj(FRAME_ILOC, {"_of": frame}, ctx.site)
    attrs["loc"] = Obj(FRAME_LOC, {"_of": frame}, ctx.site)


def new_series(ctx: OpContext, rows: Dim | None, dtype: str | None, name: Value = NONE, label: str = "") -> Obj:
    """A Series made at this site."""
    values = ctx.result([rows or ctx.fresh("rows", 0)], dtype, label=label or f"{ctx.display} gives",
                        kind="ndarray")
    series = Obj(SERIES, {}, ctx.site)
    series.attrs.update({
        "_rows": SymInt(values.shape.dims[0]), "_dtype": Const(dtype), "name": name, "values": values,
        "shape": ShapeVal(values.shape, numpy=True), "ndim": Const(1), "size": dim_int(values.shape.dims[0]),
    })
    series.attrs["iloc"] = Obj(SERIES_ILOC, {"_of": series}, ctx.site)
    series.attrs["loc"] = Obj(SERIES_LOC, {"_of": series}, ctx.site)
    return series


def with_rows(ctx: OpContext, value: Value, rows: Dim, label: str = "") -> Value:
    """The same DataFrame or Series with other rows (a row selection); UNKNOWN otherwise."""
    frame = read_frame(value)
    if frame is not None:
        return new_frame(ctx, rows, frame.width, frame.names, frame.dtypes, frame.unique, label)
    series = read_series(value)
    if series is not None:
        return new_series(ctx, rows, series[1], series[2], label)
    return UNKNOWN


def distinct_labels(names: list[Value]) -> bool:
    seen = []
    for name in names:
        if not isinstance(name, Const):
            return False
        if any(same_label(name, other) for other in seen):
            return False
        seen.append(name)
    return True


def same_label(a: Value, b: Value) -> bool:
    """pandas' label equality for the constants a program writes (1 == 1.0, "1" != 1)."""
    if not (isinstance(a, Const) and isinstance(b, Const)):
        return False
    x, y = a.value, b.value
    if isinstance(x, str) or isinstance(y, str):
        return isinstance(x, str) and isinstance(y, str) and x == y
    if isinstance(x, (int, float)) and isinstance(y, (int, float)):
        return x == y
    return False


def values_dtype(dtypes: list[str | None] | None) -> str | None:
    """The dtype of ``df.values``: numpy's common type, object for strings or bools mixed in."""
    if dtypes is None or not dtypes or any(d is None for d in dtypes):
        return None
    kinds = set(dtypes)
    if len(kinds) == 1:
        return dtypes[0]
    if "object" in kinds or "bool" in kinds:
        return "object"
    return promote(list(dtypes))
