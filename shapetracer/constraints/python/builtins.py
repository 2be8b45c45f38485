"""Python built-ins, configuration libraries and file paths, modelled where they decide shapes.

``len(x_train)``, ``range(0, n, batch)``, ``int(x.shape[1])``, argparse
defaults and ``tf.app.flags`` / ``absl.flags`` defaults are how real scripts
spell their dimensions, so they are evaluated; the rest is unknown.

File paths (``os.path.join`` and friends, ``tempfile.mkdtemp``, ``glob.glob``,
``os.listdir``) matter because a path is a string: ``np.array(path)`` is a 0-d array of
text, shape ``()``, not the image at that path.  A path built from known parts is computed
(POSIX rules); one with a part the analysis does not know is a string of unknown text,
``Obj("builtins.str")`` (``core/arrays`` discovers it as a scalar); listings are lists of
such strings, of unknown length.  ``random.choice`` of a string is such a text one character
long, and ``"".join`` of texts of known lengths keeps the sum (``len`` reads it).
"""

from __future__ import annotations

import posixpath
import threading

from typing import Any

from shapetracer.rules import codes
from shapetracer.constraints.core.arrays import TEXT, TEXT_LENGTH, text_length
from shapetracer.domain.bounds import UNROLL_BOUND
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import ANY, A, bad, instance_of, ok
from shapetracer.constraints.core.paths import FRESH_PATH, made, overridable, path_marks
from shapetracer.constraints.core.scalar_conversion import require_scalar_value
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import (
    NONE, UNKNOWN, ApiRef, ClassVal, Const, DictVal, Instance, Obj, Seq, ShapeVal, SliceVal, SymInt, Tensor, Value,
    dim_int, distinct,
)

_MAX_RANGE = 100_000


def _int_value(ctx: OpContext, value: Value) -> Value:
    if isinstance(value, SymInt):
        return value
    known = ctx.int(value)
    return Const(known) if known is not None else UNKNOWN


@op("builtins.len")
def py_len(ctx: OpContext, obj):
    if isinstance(obj, Seq) and obj.sized:
        return Const(len(obj.items))
    if isinstance(obj, DictVal):
        return Const(len(obj.entries))
    if isinstance(obj, Const) and isinstance(obj.value, (str, bytes)):
        return Const(len(obj.value))
    if text_length(obj) is not None:  # a text of unknown characters, known length
        return Const(text_length(obj))
    if isinstance(obj, ShapeVal) and obj.shape.rank is not None:
        return Const(obj.shape.rank)
    if isinstance(obj, Tensor) and obj.shape.dims:
        first = obj.shape.dims[0]
        return dim_int(first)
    if isinstance(obj, Obj) and obj.type_name == "builtins.range":
        return obj.attrs.get("length", UNKNOWN)
    return SymInt(ctx.fresh("len", 0))  # whatever it measures, len() gives an int >= 0


_SHARED_COUNTS = _MAX_RANGE  # the table's size at most (its constants stay for the process, 12 MB at most)
_COUNTING: list[Const] = []
_COUNTING_LOCK = threading.Lock()  # analyses on several threads (the language server)


def _counting(upto: int) -> list[Const]:
    """``Const(0)``, ``Const(1)``, ... up to at least ``upto``, made once and grown on demand:
    a ``range(60000)`` run in a loop is a slice, not sixty thousand new objects each time
    (constants are never mutated)."""
    if len(_COUNTING) <= upto:
        with _COUNTING_LOCK:
            _COUNTING.extend(Const(v) for v in range(len(_COUNTING), upto + 1))
    return _COUNTING


@op("builtins.range")
def py_range(ctx: OpContext, *args):
    bounds = [_int_value(ctx, a) for a in args]
    if len(bounds) == 1:
        start, stop, step = Const(0), bounds[0], Const(1)
    elif len(bounds) == 2:
        start, stop, step = bounds[0], bounds[1], Const(1)
    elif len(bounds) == 3:
        start, stop, step = bounds
    else:
        return UNKNOWN
    if all(isinstance(b, Const) for b in (start, stop, step)) and step.value != 0:
        values = range(start.value, stop.value, step.value)
        # len() of range(2**63) overflows a C ssize_t: bound the length arithmetically first
        if (stop.value - start.value) // step.value <= _MAX_RANGE and len(values) <= _MAX_RANGE:
            low, high = (min(values[0], values[-1]), max(values[0], values[-1])) if values else (0, -1)
            if values and 0 <= low and high < _SHARED_COUNTS:
                items = _counting(high)[low:high + 1:abs(step.value)]
                return Seq(items if step.value > 0 else items[::-1], "list")
            return Seq([Const(v) for v in values], "list")
    return Obj("builtins.range", {"start": start, "stop": stop, "step": step})


