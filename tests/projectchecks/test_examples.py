"""The project rules' documented examples (rules/project_examples.py), run as jobs: each
failing project draws its code, each fixed one draws nothing of the project rules."""

from __future__ import annotations

import pytest

from shapetracer.engine import check_file
from shapetracer.options import Options
from shapetracer.project.workspace import Workspace
from shapetracer.rules.project_examples import EXAMPLES, Project


def _project_codes(tmp_path, project: Project) -> list[str]:
    for name, text in project.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text if text is not None else "")
    scripts = [name for name, text in project.items() if name.endswith(".py") and text is not None]
    options = Options(generic=False, keep_shapes=False, workspace=Workspace.of_folder(tmp_path))
    return [f.code for name in scripts for f in check_file(tmp_path / name, options).findings
            if f.code.startswith("ST5")]


CASES = [(code, kind, index, project) for code, (failing, passing) in EXAMPLES.items()
         for kind, projects in (("failing", failing), ("fixed", passing)) for index, project in enumerate(projects)]


@pytest.mark.parametrize("code, kind, index, project", CASES, ids=[f"{c}-{k}-{i}" for c, k, i, _ in CASES])
def test_documented_example(tmp_path, code, kind, index, project):
    found = _project_codes(tmp_path, project)
    assert found == ([code] if kind == "failing" else [])


def test_every_project_rule_has_examples_both_ways():
    assert set(EXAMPLES) == {"ST501", "ST502"}
    assert all(failing and passing for failing, passing in EXAMPLES.values())
