"""Comprehensions and generator expressions: expanded item by item when the items are few
and known, otherwise the element evaluated once for an unknown item.

A comprehension's body is one expression, so it may unroll further than a loop
(vocabularies and token lists of a few hundred items are configuration, not data);
nested comprehensions share one budget, so 1,000 x 1,000 is summarised, not built.
"""

from __future__ import annotations

import libcst as cst

from shapetracer.domain.values import UNKNOWN, Const, DictVal, Seq, Value, distinct
from shapetracer.frontend.assignment import Assigner
from shapetracer.frontend.dispatch import Dispatch
from shapetracer.frontend.operations import COMPREHENSION_UNROLL, MAX_SEQUENCE, Operations, truth_of
from shapetracer.frontend.run import Run
from shapetracer.frontend.scope import child_nodes

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Lambda)


class Comprehensions:
    """The handlers of list, set and dict comprehensions and generator expressions."""

    def __init__(self, run: Run, dispatch: Dispatch, operations: Operations, assigner: Assigner):
        self.run = run
        self.eval = dispatch.eval
        self.operations = operations
        self.assign = assigner.assign
        self._budget: int | None = None  # items the outermost comprehension may still expand

    def list_comprehension(self, node: cst.ListComp) -> Value:
        return self._expand(node, "list")

    def generator_expression(self, node: cst.GeneratorExp) -> Value:
        return self._expand(node, "list")

    def set_comprehension(self, node: cst.SetComp) -> Value:
        result = self._expand(node, "list")
        return distinct(result.items) if isinstance(result, Seq) and result.sized else UNKNOWN

    def dict_comprehension(self, node: cst.DictComp) -> Value:
        result = self._expand(node, "list")  # items are (key, value) pairs
        if not isinstance(result, Seq) or not result.sized:
            return UNKNOWN
        built = DictVal()
        for pair in result.items:
            key, value = pair.items
            if not isinstance(key, Const):
                return UNKNOWN  # keys compared by identity would make lookups guesses
            built.set(key, value)
        return built

    def _expand(self, node, kind: str) -> Value:
        """Small constant iterables are expanded; others evaluate the element once."""
        run = self.run
        saved_env = run.state.env
        run.state.env = dict(saved_env)
        outermost = self._budget is None
        if outermost:
            # one flat comprehension may expand many items (its body is one expression);
            # nested ones share the loop bound, so 1,000 x 1,000 is summarised, not built
            self._budget = COMPREHENSION_UNROLL if _flat(node) else run.bounds.unroll
        try:
            results, exact = self._for_clause(node.for_in, node)
        finally:
            run.state.env = saved_env
            if outermost:
                self._budget = None
        # not expanded item by item: a list of unknown length, its items examples of the elements
        return Seq(results, kind, sized=exact)

    def _for_clause(self, comp: cst.CompFor, node) -> tuple[list[Value], bool]:
        iterable = self.eval(comp.iter)
        items = self.operations.iteration_items(iterable)
        # (the budget counts every item expanded by this comprehension and those nested in it)
        exact = items is not None and len(items) <= self._budget
        if exact:
            self._budget -= len(items)
        if not exact:
            items = [self.operations.iteration_element(iterable)]
        results: list[Value] = []
        for item in items:
            self.assign(comp.target, item, node)
            keep = True
            for condition in comp.ifs:
                truth = truth_of(self.eval(condition.test))
                if truth is False:
                    keep = False
                elif truth is None:
                    exact = False
            if not keep:
                continue
            if comp.inner_for_in is not None:
                inner, inner_exact = self._for_clause(comp.inner_for_in, node)
                exact = exact and inner_exact
                results.extend(inner)
            else:
                if isinstance(node, cst.DictComp):
                    element = Seq([self.eval(node.key), self.eval(node.value)], "tuple")
                else:
                    element = self.eval(node.elt)
                results.append(element)
            if len(results) > MAX_SEQUENCE:
                return results[:1], False
        return results, exact


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
