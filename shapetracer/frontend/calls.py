"""Calls: library specs, user functions, classes and methods.

``invoke`` sends a callee to what models it: an API name to its op spec (``constraints/``),
a user function to ``Functions`` (analysed at the call site), a class to its ``__init__``
or to the spec of the library class it subclasses, a bound method to the spec of its
receiver's type or to Python's own list, dict and str methods over abstract values.
"""

from __future__ import annotations

import re
from pathlib import PurePath

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.constraints.core import api_changes
from shapetracer.constraints.core.arrays import joined_text
from shapetracer.constraints.core.paths import CommandLineDefault, overridable, path_method
from shapetracer.constraints.core.spec import SPECS, Host, OpContext, call_spec
from shapetracer.domain.state import StopPath
from shapetracer.domain.values import (
    NONE, UNKNOWN, ApiRef, BoundMethod, ClassVal, Const, DictVal, Function, Instance, Obj, Seq, ShapeVal,
    Tensor, Value,
)
from shapetracer.frontend.functions import Functions, binding_error
from shapetracer.frontend.reporting import Reporter
from shapetracer.frontend.run import BudgetExceeded, Run
from shapetracer.frontend.statistics import Statistics  # noqa: F401 - re-exported

_QUOTED = re.compile(r"'([^']+)'")
_COUNTED_ROOTS = ("tf.", "keras.", "np.", "Tensor.", "ndarray.", "Variable.")
# Calls that mean the program builds a TF1 graph (placeholders exist only there).
_GRAPH_MODE_MARKERS = {"tf.disable_v2_behavior", "tf.disable_eager_execution", "tf.placeholder",
                       "tf.Session", "tf.InteractiveSession", "tf.Graph", "tf.placeholder_with_default"}
_TRANSPARENT = {"builtins.print", "builtins.isinstance", "builtins.hasattr", "builtins.getattr", "builtins.setattr",
                "builtins.open", "builtins.type", "builtins.id", "builtins.repr", "builtins.format",
                "builtins.super", "builtins.iter", "builtins.next", "builtins.callable", "builtins.vars"}


# Library calls that only read the dicts they are given; any other may add keys to them.
_READING_CALLS = frozenset(f"builtins.{name}" for name in (
    "len", "print", "sorted", "str", "repr", "enumerate", "min", "max", "sum", "list", "tuple", "zip",
    "isinstance", "reversed", "any", "all", "set", "format", "id", "type", "hasattr", "iter", "next"))


