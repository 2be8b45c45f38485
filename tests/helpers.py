"""Small helpers shared by the tests: analyse a snippet, read what it found."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path

from shapetracer.engine import Options, check_source
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.frontend.source import parse


def findings_of(source: str, **options) -> list:
    """Shape findings (pyflakes off) of a dedented snippet."""
    opts = Options(generic=options.pop("generic", False), **options)
    return check_source(textwrap.dedent(source).encode(), "snippet.py", None, opts).findings


def codes_of(source: str, **options) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in findings_of(source, **options)]


def globals_of(source: str) -> dict:
    """Run the interpreter on a snippet and return its module globals."""
    parsed = parse(textwrap.dedent(source))
    interpreter = Interpreter()
    scope = interpreter.run_file("snippet.py", None, parsed)
    return scope.globals


def load_projects_meta():
    """tests/oracle/projects_meta.py, the one reader of corpus/projects' manifests, loaded by
    path like corpus_meta."""
    if "projects_meta" in sys.modules:
        return sys.modules["projects_meta"]
    spec = importlib.util.spec_from_file_location("projects_meta", Path(__file__).parent / "oracle" / "projects_meta.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["projects_meta"] = module
    spec.loader.exec_module(module)
    return module


def load_corpus_meta():
    """tests/oracle/corpus_meta.py, the one reader of the corpus labels, loaded by path
    (tests/oracle runs as scripts too, so it is not imported as a package)."""
    if "corpus_meta" in sys.modules:
        return sys.modules["corpus_meta"]
    spec = importlib.util.spec_from_file_location("corpus_meta", Path(__file__).parent / "oracle" / "corpus_meta.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus_meta"] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


def fact_problems(code: str, args: dict) -> list[str]:
    """What is wrong with a report's facts: a fact its code does not declare (rules.codes)
    or a value not of its kind (rules.facts); nested messages are held to the code they
    stand for (ST201's requirement) or to the vocabulary."""
    from shapetracer.rules.codes import RULES
    from shapetracer.rules.facts import FACTS
    from shapetracer.rules.message import Message

    declared = RULES[code].args
    problems = []
    for name, value in args.items():
        kind = declared.get(name)
        if kind is None:
            problems.append(f"{code} does not declare the fact {name}={value!r}")
        elif not kind.accepts(value):
            problems.append(f"{code}: {name}={value!r} is not {kind.name}")
        nested = [value] if isinstance(value, Message) else \
            [v for v in value if isinstance(v, Message)] if isinstance(value, tuple) else []
        for message in nested:
            inner = args.get("requirement_code") if name == "requirement" else None
            if inner is not None:
                problems += fact_problems(inner, message.args)
            else:
                problems += [f"{code}: {name}: unknown fact {k}" for k in message.args if k not in FACTS]
    return problems
