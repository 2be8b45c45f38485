"""Calls: library specs, user functions (at each call site), classes and methods.

User functions are analysed at each call site with the caller's argument
values, so a model builder called with ``[None, 28, 28, 1]`` is checked with
that shape.  Depth is bounded and recursion stops at the bound with an
unknown result.
"""

from __future__ import annotations


import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.constraints.core import api_changes
from shapetracer.constraints.core.spec import SPECS, OpContext, call_spec
from shapetracer.frontend.scope import child_nodes
from shapetracer.domain.state import State, StopPath, merge_all, merge_states
from shapetracer.domain.values import (
    NONE, UNKNOWN, ApiRef, BoundMethod, ClassVal, Const, DictVal, Function, Instance, Obj, Seq, ShapeVal,
    Tensor, Value,
)

_COUNTED_ROOTS = ("tf.", "keras.", "np.", "Tensor.", "ndarray.", "Variable.")
# Calls that mean the program builds a TF1 graph (placeholders exist only there).
_GRAPH_MODE_MARKERS = {"tf.disable_v2_behavior", "tf.disable_eager_execution", "tf.placeholder",
                       "tf.Session", "tf.InteractiveSession", "tf.Graph", "tf.placeholder_with_default"}
_TRANSPARENT = {"builtins.print", "builtins.isinstance", "builtins.hasattr", "builtins.getattr", "builtins.setattr",
                "builtins.open", "builtins.type", "builtins.id", "builtins.repr", "builtins.format",
                "builtins.super", "builtins.iter", "builtins.next", "builtins.callable", "builtins.vars"}


