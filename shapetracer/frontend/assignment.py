"""Assignment: binding a value to a target (a name, a tuple to unpack, an attribute, an item).

Names are bound in the running path's environment.  An attribute or item of an object
is set in the object itself (shared by every path that holds it); ``FLAGS.x = ...`` sets
a program flag and ``module.x = ...`` a user module's attribute, which live outside the
paths and so are joined with their old values in a branch that may not run.
"""

from __future__ import annotations

import libcst as cst

from shapetracer.domain.state import merge_values
from shapetracer.domain.values import UNKNOWN, ApiRef, Const, DictVal, Instance, ModuleVal, Obj, Seq, Tensor, Value
from shapetracer.frontend.containers import Recorder
from shapetracer.frontend.dispatch import Dispatch
from shapetracer.frontend.expressions import Evaluator
from shapetracer.frontend.operations import Operations
from shapetracer.frontend.reporting import Reporter
from shapetracer.frontend.run import Run


class Assigner:
    """Binds values to assignment targets; the handler of ``:=``."""

    def __init__(self, run: Run, reporter: Reporter, dispatch: Dispatch, operations: Operations,
                 evaluator: Evaluator, containers: Recorder):
        self.run = run
        self.containers = containers
        self.reporter = reporter
        self.eval = dispatch.eval
        self.operations = operations
        self.evaluator = evaluator

    def named_expression(self, node: cst.NamedExpr) -> Value:
        value = self.eval(node.value)
        self.assign(node.target, value, node)
        return value

    def assign(self, target: cst.CSTNode, value: Value, stmt: cst.CSTNode) -> None:
        run = self.run
        env = run.state.env
        kind = type(target)  # libcst's node classes are ABCs: a failing isinstance is slow
        if kind is cst.Name:
            env[target.value] = value
            if isinstance(value, Tensor) and self.reporter.shape_log is not None:
                self.reporter.shape_log.append((self.reporter.site(target), value))
        elif kind is cst.Tuple or kind is cst.List:
            self._unpack(target, value, stmt)
        elif kind is cst.Attribute:
            owner = self.eval(target.value)
            if isinstance(owner, (Instance, Obj)):
                owner.attrs[target.attr.value] = value
            elif isinstance(owner, ModuleVal):
                # `settings.NUM_FEATURES = x.shape[1]`: a module's attributes are shared by every
                # module that imports it, read later where they are used (a function of another
                # module reads the value written before it is called); like flags, they live
                # outside the paths, so a write in a branch that may not run joins the old value
                globals_ = owner.scope.globals
                name = target.attr.value
                globals_[name] = merge_values(globals_.get(name, UNKNOWN), value) if run.undecided else value
            elif isinstance(owner, ApiRef) and owner.qualname.endswith("FLAGS") and owner.qualname != "FLAGS":
                # `if FLAGS.width is None: FLAGS.width = FLAGS.height`: the flag keeps the
                # value for the rest of the program; flags live outside the paths, so in a
                # branch that may not run the old and new values are joined
                name = target.attr.value
                run.flags[name] = merge_values(run.flags.get(name, UNKNOWN), value) if run.undecided else value
        elif kind is cst.Subscript:
            owner = self.eval(target.value)
            if isinstance(owner, DictVal) and len(target.slice) == 1 \
                    and isinstance(target.slice[0].slice, cst.Index):
                key = self.eval(target.slice[0].slice.value)
                if not self.containers.raised_here(run.current_place, owner, key):
                    owner.set(key, value)
            elif isinstance(owner, Seq) and len(target.slice) == 1 \
                    and isinstance(target.slice[0].slice, cst.Index):
                index = self.eval(target.slice[0].slice.value)
                if isinstance(index, Const) and isinstance(index.value, int) \
                        and -len(owner.items) <= index.value < len(owner.items):
                    owner.items[index.value] = value
            elif isinstance(owner, Tensor) and owner.is_numpy:
                # numpy broadcasts the value into the part the key selects (numpy/item_assignment)
                part = self.operations.calls.call_api(
                    "operator.getitem", [owner, self.evaluator.index_value(target.slice)], {}, target)
                self.operations.calls.call_api("ndarray.__setitem__", [part, value], {}, stmt)
            elif isinstance(owner, Obj):
                self.operations.object_item(owner, "__setitem__", lambda: self.evaluator.index_value(target.slice),
                                            [value], stmt)
        elif kind is cst.StarredElement:
            self.assign(target.value, UNKNOWN, stmt)

    def _unpack(self, target, value: Value, stmt) -> None:
        elements = [e.value for e in target.elements]
        starred = [i for i, e in enumerate(target.elements) if isinstance(e.value, cst.StarredElement)
                   or isinstance(e, cst.StarredElement)]
        items = self.operations.iteration_items(value)
        if items is not None and not starred and len(items) == len(elements):
            for element, item in zip(elements, items):
                self.assign(element, item, stmt)
            return
        for element in elements:
            self.assign(element, UNKNOWN, stmt)