@op("builtins.int")
def py_int(ctx: OpContext, x=0, base=None):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, SymInt):
        return x
    if isinstance(x, Const):
        try:
            return Const(int(x.value)) if base is None else UNKNOWN
        except (TypeError, ValueError, OverflowError):
            return UNKNOWN
    if isinstance(x, Tensor) and x.shape.rank == 0 and x.elements:
        return _int_value(ctx, x.elements[0])
    return UNKNOWN


@op("builtins.float")
def py_float(ctx: OpContext, x=0.0):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, Const):
        try:
            return Const(float(x.value))
        except (TypeError, ValueError, OverflowError):
            return UNKNOWN
    return UNKNOWN


@op("builtins.str")
def py_str(ctx: OpContext, obj="", *rest):
    if isinstance(obj, Const) and not rest:
        return Const(str(obj.value))
    return UNKNOWN


@op("builtins.bool")
def py_bool(ctx: OpContext, x=False):
    if isinstance(x, Const):
        return Const(bool(x.value))
    return UNKNOWN


@op("builtins.list", "builtins.tuple", "builtins.sorted", "builtins.reversed")
def py_list(ctx: OpContext, iterable=None, key=None, reverse=False):
    kind = "tuple" if ctx.api.endswith("tuple") else "list"
    if iterable is None:
        return Seq([], kind)
    if isinstance(iterable, Seq):
        if not iterable.sized:  # a copy keeps the unknown length; an order needs the items
            return UNKNOWN if ctx.api.endswith("sorted") else Seq(list(iterable.items), kind, False)
        items = list(iterable.items)
        if ctx.api.endswith("reversed"):
            items.reverse()
        if ctx.api.endswith("sorted"):
            consts = [i.value for i in items if isinstance(i, Const)]
            if len(consts) != len(items):
                return UNKNOWN
            try:
                items = [Const(v) for v in sorted(consts, reverse=bool(ctx.bool(reverse, False)))]
            except TypeError:
                return UNKNOWN
        return Seq(items, kind)
    if isinstance(iterable, ShapeVal) and iterable.shape.dims is not None:
        return Seq([Const(d.value) if d.known else (SymInt(d) if iterable.numpy else Const(None))
                    for d in iterable.shape.dims], kind)
    if isinstance(iterable, DictVal):
        return Seq([k for k, _ in iterable.entries], kind)
    if isinstance(iterable, Tensor) and iterable.elements is not None:
        return Seq(list(iterable.elements), kind)
    if isinstance(iterable, Tensor) and iterable.shape.dims and not ctx.api.endswith("sorted"):
        # the rows of an array: their number, when small and known, else one row as the example
        row = Tensor(Shape(iterable.shape.dims[1:]), iterable.dtype, iterable.kind, iterable.origin)
        count = iterable.shape.dims[0]
        if count.known and count.value <= 64:
            return Seq([row] * count.value, kind)
        return Seq([row], kind, sized=False)
    return UNKNOWN


@op("builtins.set", "builtins.frozenset")
def py_set(ctx: OpContext, iterable=None):
    """set(text), set(labels_list): known constants only (see values.distinct)."""
    if iterable is None:
        return Seq([], "list")
    if isinstance(iterable, Const) and isinstance(iterable.value, str) and len(iterable.value) <= 100_000:
        return distinct([Const(c) for c in iterable.value])
    if isinstance(iterable, Seq):
        return distinct(list(iterable.items)) if iterable.sized else UNKNOWN
    if isinstance(iterable, DictVal):
        return distinct([k for k, _ in iterable.entries])
    return UNKNOWN


@op("builtins.dict")
def py_dict(ctx: OpContext, *args, **kwargs):
    if args:
        return UNKNOWN
    return DictVal([(Const(k), v) for k, v in kwargs.items()])


