"""Every op family's VALID/INVALID examples are tests (Fixit style).

Each example runs directly on its spec (``run_example``) and through the interpreter's own
dispatch (``Calls.call_api``) under the canonical name of every spelling a program may
use for it (``tf.compat.v1.X``, ``tensorflow.X``, ``tf.keras.X``, ``numpy.X`` …): every run
must bear the example out.  Under the other names its spec registers for the same function
(``tf.math.add`` beside ``tf.add``) it must give the same verdict.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest

from shapetracer.constraints import SPECS, family_modules
from shapetracer.constraints.core.examples import Example, example_spelled, example_target, problems, run_example
from shapetracer.constraints.core.messages import WORDINGS
from shapetracer.constraints.core.spec import _wrap
from shapetracer.domain.state import State, StopPath
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Seq
from shapetracer.frontend import names
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.frontend.scope import ModuleScope
from shapetracer.frontend.source import parse

FAMILIES = family_modules()
CASES = [(module.__name__.rsplit(".", 1)[-1], example)
         for module in FAMILIES for example in getattr(module, "EXAMPLES", [])]
EXAMPLES = [example for _, example in CASES]


# --- running an example the way the interpreter calls a library function -----------------

_SOURCE = parse("example()\n")
_CALL = _SOURCE.module.body[0].body[0].value  # the Call node reports point at


class _ExampleInterpreter(Interpreter):
    """The interpreter, with the examples' Python functions standing for user code."""

    def call_value(self, fn, args, kwargs, site):
        if isinstance(fn, Const) and callable(fn.value):
            return _wrap(fn.value(*args, **kwargs))
        return super().call_value(fn, args, kwargs, site)


def dispatch(name: str, example: Example):
    """``example``'s call made by the interpreter under ``name``: (result, reports)."""
    interpreter = _ExampleInterpreter(target=example_target(example.target))
    scope = ModuleScope("<example>", None, _SOURCE.text, _SOURCE.module, "__main__", tree=_SOURCE.tree)
    interpreter.run.scope, interpreter.run.state = scope, State(scope.globals)
    args = [_wrap(a) for a in example.args]
    kwargs = {k: _wrap(v) for k, v in example.kwargs.items()}
    spelled = example_spelled(example)
    try:
        result = interpreter.calls.call_api(name, args, kwargs, _CALL, spelled=spelled and "keras." + name.split(".", 1)[1])
    except StopPath:  # the op failed: the path ends there, as in a program
        result = UNKNOWN
    return result, [(report.code, report.message.text) for report in interpreter.reports]


# Spellings of one canonical name that programs use (names.canonical maps them back).
_SPELLINGS = {
    "tf.": ("tensorflow.", "tf.compat.v1.", "tensorflow.compat.v1.", "tensorflow.compat.v2."),
    "keras.": ("tf.keras.", "tensorflow.keras.", "tf.compat.v1.keras.", "tensorflow.compat.v1.keras.",
               "tensorflow.python.keras.", "tf_keras.", "keras.src."),
    "np.": ("numpy.",),
}


def spellings(api: str) -> set[str]:
    """The ways a program may write ``api``: import paths, compat modules, re-exports."""
    found = {api}
    for short, longs in _SPELLINGS.items():
        if api.startswith(short):
            found |= {long + api[len(short):] for long in longs}
    found |= {alias for alias, target in names._ALIASES.items() if target == api}
    return found


@lru_cache(maxsize=None)
def spelled_names(api: str) -> tuple[str, ...]:
    """The names the interpreter calls for the spellings of ``api`` (itself among them)."""
    return tuple(sorted({names.canonical(spelling) for spelling in spellings(api)}))


@lru_cache(maxsize=None)
def sibling_names(api: str) -> tuple[str, ...]:
    """The other names ``api``'s spec registers for the same function under another module of
    the same library (tf.math.add beside tf.add, keras.optimizers.legacy.SGD beside
    keras.optimizers.SGD).  They give the same verdict (the codes); their results and messages
    may name themselves."""
    last, root = api.rsplit(".", 1)[-1], api.split(".", 1)[0]
    return tuple(sorted(n for n in SPECS[api].names if n != api and n.split(".", 1)[0] == root
                        and n.rsplit(".", 1)[-1] == last and n not in spelled_names(api)))


