"""Which modules are run as scripts.

A project is analysed from the modules people run: each is interpreted with the modules
it imports, so a helper module's functions are checked with the values its callers
really pass, and a module attribute one module writes is seen where another reads it.
A run starts at

- a module with an ``if __name__ == "__main__":`` block,
- a module named by a console script in ``pyproject.toml`` (``[project.scripts]``),
- a module no other project module imports (a script whose work is at module level, or
  a library nobody uses yet: checked on its own, with unknown inputs).

A module that other modules import and that has no ``__main__`` block is not run on its
own, even when it does work at module level: Python runs that work when the module is
imported, with the values its importers set first (``settings.NUM_FEATURES = x.shape[1]``
before ``network.py`` reads it).  Run alone it would see none of them, and report what
no run of the project can raise.
"""

from __future__ import annotations

import ast


def is_main_guard(node: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either side of the comparison)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare) or len(node.test.ops) != 1:
        return False
    sides = [node.test.left, *node.test.comparators]
    names = [s for s in sides if isinstance(s, ast.Name) and s.id == "__name__"]
    texts = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__"]
    return bool(names and texts) and isinstance(node.test.ops[0], ast.Eq)


def console_script_modules(pyproject_text: str) -> list[tuple[str, str | None]]:
    """``[project.scripts]`` (and Poetry's ``[tool.poetry.scripts]``) of a pyproject.toml:
    (module, function) pairs; an unreadable file names none."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ImportError:
            return []
    try:
        data = tomllib.loads(pyproject_text)
    except (ValueError, TypeError):
        return []
    tables = [data.get("project", {}).get("scripts", {}),
              data.get("tool", {}).get("poetry", {}).get("scripts", {})]
    found: list[tuple[str, str | None]] = []
    for table in tables:
        if not isinstance(table, dict):
            continue
        for target in table.values():
            if isinstance(target, str) and target.strip():
                module, _, function = target.strip().partition(":")
                found.append((module.strip(), function.strip() or None))
    return found
