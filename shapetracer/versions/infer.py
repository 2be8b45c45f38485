"""The TensorFlow a file's own code was written for, when nothing pins one.

A TF 1 script checked against the installed TensorFlow 2.21 gets an ST401 for every TF 1
name it uses (23 on a 40-line training script): each is right, and together they bury the
one shape bug on a first run.  Collapsing them into one finding would keep the shape pass
on 2.21 semantics the script was never written for (Keras 3 ``fit``, no graph mode); the
code itself says better which TensorFlow it expects.  So, for a file with no flag, config,
pin or job log deciding its version (``Target.from_environment``), the version becomes the
supported one under which the fewest of the TensorFlow and Keras names the file uses are
missing, when that is strictly fewer than under the installed (or newest) one; ties keep
it.  The target's source says so, with both counts (``--statistics``, JSON ``targets``,
the summary of ``check``), and the shape findings are checked against it.

The count is a census of the module's own text, read before the analysis: imports and
attribute chains on names the file imports from ``tensorflow``, ``keras`` or ``tf_keras``,
each asked of the same API model and the same lookups the ST401/ST402 rules use
(``constraints.core.api_changes``), counted once per name.  ``scan`` and ``study`` never
infer: a job's target is the one it ran on, and the API findings are what explain why it
failed.
"""

from __future__ import annotations

import ast
import dataclasses

from shapetracer.domain.target import SUPPORTED, Target, target_for, with_environment

_ROOTS = ("tensorflow", "keras", "tf_keras")


@dataclasses.dataclass(frozen=True)
class Census:
    """The TensorFlow/Keras names a module uses, as the API rules look them up."""

    attributes: frozenset[tuple[str, str]]  # (module path, attribute): tf.placeholder -> ("tensorflow", "placeholder")
    imports: frozenset[tuple[str, tuple[str, ...]]]  # (module, names imported from it)

    def missing(self, target: Target) -> int:
        """How many of these names ``target`` lacks (and another supported version has)."""
        # the API model is read only for a file that names TensorFlow or Keras
        from shapetracer.constraints.core import api_changes

        missing = {f"{owner}.{attribute}" for owner, attribute in self.attributes
                   if api_changes.missing_attribute(owner, attribute, target) is not None}
        missing |= {module for module, names in self.imports
                    if api_changes.missing_import(module, names, target) is not None}
        return len(missing)


def census(tree: ast.Module) -> Census:
    """The names ``tree`` reads from TensorFlow and Keras (scopes are not told apart: a count
    to compare versions by, not findings)."""
    aliases: dict[str, str] = {}
    imports: set[tuple[str, tuple[str, ...]]] = set()
    chains: list[ast.Attribute] = []  # read once the aliases are all known: one walk, not two
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            chains.append(node)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in _ROOTS:
                    imports.add((alias.name, ()))
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:
                        aliases[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in _ROOTS:
                names = tuple(a.name for a in node.names if a.name != "*")
                imports.add((node.module, names))
                for alias in node.names:
                    if alias.name != "*":
                        aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    attributes: set[tuple[str, str]] = set()
    if aliases:
        for node in chains:
            chain = _chain(node)
            if chain is not None and chain[0] in aliases:
                owner = aliases[chain[0]]
                for attribute in chain[1:]:
                    attributes.add((owner, attribute))
                    owner = f"{owner}.{attribute}"
    return Census(frozenset(attributes), frozenset(imports))


def _chain(node: ast.Attribute) -> list[str] | None:
    """``a.b.c`` -> ["a", "b", "c"]; None when the chain does not start at a name."""
    parts = []
    current: ast.expr = node
    while isinstance(current, ast.Attribute):
        parts.append(current.attr)
        current = current.value
    if not isinstance(current, ast.Name):
        return None
    return [current.id, *reversed(parts)]


def from_code(target: Target, tree: ast.Module) -> Target:
    """``target``, or the version the code fits better when ``target`` only came from the
    environment (see the module's docstring)."""
    if not target.from_environment:
        return target
    names = census(tree)
    if not names.attributes and not names.imports:
        return target
    current = names.missing(target)
    if current == 0:
        return target
    counts = {version: names.missing(_candidate(version)) for version in SUPPORTED if version != target.api_version}
    best = min(counts, key=lambda version: (counts[version], -SUPPORTED.index(version)))
    if counts[best] >= current:
        return target
    source = (f"the code: {current} TensorFlow name(s) it uses are missing under the {target.source.split(',')[0]} "
              f"{target.version}, {counts[best]} under {best}")
    return with_environment(_candidate(best, source))


def _candidate(version: str, source: str = "the code") -> Target:
    target = target_for(version, source)
    assert target is not None
    return target
