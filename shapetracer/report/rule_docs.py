"""Rule documentation, generated from the registry and the op specs' own examples.

Nothing describes a rule twice: the summary comes from the registry, the
failing and passing examples from the ``EXAMPLES`` of the op families that
report the code.  ``docs/rules/`` is this module's output, and a test fails
when the committed copy is stale (regenerate with ``python -m shapetracer.report.rule_docs``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from shapetracer.rules.codes import RULES, Rule

_RUNTIME = {
    "shape": "TensorFlow checks these shapes when the op is built (graph mode: ValueError at this line) or "
             "run (eager: InvalidArgumentError), so the job dies here, possibly hours into training.",
    "shape-warning": "The program runs, but computes something other than intended, or fails only for "
                     "some inputs.",
    "input": "Python cannot compile the file, so the job fails before any op runs.",
    "note": "This is a note about the analysis, not about the program.",
    "python": "Python raises this when the line runs (SyntaxError codes: before anything runs), "
              "crashing the job.",
    "dtype": "TensorFlow never promotes dtypes: graph building raises TypeError at this line, eager "
             "execution InvalidArgumentError, so the job dies here.",
    "container": "Python raises KeyError, AttributeError or IndexError when the line runs, often after the "
                 "model was built or trained for a while.",
    "project": "The job dies where the line runs, in an environment made from the project's files (an import "
               "no requirement installs: ModuleNotFoundError) or in the job's working folder (a file it does not "
               "hold: FileNotFoundError).",
    "memory": "The allocation fails with ResourceExhaustedError (OOM) on a device of that size; the warning "
              "names the bytes and the dims that make them.",
}


def examples_for(code: str) -> tuple[list[str], list[str]]:
    """(failing, passing) examples: op calls from the families that report ``code`` (one
    from each of them, then more, at least four), or source snippets for the generic
    Python-bug codes."""
    from shapetracer.constraints import family_modules
    from shapetracer.rules.codes import RULES

    if code in RULES and RULES[code].family == "python":
        from shapetracer.generic.examples import examples_for as generic_examples
        return generic_examples(code)
    if code in RULES and RULES[code].family == "project":
        from shapetracer.rules.project_examples import examples_for as project_examples
        return project_examples(code)
    if code in RULES and RULES[code].family == "container":
        from shapetracer.rules.container_examples import examples_for as container_examples
        return container_examples(code)

    failing, passing = [], []
    for module in family_modules():
        examples = getattr(module, "EXAMPLES", [])
        fails = _tf_first([e for e in examples if e.code == code or e.warns == code])
        apis = {e.api for e in fails}
        failing.append(fails)
        passing.append(_tf_first([e for e in examples if e.valid and e.api in apis and e.warns != code]))
    return _one_per_family(failing), _one_per_family(passing)


def _tf_first(examples: list) -> list:
    return sorted(examples, key=lambda e: (not e.api.startswith("tf."), e.api))  # TensorFlow spellings first


def _one_per_family(groups: list[list], least: int = 4) -> list[str]:
    """Every family's first example, then their second ones and so on, until ``least`` are shown."""
    chosen: list = []
    for depth in range(max((len(g) for g in groups), default=0)):
        if depth and len(chosen) >= least:
            break
        turn = _tf_first([group[depth] for group in groups if depth < len(group)])
        chosen += turn if not depth else turn[:least - len(chosen)]
    return [example.describe() for example in chosen]


def _indented(example: str) -> str:
    return "\n".join("    " + line for line in example.strip("\n").splitlines())


def explain_text(rule: Rule) -> str:
    failing, passing = examples_for(rule.code)
    lines = [f"{rule.code} {rule.name}", "",
             f"Severity: {rule.severity}. Category: {rule.category}."
             + ("" if rule.enabled_by_default else " Off by default."), "",
             "## What it detects", rule.summary, "",
             "## Why it fails", _RUNTIME.get(rule.family, "It crashes the job at run time."), ""]
    if failing:
        lines += ["## Failing example"] + [_indented(e) for e in failing] + [""]
    if passing:
        lines += ["## Fixed example"] + [_indented(e) for e in passing] + [""]
    if rule.args:
        lines += ["## Facts", "What its messages are rendered from: each finding carries some of these as "
                  "`args` (JSON, SARIF `properties`, the editor's diagnostic `data`).", ""]
        kinds: dict[str, list[str]] = {}
        for name, kind in rule.args.items():
            kinds.setdefault(kind.name, []).append(f"`{name}`")
        lines += [f"- {', '.join(names)}: {kind}" for kind, names in kinds.items()] + [""]
    return "\n".join(lines)


def render_index() -> str:
    rows = ["# shapetracer rules", "", "| code | name | severity | summary |", "| --- | --- | --- | --- |"]
    for rule in RULES.values():
        rows.append(f"| [{rule.code}]({rule.code}.md) | {rule.name} | {rule.severity} | {rule.summary} |")
    return "\n".join(rows) + "\n"


def generate(target: Path) -> dict[Path, str]:
    """The docs tree as {path: text}."""
    pages = {target / "README.md": render_index()}
    for rule in RULES.values():
        pages[target / f"{rule.code}.md"] = "# " + explain_text(rule)
    return pages


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "docs" / "rules"
    target.mkdir(parents=True, exist_ok=True)
    for stale in target.glob("*.md"):
        stale.unlink()
    for path, text in generate(target).items():
        path.write_text(text)
    print(f"wrote {len(RULES) + 1} pages to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