def open_dicts(args, kwargs) -> None:
    """Dicts handed to code the analysis does not follow may gain keys there: their keys are
    no longer all known (a missing key read from them later is no finding)."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, DictVal):
            value.complete = None
        elif isinstance(value, Seq):
            for item in value.items:
                if isinstance(item, DictVal):
                    item.complete = None


class Calls:
    """Makes calls to any callee value, with argument values already computed."""

    def __init__(self, run: Run, reporter: Reporter, functions: Functions, host: Host):
        self.run = run
        self.reporter = reporter
        self.functions = functions
        self.host = host  # what the specs the calls run see (the Interpreter)
        self.stats = Statistics()

    def release(self) -> None:
        """Forget the host: it holds these calls, so the link is a reference cycle."""
        del self.host

    def call_site(self, func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.Call) -> Value:
        """The call the program makes at ``node``: checked against the target's API, made,
        and ``x.set_shape(...)``'s receiver rebound to the refined tensor."""
        self._check_api_call(func, args, kwargs, node)
        self._check_user_call(func, len(args), kwargs, node)
        result = self.invoke(func, args, kwargs, node)
        self._rebind_refined_receiver(node, func, result)
        return result

    def _check_api_call(self, func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.Call) -> None:
        """A TF/Keras call the target's signature refuses, or a removed Keras model method (or
        one whose exact signature refuses the call)."""
        target = self.run.target
        if isinstance(func, ApiRef) and func.spelled is not None:
            self.reporter.check_api(api_changes.bad_call(func.spelled, len(args), tuple(kwargs), target), node)
        elif isinstance(func, BoundMethod) and func.function is None:
            receiver = func.receiver
            bases = [receiver.type_name] if isinstance(receiver, Obj) else \
                receiver.cls.api_bases() if isinstance(receiver, Instance) else []
            for base in bases:
                self.reporter.check_api(api_changes.removed_method(base, func.name, target)
                                        or api_changes.bad_method_call(base, func.name, len(args), tuple(kwargs),
                                                                       target), node)

    def _check_user_call(self, func: Value, n_args: int, kwargs: dict[str, Value], node: cst.Call) -> None:
        """A call of a user function, method or class whose arguments Python cannot bind to
        the parameters (ST304: TypeError).  Only where the callee and the arguments are both
        certain: no ``*``/``**`` at the call, a callee whose signature is the one written
        (``signature_of``)."""
        if any(arg.star for arg in node.args):
            return
        found = signature_of(func)
        if found is None:
            return
        function, callee, bound = found
        problem = binding_error(function.node.params, n_args + bound, kwargs, callee)
        if problem is not None:
            self.reporter.check_raising(codes.BAD_CALL_ARGUMENTS, Message("{detail}", detail=problem,
                                                                          subjects=tuple(_QUOTED.findall(problem))),
                                        node, "TypeError")

    def _rebind_refined_receiver(self, node: cst.Call, func: Value, result: Value) -> None:
        """``x.set_shape(...)`` refines ``x`` itself: rebind the name."""
        if isinstance(func, BoundMethod) and func.name == "set_shape" and isinstance(result, Tensor) \
                and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name):
            self.run.state.env[node.func.value.value] = result

    def invoke(self, func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.CSTNode) -> Value:
        if isinstance(func, ApiRef):
            return self.call_library(func.qualname, args, kwargs, node, func.spelled)
        if isinstance(func, Function):
            if func.traced is not None:  # a tf.function: its signature first, then the trace
                return self.call_api("tf.function.__call__", [func.traced, func] + args, kwargs, node)
            return self.functions.call_function(func, args, kwargs)
        if isinstance(func, ClassVal):
            return self.instantiate(func, args, kwargs, node)
        if isinstance(func, BoundMethod):
            return self.call_bound(func, args, kwargs, node)
        if isinstance(func, Obj):
            return self.call_api(f"{func.type_name}.__call__", [func] + args, kwargs, node)
        if isinstance(func, Instance):
            return self.call_instance(func, args, kwargs, node)
        open_dicts(args, kwargs)  # an unknown callee may add keys to the dicts it is given
        return UNKNOWN

    # -- library calls ------------------------------------------------------------
    def call_library(self, name: str, args, kwargs, node, spelled: str | None = None) -> Value:
        if name in ("tf.app.run", "absl.app.run"):
            main = args[0] if args else kwargs.get("main", self.run.scope.globals.get("main", UNKNOWN))
            if isinstance(main, Function):
                return self.functions.call_function(main, [UNKNOWN], {})
            return UNKNOWN
        if name in ("builtins.iter", "builtins.next") and len(args) == 1 and not kwargs:
            return self._iterate(name, args[0])
        if name == "builtins.len" and len(args) == 1 and isinstance(args[0], Obj) \
                and f"{args[0].type_name}.__len__" in SPECS:  # len(df): a modelled object's own length
            return self.call_api(f"{args[0].type_name}.__len__", args, kwargs, node)
        return self.call_api(name, args, kwargs, node, spelled=spelled)

    def _iterate(self, name: str, iterable: Value) -> Value:
        """``iter(x)`` and ``next(it)`` on what a ``for`` loop walks: a user generator (its
        yields, joined), a dataset or another iterable whose element the loops know.  ``iter``
        keeps the iterable (its element is what ``next`` and loops read); ``next`` gives that
        element, as one pass of a ``for`` loop binds it.  ``next(it, default)`` stays unknown."""
        iterable_kinds = isinstance(iterable, Seq) and iterable.items or \
            isinstance(iterable, Obj) and (iterable.type_name == "generator" or "element_spec" in iterable.attrs)
        if not iterable_kinds:
            return UNKNOWN
        if name == "builtins.iter":
            return iterable
        return self.host.operations.iteration_element(iterable)

    def call_api(self, name: str, args: list[Value], kwargs: dict[str, Value], node: cst.CSTNode,
                 quiet: bool = False, spelled: str | None = None) -> Value:
        if name in _GRAPH_MODE_MARKERS:
            self.run.graph.mode = True
        if name not in _READING_CALLS:
            open_dicts(args, kwargs)
        spec = SPECS.get(name)
        counted = name.startswith(_COUNTED_ROOTS)
        if spec is None:
            if counted and not quiet:
                stats = self.stats
                stats.not_modelled += 1
                stats.not_modelled_names[name] = stats.not_modelled_names.get(name, 0) + 1
                self.reporter.report(codes.NOT_MODELLED, Message("{api} is not modelled; its result is unknown",
                                                                 api=name), self.reporter.site(node),
                                     confidence="possible")
            if name in _TRANSPARENT:
                return NONE if name == "builtins.print" else UNKNOWN
            return UNKNOWN
        if counted:
            self.stats.modelled += 1
        ctx = OpContext(self.host, name, self.reporter.site(node), spelled)
        try:
            result = call_spec(spec, ctx, args, kwargs)
        except (RecursionError, StopPath, BudgetExceeded):
            raise
        except Exception as exc:
            self.reporter.report(codes.INTERNAL_ERROR,
                                 Message("internal error in the model of {api}: {error}: {detail}",
                                         api=name, error=type(exc).__name__, detail=str(exc)),
                                 self.reporter.site(node), confidence="possible")
            return UNKNOWN
        # A failed op (ctx.failed) gives its result as call_spec made it: unknown where the
        # failure leaves it undefined, so nothing that follows only from this error is reported,
        # and the path goes on: later, independent errors and API changes are still found.
        return result

    # -- methods ----------------------------------------------------------------------
    def call_bound(self, method: BoundMethod, args, kwargs, node) -> Value:
        receiver, name = method.receiver, method.name
        if method.function is not None:
            return self.functions.call_function(method.function, [receiver] + args, kwargs)
        if isinstance(receiver, Tensor):
            if name == "get_shape":
                return ShapeVal(receiver.shape, numpy=False)
            candidates = (["Variable"] if receiver.kind == "variable" else []) + \
                         (["ndarray"] if receiver.is_numpy else ["Tensor"])
            for prefix in candidates:
                if f"{prefix}.{name}" in SPECS:
                    return self.call_api(f"{prefix}.{name}", [receiver] + args, kwargs, node)
            return self.call_api(f"{candidates[-1]}.{name}", [receiver] + args, kwargs, node)
        if isinstance(receiver, ShapeVal):
            return _shape_method(receiver, name)
        if isinstance(receiver, Const) and isinstance(receiver.value, str):
            if name == "join" and len(args) == 1 and not kwargs:
                joined = joined_text(receiver.value, args[0])  # "".join(random.choice(s) for _ in range(7))
                if joined is not None:
                    return joined
            result = _str_method(receiver.value, name, args, kwargs)
            # args.data.rstrip("/"): still the command line's
            return overridable(result) if isinstance(receiver, CommandLineDefault) else result
        if isinstance(receiver, Const) and isinstance(receiver.value, PurePath):
            return path_method(receiver.value, name, args)  # pathlib (constraints/core/paths.py)
        if isinstance(receiver, Seq):
            return _list_method(receiver, name, args, kwargs, undecided=self.run.undecided > 0)
        if isinstance(receiver, DictVal):
            return _dict_method(receiver, name, args)
        if isinstance(receiver, Obj):
            return self.call_api(f"{receiver.type_name}.{name}", [receiver] + args, kwargs, node,
                                 quiet=not receiver.type_name.startswith(("tf.", "keras.")))
        if isinstance(receiver, Instance):
            for base in receiver.cls.api_bases():
                if f"{base}.{name}" in SPECS:
                    return self.call_api(f"{base}.{name}", [receiver] + args, kwargs, node)
        return UNKNOWN

    def call_instance(self, instance: Instance, args, kwargs, node) -> Value:
        bases = instance.cls.api_bases()
        for base in bases:
            hook = f"{base}.__call__"
            if hook in SPECS:
                return self.call_api(hook, [instance] + args, kwargs, node)
        method = instance.cls.lookup("__call__")
        if isinstance(method, Function):
            return self.functions.call_function(method, [instance] + args, kwargs)
        method = instance.cls.lookup("call") if bases else None
        if isinstance(method, Function):
            return self.functions.call_function(method, [instance] + args, kwargs)
        return UNKNOWN

    def instantiate(self, cls: ClassVal, args, kwargs, node) -> Value:
        for base in cls.api_bases():
            hook = f"{base}.__subclass__"
            if hook in SPECS:
                return self.call_api(hook, [cls] + args, kwargs, node)
        instance = Instance(cls)
        init = cls.lookup("__init__")
        if isinstance(init, Function):
            self.functions.call_function(init, [instance] + args, kwargs)
        return instance


