"""A finding's message as data: a template and the typed facts it is rendered from.

pyflakes keeps each message's ``message_args`` beside its template, so that flake8 and
editors never parse the text; a finding here does the same.  A spec reports a
``Message`` -- ``Message("Dimensions must be equal, but are {a} and {b}", a=dim, b=dim)``
-- and everything that acts on a finding (fixes, their verification, SARIF properties,
the editor) reads ``finding.args``, never the words.  Rewording a template changes no
fix.

Facts are plain data, converted once from the analysis' values: a dim is an int or None
(unknown, rendered ``?``), a shape a tuple of dims or None (unknown rank), a list a
tuple.  How a fact prints is the template's business, through a format spec:

    {shape:tf}     [?,784]          TensorFlow's graph-mode rendering (<unknown> without rank)
    {shape:list}   [?, 784]         the related lines' rendering (<unknown rank>)
    {shape:tuple}  (?, 784), (5,)   numpy's and the feed's rendering (<unknown>)
    {shape:np}     (4,2)            numpy's compact rendering in reshape and broadcast errors
    {shape:keras}  (None, 28, 28)   Keras' (a Python tuple)
    {shape:tensorshape} [None, 28]  TensorFlow 1.15's TensorShape list
    {shapes:tfs}   [2,3], [4]       shapes in TensorFlow's rendering, comma-separated
    {shapes:nps}   (3,) (4,)        shapes in numpy's compact rendering, space-separated
    {shapes:kerases} [(None, 3), (None, 4)]  shapes in Keras' rendering, as a list
    {dims:join}    3, ?, 4          the items, comma-separated
    {fed:assign}   x.shape[0] = 36, batch = 2
    {names:quoted} 'a', 'b', and 'c'  Python's listing in a TypeError
    {keys:repr}    'lr', 'epochs', 3  each item as Python writes it
    {sizes:py}     (1, 2)           the tuple as Python writes it ({sizes:pylist}: [1, 2])
    {sizes:array}  [2 2]            as numpy prints an array (None for an unknown dim)
    {size:human}   1.5 GiB          a number of bytes in GiB (MiB below one GiB, TiB from 1024 GiB)
    {target:np_target} (4,newaxis)  a numpy reshape target as numpy words it
    {count:product} ?*3136          a count as the product of its factors
    {perm:csv}     1,0,0            the items, comma-separated without spaces
    {lengths:or}   1, 2 or 4        the items as alternatives
    {shapes:tensorshape_reprs}      [TensorShape([Dimension(None), Dimension(3)])]: TF 1's reprs

A value of the analysis gives its fact itself (``as_fact``: dims and shapes do), so this
module imports nothing of the domain.  Every code declares its facts in the registry
(``rules.codes``; their kinds: ``rules.facts``), and a test holds every report of the corpus
and of the op examples to that declaration (tests/test_finding_facts.py).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping

# --- facts ----------------------------------------------------------------------------------


def datum(value: Any) -> Any:
    """``value`` as a fact: a value of the analysis says what it is as data (``as_fact``: a
    dim an int or None, a shape a tuple of those or None), lists and tuples become tuples,
    messages stay messages.  Anything else is a spec's mistake."""
    if value is None or isinstance(value, (bool, int, float, str, Message)):
        return value
    as_fact = getattr(type(value), "as_fact", None)
    if as_fact is not None:
        return as_fact(value)
    if isinstance(value, (list, tuple)):
        return tuple(datum(item) for item in value)
    if isinstance(value, Mapping):
        return tuple((datum(k), datum(v)) for k, v in value.items())
    raise TypeError(f"not a fact: {type(value).__name__} {value!r}")


def to_json(value: Any) -> Any:
    """A fact as JSON: tuples become arrays, a nested message ``{message, args}``."""
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    if isinstance(value, Message):
        return {"message": value.text, "args": {k: to_json(v) for k, v in value.args.items()}}
    return value


# --- rendering --------------------------------------------------------------------------------

def _dim(value: Any) -> str:
    return "?" if value is None else str(value)


def _shape_tf(value: Any) -> str:
    return "<unknown>" if value is None else "[" + ",".join(_dim(d) for d in value) + "]"


def _shape_list(value: Any) -> str:
    return "<unknown rank>" if value is None else "[" + ", ".join(_dim(d) for d in value) + "]"


def _shape_tuple(value: Any) -> str:
    if value is None:
        return "<unknown>"
    inner = ", ".join(_dim(d) for d in value)
    return f"({inner},)" if len(value) == 1 else f"({inner})"


def _shape_np(value: Any) -> str:
    return _shape_tuple(value).replace(" ", "")


def _shape_keras(value: Any) -> str:
    if value is None:
        return "<unknown>"
    parts = ["None" if d is None else str(d) for d in value]
    return f"({parts[0]},)" if len(parts) == 1 else "(" + ", ".join(parts) + ")"


def _shape_tensorshape(value: Any) -> str:
    return "<unknown>" if value is None else "[" + ", ".join("None" if d is None else str(d) for d in value) + "]"