class CallMixin:
    """Call dispatch; mixed into the Interpreter."""

    def call_node(self, node: cst.Call) -> Value:
        func = self.eval(node.func)
        args: list[Value] = []
        kwargs: dict[str, Value] = {}
        opaque = False
        for arg in node.args:
            value = self.eval(arg.value)
            if arg.star == "*":
                items = self.iteration_items(value)
                if items is None:
                    opaque = True
                else:
                    args.extend(items)
            elif arg.star == "**":
                if isinstance(value, DictVal) and all(isinstance(k, Const) and isinstance(k.value, str)
                                                      for k, _ in value.entries):
                    kwargs.update({k.value: v for k, v in value.entries})
                else:
                    opaque = True
            elif arg.keyword is not None:
                kwargs[arg.keyword.value] = value
            else:
                args.append(value)
        if opaque:
            if isinstance(func, Function):
                self.called.add(id(func.node))
            return UNKNOWN
        self._check_api_call(func, args, kwargs, node)
        result = self.invoke(func, args, kwargs, node)
        self._rebind_refined_receiver(node, func, result)
        return result

    def _check_api_call(self, func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.Call) -> None:
        """A TF/Keras call the target's signature refuses, or a removed Keras model method (or
        one whose exact signature refuses the call)."""
        if isinstance(func, ApiRef) and func.spelled is not None:
            self.check_api(api_changes.bad_call(func.spelled, len(args), tuple(kwargs), self.target), node)
        elif isinstance(func, BoundMethod) and func.function is None:
            receiver = func.receiver
            bases = [receiver.type_name] if isinstance(receiver, Obj) else \
                receiver.cls.api_bases() if isinstance(receiver, Instance) else []
            for base in bases:
                self.check_api(api_changes.removed_method(base, func.name, self.target)
                               or api_changes.bad_method_call(base, func.name, len(args), tuple(kwargs),
                                                              self.target), node)

    def _rebind_refined_receiver(self, node: cst.Call, func: Value, result: Value) -> None:
        """``x.set_shape(...)`` refines ``x`` itself: rebind the name."""
        if isinstance(func, BoundMethod) and func.name == "set_shape" and isinstance(result, Tensor) \
                and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name):
            self.state.env[node.func.value.value] = result

    def call_value(self, fn: Value, args: list[Value], kwargs: dict[str, Value], site) -> Value:
        """Host protocol: a spec calls back into user code (while_loop bodies, Lambda layers)."""
        return self.invoke(fn, args, kwargs, site.node)

    def invoke(self, func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.CSTNode) -> Value:
        if isinstance(func, ApiRef):
            return self.call_library(func.qualname, args, kwargs, node, func.spelled)
        if isinstance(func, Function):
            return self.call_function(func, args, kwargs)
        if isinstance(func, ClassVal):
            return self.instantiate(func, args, kwargs, node)
        if isinstance(func, BoundMethod):
            return self.call_bound(func, args, kwargs, node)
        if isinstance(func, Obj):
            return self.call_api(f"{func.type_name}.__call__", [func] + args, kwargs, node)
        if isinstance(func, Instance):
            return self.call_instance(func, args, kwargs, node)
        return UNKNOWN

    # -- library calls ------------------------------------------------------------
    def call_library(self, name: str, args, kwargs, node, spelled: str | None = None) -> Value:
        if name in ("tf.app.run", "absl.app.run"):
            main = args[0] if args else kwargs.get("main", self.scope.globals.get("main", UNKNOWN))
            if isinstance(main, Function):
                return self.call_function(main, [UNKNOWN], {})
            return UNKNOWN
        if name == "builtins.len" and len(args) == 1 and isinstance(args[0], Obj) \
                and f"{args[0].type_name}.__len__" in SPECS:  # len(df): a modelled object's own length
            return self.call_api(f"{args[0].type_name}.__len__", args, kwargs, node)
        return self.call_api(name, args, kwargs, node, spelled=spelled)

    def call_api(self, name: str, args: list[Value], kwargs: dict[str, Value], node: cst.CSTNode,
                 quiet: bool = False, spelled: str | None = None) -> Value:
        if name in _GRAPH_MODE_MARKERS:
            self.graph.mode = True
        spec = SPECS.get(name)
        counted = name.startswith(_COUNTED_ROOTS)
        if spec is None:
            if counted and not quiet:
                self.stats.not_modelled += 1
                self.stats.not_modelled_names[name] = self.stats.not_modelled_names.get(name, 0) + 1
                self.report(codes.NOT_MODELLED, Message("{api} is not modelled; its result is unknown", api=name),
                            self.site(node), confidence="possible")
            if name in _TRANSPARENT:
                return NONE if name == "builtins.print" else UNKNOWN
            return UNKNOWN
        if counted:
            self.stats.modelled += 1
        ctx = OpContext(self, name, self.site(node), spelled)
        try:
            result = call_spec(spec, ctx, args, kwargs)
        except (RecursionError, StopPath):
            raise
        except Exception as exc:
            from shapetracer.frontend.interpreter import BudgetExceeded
            if isinstance(exc, BudgetExceeded):
                raise
            self.report(codes.INTERNAL_ERROR, Message("internal error in the model of {api}: {error}: {detail}",
                                                      api=name, error=type(exc).__name__, detail=str(exc)),
                        self.site(node), confidence="possible")
            return UNKNOWN
        if ctx.failed:
            raise StopPath()  # the op raises at run time: this path ends here
        return result

    # -- methods ----------------------------------------------------------------------
    def call_bound(self, method: BoundMethod, args, kwargs, node) -> Value:
        receiver, name = method.receiver, method.name
        if method.function is not None:
            return self.call_function(method.function, [receiver] + args, kwargs)
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
            return _str_method(receiver.value, name, args, kwargs)
        if isinstance(receiver, Seq):
            return _list_method(receiver, name, args, kwargs, undecided=self.undecided > 0)
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
            return self.call_function(method, [instance] + args, kwargs)
        method = instance.cls.lookup("call") if bases else None
        if isinstance(method, Function):
            return self.call_function(method, [instance] + args, kwargs)
        return UNKNOWN

    def instantiate(self, cls: ClassVal, args, kwargs, node) -> Value:
        for base in cls.api_bases():
            hook = f"{base}.__subclass__"
            if hook in SPECS:
                return self.call_api(hook, [cls] + args, kwargs, node)
        instance = Instance(cls)
        init = cls.lookup("__init__")
        if isinstance(init, Function):
            self.call_function(init, [instance] + args, kwargs)
        return instance

    # -- user functions ------------------------------------------------------------------
    def call_function(self, fn: Function, args: list[Value], kwargs: dict[str, Value],
                      unknown_args: bool = False) -> Value:
        node = fn.node
        self.called.add(id(node))
        depth = sum(1 for frame in self.call_stack if frame is node)
        if len(self.call_stack) >= self.bounds.call_depth or depth >= 1:
            return UNKNOWN
        if not unknown_args and not _binds(node.params, len(args), kwargs):
            # Python raises TypeError here (a stale call: missing or unexpected arguments);
            # any binding the analysis made up would put values where the program has none
            return UNKNOWN
        caller_state, caller_scope = self.state, self.scope
        self.scope = fn.module
        facts = caller_state.facts if caller_state is not None else State({}).facts
        self.call_stack.append(node)
        closures = getattr(self, "_frame_closures", None)
        if closures is None:
            closures = self._frame_closures = []
        closures.append([fn.closure] if fn.closure is not None else [])
        raised = False
        try:
            env = self._bind_parameters(fn, args, kwargs, unknown_args)
            start = State(env, facts)
            if isinstance(node, cst.Lambda):
                self.state = start
                result = self.eval(node.body)
                end_facts = self.state.facts
            elif "yield" in fn.module.text and _is_generator(node, self._generator_cache):
                result, end_facts = self._expand_generator(node, start)
            else:
                states = self.exec_block(node.body.body, [start])
                if states and all(s.flow == "raise" for s in states):
                    raised = True
                result, end_facts = _collect_return(states)
        finally:
            closures.pop()
            self.call_stack.pop()
            self.scope = caller_scope
            self.state = caller_state
        if caller_state is not None:
            caller_state.facts = end_facts
        if raised and not unknown_args:
            raise StopPath()  # every path through the callee raised
        return result

    def _expand_generator(self, node: cst.FunctionDef, start: State):
        """Run a generator's body, collecting what it yields.  With no fork or
        loop summary on the way the yields are exact (a list); otherwise the
        result is a generator whose every item is their join."""
        before = self.approximations
        self._yields.append([])
        try:
            states = self.exec_block(node.body.body, [start])
        finally:
            yielded = self._yields.pop()
        _, end_facts = _collect_return(states)
        if self.approximations == before and len(yielded) <= 10_000:
            return Seq(yielded, "list"), end_facts
        element = merge_all(yielded) if yielded else UNKNOWN
        return Obj("generator", {"element": element}), end_facts

    def _bind_parameters(self, fn: Function, args, kwargs, unknown_args: bool) -> dict[str, Value]:
        params: cst.Parameters = fn.node.params
        env: dict[str, Value] = {}
        positional = list(params.posonly_params) + list(params.params)
        remaining = list(args)
        kwargs = dict(kwargs)
        for param in positional:
            name = param.name.value
            if remaining:
                env[name] = remaining.pop(0)
            elif name in kwargs:
                env[name] = kwargs.pop(name)
            elif unknown_args:
                env[name] = UNKNOWN
            elif param.default is not None:
                env[name] = self._default(fn, param.default)
            else:
                env[name] = UNKNOWN
        if isinstance(params.star_arg, cst.Param):
            env[params.star_arg.name.value] = UNKNOWN if unknown_args else Seq(remaining, "tuple")
        for param in params.kwonly_params:
            name = param.name.value
            if name in kwargs:
                env[name] = kwargs.pop(name)
            elif param.default is not None and not unknown_args:
                env[name] = self._default(fn, param.default)
            else:
                env[name] = UNKNOWN
        if params.star_kwarg is not None:
            env[params.star_kwarg.name.value] = UNKNOWN if unknown_args else DictVal(
                [(Const(k), v) for k, v in kwargs.items()])
        return env

    def _default(self, fn: Function, default: cst.BaseExpression) -> Value:
        saved_state = self.state
        self.state = State(dict(fn.module.globals))
        try:
            return self.eval(default)
        finally:
            self.state = saved_state