@pytest.mark.parametrize("family,example", CASES, ids=[f"{f}:{e.describe()}" for f, e in CASES])
def test_example(family, example):
    result, reports = run_example(example)
    found = problems(example, result, reports)
    assert not found, "\n".join(found)
    for name in spelled_names(example.api) + sibling_names(example.api):
        assert SPECS.get(name) is SPECS[example.api], f"{name} (a spelling of {example.api}) reaches another spec"
        result, reports = dispatch(name, example)
        found = problems(example, result, reports, verdict_only=name not in spelled_names(example.api))
        assert not found, f"through the interpreter as {name}: " + "\n".join(found)


# --- what the examples say -------------------------------------------------------------------

@pytest.mark.parametrize("module", FAMILIES, ids=[m.__name__ for m in FAMILIES])
def test_family_has_valid_and_invalid_examples(module):
    examples = getattr(module, "EXAMPLES", [])
    assert any(e.valid for e in examples), "no valid example"
    if hasattr(module, "NO_FAILURES"):  # a family none of whose ops can fail says why, and holds no check
        assert not any(not e.valid for e in examples), "NO_FAILURES, but an invalid example"
        assert not re.search(r"ctx\.(fail|require|warn)\(", Path(module.__file__).read_text())
    else:
        assert any(not e.valid for e in examples), "no invalid example"
    assert module.__doc__, "a family module says what it models"


def test_every_example_names_a_registered_api():
    for _, example in CASES:
        assert example.api in SPECS


def test_every_valid_example_states_its_result():
    silent = [f"{family}: {e.describe()}" for family, e in CASES if e.valid and e.expect is None]
    assert silent == [], "state expect= (ANY, with a comment, if the result does not matter):\n" + "\n".join(silent)


@pytest.mark.parametrize("module", FAMILIES, ids=[m.__name__ for m in FAMILIES])
def test_family_states_the_message_of_a_failure(module):
    failing = [e for e in getattr(module, "EXAMPLES", []) if not e.valid]
    assert hasattr(module, "NO_FAILURES") or any(e.message for e in failing), \
        "give a bad example message='a fragment of the error'"


# --- every registered name is exercised -------------------------------------------------------

# Names no example exercises, each with the reason.  Keep it short: an example is better.
ALLOWLIST: dict[str, str] = {
}


def _objects(value, found: set[str], seen: set[int] | None = None) -> None:
    """The type names of the objects in ``value`` (through lists, dicts and attributes)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Obj):
        found.add(value.type_name)
        items = list(value.attrs.values())
    elif isinstance(value, Seq):
        items = list(value.items)
    elif isinstance(value, DictVal):
        items = [item for _, item in value.entries]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    elif isinstance(value, dict):
        items = list(value.values())
    else:
        return
    for item in items:
        _objects(item, found, seen)


def exercised() -> set[str]:
    """Names the examples run: their own, the names their dispatch reaches, and the
    constructors of the objects they pass (``L("keras.layers.Dense", 10)`` builds one)."""
    found: set[str] = set()
    for example in EXAMPLES:
        found.add(example.api)
        found.update(spelled_names(example.api) + sibling_names(example.api))
        built: set[str] = set()
        _objects(list(example.args) + list(example.kwargs.values()), built)
        found.update(name for name in built if name in SPECS)
    return found


def test_every_spec_name_has_an_example_or_a_reason():
    missing = sorted(set(SPECS) - exercised() - set(ALLOWLIST))
    assert missing == [], f"{len(missing)} modelled names without an example: {missing}"


def test_allowlist_is_current():
    stale = sorted(name for name in ALLOWLIST if name not in SPECS or name in exercised())
    assert stale == [], f"allowlisted but modelled no more, or exercised now: {stale}"
    assert len(ALLOWLIST) <= 30


# --- TensorFlow's wording lives in constraints/core/messages.py-------------------------------

CONSTRAINTS = Path(__file__).resolve().parents[1] / "shapetracer" / "constraints"


def _spelled_out(path: Path) -> list[tuple[int, str]]:
    """(line, wording) of each string in ``path``'s code (not docstrings, not EXAMPLES)
    that spells out one of the library wordings messages.py owns."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        body = getattr(node, "body", None)
        children = list(ast.iter_child_nodes(node))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            children.remove(body[0])  # the docstring
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "EXAMPLES" for t in targets):
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.extend((node.lineno, wording) for wording in WORDINGS if wording in node.value)
        for child in children:
            visit(child)

    visit(ast.parse(path.read_text()))
    return found


def test_library_wordings_are_spelled_out_only_in_messages():
    found = [f"{path.name}:{line}: {wording!r}" for path in sorted(CONSTRAINTS.rglob("*.py"))
             if path.name != "messages.py" for line, wording in _spelled_out(path)]
    assert found == [], "use shapetracer.constraints.core.messages:\n" + "\n".join(found)