def _iteration_items(ctx: OpContext, iterable: Value) -> list[Value] | None:
    """What iterating gives: list items, or the rows of a numpy array with a small known
    first dim (their values unknown, their shape known)."""
    items = ctx.items(iterable)
    if items is not None or not isinstance(iterable, Tensor) or not iterable.is_numpy:
        return items
    dims = iterable.shape.dims
    if not dims or not dims[0].known or dims[0].value > UNROLL_BOUND:
        return None
    row = Tensor(Shape(dims[1:]), iterable.dtype, "ndarray", iterable.origin)
    return [row] * dims[0].value


@op("builtins.zip")
def py_zip(ctx: OpContext, *iterables):
    seqs = [_iteration_items(ctx, i) for i in iterables]
    if any(s is None for s in seqs) or not seqs:
        return UNKNOWN
    return Seq([Seq(list(group), "tuple") for group in zip(*seqs)], "list")


@op("builtins.enumerate")
def py_enumerate(ctx: OpContext, iterable, start=0):
    items = _iteration_items(ctx, iterable)
    first = ctx.int(start)
    if items is None and isinstance(iterable, Obj) and "element_spec" in iterable.attrs:
        # a dataset: (step, element) pairs, as a generator of unknown length
        pair = Seq([SymInt(Dim.fresh("i", 0)), iterable.attrs["element_spec"]], "tuple")
        return Obj("generator", {"element": pair})
    if items is None or first is None:
        return UNKNOWN
    return Seq([Seq([Const(first + i), item], "tuple") for i, item in enumerate(items)], "list")


@op("builtins.min", "builtins.max")
def py_min_max(ctx: OpContext, *args, key=None, default=None):
    values = list(args)
    if len(values) == 1:
        values = ctx.items(values[0]) or []
    ints = [ctx.int(v) for v in values]
    if values and all(i is not None for i in ints):
        return Const(min(ints) if ctx.api.endswith("min") else max(ints))
    consts = [v.value for v in values if isinstance(v, Const) and isinstance(v.value, (int, float))]
    if values and len(consts) == len(values):
        return Const(min(consts) if ctx.api.endswith("min") else max(consts))
    return UNKNOWN


@op("builtins.abs")
def py_abs(ctx: OpContext, x):
    if isinstance(x, Const) and isinstance(x.value, (int, float)):
        return Const(abs(x.value))
    return UNKNOWN


@op("builtins.round")
def py_round(ctx: OpContext, number, ndigits=None):
    if isinstance(number, Const) and isinstance(number.value, (int, float)) and ndigits is None:
        return Const(round(number.value))
    return UNKNOWN


@op("builtins.sum")
def py_sum(ctx: OpContext, iterable, start=0):
    ints = ctx.int_list(iterable)
    if ints is not None:
        return Const(sum(ints) + (ctx.int(start) or 0))
    return UNKNOWN


@op("builtins.slice")
def py_slice(ctx: OpContext, *args):
    """``slice(a, b)`` is the same value as the subscript ``a:b``."""
    parts = [a if a is not None else NONE for a in args]
    if len(parts) == 1:
        return SliceVal(NONE, parts[0], NONE)
    if len(parts) in (2, 3):
        return SliceVal(parts[0], parts[1], parts[2] if len(parts) == 3 else NONE)
    return UNKNOWN


@op("builtins.print")
def py_print(ctx: OpContext, *args, **kwargs):
    return NONE


# Built-in types that an abstract value of another kind can never be an instance of.
_CONTAINERS = {"builtins.list": "list", "builtins.tuple": "tuple", "builtins.dict": "dict", "builtins.str": "str",
               "builtins.set": "set", "builtins.frozenset": "set", "builtins.bytes": "bytes"}


@op("builtins.isinstance")
def py_isinstance(ctx: OpContext, obj, classinfo):
    """Decided where the abstract value says (a tuple literal is a tuple, a tensor is no
    list, an instance of a user class is of its bases); unknown elsewhere — a number may
    be a numpy scalar or a TF1 Dimension, a library object a namedtuple."""
    classes = classinfo.items if isinstance(classinfo, Seq) and classinfo.sized else [classinfo]
    verdicts = [_instance_of(obj, cls) for cls in classes]
    if True in verdicts:
        return Const(True)
    if verdicts and all(verdict is False for verdict in verdicts):
        return Const(False)
    return UNKNOWN