def _binds(params: cst.Parameters, n_args: int, kwargs: dict[str, Value]) -> bool:
    """Whether Python binds ``n_args`` positional arguments and ``kwargs`` to ``params``."""
    positional = list(params.posonly_params) + list(params.params)
    if n_args > len(positional) and not isinstance(params.star_arg, cst.Param):
        return False
    by_keyword = {p.name.value for p in params.params} | {p.name.value for p in params.kwonly_params}
    filled = {p.name.value for p in positional[:n_args]}
    for name in kwargs:
        if name in filled or (name not in by_keyword and params.star_kwarg is None):
            return False
    for param in positional[n_args:]:
        if param.default is None and param.name.value not in kwargs:
            return False
    return all(param.default is not None or param.name.value in kwargs for param in params.kwonly_params)


def _is_generator(node: cst.FunctionDef, cache: dict[int, bool]) -> bool:
    """Whether the function's own body (not nested defs) contains yield.
    ``cache`` lives as long as the trees it is keyed on (one analysis).  A plain
    walk over ``children``: libcst's visitor machinery costs ten times more."""
    key = id(node)
    if key not in cache:
        found = False
        stack = list(child_nodes(node.body))
        while stack and not found:
            current = stack.pop()
            if isinstance(current, cst.Yield):
                found = True
            elif not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                stack.extend(child_nodes(current))
        cache[key] = found
    return cache[key]




def _collect_return(states: list[State]):
    returned = [s.returned for s in states if s.flow == "return" and s.returned is not None]
    fell_through = [s for s in states if s.flow is None]
    values = returned + ([NONE] if fell_through else [])
    result = merge_all(values) if values else UNKNOWN
    usable = [s for s in states if s.flow != "raise"] or states
    facts = merge_states(usable).facts if usable else states[0].facts
    return result, facts


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


def _dict_method(receiver: DictVal, name: str, args: list[Value]) -> Value:
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
        return DictVal(list(receiver.entries))
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