def signature_of(func: Value) -> tuple[Function, str, int] | None:
    """The user function a call of ``func`` binds its arguments to, the name Python's
    TypeError gives it and how many arguments the call adds in front (the instance or the
    class); None where that is not certain: a decorated function (the analysis binds the
    undecorated one, a wrapper may take other arguments), a ``tf.function``, a method found
    past a library base or through several bases (C3 may pick another), a class made by a
    decorator, a metaclass or ``__new__``."""
    if isinstance(func, Function):
        return (func, func.qualname or func.name, 0) if _plain(func, ("staticmethod",)) else None
    if isinstance(func, BoundMethod) and func.function is not None:
        owner = func.receiver.cls if isinstance(func.receiver, Instance) else func.receiver
        if not isinstance(owner, ClassVal):
            return None
        found = _linear_lookup(owner, func.name)
        if found is None or found[0] is not func.function or not _plain(func.function, ("classmethod",)):
            return None
        return func.function, f"{found[1].name}.{func.function.name}", 1
    if isinstance(func, ClassVal):
        chain = _user_chain(func)
        if chain is None or any(cls.opaque_construction or "__new__" in cls.attrs for cls in chain):
            return None
        holder = next((cls for cls in chain if "__init__" in cls.attrs), None)
        init = holder.attrs["__init__"] if holder is not None else None
        if not isinstance(init, Function) or not _plain(init, ()):
            return None
        return init, f"{holder.name}.__init__", 1
    return None


