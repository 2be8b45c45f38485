"""Expression evaluation over abstract values.

Python arithmetic on known numbers is computed; on symbolic ints it builds
Z3 terms; as soon as a tensor is involved, the operator becomes an op spec
(``operator.add`` …) so shapes are checked exactly as for ``tf.add``.
"""

from __future__ import annotations

import operator as pyop
from typing import Any

import libcst as cst

from shapetracer.constraints.core import api_changes
from shapetracer.domain.dims import Dim
from shapetracer.frontend import literals
from shapetracer.frontend.literals import float_value, integer_value, string_value
from shapetracer.frontend.names import CONSTANTS, child
from shapetracer.frontend.scope import child_nodes
from shapetracer.domain.values import (
    ELLIPSIS, NONE, UNKNOWN, ApiRef, BoundMethod, ClassVal, Const, DictVal, Function, Instance, ModuleVal,
    Obj, Seq, ShapeVal, SliceVal, SymInt, Tensor, Value, dim_int, distinct, int_dim, int_like,
)

_BINARY_SPEC = {
    "Add": "operator.add", "Subtract": "operator.sub", "Multiply": "operator.mul",
    "Divide": "operator.truediv", "FloorDivide": "operator.floordiv", "Modulo": "operator.mod",
    "Power": "operator.pow", "MatrixMultiply": "operator.matmul", "BitAnd": "operator.and_",
    "BitOr": "operator.or_", "BitXor": "operator.xor",
}
_PY_BINARY = {
    "Add": pyop.add, "Subtract": pyop.sub, "Multiply": pyop.mul, "Divide": pyop.truediv,
    "FloorDivide": pyop.floordiv, "Modulo": pyop.mod, "BitAnd": pyop.and_, "BitOr": pyop.or_,
    "BitXor": pyop.xor, "LeftShift": pyop.lshift, "RightShift": pyop.rshift,
}
_COMPARE_SPEC = {
    "Equal": "operator.eq", "NotEqual": "operator.ne", "LessThan": "operator.lt",
    "GreaterThan": "operator.gt", "LessThanEqual": "operator.le", "GreaterThanEqual": "operator.ge",
}
_PY_COMPARE = {
    "Equal": pyop.eq, "NotEqual": pyop.ne, "LessThan": pyop.lt, "GreaterThan": pyop.gt,
    "LessThanEqual": pyop.le, "GreaterThanEqual": pyop.ge,
}
_MAX_SEQ = 100_000  # longer literal sequences are summarised as unknown


UNLEARNED = object()  # a node type whose handler is not looked up yet
_HANDLER_TABLES: dict[tuple[type, str], dict[type, Any]] = {}


def handler_table(interpreter: type, prefix: str) -> dict[type, Any]:
    """An interpreter class's methods for syntax node types, by type: ``expr_Name`` for
    ``cst.Name`` under the prefix ``expr_``.  Every expression and statement is dispatched
    through it; formatting the method's name and searching the mixins at each node took
    0.14 us, a lookup here 0.03 us.  Filled on first use (``learn_handler``)."""
    return _HANDLER_TABLES.setdefault((interpreter, prefix), {})


def learn_handler(table: dict[type, Any], interpreter: type, prefix: str, node_type: type):
    """The method for ``node_type`` (None when the interpreter has none), remembered."""
    found = table[node_type] = getattr(interpreter, prefix + node_type.__name__, None)
    return found


