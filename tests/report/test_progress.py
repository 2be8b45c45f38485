"""check's progress bar: drawn on a terminal for many files, never otherwise."""

from __future__ import annotations

import io
from pathlib import Path

from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.report.progress import MIN_FILES, file_progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


FILES = [Path(f"f{i}.py") for i in range(MIN_FILES + 2)]


def test_a_terminal_gets_a_bar_that_ends_at_the_total():
    stream = Terminal()
    with file_progress(FILES, stream=stream) as files:
        assert list(files) == FILES
    assert f"{len(FILES)}/{len(FILES)}" in stream.getvalue() and "Checking" in stream.getvalue()


def test_no_bar_off_a_terminal_with_quiet_or_for_few_files():
    for stream, files, enabled in ((io.StringIO(), FILES, True), (Terminal(), FILES, False),
                                   (Terminal(), FILES[:2], True)):
        with file_progress(files, enabled=enabled, stream=stream) as seen:
            assert list(seen) == files
        assert stream.getvalue() == ""


def test_check_quiet_prints_findings_and_nothing_on_stderr(tmp_path):
    for i in range(MIN_FILES + 1):
        (tmp_path / f"m{i}.py").write_text("import numpy as np\nx = np.zeros((2, 3)) + np.zeros((4,))\n")
    result = CliRunner().invoke(main, ["check", "--quiet", "--output-format", "concise", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout.count("ST103") == MIN_FILES + 1 and result.stderr == ""
    loud = CliRunner().invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    assert loud.stderr.startswith("Found")  # CliRunner's stderr is no terminal: no bar, only the summary