def _instance_of(obj: Value, cls: Value) -> bool | None:
    if isinstance(cls, ClassVal):
        if cls.api_bases():
            return None  # a user subclass of a library (or built-in) type
        if isinstance(obj, Instance):
            return _derives(obj.cls, cls)
        return False if isinstance(obj, (Seq, DictVal, Tensor, SymInt, Const)) else None
    if not isinstance(cls, ApiRef) or cls.qualname not in _CONTAINERS:
        return None
    kind = _CONTAINERS[cls.qualname]
    if isinstance(obj, Seq):
        # a Seq is a tuple when made as one; a "list" may stand for a generator, a zip or
        # a dict view, a set literal is a list of its members, and a model may give either
        # kind where the library returns the other: only what no sequence is, is decided
        if kind in ("dict", "str", "bytes"):
            return False
        return True if kind == "tuple" and obj.kind == "tuple" else None
    if isinstance(obj, DictVal):
        return kind == "dict"
    if isinstance(obj, Const):
        if isinstance(obj.value, str):
            return kind == "str"
        if obj.value is None or isinstance(obj.value, (int, float, bool)):
            return False
        return None
    if isinstance(obj, Tensor) and obj.is_numpy and kind in ("str", "bytes"):
        return None  # a numpy string scalar is a str
    if isinstance(obj, (Tensor, SymInt, SliceVal)):
        return False
    return None


def _derives(cls: ClassVal, base: ClassVal, depth: int = 0) -> bool:
    if cls is base:
        return True
    return depth < 32 and any(isinstance(b, ClassVal) and _derives(b, base, depth + 1) for b in cls.bases)


@op("math.ceil", "math.floor")
def math_round(ctx: OpContext, x):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, Const) and isinstance(x.value, (int, float)):
        import math
        return Const(math.ceil(x.value) if ctx.api.endswith("ceil") else math.floor(x.value))
    return UNKNOWN


@op("math.sqrt")
def math_sqrt(ctx: OpContext, x):
    if not require_scalar_value(ctx, x):
        return UNKNOWN
    if isinstance(x, Const) and isinstance(x.value, (int, float)) and x.value >= 0:
        return Const(x.value ** 0.5)
    return UNKNOWN


_MATH_UNARY = ("exp", "log", "log2", "log10", "log1p", "expm1", "fabs", "isnan", "isinf", "isfinite",
               "sin", "cos", "tan", "tanh", "trunc")


@op(*(f"math.{name}" for name in _MATH_UNARY))
def math_unary(ctx: OpContext, x, *rest):
    """math.exp(loss) of a fetched loss: the math module takes Python numbers only."""
    require_scalar_value(ctx, x)
    return UNKNOWN


# --- argparse ---------------------------------------------------------------------

@op("argparse.ArgumentParser")
def argument_parser(ctx: OpContext, *args, **kwargs):
    return Obj("argparse.ArgumentParser", {"__options__": DictVal()})


def _dest(ctx: OpContext, names: tuple, dest) -> str | None:
    explicit = ctx.str(dest) if dest is not None else None
    if explicit:
        return explicit
    strings = [ctx.str(n) for n in names]
    strings = [s for s in strings if s]
    if not strings:
        return None
    longs = [s for s in strings if s.startswith("--")]
    chosen = longs[0] if longs else strings[0]
    return chosen.lstrip("-").replace("-", "_")


def _converted(ctx: OpContext, default, type_, action) -> Value:
    action_name = ctx.str(action) if action is not None else None
    if action_name == "store_true":
        return Const(False) if default is None else default
    if action_name == "store_false":
        return Const(True) if default is None else default
    if default is None:
        return NONE
    if isinstance(type_, ApiRef) and isinstance(default, Const) and isinstance(default.value, str):
        converters = {"builtins.int": int, "builtins.float": float}
        converter = converters.get(type_.qualname)
        if converter is not None:
            try:
                return Const(converter(default.value))
            except ValueError:
                return UNKNOWN
    return default


@op("argparse.ArgumentParser.add_argument", "argparse._ArgumentGroup.add_argument")
def add_argument(ctx: OpContext, self, *names, default=None, type=None, action=None, dest=None, **rest):
    options = self.attrs.get("__options__")
    name = _dest(ctx, names, dest)
    if isinstance(options, DictVal) and name:
        positional = all((ctx.str(n) or "").startswith("-") is False for n in names)
        value = UNKNOWN if positional and default is None else _converted(ctx, default, type, action)
        options.set(Const(name), overridable(value))  # the command line may give another
    return UNKNOWN