class ExpressionMixin:
    """``eval`` and its helpers; mixed into the Interpreter."""

    def eval(self, node: cst.BaseExpression | None) -> Value:
        if node is None:
            return NONE
        self.tick()
        handler = self.expr_handlers.get(type(node), UNLEARNED)
        if handler is UNLEARNED:
            handler = learn_handler(self.expr_handlers, type(self), "expr_", type(node))
        if handler is None:
            return UNKNOWN
        value = handler(self, node)
        if self.expression_log is not None and isinstance(value, Tensor):
            self.expression_log.append((self.site(node), value))
        return value

    # -- atoms ---------------------------------------------------------------
    def expr_Name(self, node: cst.Name) -> Value:
        return self.lookup(node.value)

    def lookup(self, name: str) -> Value:
        value = self.state.env.get(name)
        if value is not None:
            return value
        for env in self._enclosing_envs():
            value = env.get(name)
            if value is not None:
                return value
        if name in ("True", "False", "None"):
            return Const({"True": True, "False": False, "None": None}[name])
        return ApiRef(f"builtins.{name}")

    def _enclosing_envs(self):
        frame = getattr(self, "_frame_closures", None)
        if frame:
            yield from frame[-1]
        if self.scope is not None:
            yield self.scope.globals

    def _literal(self, node: cst.CSTNode, make) -> Value:
        """A literal's value, made once per node and analysis (constants are immutable; a
        helper holding a table of numbers runs at every call, and a string's value costs a
        Python parse)."""
        cache = self.__dict__.setdefault("_literals", {})
        found = cache.get(id(node))
        if found is None:
            found = cache[id(node)] = make(node)
        return found

    def expr_Integer(self, node: cst.Integer) -> Value:
        return self._literal(node, integer_value)

    def expr_Float(self, node: cst.Float) -> Value:
        return self._literal(node, float_value)

    def expr_Imaginary(self, node) -> Value:
        return UNKNOWN

    def expr_SimpleString(self, node: cst.SimpleString) -> Value:
        if self.scope is not None and self.scope.tables:
            table = self.scope.tables.get(node.value)  # a blanked literal table (blank_tables.py)
            if table is not None:
                return self._table_value(table)
        return self._literal(node, string_value)

    def expr_ConcatenatedString(self, node: cst.ConcatenatedString) -> Value:
        try:
            value = node.evaluated_value
            return Const(value) if value is not None else UNKNOWN
        except Exception:
            return UNKNOWN

    def expr_FormattedString(self, node) -> Value:
        for part in node.parts:
            if isinstance(part, cst.FormattedStringExpression):
                self.eval(part.expression)
        return UNKNOWN

    def expr_Ellipsis(self, node) -> Value:
        return ELLIPSIS

    def expr_List(self, node: cst.List) -> Value:
        return self._table(node) or self._sequence(node.elements, "list")

    def expr_Tuple(self, node: cst.Tuple) -> Value:
        return self._table(node) or self._sequence(node.elements, "tuple")

    def _table(self, node: cst.List | cst.Tuple) -> Value | None:
        """A literal of numbers and strings, read once per node (frontend/literals.py);
        None for other sequences."""
        if not node.elements:
            return None
        cache = self.__dict__.setdefault("_tables", {})
        key = id(node)
        if key not in cache:
            cache[key] = literals.template(node, _MAX_SEQ)
        table = cache[key]
        if table is None:
            return None
        return self._table_value(table)

    def _table_value(self, table: literals.Table) -> Value:
        for _ in range(table.nodes // 64):  # a fraction of the steps its elements would take one by one
            self.tick()
        return literals.materialize(table.tree)

    def expr_Set(self, node: cst.Set) -> Value:
        items = [self.eval(element.value) for element in node.elements]
        if any(isinstance(e, cst.StarredElement) for e in node.elements):
            return UNKNOWN
        return distinct(items)

    def _sequence(self, elements, kind: str) -> Value:
        items: list[Value] = []
        for element in elements:
            value = self.eval(element.value)
            if isinstance(element, cst.StarredElement):
                expanded = self.iteration_items(value)
                if expanded is None:
                    return UNKNOWN
                items.extend(expanded)
            else:
                items.append(value)
            if len(items) > _MAX_SEQ:
                return UNKNOWN
        return Seq(items, kind)

    def expr_Dict(self, node: cst.Dict) -> Value:
        result = DictVal()
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                result.set(self.eval(element.key), self.eval(element.value))
            else:
                expanded = self.eval(element.value)
                if isinstance(expanded, DictVal):
                    for key, value in expanded.entries:
                        result.set(key, value)
        return result

    # -- attributes and subscripts ----------------------------------------------
    def expr_Attribute(self, node: cst.Attribute) -> Value:
        owner = self.eval(node.value)
        if owner is UNKNOWN or isinstance(owner, Obj) and owner.type_name == "argparse.Namespace":
            self.containers.attribute(self, node, owner, node.attr.value)  # ST151 (frontend/containers.py)
        return self.attribute(owner, node.attr.value, node)

    def attribute(self, owner: Value, name: str, node: cst.CSTNode) -> Value:
        if isinstance(owner, ApiRef):
            if owner.qualname.endswith("FLAGS") and owner.qualname != "FLAGS":
                return self.flags.get(name, UNKNOWN)
            qualname = child(owner.qualname, name)
            if qualname in CONSTANTS:
                return Const(CONSTANTS[qualname])
            if owner.spelled is None:
                return ApiRef(qualname)
            self.check_api(api_changes.missing_attribute(owner.spelled, name, self.target), node)
            return ApiRef(qualname, f"{owner.spelled}.{name}")
        if isinstance(owner, ModuleVal):
            return owner.scope.globals.get(name, UNKNOWN)
        if isinstance(owner, Tensor):
            return self.tensor_attribute(owner, name, node)
        if isinstance(owner, ShapeVal):
            if name in ("ndims", "rank"):
                return Const(owner.shape.rank)
            return BoundMethod(owner, name)
        if isinstance(owner, Instance):
            if name in owner.attrs:
                return owner.attrs[name]
            found = owner.cls.lookup(name)
            if isinstance(found, Function):
                kind = _method_kind(found)
                if kind == "staticmethod":
                    return found
                return BoundMethod(owner.cls if kind == "classmethod" else owner, name, found)
            if found is not None:
                return found
            return BoundMethod(owner, name) if owner.cls.api_bases() else UNKNOWN
        if isinstance(owner, ClassVal):
            found = owner.lookup(name)
            if isinstance(found, Function) and _method_kind(found) == "classmethod":
                return BoundMethod(owner, name, found)
            return found if found is not None else UNKNOWN
        if isinstance(owner, Obj):
            if name in owner.attrs:
                return owner.attrs[name]
            return BoundMethod(owner, name)
        if isinstance(owner, (Seq, DictVal, Const)):
            return BoundMethod(owner, name)
        return UNKNOWN

    def tensor_attribute(self, tensor: Tensor, name: str, node: cst.CSTNode) -> Value:
        if name == "shape":
            return ShapeVal(tensor.shape, numpy=tensor.is_numpy)
        if name == "ndim":
            return Const(tensor.shape.rank) if tensor.shape.rank is not None else UNKNOWN
        if name == "size" and tensor.is_numpy:
            total = tensor.shape.num_elements()
            return UNKNOWN if total is None else dim_int(total)
        if name == "dtype":
            return ApiRef(f"{'np' if tensor.is_numpy else 'tf'}.{tensor.dtype}") if tensor.dtype else UNKNOWN
        if name == "name":
            return Const(tensor.name) if tensor.name else UNKNOWN
        if name == "op" and tensor.name:  # var.op.name: the name without its ":0"
            return Obj("tf.Operation", {"name": Const(tensor.name.rsplit(":", 1)[0])})
        if name == "T" and tensor.is_numpy:
            return self.call_bound(BoundMethod(tensor, "T"), [], {}, node)
        return BoundMethod(tensor, name)

    def expr_Subscript(self, node: cst.Subscript) -> Value:
        owner = self.eval(node.value)
        index = self._index_value(node.slice)
        if owner is UNKNOWN or isinstance(owner, (DictVal, Seq)):
            self.containers.subscript(self, node, owner, index)  # ST150/ST152 (frontend/containers.py)
        return self.subscript(owner, index, node)

    def _index_value(self, elements) -> Value:
        parts = []
        for element in elements:
            inner = element.slice
            if isinstance(inner, cst.Index):
                parts.append(self.eval(inner.value))
            else:
                parts.append(SliceVal(self.eval(inner.lower), self.eval(inner.upper), self.eval(inner.step)))
        if len(parts) == 1 and not (len(elements) == 1 and elements[0].comma is not cst.MaybeSentinel.DEFAULT
                                    and isinstance(elements[0].comma, cst.Comma)):
            return parts[0]
        return Seq(parts, "tuple")

    def subscript(self, owner: Value, index: Value, node: cst.CSTNode) -> Value:
        if isinstance(owner, Seq):
            return _index_sequence(owner, index)
        if isinstance(owner, DictVal):
            found = owner.get(index)
            return found if found is not None else UNKNOWN
        if isinstance(owner, ShapeVal):
            return _index_shape(owner, index)
        if isinstance(owner, Tensor):
            return self.call_api("operator.getitem", [owner, index], {}, node)
        if isinstance(owner, Obj):
            return self.call_api(f"{owner.type_name}.__getitem__", [owner, index], {}, node, quiet=True)
        if isinstance(owner, Instance):
            method = owner.cls.lookup("__getitem__")
            if isinstance(method, Function):
                return self.call_function(method, [owner, index], {})
        return UNKNOWN

    # -- operators -----------------------------------------------------------------
    def expr_BinaryOperation(self, node: cst.BinaryOperation) -> Value:
        left = self.eval(node.left)
        right = self.eval(node.right)
        return self.binary(type(node.operator).__name__, left, right, node)

    def binary(self, op_name: str, left: Value, right: Value, node: cst.CSTNode) -> Value:
        if op_name == "Modulo" and isinstance(left, Const) and isinstance(left.value, str):
            operands = right.items if isinstance(right, Seq) and right.kind == "tuple" else [right]
            if any(isinstance(v, Tensor) for v in operands):  # "%.4f" % loss needs a scalar
                return self.call_api("operator.mod", [left, right], {}, node)
        if isinstance(left, (Tensor,)) or isinstance(right, (Tensor,)):
            spec = _BINARY_SPEC.get(op_name)
            if spec is None or not (_tensorish(left) and _tensorish(right)):
                return UNKNOWN
            if spec == "operator.matmul" and not any(isinstance(v, Tensor) and not v.is_numpy
                                                     for v in (left, right)):
                spec = "np.matmul"  # numpy's @ accepts vectors, unlike tf.matmul
            return self.call_api(spec, [left, right], {}, node)
        if isinstance(left, ShapeVal) and left.numpy:
            left = _shape_tuple(left)
        if isinstance(right, ShapeVal) and right.numpy:
            right = _shape_tuple(right)
        if isinstance(left, Seq) or isinstance(right, Seq):
            return _sequence_binary(op_name, left, right)
        if int_like(left) and int_like(right):
            return _int_binary(op_name, left, right)
        if isinstance(left, Const) and isinstance(right, Const):
            return _const_binary(op_name, left.value, right.value)
        return UNKNOWN

    def expr_UnaryOperation(self, node: cst.UnaryOperation) -> Value:
        operand = self.eval(node.expression)
        op_name = type(node.operator).__name__
        if op_name == "Not":
            truth = self.truth(operand)
            return UNKNOWN if truth is None else Const(not truth)
        if isinstance(operand, Tensor):
            spec = {"Minus": "operator.neg", "Plus": "operator.pos", "BitInvert": "operator.invert"}[op_name]
            return self.call_api(spec, [operand], {}, node)
        if isinstance(operand, SymInt) and op_name == "Minus":
            return SymInt(Dim(0) - operand.dim)
        if isinstance(operand, Const) and isinstance(operand.value, (int, float)) \
                and not isinstance(operand.value, bool) or isinstance(operand, Const) and op_name == "BitInvert":
            try:
                return Const({"Minus": pyop.neg, "Plus": pyop.pos, "BitInvert": pyop.invert}[op_name](operand.value))
            except Exception:
                return UNKNOWN
        return UNKNOWN

    def expr_BooleanOperation(self, node: cst.BooleanOperation) -> Value:
        left = self.eval(node.left)
        truth = self.truth(left)
        is_and = isinstance(node.operator, cst.And)
        if truth is None:
            self.eval(node.right)
            return UNKNOWN
        if is_and:
            return self.eval(node.right) if truth else left
        return left if truth else self.eval(node.right)

    def expr_Comparison(self, node: cst.Comparison) -> Value:
        left = self.eval(node.left)
        result: Value = Const(True)
        for target in node.comparisons:
            right = self.eval(target.comparator)
            outcome = self.compare(type(target.operator).__name__, left, right, node)
            if len(node.comparisons) == 1:
                return outcome
            if isinstance(outcome, Const) and outcome.value is False:
                return outcome
            if not (isinstance(outcome, Const) and outcome.value is True):
                result = UNKNOWN
            left = right
        return result

    def compare(self, op_name: str, left: Value, right: Value, node) -> Value:
        if op_name in ("Is", "IsNot"):
            same = _identity(left, right)
            if same is None:
                return UNKNOWN
            return Const(same if op_name == "Is" else not same)
        if op_name in ("In", "NotIn"):
            found = _membership(left, right)
            if found is None:
                return UNKNOWN
            return Const(found if op_name == "In" else not found)
        if isinstance(left, Tensor) or isinstance(right, Tensor):
            if _tensorish(left) and _tensorish(right):
                return self.call_api(_COMPARE_SPEC[op_name], [left, right], {}, node)
            return UNKNOWN
        if isinstance(left, Const) and isinstance(right, Const):
            try:
                return Const(_PY_COMPARE[op_name](left.value, right.value))
            except Exception:
                return UNKNOWN
        if int_like(left) and int_like(right):
            a, b = int_dim(left), int_dim(right)
            decided = {"Equal": a.eq, "NotEqual": a.ne, "LessThan": a.lt, "GreaterThan": a.gt,
                       "LessThanEqual": a.le, "GreaterThanEqual": a.ge}[op_name](b)
            return Const(decided) if isinstance(decided, bool) else UNKNOWN
        return UNKNOWN

    def expr_IfExp(self, node: cst.IfExp) -> Value:
        truth = self.truth(self.eval(node.test))
        if truth is True:
            return self.eval(node.body)
        if truth is False:
            return self.eval(node.orelse)
        from shapetracer.domain.state import merge_values
        return merge_values(self.eval(node.body), self.eval(node.orelse))

    def expr_NamedExpr(self, node: cst.NamedExpr) -> Value:
        value = self.eval(node.value)
        self.assign(node.target, value, node)
        return value

    def expr_Lambda(self, node: cst.Lambda) -> Value:
        from shapetracer.domain.values import Function
        closure = None if self.state.env is self.scope.globals else self.state.env
        return Function(node, self.scope, closure, "<lambda>")

    def expr_Await(self, node) -> Value:
        return self.eval(node.expression)

    def expr_Yield(self, node: cst.Yield) -> Value:
        """Inside a generator being expanded, record what it yields."""
        collector = getattr(self, "_yields", None)
        if collector:
            value = node.value
            if isinstance(value, cst.From):
                items = self.iteration_items(self.eval(value.item))
                if items is None:
                    self.approximations += 1
                    collector[-1].append(UNKNOWN)
                else:
                    collector[-1].extend(items)
            else:
                collector[-1].append(self.eval(value) if value is not None else Const(None))
        return UNKNOWN

    def expr_Call(self, node: cst.Call) -> Value:
        return self.call_node(node)

    # -- comprehensions ---------------------------------------------------------------
    def expr_ListComp(self, node: cst.ListComp) -> Value:
        return self._comprehension(node, "list")

    def expr_GeneratorExp(self, node) -> Value:
        return self._comprehension(node, "list")

    def expr_SetComp(self, node) -> Value:
        result = self._comprehension(node, "list")
        return distinct(result.items) if isinstance(result, Seq) and result.sized else UNKNOWN

    def expr_DictComp(self, node) -> Value:
        result = self._comprehension(node, "list")  # items are (key, value) pairs
        if not isinstance(result, Seq) or not result.sized:
            return UNKNOWN
        built = DictVal()
        for pair in result.items:
            key, value = pair.items
            if not isinstance(key, Const):
                return UNKNOWN  # keys compared by identity would make lookups guesses
            built.set(key, value)
        return built

    def _comprehension(self, node, kind: str) -> Value:
        """Small constant iterables are expanded; others evaluate the element once."""
        saved_env = self.state.env
        self.state.env = dict(saved_env)
        outermost = self._comprehension_budget is None
        if outermost:
            # one flat comprehension may expand many items (its body is one expression);
            # nested ones share the loop bound, so 1,000 x 1,000 is summarised, not built
            self._comprehension_budget = COMPREHENSION_UNROLL if _flat(node) else self.bounds.unroll
        try:
            results, exact = self._comp_for(node.for_in, node)
        finally:
            self.state.env = saved_env
            if outermost:
                self._comprehension_budget = None
        # not expanded item by item: a list of unknown length, its items examples of the elements
        return Seq(results, kind, sized=exact)

    def _comp_for(self, comp: cst.CompFor, node) -> tuple[list[Value], bool]:
        iterable = self.eval(comp.iter)
        items = self.iteration_items(iterable)
        # A comprehension's body is one expression, so it may unroll further than a loop
        # (vocabularies and token lists of a few hundred items are configuration, not data).
        # (the budget counts every item expanded by this comprehension and those nested in it)
        exact = items is not None and len(items) <= self._comprehension_budget
        if exact:
            self._comprehension_budget -= len(items)
        if not exact:
            items = [self.iteration_element(iterable)]
        results: list[Value] = []
        for item in items:
            self.assign(comp.target, item, node)
            keep = True
            for condition in comp.ifs:
                truth = self.truth(self.eval(condition.test))
                if truth is False:
                    keep = False
                elif truth is None:
                    exact = False
            if not keep:
                continue
            if comp.inner_for_in is not None:
                inner, inner_exact = self._comp_for(comp.inner_for_in, node)
                exact = exact and inner_exact
                results.extend(inner)
            else:
                if isinstance(node, cst.DictComp):
                    element = Seq([self.eval(node.key), self.eval(node.value)], "tuple")
                else:
                    element = self.eval(node.elt)
                results.append(element)
            if len(results) > _MAX_SEQ:
                return results[:1], False
        return results, exact

    # -- iteration ---------------------------------------------------------------------
    def iteration_items(self, value: Value) -> list[Value] | None:
        """The exact items of an iterable, when they are known and few."""
        if isinstance(value, Seq):
            return list(value.items) if value.sized else None
        if isinstance(value, ShapeVal) and value.shape.dims is not None:
            return _index_shape_items(value)
        if isinstance(value, DictVal):
            return [k for k, _ in value.entries]
        if isinstance(value, Const) and isinstance(value.value, str) and len(value.value) <= COMPREHENSION_UNROLL:
            return [Const(c) for c in value.value]
        if isinstance(value, Tensor) and value.elements is not None:
            return list(value.elements)
        if isinstance(value, Obj):
            from shapetracer.constraints.core.spec import SPECS
            if f"{value.type_name}.__iter__" in SPECS:
                items = self.call_api(f"{value.type_name}.__iter__", [value], {}, self.scope.module)
                return list(items.items) if isinstance(items, Seq) else None
            return None
        if isinstance(value, Tensor) and value.shape.dims and value.shape.dims[0].known \
                and value.shape.dims[0].value <= 16:
            row = self.iteration_element(value)
            return [row] * value.shape.dims[0].value
        return None

    def iteration_element(self, value: Value) -> Value:
        """One abstract element standing for every item of an unknown iterable."""
        if isinstance(value, Seq) and value.items:
            from shapetracer.domain.state import merge_all
            return merge_all(value.items)
        if isinstance(value, Obj) and value.type_name == "builtins.range":
            return self.fresh_int(lower=None)
        if isinstance(value, Obj) and value.type_name == "generator":
            return value.attrs.get("element", UNKNOWN)
        if isinstance(value, Obj) and "element_spec" in value.attrs:  # tf.data datasets, Keras data iterators
            return value.attrs.get("iterated_element", value.attrs["element_spec"])
        if isinstance(value, Tensor) and value.shape.dims:
            return Tensor(type(value.shape)(value.shape.dims[1:]), value.dtype,
                          "ndarray" if value.is_numpy else "tensor", value.origin)
        return UNKNOWN


# -- pure helpers ---------------------------------------------------------------------

def _method_kind(function: Function) -> str | None:
    """"staticmethod" or "classmethod" for a method so decorated (it takes no instance)."""
    for decorator in getattr(function.node, "decorators", ()):
        if isinstance(decorator.decorator, cst.Name) and decorator.decorator.value in ("staticmethod", "classmethod"):
            return decorator.decorator.value
    return None


def _tensorish(value: Value) -> bool:
    return isinstance(value, (Tensor, SymInt)) or (
        isinstance(value, Const) and isinstance(value.value, (int, float, bool))) or isinstance(value, Seq)




def _int_binary(op_name: str, left: Value, right: Value) -> Value:
    if isinstance(left, Const) and isinstance(right, Const):
        return _const_binary(op_name, left.value, right.value)
    a, b = int_dim(left), int_dim(right)
    if op_name == "Add":
        return SymInt(a + b)
    if op_name == "Subtract":
        return SymInt(a - b)
    if op_name == "Multiply":
        return SymInt(a * b)
    if op_name == "FloorDivide" and b.known and b.value > 0:
        return SymInt(a.floordiv(b))
    if op_name == "Modulo" and b.known and b.value > 0:
        return SymInt(a.mod(b))
    return UNKNOWN


def _const_binary(op_name: str, a, b) -> Value:
    if op_name == "Power":
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(b) <= 64 and abs(a) < 1e6:
            try:
                return Const(a ** b)
            except Exception:
                return UNKNOWN
        return UNKNOWN
    if op_name == "Multiply" and (isinstance(a, str) or isinstance(b, str)):
        count = b if isinstance(a, str) else a
        if not isinstance(count, int) or count > 10_000:
            return UNKNOWN
    if op_name == "Modulo" and isinstance(a, str):
        return UNKNOWN
    if op_name in ("LeftShift",) and isinstance(b, int) and b > 64:
        return UNKNOWN
    fn = _PY_BINARY.get(op_name)
    if fn is None:
        return UNKNOWN
    try:
        return Const(fn(a, b))
    except Exception:
        return UNKNOWN


def _sequence_binary(op_name: str, left: Value, right: Value) -> Value:
    if any(isinstance(v, Seq) and not v.sized for v in (left, right)):
        return UNKNOWN
    if op_name == "Add" and isinstance(left, Seq) and isinstance(right, Seq):
        return Seq(left.items + right.items, left.kind)
    if op_name == "Multiply":
        seq, count = (left, right) if isinstance(left, Seq) else (right, left)
        if isinstance(seq, Seq) and isinstance(count, Const) and isinstance(count.value, int) \
                and 0 <= count.value * max(len(seq.items), 1) <= _MAX_SEQ:
            return Seq(seq.items * count.value, seq.kind)
    return UNKNOWN


def _identity(left: Value, right: Value) -> bool | None:
    if left is right:
        return True
    left_none = isinstance(left, Const) and left.value is None
    right_none = isinstance(right, Const) and right.value is None
    if left_none and right_none:
        return True
    if left_none or right_none:
        other = right if left_none else left
        if other is UNKNOWN or isinstance(other, (BoundMethod,)):
            return None
        if isinstance(other, Const) and other.value is None:
            return True
        return False
    return None


def _index_sequence(owner: Seq, index: Value) -> Value:
    if not owner.sized:
        return UNKNOWN  # its items are examples, not positions
    if isinstance(index, Const) and isinstance(index.value, int) and not isinstance(index.value, bool):
        if -len(owner.items) <= index.value < len(owner.items):
            return owner.items[index.value]
        return UNKNOWN
    if isinstance(index, SliceVal):
        bounds = []
        for part in (index.start, index.stop, index.step):
            if isinstance(part, Const) and (part.value is None or isinstance(part.value, int)):
                bounds.append(part.value)
            else:
                return UNKNOWN
        try:
            return Seq(owner.items[slice(*bounds)], owner.kind)
        except ValueError:
            return UNKNOWN
    return UNKNOWN


def _dim_value(dim: Dim, numpy: bool) -> Value:
    if dim.known:
        return Const(dim.value)
    return SymInt(dim) if numpy else Const(None)


def _index_shape_items(shape: ShapeVal) -> list[Value]:
    return [_dim_value(d, shape.numpy) for d in shape.shape.dims]


def _index_shape(owner: ShapeVal, index: Value) -> Value:
    if owner.shape.dims is None:
        return UNKNOWN
    if isinstance(index, Const) and isinstance(index.value, int):
        if -len(owner.shape.dims) <= index.value < len(owner.shape.dims):
            return _dim_value(owner.shape.dims[index.value], owner.numpy)
        return UNKNOWN
    if isinstance(index, SliceVal):
        sliced = _index_sequence(Seq(list(owner.shape.dims), "tuple"), index)  # type: ignore[arg-type]
        if isinstance(sliced, Seq):
            from shapetracer.domain.dims import Shape
            return ShapeVal(Shape(sliced.items), owner.numpy)  # type: ignore[arg-type]
    return UNKNOWN


def _shape_tuple(shape: ShapeVal) -> Value:
    if shape.shape.dims is None:
        return UNKNOWN
    return Seq(_index_shape_items(shape), "tuple")


def _membership(item: Value, container: Value) -> bool | None:
    """``item in container`` when both are known constants (a checkpoint key in a dict
    of arrays, a mode in a tuple of names); None when it cannot be told."""
    if not isinstance(item, Const):
        return None
    if isinstance(container, DictVal):
        keys = [k for k, _ in container.entries]
    elif isinstance(container, Seq) and container.sized:
        keys = list(container.items)
    elif isinstance(container, Const) and isinstance(container.value, str) and isinstance(item.value, str):
        return item.value in container.value
    else:
        return None
    if not all(isinstance(k, Const) for k in keys):
        return None
    try:
        return any(k.value == item.value for k in keys)
    except Exception:
        return None


COMPREHENSION_UNROLL = 1024
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Lambda)


def _flat(node) -> bool:
    """One ``for`` clause and no comprehension or lambda inside the element."""
    if node.for_in.inner_for_in is not None:
        return False
    parts = [node.key, node.value] if isinstance(node, cst.DictComp) else [node.elt]
    stack = list(parts)
    while stack:
        current = stack.pop()
        if isinstance(current, _COMPREHENSIONS):
            return False
        stack.extend(child_nodes(current))
    return True