def _np_target(value: Any) -> str:
    """numpy's rendering of a reshape target: a negative entry is ``newaxis`` and is left
    out when leading; only a one-entry target gets the trailing comma."""
    parts = ["newaxis" if d is not None and d < 0 else _dim(d) for d in value]
    while parts and parts[0] == "newaxis":
        parts.pop(0)
    return f"({parts[0]},)" if len(value) == 1 and parts else "(" + ",".join(parts) + ")"


def _join(value: Any) -> str:
    return ", ".join(_dim(item) for item in value)


def _assign(value: Any) -> str:
    return ", ".join(f"{name} = {number}" for name, number in value)


def _quoted(value: Any) -> str:
    """Python's listing of names in a TypeError: 'a'; 'a' and 'b'; 'a', 'b', and 'c'."""
    quoted = [f"'{name}'" for name in value]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


_STYLES: dict[str, Callable[[Any], str]] = {
    "tf": _shape_tf, "list": _shape_list, "tuple": _shape_tuple, "np": _shape_np, "keras": _shape_keras,
    "tensorshape": _shape_tensorshape, "tfs": lambda shapes: ", ".join(_shape_tf(s) for s in shapes),
    "nps": lambda shapes: " ".join(_shape_np(s) for s in shapes), "join": _join, "assign": _assign,
    "quoted": _quoted, "repr": lambda value: ", ".join(repr(item) for item in value),
    "py": repr, "pylist": lambda value: repr(list(value)),
    "array": lambda value: "[" + " ".join("None" if d is None else str(d) for d in value) + "]",
    "semicolons": lambda value: "; ".join(str(item) for item in value),
    "kerases": lambda shapes: "[" + ", ".join(_shape_keras(s) for s in shapes) + "]",
    "np_target": _np_target,
    "product": lambda factors: "*".join(_dim(d) for d in factors),
    "csv": lambda value: ",".join(_dim(d) for d in value),
    "or": lambda value: ", ".join(_dim(d) for d in value[:-1]) + f" or {_dim(value[-1])}" if len(value) > 1
    else _dim(value[0]),
    "tensorshape_reprs": lambda shapes: "[" + ", ".join(
        "TensorShape([" + ", ".join(f"Dimension({d})" for d in s) + "])" for s in shapes) + "]",
    "human": lambda size: f"{size / (1 << 40):.1f} TiB" if size >= 1 << 40 else
    f"{size / (1 << 30):.1f} GiB" if size >= 1 << 30 else f"{size / (1 << 20):.1f} MiB",
}


def _field(value: Any, format_spec: str) -> str:
    """One fact as its template prints it: ``str.format``'s rendering, with the styles
    above, ``?`` for an unknown dim and a nested message's text."""
    style = _STYLES.get(format_spec)
    if style is not None:
        if isinstance(value, str):  # text where data was meant: a spec's mistake, never rendered
            raise TypeError(f"the style {format_spec!r} renders data, not text: {value!r}")
        return style(value)
    if isinstance(value, Message):
        return format(value.text, format_spec)
    if value is None:
        return format("?", format_spec)
    if isinstance(value, tuple):
        raise TypeError(f"a list fact needs a style ({', '.join(_STYLES)}): {value!r}")
    return format(value, format_spec)


_CONVERSIONS: dict[str | None, Callable[[Any], Any]] = {None: lambda value: value, "r": repr, "s": str, "a": ascii}


@lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    """(literal text, fact name, format spec, conversion) of each piece of ``template``."""
    return tuple((text, name, spec or "", conversion)
                 for text, name, spec, conversion in string.Formatter().parse(template))


def render(template: str, args: Mapping[str, Any]) -> str:
    """The text of ``template`` with ``args`` (facts) filled in (``str.format``'s syntax;
    a fact is named by itself, never by an attribute or an index of another)."""
    out: list[str] = []
    for text, name, spec, conversion in _parsed(template):
        out.append(text)
        if name is not None:
            out.append(_field(_CONVERSIONS[conversion](args[name]), spec))
    return "".join(out)