@op("argparse.ArgumentParser.add_argument_group", "argparse.ArgumentParser.add_mutually_exclusive_group")
def add_group(ctx: OpContext, self, *args, **kwargs):
    return Obj("argparse._ArgumentGroup", {"__options__": self.attrs.get("__options__", DictVal())})


@op("argparse.ArgumentParser.set_defaults")
def set_defaults(ctx: OpContext, self, **kwargs):
    options = self.attrs.get("__options__")
    if isinstance(options, DictVal):
        for key, value in kwargs.items():
            options.set(Const(key), value)
    return NONE


@op("argparse.ArgumentParser.parse_args")
def parse_args(ctx: OpContext, self, args=None, namespace=None):
    options = self.attrs.get("__options__")
    attrs = {}
    if isinstance(options, DictVal):
        attrs = {k.value: v for k, v in options.entries if isinstance(k, Const)}
    return Obj("argparse.Namespace", attrs)


@op("argparse.ArgumentParser.parse_known_args")
def parse_known_args(ctx: OpContext, self, args=None, namespace=None):
    return Seq([parse_args(ctx, self), UNKNOWN], "tuple")


# --- random ------------------------------------------------------------------------------

@op("random.choice")
def random_choice(ctx: OpContext, seq):
    """One item of ``seq``: of a non-empty string, a one-character text, so a code built as
    ``"".join(random.choice(CHARS) for _ in range(7))`` is 7 characters long
    (core/arrays.joined_text) whichever they are.  An empty string raises IndexError; a
    list's item is not told."""
    if isinstance(seq, Const) and isinstance(seq.value, str) and seq.value:
        return Obj(TEXT, {TEXT_LENGTH: Const(1)}, ctx.site)
    return UNKNOWN


# --- tf.app.flags / absl.flags ------------------------------------------------------

_FLAG_PREFIXES = ("tf.app.flags", "tf.flags", "absl.flags")
_FLAG_KINDS = ("DEFINE_integer", "DEFINE_float", "DEFINE_string", "DEFINE_boolean", "DEFINE_bool",
               "DEFINE_enum", "DEFINE_list", "DEFINE_multi_integer", "DEFINE_multi_string")


def _define_flag(ctx: OpContext, name, default=None, *rest, **kwargs):
    flag = ctx.str(name)
    if flag is None:
        return UNKNOWN
    if ctx.api.endswith(("DEFINE_integer",)) and isinstance(default, Const) and isinstance(default.value, str):
        try:
            default = Const(int(default.value))
        except ValueError:
            default = UNKNOWN
    ctx.host.flags[flag] = overridable(default) if default is not None else NONE  # the command line's
    return UNKNOWN


for _prefix in _FLAG_PREFIXES:
    for _kind in _FLAG_KINDS:
        op(f"{_prefix}.{_kind}")(_define_flag)


def _parser(**defaults: Any) -> Obj:
    """An example ArgumentParser whose options already have these defaults."""
    return Obj("argparse.ArgumentParser", {"__options__": DictVal([(Const(k), Const(v)) for k, v in defaults.items()])})


# --- file paths -----------------------------------------------------------------------------

def text(ctx: OpContext, attrs: dict | None = None) -> Obj:
    """A string whose characters are not known."""
    return Obj(TEXT, attrs or {}, ctx.site)




def _textual(value: Any) -> bool | None:
    """True for a string (known or not), False for what surely is none, None if unknown."""
    if isinstance(value, Const):
        return isinstance(value.value, str)
    if isinstance(value, Obj) and value.type_name == TEXT:
        return True
    return None if value is UNKNOWN else False


@op("os.path.join")
def join(ctx: OpContext, path, *paths):
    parts = [path, *paths]
    kinds = [_textual(p) for p in parts]
    if all(k is True for k in kinds) and all(isinstance(p, Const) for p in parts):
        return made(posixpath.join(*(p.value for p in parts)), *parts)  # a command-line default stays one
    if False in kinds:
        return UNKNOWN  # joining a number raises TypeError: not a path
    if any(isinstance(p, Const) for p in parts) or True in kinds:
        return text(ctx, path_marks(parts))  # a part is surely a string, so all must be, and so is the result
    return UNKNOWN


def _unchanged_unless_home(path: str) -> str | None:
    return None if path.startswith("~") else path