def _plain(function: Function, allowed: tuple[str, ...]) -> bool:
    """Whether calls of ``function`` bind to its parameters as written: not a tf.function,
    no decorator but those in ``allowed`` (``staticmethod``, ``classmethod``)."""
    if function.traced is not None:
        return False
    decorators = getattr(function.node, "decorators", ())
    return all(isinstance(d.decorator, cst.Name) and d.decorator.value in allowed for d in decorators)


def _linear_lookup(cls: ClassVal, name: str) -> tuple[Value, ClassVal] | None:
    """``name`` on ``cls`` or the user class it derives from, with the class holding it; None
    when not found, or when the search would pass a library or unknown base or a class of
    several bases (where Python's method order and this walk could differ)."""
    current = cls
    for _ in range(64):
        if name in current.attrs:
            return current.attrs[name], current
        bases = _bases(current)
        if len(bases) != 1 or not isinstance(bases[0], ClassVal):
            return None
        current = bases[0]
    return None


def _user_chain(cls: ClassVal) -> list[ClassVal] | None:
    """``cls`` and the user classes it derives from, when each has one base at most and every
    base is a user class (``object`` aside); else None."""
    chain = [cls]
    for _ in range(64):
        bases = _bases(chain[-1])
        if not bases:
            return chain
        if len(bases) > 1 or not isinstance(bases[0], ClassVal):
            return None
        chain.append(bases[0])
    return None


def _bases(cls: ClassVal) -> list[Value]:
    return [b for b in cls.bases if not (isinstance(b, ApiRef) and b.qualname == "builtins.object")]


