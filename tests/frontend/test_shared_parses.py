"""A project's module is parsed once when its scripts import it before it is checked as a file."""

from __future__ import annotations

import uuid

from shapetracer.engine import Options, check_file
from shapetracer.frontend import source


def _project(tmp_path) -> str:
    """A module and the script importing it; the module's first line, a text no earlier test has parsed."""
    marker = uuid.uuid4().hex
    (tmp_path / "helpers.py").write_text(f"# {marker}\nimport numpy as np\n\ndef table():\n    return np.zeros((2, 3))\n")
    (tmp_path / "train.py").write_text("from helpers import table\n\nx = table().reshape(4, 2)\n")
    return f"# {marker}"


def _first_lines_parsed(monkeypatch) -> list[str]:
    """The first line of each text parsed from now on."""
    parsed: list[str] = []
    real = source.read_and_parse

    def counting(data: bytes, blank: bool = False, cst_parser=None):
        parsed.append(data.decode().splitlines()[0])
        return real(data, blank, cst_parser)

    monkeypatch.setattr(source, "read_and_parse", counting)
    return parsed


def test_a_module_imported_then_checked_is_parsed_once(tmp_path, monkeypatch):
    marker = _project(tmp_path)
    parsed = _first_lines_parsed(monkeypatch)
    options = Options(generic=False)
    result = check_file(tmp_path / "train.py", options)
    assert [(f.line, f.code) for f in result.findings] == [(3, "ST104")]  # the import was analysed
    check_file(tmp_path / "helpers.py", options)
    assert parsed.count(marker) == 1


def test_an_edited_module_is_parsed_again(tmp_path, monkeypatch):
    marker = uuid.uuid4().hex
    module = tmp_path / "helpers.py"
    module.write_text(f"# {marker}\nN = 3\n")
    (tmp_path / "train.py").write_text("import numpy as np\nfrom helpers import N\n\nx = np.zeros((2, N)).reshape(4, 2)\n")
    options = Options(generic=False)
    assert [f.code for f in check_file(tmp_path / "train.py", options).findings] == ["ST104"]
    module.write_text(f"# {marker}\nN = 4\n")
    assert check_file(tmp_path / "train.py", options).findings == []


def _checked_then_imported(tmp_path, monkeypatch, keep_shapes: bool) -> int:
    """How often the module is parsed when it is checked before the script importing it."""
    marker = _project(tmp_path)
    parsed = _first_lines_parsed(monkeypatch)
    options = Options(generic=False, keep_shapes=keep_shapes)
    assert check_file(tmp_path / "helpers.py", options).findings == []
    assert [f.code for f in check_file(tmp_path / "train.py", options).findings] == ["ST104"]
    return parsed.count(marker)


def test_a_module_checked_then_imported_is_parsed_once(tmp_path, monkeypatch):
    assert _checked_then_imported(tmp_path, monkeypatch, keep_shapes=False) == 1


def test_a_checked_file_is_not_kept_when_its_shapes_are(tmp_path, monkeypatch):
    # nothing is frozen out of the collector then (engine.collector._reclaim): a kept tree would be walked again
    assert _checked_then_imported(tmp_path, monkeypatch, keep_shapes=True) == 2