# abspath keeps a relative path relative, normalised: it names the same file from
# the working folder, which is the job's and not the analyser's (projectchecks/files.py)
_ONE_PATH = {"os.path.abspath": posixpath.normpath, "os.path.normpath": posixpath.normpath,
             "os.path.basename": posixpath.basename, "os.path.dirname": posixpath.dirname,
             "os.path.expanduser": _unchanged_unless_home, "os.path.realpath": None}  # symlinks: the file system


@op(*_ONE_PATH)
def one_path(ctx: OpContext, path, *args, **kwargs):
    """A path of a path: computed where that needs no file system, else a string."""
    compute = _ONE_PATH[ctx.api]
    if isinstance(path, Const) and isinstance(path.value, str) and compute is not None:
        result = compute(path.value)
        if result is not None:
            return made(result, path)
    return text(ctx) if _textual(path) else UNKNOWN


@op("tempfile.mkdtemp")
def fresh_directory(ctx: OpContext, *args, **kwargs):
    """A new, empty folder: paths in it name only the files this run writes."""
    return text(ctx, {FRESH_PATH: Const(("mkdtemp", ctx.site.path, id(ctx.site.node)))})


@op("tempfile.gettempdir", "os.getcwd")
def made_directory(ctx: OpContext, *args, **kwargs):
    return text(ctx)


@op("glob.glob", "os.listdir")
def listing(ctx: OpContext, pathname=".", *args, **kwargs):
    """The names found: strings, how many not known."""
    return Seq([text(ctx)], "list", sized=False)



_TEXT_VALUE = instance_of(TEXT)

