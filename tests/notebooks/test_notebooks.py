"""Notebooks: the code cells run as one program, findings land at (cell, line in cell).

The corpus notebooks (corpus/notebooks/, generated from corpus/shape programs) carry
their ``# expect: CODE`` marker in a cell, so the expected place is read from the
notebook itself; their twins, made from the fixed programs, must give nothing.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_file, check_source
from shapetracer.frontend import notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "corpus" / "notebooks"


def _generator():
    spec = importlib.util.spec_from_file_location("make_notebooks", NOTEBOOKS / "make_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATOR = _generator()
BUGGY = sorted(NOTEBOOKS.glob("*_bug_*.ipynb"))


def nb(*cells: tuple[str, str], **top) -> bytes:
    """A notebook of (cell_type, source) pairs."""
    document = {"cells": [{"cell_type": kind, "metadata": {}, "source": source,
                           **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                          for kind, source in cells],
                "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5, **top}
    return json.dumps(document).encode()


def check(data: bytes, **options) -> list:
    return check_source(data, "model.ipynb", None, Options(**options)).findings


def _version(notebook_path: Path) -> str:
    """The newest TensorFlow the source program's header lists (the target its labels hold under)."""
    cells = json.loads(notebook_path.read_text())["cells"]
    text = "".join("".join(c["source"]) for c in cells)
    listed = next((line.split(":", 1)[1] for line in text.splitlines() if line.startswith("# tf:")), "2.21")
    return [v.strip() for v in listed.split(",")][-1]


def test_the_corpus_notebooks_are_generated_from_the_corpus_programs():
    assert len(BUGGY) >= 10
    stale = [path.name for path, text in GENERATOR.outputs().items() if path.read_text() != text]
    assert stale == [], "run: python corpus/notebooks/make_notebooks.py"


def test_the_bugs_sit_in_different_cells_behind_magics():
    places = {GENERATOR.expectation(json.loads(p.read_text())["cells"])[:2] for p in BUGGY}
    assert len({cell for cell, _ in places}) >= 4
    for path in BUGGY:
        text = path.read_text()
        assert "%matplotlib" in text and "%%bash" in text and "!ls" in text


@pytest.mark.parametrize("path", BUGGY, ids=[p.stem for p in BUGGY])
def test_a_corpus_notebook_is_reported_at_its_cell_and_line(path):
    cell, line, code = GENERATOR.expectation(json.loads(path.read_text())["cells"])
    target = target_for(_version(path), source="corpus header")
    findings = check_file(path, Options(target=target, possible_failures=code == "ST201")).findings
    assert (code, cell, line) in {(f.code, f.cell, f.line) for f in findings}, findings
    twin = path.with_name(path.name.replace("_bug_", "_ok_"))
    noise = [f for f in check_file(twin, Options(target=target)).findings if f.code[:3] in ("ST0", "ST1", "ST2", "ST3")]
    assert noise == []


def test_cells_are_numbered_among_all_cells_and_lines_within_the_cell():
    data = nb(("markdown", "# title"), ("code", "import numpy as np\n"), ("raw", "x"),
              ("code", "a = np.zeros((2, 3))\n\nb = a + np.zeros((4,))\n"))
    [finding] = check(data)
    assert (finding.code, finding.cell, finding.line, finding.column) == ("ST103", 4, 3, 5)


def test_related_lines_carry_their_own_cell():
    data = nb(("code", "import tensorflow as tf\nw = tf.zeros([3, 4])\n"), ("markdown", "text"),
              ("code", "x = tf.zeros([2, 5])\ny = tf.matmul(x, w)\n"))
    [finding] = check(data)
    assert (finding.cell, finding.line) == (3, 2)
    assert {(r.cell, r.line) for r in finding.related} >= {(1, 2)}


@pytest.mark.parametrize("lines, expected", [
    (["%matplotlib inline", "x = 1"], ["pass", "x = 1"]),
    (["!pip install tf", "if x:", "    !ls", "    y?"], ["pass", "if x:", "    pass", "    pass"]),
    (["files = !ls", "out = %sx ls"], ["files = get_ipython()", "out = get_ipython()"]),
    (["%time y = f(x)", "%time for i in x: f(i)"], ["pass; y = f(x)", "pass"]),
    (["%%bash", "echo hi", "ls"], ["", "", ""]),
    (["%%time", "x = 1"], ["", "x = 1"]),
    (["?np.reshape", "np.reshape??"], ["pass", "pass"]),
    (["%run helpers.py"], ["from IPython import *"]),
    (['s = """', "%not a magic", '?"""', "x = 1  # why?"], ['s = """', "%not a magic", '?"""', "x = 1  # why?"]),
    (["y = f(a,", "      b)?"], ["y = f(a,", "      b)?"]),
])
def test_ipython_lines_become_python_in_place(lines, expected):
    from shapetracer.frontend.magics import python_lines

    assert python_lines(lines) == expected


def test_magics_define_no_undefined_names_and_keep_lines():
    data = nb(("code", "%matplotlib inline\nimport numpy as np\nfiles = !ls\nprint(len(files))\n"),
              ("code", "%%time\nx = np.ones((2, 2))\nnp.reshape?\ndisplay(x)\ny = x.reshape((3,))\n"))
    findings = check(data)
    assert [(f.code, f.cell, f.line) for f in findings] == [("ST104", 2, 5)]


