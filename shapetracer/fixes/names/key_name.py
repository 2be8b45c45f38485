"""A dictionary key or a command-line argument spelled unlike the one the program defines:
``CONFIG["batch"]`` where the dict holds ``"batch_size"``, ``args.batchsize`` where the
parser defines ``batch_size`` — the key (or attribute) on the finding's line is replaced by
the defined one it is closest to (one close spelling, or the initials of its words:
``learning_rate`` -> ``lr``), taken from the finding's list of defined names.

Unsafe: another entry is read.
"""

from __future__ import annotations

import difflib
from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.MISSING_KEY, codes.MISSING_ARGUMENT})

INVALID = [
    ("CONFIG = {'epochs': 2, 'batch_size': 4}\n"
     "for start in range(0, 12, CONFIG['batch']):\n"
     "    print(start)\n",
     "CONFIG = {'epochs': 2, 'batch_size': 4}\n"
     "for start in range(0, 12, CONFIG['batch_size']):\n"
     "    print(start)\n"),
    ("import argparse\n"
     "parser = argparse.ArgumentParser()\n"
     "parser.add_argument('--lr', type=float, default=0.1)\n"
     "args = parser.parse_args([])\n"
     "print(args.learning_rate * 2)\n",
     "import argparse\n"
     "parser = argparse.ArgumentParser()\n"
     "parser.add_argument('--lr', type=float, default=0.1)\n"
     "args = parser.parse_args([])\n"
     "print(args.lr * 2)\n"),
]
VALID = [
    "CONFIG = {'epochs': 2, 'batch_size': 4}\n"
    "for start in range(0, 12, CONFIG['batch_size']):\n"
    "    print(start)\n",
    "import argparse\n"
    "parser = argparse.ArgumentParser()\n"
    "parser.add_argument('--lr', type=float, default=0.1)\n"
    "args = parser.parse_args([])\n"
    "print(args.lr * 2)\n",
]

def _closest(wrong: str, defined: list[str]) -> str | None:
    """The one defined name ``wrong`` was meant to be, if there is exactly one."""
    initials = [d for d in defined if "_" in wrong and d == "".join(p[0] for p in wrong.split("_") if p)]
    if len(initials) == 1:
        return initials[0]
    words = wrong.split("_")
    longer = [d for d in defined if d.split("_")[:len(words)] == words or d.split("_")[-len(words):] == words]
    if len(longer) == 1:
        return longer[0]  # batch -> batch_size, layers -> num_layers
    scored = sorted(((difflib.SequenceMatcher(None, wrong, d).ratio(), d) for d in defined), reverse=True)
    if not scored or scored[0][0] < 0.7:
        return None
    if len(scored) > 1 and scored[1][0] >= scored[0][0] - 0.1:
        return None  # two names as close: no guess
    return scored[0][1]


def propose(ctx: FixContext) -> Iterator[Fix]:
    facts = ctx.finding.args
    line = {ctx.finding.line}
    if ctx.finding.code == codes.MISSING_KEY and isinstance(facts.get("key"), str):
        wrong = facts["key"]
        defined = [key for key in facts.get("keys", ()) if isinstance(key, str) and key]
        right = _closest(wrong, defined)
        if right is None:
            return
        for sub in ctx.of_type(cst.Subscript, line):
            for element in sub.slice:
                index = element.slice
                if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString) \
                        and index.value.evaluated_value == wrong:
                    quote = index.value.quote
                    yield ctx.fix(f"Read the key '{right}' the dict defines on line {ctx.finding.line}",
                                  ctx.replace(index.value, f"{quote}{right}{quote}"))
    elif ctx.finding.code == codes.MISSING_ARGUMENT and "attribute" in facts:
        wrong = facts["attribute"]
        defined = list(facts.get("defined", ()))
        right = _closest(wrong, defined)
        if right is None:
            return
        for attribute in ctx.of_type(cst.Attribute, line):
            if attribute.attr.value == wrong:
                yield ctx.fix(f"Read the argument '{right}' the parser defines on line {ctx.finding.line}",
                              ctx.replace(attribute.attr, right))