EXAMPLES: list = [
    ok("builtins.float", A(), expect=UNKNOWN),
    bad("builtins.float", A(8), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars"),
    ok("builtins.float", "1e-3", expect=0.001),
    bad("builtins.int", A(2, 3), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars"),
    ok("builtins.int", Const("12"), expect=12),
    bad("math.exp", A(4), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars"),  # perplexity of an unreduced loss
    ok("math.exp", A(), expect=UNKNOWN),
    # isinstance, where the abstract value decides it
    ok("builtins.isinstance", (A(3), A(4)), ApiRef("builtins.tuple"), expect=True),
    ok("builtins.isinstance", A(3, 4), ApiRef("builtins.tuple"), expect=False),
    ok("builtins.isinstance", A(3, 4), (ApiRef("builtins.list"), ApiRef("builtins.tuple")), expect=False),
    ok("builtins.isinstance", "abc", ApiRef("builtins.str"), expect=True),
    ok("builtins.isinstance", 3, ApiRef("builtins.dict"), expect=False),
    ok("builtins.isinstance", 3, ApiRef("builtins.float"), expect=UNKNOWN),  # a number may be a numpy scalar
    ok("builtins.isinstance", [1, 2], ApiRef("builtins.tuple"), expect=UNKNOWN),  # a "list" may be a generator
    # the built-ins scripts compute their sizes with
    ok("builtins.len", A(60000, 784), expect=60000),
    ok("builtins.len", [1, 2, 3], expect=3),
    ok("builtins.len", "abcd", expect=4),
    ok("builtins.len", Obj(TEXT, {TEXT_LENGTH: Const(7)}), expect=7),
    ok("random.choice", "ABC", expect=instance_of(TEXT)),
    ok("random.choice", [1, 2], expect=UNKNOWN),
    ok("builtins.range", 0, 10, 4, expect=(0, 4, 8)),
    ok("builtins.range", 5, -1, -1, expect=(5, 4, 3, 2, 1, 0)),
    ok("builtins.range", 10, 0, -3, expect=(10, 7, 4, 1)),
    ok("builtins.range", -2, 2, expect=(-2, -1, 0, 1)),
    ok("builtins.range", 99_998, 100_005, expect=(99_998, 99_999, 100_000, 100_001, 100_002, 100_003, 100_004)),
    ok("builtins.range", 3, 3, expect=()),
    ok("builtins.range", 10 ** 9, expect=instance_of("builtins.range", start=0, stop=10 ** 9, step=1)),
    ok("builtins.str", 3, expect="3"),
    ok("builtins.bool", 0, expect=False),
    ok("builtins.list", (1, 2), expect=(1, 2)),
    ok("builtins.tuple", [3, 4], expect=(3, 4)),
    ok("builtins.sorted", [3, 1, 2], expect=(1, 2, 3)),
    ok("builtins.reversed", [1, 2], expect=(2, 1)),
    ok("builtins.set", "abca", expect=("a", "b", "c")),
    ok("builtins.frozenset", [1, 1, 2], expect=(1, 2)),
    ok("builtins.dict", batch=32, expect=DictVal([(Const("batch"), Const(32))])),
    ok("builtins.zip", [1, 2], ["a", "b"], expect=((1, "a"), (2, "b"))),
    ok("builtins.enumerate", A(3, 4), start=1, expect=((1, [4]), (2, [4]), (3, [4]))),
    ok("builtins.max", 3, 7, expect=7),
    ok("builtins.min", [4, 2], expect=2),
    ok("builtins.abs", -3, expect=3),
    ok("builtins.round", 2.6, expect=3),
    ok("builtins.sum", [1, 2, 3], expect=6),
    ok("builtins.slice", 1, 3, expect=SliceVal(Const(1), Const(3), NONE)),
    ok("builtins.print", "loss", A(), expect=Const(None)),
    ok("math.ceil", 2.5, expect=3),
    ok("math.floor", 2.5, expect=2),
    ok("math.sqrt", 16, expect=4.0),
    bad("math.sqrt", A(2, 2), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars (the value has shape (2, 2))"),
    *[ok(f"math.{name}", 0.5, expect=UNKNOWN) for name in _MATH_UNARY],
    bad("math.log", A(10), code=codes.SCALAR_REQUIRED,
        message="only 0-dimensional arrays can be converted to Python scalars"),
    # argparse and flags: their defaults are how scripts spell sizes
    ok("argparse.ArgumentParser", description="train", expect=instance_of("argparse.ArgumentParser")),
    ok("argparse.ArgumentParser.add_argument", _parser(), "--batch_size", type=ApiRef("builtins.int"), default="64",
       expect=UNKNOWN),
    ok("argparse._ArgumentGroup.add_argument", _parser(), "--hidden", default=128, expect=UNKNOWN),
    ok("argparse.ArgumentParser.add_argument_group", _parser(), "model", expect=instance_of("argparse._ArgumentGroup")),
    ok("argparse.ArgumentParser.add_mutually_exclusive_group", _parser(),
       expect=instance_of("argparse._ArgumentGroup")),
    ok("argparse.ArgumentParser.set_defaults", _parser(), lr=0.1, expect=Const(None)),
    ok("argparse.ArgumentParser.parse_args", _parser(batch_size=32, hidden=128),
       expect=instance_of("argparse.Namespace", batch_size=32, hidden=128)),
    ok("argparse.ArgumentParser.parse_known_args", _parser(epochs=5),
       expect=(instance_of("argparse.Namespace", epochs=5), UNKNOWN)),
    *[ok(f"{prefix}.{kind}", "batch_size", 32, "Examples per step.", expect=UNKNOWN)
      for prefix in _FLAG_PREFIXES for kind in _FLAG_KINDS],
    # file paths
    ok("os.path.join", "data", "train", "a.png", expect="data/train/a.png"),
    ok("os.path.join", Obj(TEXT), "photo.jpg", expect=_TEXT_VALUE),
    ok("os.path.join", UNKNOWN, "photo.jpg", expect=_TEXT_VALUE),
    ok("os.path.join", UNKNOWN, UNKNOWN, expect=ANY),  # maybe bytes: not said
    ok("os.path.basename", "data/train/a.png", expect="a.png"),
    ok("os.path.dirname", "data/train/a.png", expect="data/train"),
    ok("os.path.abspath", Obj(TEXT), expect=_TEXT_VALUE),
    ok("os.path.expanduser", "~/data", expect=_TEXT_VALUE),
    ok("tempfile.mkdtemp", expect=_TEXT_VALUE),
    ok("tempfile.gettempdir", expect=_TEXT_VALUE),
    ok("os.getcwd", expect=_TEXT_VALUE),
    ok("os.path.normpath", "data//train/../a.png", expect="data/a.png"),
    ok("os.path.realpath", "a.png", expect=_TEXT_VALUE),  # the file system decides
    ok("glob.glob", "data/*.png", expect=ANY),  # a list of strings of unknown length
    ok("os.listdir", "data", expect=ANY),
]