def _shape_method(receiver: ShapeVal, name: str) -> Value:
    shape = receiver.shape
    if name == "as_list":
        if shape.dims is None:
            return UNKNOWN
        return Seq([Const(d.value) if d.known else Const(None) for d in shape.dims], "list")
    if name == "num_elements":
        total = shape.num_elements()
        return Const(total.value) if total is not None and total.known else Const(None)
    if name == "is_fully_defined":
        return Const(shape.fully_known)
    if name == "__len__":
        return Const(shape.rank) if shape.rank is not None else UNKNOWN
    return UNKNOWN


# List methods that change the list in place (the list is shared by every name bound to it).
_LIST_REORDERING = frozenset({"insert", "pop", "remove", "reverse", "sort", "clear"})


def _list_method(receiver: Seq, name: str, args: list[Value], kwargs: dict[str, Value] | None = None,
                 undecided: bool = False) -> Value:
    """Python's list methods over the abstract list.  A change whose effect cannot be
    computed leaves the list unsized (its items are then examples, never positions), so a
    stale order is never read back as the list's contents.  In a branch that may not run,
    the other paths share this very list: a reordering then makes the order unknown."""
    kwargs = kwargs or {}
    if name == "append" and args and receiver.kind == "list":
        receiver.items.append(args[0])
        return NONE
    if name == "extend" and args and receiver.kind == "list":
        items = args[0].items if isinstance(args[0], Seq) else None
        if items is None or not args[0].sized:
            receiver.sized = False  # the list's length is now unknown
            receiver.items.extend(items if items else [UNKNOWN])  # keep an example
        else:
            receiver.items.extend(items)
        return NONE
    if name in _LIST_REORDERING and receiver.kind == "list":
        return _reorder_list(receiver, name, args, kwargs, undecided)
    if name == "copy":
        return Seq(list(receiver.items), receiver.kind, receiver.sized)
    if name in ("index", "count") and len(args) == 1 and isinstance(args[0], Const) and receiver.sized \
            and all(isinstance(item, Const) for item in receiver.items):
        values = [item.value for item in receiver.items]
        if name == "count":
            return Const(values.count(args[0].value))
        return Const(values.index(args[0].value)) if args[0].value in values else UNKNOWN
    return UNKNOWN


def _reorder_list(receiver: Seq, name: str, args: list[Value], kwargs: dict[str, Value],
                  undecided: bool) -> Value:
    """insert / pop / remove / reverse / sort / clear, in place when the outcome is known."""
    items = receiver.items
    if undecided or not receiver.sized:
        # the order (and for insert/pop/remove/clear the length) is no longer known; the
        # items stay as examples of what the list may hold
        receiver.sized = False
        if name == "insert" and len(args) == 2:
            items.append(args[1])
        return UNKNOWN
    if name == "reverse" and not args:
        items.reverse()
        return NONE
    if name == "clear" and not args:
        items.clear()
        return NONE
    if name == "insert" and len(args) == 2 and _plain_int(args[0]):
        items.insert(args[0].value, args[1])
        return NONE
    if name == "pop" and len(args) <= 1 and items and (not args or _plain_int(args[0])) \
            and (not args or -len(items) <= args[0].value < len(items)):
        return items.pop(args[0].value if args else -1)
    if name == "remove" and len(args) == 1 and isinstance(args[0], Const) \
            and all(isinstance(item, Const) for item in items):
        for i, item in enumerate(items):
            if type(item.value) is type(args[0].value) and item.value == args[0].value:
                del items[i]
                return NONE
    if name == "sort" and not args and set(kwargs) <= {"reverse"} \
            and all(isinstance(item, Const) for item in items):
        descending = kwargs.get("reverse", Const(False))
        if isinstance(descending, Const) and isinstance(descending.value, bool):
            try:
                items.sort(key=lambda item: item.value, reverse=descending.value)
                return NONE
            except TypeError:
                pass
    receiver.sized = False
    if name == "insert" and len(args) == 2:
        items.append(args[1])
    return UNKNOWN


def _plain_int(value: Value) -> bool:
    return isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool)


_DICT_READERS = frozenset({"get", "keys", "values", "items", "copy", "__contains__"})


