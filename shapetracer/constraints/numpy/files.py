"""numpy's files: ``np.loadtxt``, ``np.genfromtxt``, ``np.load`` and the savers.

A text table's columns are known when ``usecols`` names them (an int: one; a sequence:
its length), its rows never.  numpy squeezes the table it read: one column gives
``(rows,)``, and a file of a single row loses its row axis (``(k,)``), unless ``ndmin=2``
keeps both.  The model reads ``(rows, k)`` for files of at least two rows (``rows`` is a
symbol >= 2; ``max_rows=1`` says one row: ``(k,)``), the case a script that trains on
the table is in.  ``unpack=True`` transposes, so that ``x, y = np.loadtxt(...,
usecols=(0, 1), unpack=True)`` gives two ``(rows,)`` columns.  Without ``usecols`` the
column count, and so the rank, comes from the file; so does everything ``np.load``
reads (an ``.npz`` file is an archive of arrays, not one).  A structured dtype
(``names=True``, genfromtxt's ``dtype=None``) makes one record per row: not followed.
A file this run wrote into a folder it made (``tempfile.mkdtemp``) with ``np.save`` or
``np.savez`` holds what was written, so ``np.load`` gives it back (an archive by name).
Verified under numpy 1.18 and 2.4.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import array_result, numpy_dtype, unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, instance_of, ok
from shapetracer.constraints.core.paths import SUFFIX, remember, saved_key
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import NONE, UNKNOWN, Const, DictVal, Obj, Seq, Tensor
from shapetracer.rules import codes


def _columns(ctx: OpContext, usecols: Any) -> int | None:
    """How many columns ``usecols`` picks (an int, or a sequence whose length is known)."""
    if ctx.is_none(usecols):
        return None
    if ctx.int(usecols) is not None:
        return 1
    if isinstance(usecols, Const) and isinstance(usecols.value, range):
        return len(usecols.value)
    items = ctx.items(usecols)
    if items is None and isinstance(usecols, Tensor) and usecols.shape.rank == 1 and usecols.shape.dims[0].known:
        return usecols.shape.dims[0].value
    return len(items) if items is not None else None


def _table(ctx: OpContext, usecols: Any, dtype: Any, unpack: Any, ndmin: Any, max_rows: Any,
           structured: bool) -> Tensor:
    dtype_name = numpy_dtype(ctx, dtype, "float64")
    least = ctx.int(ndmin) if not ctx.is_none(ndmin) else 0
    if least is not None and least not in (0, 1, 2):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Illegal value of ndmin keyword: {value}", value=least))
        return unknown_array(ctx, dtype_name)
    columns = _columns(ctx, usecols)
    if structured or dtype_name is None or least is None or columns is None:
        return unknown_array(ctx, dtype_name)
    one_row = ctx.int(max_rows) == 1
    rows = Dim(1, frozenset({ctx.site})) if one_row else ctx.fresh("rows", lower=1 if least == 2 else 2)
    width = Dim(columns, frozenset({ctx.site}))
    if least == 2:
        dims = [rows, width]
    else:  # squeezed: axes of length 1 go
        dims = [d for d in (rows, width) if not (d.known and d.value == 1)] or ([] if least == 0 else [width])
    if ctx.bool(unpack, False) and len(dims) == 2:
        dims = dims[::-1]
    return array_result(ctx, dims, dtype_name, label="read as")


_FLOAT = Const(float)  # the default dtype, as a program would write it


@op("np.loadtxt")
def loadtxt(ctx: OpContext, fname, dtype=_FLOAT, comments="#", delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    structured = not (isinstance(dtype, Const) or ctx.is_none(dtype) or numpy_dtype(ctx, dtype, None))
    return _table(ctx, usecols, dtype, unpack, ndmin, max_rows, structured)


@op("np.genfromtxt")
def genfromtxt(ctx: OpContext, fname, dtype=_FLOAT, comments="#", delimiter=None, skip_header=0, skip_footer=0,
               converters=None, missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None,
               deletechars=None, replace_space="_", autostrip=False, case_sensitive=True, defaultfmt="f%i",
               unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding=None, *,
               ndmin=0, like=None):
    """``dtype=None`` guesses a dtype per column (a record per row when they differ), and
    ``names`` makes records: neither is followed."""
    structured = ctx.is_none(dtype) or not (ctx.is_none(names) or ctx.bool(names, True) is False) \
        or not numpy_dtype(ctx, dtype, None)
    return _table(ctx, usecols, dtype, unpack, ndmin, max_rows, structured)


def _npy_path(ctx: OpContext, file: Any) -> bool:
    name = ctx.str(file)
    if name is not None:
        return name.endswith(".npy")
    suffix = file.attrs.get(SUFFIX) if isinstance(file, Obj) else None
    return isinstance(suffix, Const) and suffix.value == ".npy"


NPZ = "np.lib.npyio.NpzFile"


@op("np.load")
def load(ctx: OpContext, file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    """An ``.npy`` file holds one array of its own shape; anything else may be an archive.
    One this run saved into a folder it made holds what was saved (see ``remember``)."""
    archive = ctx.host.saved_files.get(saved_key(file, ".npz"))
    if archive is not None:
        arrays = DictVal([(Const(name), array_result(ctx, list(t.shape.dims), t.dtype, label="saved as"))
                          for name, t in archive])
        return Obj(NPZ, {"_arrays": arrays}, ctx.site)
    if not _npy_path(ctx, file):
        return UNKNOWN
    saved = ctx.host.saved_files.get(saved_key(file, ".npy"))
    if saved is not None:
        return array_result(ctx, list(saved.shape.dims), saved.dtype, label="saved as")
    return unknown_array(ctx)


@op(f"{NPZ}.__getitem__")
def archive_getitem(ctx: OpContext, self, key):
    """An array the program saved under that name; a name it did not save raises KeyError,
    which is not reported here (unknown)."""
    arrays = self.attrs.get("_arrays") if isinstance(self, Obj) else None
    name = ctx.str(key)
    found = arrays.get(Const(name)) if name is not None and isinstance(arrays, DictVal) else None
    return found if found is not None else UNKNOWN


@op(f"{NPZ}.__enter__")
def archive_enter(ctx: OpContext, self):
    return self


def _known(ctx: OpContext, value: Any) -> Tensor | None:
    """An array whose every size is known: what the file surely holds."""
    array = ctx.tensor(value)
    if array is None or array.shape.rank is None or not all(d.known for d in array.shape.dims):
        return None
    return array


@op("np.save")
def save(ctx: OpContext, file, arr=None, allow_pickle=True, fix_imports=True):
    remember(ctx, saved_key(file, ".npy"), _known(ctx, arr))
    return NONE


@op("np.savez", "np.savez_compressed")
def savez(ctx: OpContext, file, *args, allow_pickle=True, **kwds):
    """Positional arrays are named ``arr_0``, ``arr_1``, ...; keywords by their names."""
    named = [(f"arr_{i}", a) for i, a in enumerate(args)] + list(kwds.items())
    arrays = tuple((name, _known(ctx, a)) for name, a in named)
    remember(ctx, saved_key(file, ".npz"), arrays if all(a is not None for _, a in arrays) else None)
    return NONE


@op("np.savetxt")
def savetxt(ctx: OpContext, file, *args, **kwargs):
    return NONE


EXAMPLES = [
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=(0, 1, 2), expect=[None, 3]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=range(4), expect=[None, 4]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=3, expect=[None]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=[1], expect=[None]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=[1], ndmin=2, expect=[None, 1]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=(0, 2), unpack=True, expect=[2, None]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=(0, 2), max_rows=1, expect=[2]),
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=(0, 2), max_rows=1, ndmin=2, expect=[1, 2]),
    ok("np.loadtxt", "data.csv", delimiter=",", expect=UNKNOWN_SHAPE),  # the columns come from the file
    ok("np.loadtxt", "data.csv", delimiter=",", usecols=(0, 1), dtype=int, expect=[None, 2]),
    bad("np.loadtxt", "data.csv", ndmin=3, code=codes.SHAPE_REQUIREMENT, message="Illegal value of ndmin keyword: 3"),
    ok("np.genfromtxt", "data.csv", delimiter=",", skip_header=1, usecols=(0, 1, 2), expect=[None, 3]),
    ok("np.genfromtxt", "data.csv", delimiter=",", usecols=1, expect=[None]),
    ok("np.genfromtxt", "data.csv", delimiter=",", usecols=(0, 1), unpack=True, expect=[2, None]),
    ok("np.genfromtxt", "data.csv", delimiter=",", usecols=(0, 1), dtype=None, expect=UNKNOWN_SHAPE),
    ok("np.genfromtxt", "data.csv", delimiter=",", usecols=(0, 1), names=True, expect=UNKNOWN_SHAPE),
    ok("np.load", "features.npy", expect=UNKNOWN_SHAPE),
    ok("np.load", "arrays.npz", expect=UNKNOWN),
    ok("np.load", Obj("builtins.str", {SUFFIX: Const(".npy")}), expect=UNKNOWN_SHAPE),  # os.path.join(d, "x.npy")
    ok("np.load", Obj("builtins.str", {SUFFIX: Const(".npz")}), expect=UNKNOWN),
    ok("np.load", Obj("builtins.str"), expect=UNKNOWN),
    ok(f"{NPZ}.__getitem__", Obj(NPZ, {"_arrays": DictVal([(Const("w"), A(3, 4))])}), "w", expect=[3, 4]),
    ok(f"{NPZ}.__getitem__", Obj(NPZ, {"_arrays": DictVal([(Const("w"), A(3, 4))])}), "b", expect=UNKNOWN),
    ok(f"{NPZ}.__enter__", Obj(NPZ, {"_arrays": DictVal()}), expect=instance_of(NPZ)),
    *[ok(f"np.{name}", "features.npy", Seq([Const(1)]), expect=NONE)
      for name in ("save", "savez", "savez_compressed", "savetxt")],
]
