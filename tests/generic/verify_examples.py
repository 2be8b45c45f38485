"""Run every generic example under this Python and check what it raises.

    python -m tests.generic.verify_examples

Not a test (it executes snippets in child interpreters, and the test suite proves the
generic pass never starts processes): a check of the claims written in
shapetracer/generic/examples.py, run by hand when the examples change.
"""

from __future__ import annotations

import subprocess
import sys

from shapetracer.generic.examples import INVALID, VALID
from shapetracer.rules.codes import RULES

# The exceptions each taxonomy category stands for.
_EXCEPTIONS = {
    "undefined-name": ("NameError", "UnboundLocalError"),
    "attribute-error": ("AttributeError",),
    "call-error": ("TypeError",),
    "type-error": ("TypeError",),
    "import-error": ("ImportError", "ModuleNotFoundError"),
    "key-error": ("KeyError",),
    "index-error": ("IndexError",),
    "syntax-error": ("SyntaxError", "IndentationError", "TabError"),
    "value-error": ("ValueError",),
}

_RUNNER = """
import sys
source = sys.stdin.read()
try:
    code = compile(source, "snippet.py", "exec")
    exec(code, {"__name__": "__main__"})
except BaseException as exc:
    print(type(exc).__name__)
else:
    print("OK")
"""


def outcome(source: str) -> str:
    done = subprocess.run([sys.executable, "-c", _RUNNER], input=source, capture_output=True,
                          text=True, timeout=60, check=False)
    lines = done.stdout.strip().splitlines() or done.stderr.strip().splitlines() or ["(nothing)"]
    return lines[-1]  # the snippet's own prints come first


def main() -> int:
    problems = 0
    for code, tool_id, source in INVALID:
        got = outcome(source)
        if got not in _EXCEPTIONS[RULES[code].category]:
            problems += 1
            print(f"INVALID {code} {tool_id}: raised {got}\n{source}")
    for code, source in VALID:
        got = outcome(source)
        if got != "OK":
            problems += 1
            print(f"VALID {code}: raised {got}\n{source}")
    print(f"{len(INVALID)} invalid, {len(VALID)} valid, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