def _dict_method(receiver: DictVal, name: str, args: list[Value]) -> Value:
    if name not in _DICT_READERS and not (name == "update" and args and isinstance(args[0], DictVal)
                                          and args[0].complete is not None and len(args) == 1) \
            and not (name == "setdefault" and args and isinstance(args[0], Const)):
        receiver.complete = None  # keys the analysis cannot name may come (update(**kw), pop, …)
    if name == "get" and args:
        found = receiver.get(args[0])
        if found is not None:
            return found
        return args[1] if len(args) > 1 else NONE
    if name == "keys":
        return Seq([k for k, _ in receiver.entries], "list")
    if name == "values":
        return Seq([v for _, v in receiver.entries], "list")
    if name == "items":
        return Seq([Seq([k, v], "tuple") for k, v in receiver.entries], "list")
    if name == "update" and args and isinstance(args[0], DictVal):
        for key, value in args[0].entries:
            receiver.set(key, value)
        return NONE
    if name == "setdefault" and args:
        found = receiver.get(args[0])
        if found is None:
            found = args[1] if len(args) > 1 else NONE
            receiver.set(args[0], found)
        return found
    if name == "copy":
        return DictVal(list(receiver.entries), complete=receiver.complete)
    return UNKNOWN


# Pure str methods evaluated on known strings (names matched against checkpoint keys,
# "a b c".split() token lists); anything else about strings stays unknown.
_STR_METHODS = frozenset({
    "startswith", "endswith", "split", "rsplit", "splitlines", "lower", "upper", "strip", "lstrip",
    "rstrip", "replace", "join", "isdigit", "isalpha", "isalnum", "isspace", "count", "find",
    "rfind", "title", "capitalize", "zfill", "partition", "rpartition", "casefold",
})
_MAX_STR_RESULT = 10_000  # items in a split; a longer text is data, not configuration


def _python_value(value: Value, depth: int = 0):
    """The plain Python value of a known constant (tuples/lists of them too, a few levels
    deep: a list may contain itself); raises KeyError otherwise."""
    if isinstance(value, Const):
        return value.value
    if isinstance(value, Seq) and value.sized and depth < 4:
        items = [_python_value(item, depth + 1) for item in value.items]
        return tuple(items) if value.kind == "tuple" else items
    raise KeyError(value)


def _text_size(value) -> int:
    """Characters in the strings of a plain argument (lists of strings counted whole)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple)):
        return sum(_text_size(item) for item in value) + len(value)
    return 0


def _as_value(result) -> Value:
    if isinstance(result, (str, bool, int, float)) or result is None:
        return Const(result)
    if isinstance(result, (list, tuple)) and len(result) <= _MAX_STR_RESULT \
            and all(isinstance(item, (str, int)) for item in result):
        return Seq([Const(item) for item in result], "tuple" if isinstance(result, tuple) else "list")
    return UNKNOWN


def _str_method(text: str, name: str, args: list, kwargs: dict) -> Value:
    if name not in _STR_METHODS:
        return UNKNOWN
    try:
        plain_args = [_python_value(a) for a in args]
        plain_kwargs = {k: _python_value(v) for k, v in kwargs.items()}
        if any(isinstance(a, int) and abs(a) > _MAX_STR_RESULT for a in plain_args) \
                or len(text) > 1_000_000:
            return UNKNOWN  # "x".zfill(10**10) would build the string
        arguments = sum(_text_size(a) for a in plain_args)
        if arguments > 1_000_000 or (name == "join" and plain_args and isinstance(plain_args[0], (list, tuple))
                                     and arguments + len(text) * len(plain_args[0]) > 1_000_000):
            return UNKNOWN  # "".join([two_megabytes] * 4000)
        if name == "replace" and len(plain_args) >= 2 and isinstance(plain_args[0], str) \
                and isinstance(plain_args[1], str):
            old, new = plain_args[0], plain_args[1]
            if (text.count(old) if old else len(text) + 1) * len(new) > 1_000_000:
                return UNKNOWN
        return _as_value(getattr(text, name)(*plain_args, **plain_kwargs))
    except (KeyError, TypeError, ValueError, IndexError, OverflowError, AttributeError, RecursionError,
            MemoryError):
        return UNKNOWN