def literal(text: str) -> str:
    """``text`` as a template that renders to itself (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def fields(template: str) -> Iterator[str]:
    """The fact names ``template`` prints, in order."""
    for _, name, _, _ in _parsed(template):
        if name is not None:
            yield name


# --- messages ---------------------------------------------------------------------------------


class Message:
    """A template and its facts.  Facts are converted when first read, so a requirement
    that holds (most of them) costs no more than keeping its arguments."""

    __slots__ = ("template", "_raw", "_args", "_text", "_hash")

    def __init__(self, template: str, /, **args: Any) -> None:
        self.template = template
        self._raw = args
        self._args: dict[str, Any] | None = None
        self._text: str | None = None
        self._hash: int | None = None

    @classmethod
    def of(cls, part: "Message | str") -> "Message":
        """A message as it is; a plain text as a message without facts."""
        return part if isinstance(part, Message) else cls(literal(part))

    @property
    def args(self) -> dict[str, Any]:
        """The facts, as data (see ``datum``)."""
        if self._args is None:
            self._args = {key: datum(value) for key, value in self._raw.items()}
            self._raw = {}
        return self._args

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = render(self.template, self.args)
        return self._text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {self.args!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self.template == other.template and self.args == other.args

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.template, tuple(self.args.items())))
        return self._hash

    def __add__(self, other: "Message | str") -> "Message":
        return join(self, other)

    def __radd__(self, other: str) -> "Message":
        return join(other, self)

    def with_args(self, **args: Any) -> "Message":
        """The same template with some facts replaced (or added)."""
        return Message(self.template, **{**self.args, **args})


def join(*parts: "Message | str", **args: Any) -> Message:
    """One message of ``parts`` in order: templates (``str``, which may name facts of
    ``args``) and messages, whose facts are merged.  A fact two parts give must agree."""
    template: list[str] = []
    merged: dict[str, Any] | None = None  # (no message among the parts: args as they are)
    for part in parts:
        if isinstance(part, Message):
            if merged is None:
                merged = dict(args)
            template.append(part.template)
            for key, value in (part._raw.items() if part._args is None else part._args.items()):
                if key in merged and datum(merged[key]) != datum(value):
                    raise ValueError(f"fact {key!r} given twice: {merged[key]!r} and {value!r}")
                merged[key] = value
        else:
            template.append(part)
    return Message("".join(template), **(args if merged is None else merged))


# --- kinds of facts (what the registry declares) ------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_dim(value: Any) -> bool:
    return value is None or _is_int(value)


def _is_dims(value: Any) -> bool:
    return isinstance(value, tuple) and all(_is_dim(d) for d in value)


def _is_pairs(value: Any) -> bool:
    return isinstance(value, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], (int, str))
        and not isinstance(p[1], bool) for p in value)


@dataclass(frozen=True, eq=False)
class Kind:
    """What a fact is: its description (docs, the JSON Schema), the test of a value, and
    its JSON Schema."""

    name: str
    check: Callable[[Any], bool]
    schema: dict

    def accepts(self, value: Any) -> bool:
        return self.check(value)

    def __repr__(self) -> str:
        return self.name


_DIM_SCHEMA = {"type": ["integer", "null"]}
STR = Kind("text", lambda v: isinstance(v, str), {"type": "string"})
NAME = Kind("a name the message quotes (module, attribute, keyword, variable): what a fix may write",
            lambda v: isinstance(v, str), {"type": "string"})
INT = Kind("an integer (axis, index, count, length, bytes)", _is_int, {"type": "integer"})
RANK = Kind("a rank: how many dims a shape has", _is_int, {"type": "integer", "minimum": 0})
NUMBER = Kind("a number", lambda v: _is_int(v) or isinstance(v, float), {"type": "number"})
BOOL = Kind("a boolean", lambda v: isinstance(v, bool), {"type": "boolean"})
DIM = Kind("a dim: an integer, null when unknown", _is_dim, _DIM_SCHEMA)
SHAPE = Kind("a shape: its dims, null when even the rank is unknown", lambda v: v is None or _is_dims(v),
             {"type": ["array", "null"], "items": _DIM_SCHEMA})
DIMS = Kind("a list of dims", _is_dims, {"type": "array", "items": _DIM_SCHEMA})
SHAPES = Kind("a list of shapes", lambda v: isinstance(v, tuple) and all(s is None or _is_dims(s) for s in v),
              {"type": "array", "items": {"type": ["array", "null"], "items": _DIM_SCHEMA}})
INTS = Kind("a list of integers", lambda v: isinstance(v, tuple) and all(_is_int(i) for i in v),
            {"type": "array", "items": {"type": "integer"}})
STRS = Kind("a list of texts", lambda v: isinstance(v, tuple) and all(isinstance(s, str) for s in v),
            {"type": "array", "items": {"type": "string"}})
NAMES = Kind("a list of names the message quotes", STRS.check, STRS.schema)
DTYPE = Kind("a dtype's name (int32, float64; the kernels' short names: float, double)",
             lambda v: isinstance(v, str), {"type": "string"})
DTYPES = Kind("a list of dtype names", STRS.check, STRS.schema)
OPT_NUMBER = Kind("a number, or null when not given", lambda v: v is None or NUMBER.check(v),
                  {"type": ["number", "null"]})
_SCALAR = (str, int, float, bool, type(None))
SCALARS = Kind("a list of Python constants", lambda v: isinstance(v, tuple) and all(isinstance(x, _SCALAR) for x in v),
               {"type": "array", "items": {"type": ["string", "number", "boolean", "null"]}})
PAIRS = Kind("(name, value) pairs: a counterexample, the fed sizes of a run, the tools that reported", _is_pairs,
             {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                         "items": [{"type": "string"}, {"type": ["integer", "string"]}]}})
_MESSAGE_SCHEMA = {"type": "object", "required": ["message", "args"],
                   "properties": {"message": {"type": "string"}, "args": {"type": "object"}}}
MESSAGE = Kind("a message inside the message: its text and facts", lambda v: isinstance(v, Message),
               _MESSAGE_SCHEMA)
MESSAGES = Kind("a list of messages inside the message",
                lambda v: isinstance(v, tuple) and all(isinstance(m, Message) for m in v),
                {"type": "array", "items": _MESSAGE_SCHEMA})