def test_names_from_run_and_store_are_not_undefined():
    data = nb(("code", "%run helpers.py\nimport numpy as np\nx = helper(np.zeros((2, 3)))\n%store -r z\nprint(z)"))
    assert check(data) == []


@pytest.mark.parametrize("data, code, words", [
    (b'{"cells": [', "ST005", "invalid json"),
    (b"[1, 2]", "ST005", "not an object"),
    (nb(("code", "x = 1"), nbformat=5), "ST005", "nbformat 4"),
    (json.dumps({"nbformat": 3, "worksheets": [{"cells": []}], "metadata": {}}).encode(), "ST006", "nbformat 3"),
    (nb(("markdown", "# only prose")), "ST007", "no code cells"),
    (nb(("code", "   \n")), "ST007", "no code cells"),
    (nb(("code", "x <- 1")) .replace(b'"language": "python"', b'"language": "R"'), "ST007", "runs r"),
    (json.dumps({"nbformat": 4, "cells": [{"cell_type": "code", "source": 3}]}).encode(), "ST005", "cell 1"),
])
def test_a_bad_notebook_is_one_clear_finding(data, code, words):
    [finding] = check(data)
    assert finding.code == code and words in finding.message.lower(), finding.message


def test_huge_outputs_are_an_analysis_limit_not_a_crash(monkeypatch):
    monkeypatch.setattr(notebook, "MAX_NOTEBOOK_BYTES", 1000)
    output = {"output_type": "stream", "name": "stdout", "text": ["x" * 5000]}
    data = json.dumps({"cells": [{"cell_type": "code", "source": "x = 1", "outputs": [output]}],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    [finding] = check(data)
    assert finding.code == "ST004" and "clear-output" in finding.message


def test_a_syntax_error_is_placed_in_its_cell():
    [finding] = check(nb(("code", "x = 1"), ("markdown", "m"), ("code", "y = 2\nz = (\n")))
    assert (finding.code, finding.cell) == ("ST001", 3)


def test_suppression_comments_work_in_cells():
    buggy = "import numpy as np\nb = np.zeros((2, 3)) + np.zeros((4,))"
    assert check(nb(("code", buggy + "  # noqa: ST103"))) == []
    [unused] = check(nb(("code", "x = 1  # noqa: ST101"), ("code", "y = 2")), extend_select=frozenset({"ST904"}))
    assert (unused.code, unused.cell, unused.line) == ("ST904", 1, 1)


def test_cli_text_json_sarif_and_baseline(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "model.ipynb").write_bytes(
        nb(("markdown", "# m"), ("code", "import numpy as np\n%time a = np.zeros((2, 3)) + np.zeros((4,))")))
    runner = CliRunner()
    text = runner.invoke(main, ["check", "--output-format", "concise", "."])
    assert text.exit_code == 1 and text.output.startswith("sub/model.ipynb:cell 2:2:11: ST103"), text.output
    document = json.loads(runner.invoke(main, ["check", "--output-format", "json", "."]).output)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(document, json.loads((ROOT / "schemas" / "check-output-v2.schema.json").read_text()))
    assert (document["findings"][0]["cell"], document["findings"][0]["line"]) == (2, 2)
    sarif = json.loads(runner.invoke(main, ["check", "--output-format", "sarif", "."]).output)
    region = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 2 and region["properties"] == {"cell": 2}
    github = runner.invoke(main, ["check", "--output-format", "github", "."]).output
    assert github.startswith("::error file=sub/model.ipynb,title=") and "::sub/model.ipynb:cell 2:2:11: ST103" in github
    assert runner.invoke(main, ["check", "--write-baseline", "base.json", "."]).exit_code == 0
    assert runner.invoke(main, ["check", "--baseline", "base.json", "."]).exit_code == 0


def test_bad_notebook_through_the_cli_has_no_traceback(tmp_path):
    (tmp_path / "broken.ipynb").write_text("{not json")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "broken.ipynb")])
    assert result.exit_code == 1 and "ST005" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_shapes_prints_each_code_cell_with_its_shapes(tmp_path):
    path = tmp_path / "m.ipynb"
    path.write_bytes(nb(("markdown", "# m"), ("code", "import numpy as np\n%matplotlib inline\nx = np.zeros((2, 3))")))
    result = CliRunner().invoke(main, ["shapes", str(path)])
    assert result.exit_code == 0, result.output
    assert "# %% cell 2\n" in result.output and "%matplotlib inline" in result.output
    assert "x = np.zeros((2, 3))   # [2, 3]" in result.output


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__]))


def _json_values():
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=20)
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.sampled_from(["cells", "cell_type", "source", "nbformat", "metadata",
                                                           "worksheets", "language", "kernelspec"]), inner,
                                          max_size=4), max_leaves=20)


def test_no_notebook_input_raises():
    """Any JSON (or not) named .ipynb, and any text in a code cell, gives findings, never an exception."""
    from hypothesis import given, settings, strategies as st

    lines = st.lists(st.sampled_from(["%time x = 1", "!ls", "x?", "%%bash", "files = !ls", "def f():", "    %ls",
                                      "x = np.zeros((2, 3))", '"""', "y = (", ")", "\\", "%run a.py", "??x"]),
                     max_size=8)

    @settings(max_examples=150, deadline=None, database=None)
    @given(document=_json_values(), cell=lines)
    def run(document, cell):
        check(json.dumps(document).encode(), generic=False)
        check(nb(("code", "import numpy as np\n"), ("code", "\n".join(cell))), generic=False)

    run()
