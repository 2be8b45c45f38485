"""Write corpus/notebooks/*.ipynb from corpus/shape programs, so the two never drift.

    python corpus/notebooks/make_notebooks.py          # rewrite the notebooks and README.md
    python corpus/notebooks/make_notebooks.py --check  # exit 1 if any is stale

Each program is cut into cells where a top-level statement follows a blank line,
with markdown cells between them and the IPython syntax notebooks really contain:
a set-up cell of line magics and shell escapes, a ``%%bash`` cell, ``x = !cmd``,
a ``name?`` help line, a closing ``%time`` line, and on every other notebook a
``%%time`` cell magic over the cell with the bug (moving its line down by one).
The ``# expect: CODE`` comment stays on its line, so the expected cell and line are
read from the notebook itself; README.md lists them too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPE = HERE.parent / "shape"
PROGRAMS = [
    "broadcast/bug_conv_bias_channels.py", "conv/bug_deconv_stride_output.py",
    "feed/bug_char_model_last_chunk.py", "keras/bug_data_pd_drop_label_width.py",
    "losses/bug_int_labels_onehot_placeholder.py", "manipulation/bug_channels_from_axis1.py",
    "matmul/bug_attention_score_vector.py", "matmul/bug_elementwise_star_layer.py",
    "misc/bug_argparse_seq_len.py", "numpy/bug_mix_unrolled_theta_reshape.py",
    "reduction/bug_argmax_int_labels.py", "reshape/bug_cifar_flatten_dims.py",
    "rnn/bug_encoder_decoder_state.py",
]
SETUP = "%matplotlib inline\n%load_ext autoreload\n%autoreload 2\n!pip install -q numpy"
BASH = "%%bash\necho 'fetching data'\nls -la | head -n 3"
CONTINUATION = (")", "]", "}", "else", "elif", "except", "finally", "@")


def blocks(text: str) -> list[str]:
    """Top-level chunks of a program: a blank line followed by an unindented statement starts one."""
    chunks: list[list[str]] = [[]]
    blank = False
    for line in text.splitlines():
        if not line.strip():
            blank = True
            chunks[-1].append(line)
            continue
        if blank and chunks[-1] and not line[0].isspace() and not line.startswith(CONTINUATION):
            chunks.append([])
        blank = False
        chunks[-1].append(line)
    return ["\n".join(chunk).strip("\n") for chunk in chunks if any(s.strip() for s in chunk)]


def cell(kind: str, source: str, number: int) -> dict:
    lines = source.splitlines(keepends=True)
    entry = {"cell_type": kind, "id": f"cell-{number}", "metadata": {}, "source": lines}
    if kind == "code":
        entry.update(execution_count=None, outputs=[])
    return entry


def notebook(program: str, index: int) -> tuple[dict, tuple[int, int, str] | None]:
    """The notebook of one program, and the (cell, line, code) of its ``# expect:`` marker."""
    chunks = blocks(program)
    sources: list[tuple[str, str]] = [("markdown", "# A training notebook\nCells run top to bottom."),
                                      ("code", SETUP)]
    for number, chunk in enumerate(chunks):
        if number == 1:
            sources.append(("code", BASH))
            sources.append(("code", "listing = !ls\nlen(listing)"))
        if "# expect:" in chunk and index % 2 == 0:
            chunk = "%%time\n" + chunk
        if number == len(chunks) // 2:
            chunk += "\nnp.reshape?" if "import numpy as np" in program else "\nprint?"
        if number % 2 == 0:
            sources.append(("markdown", f"## Step {number // 2 + 1}"))
        sources.append(("code", chunk))
    sources.append(("code", '%time print("done")'))
    cells = [cell(kind, source, number) for number, (kind, source) in enumerate(sources, 1)]
    return {
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }, expectation(cells)


def expectation(cells: list[dict]) -> tuple[int, int, str] | None:
    for number, entry in enumerate(cells, 1):
        for line, text in enumerate("".join(entry["source"]).splitlines(), 1):
            if "# expect:" in text:
                return number, line, text.split("# expect:")[1].split()[0]
    return None


def outputs() -> dict[Path, str]:
    files: dict[Path, str] = {}
    rows = []
    for index, rel in enumerate(PROGRAMS):
        for prefix in ("bug_", "ok_"):
            source = SHAPE / rel.replace("bug_", prefix)
            document, expected = notebook(source.read_text(), index)
            name = f"{rel.split('/')[0]}_{source.stem}.ipynb"
            files[HERE / name] = json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
            if prefix == "bug_" and expected:
                rows.append(f"| {name} | corpus/shape/{rel} | {expected[0]} | {expected[1]} | {expected[2]} |")
    files[HERE / "README.md"] = README + "\n".join(rows) + "\n"
    return files


README = """# Notebook corpus

Notebook versions of corpus/shape programs, written by `make_notebooks.py` (do not edit
them by hand: run `python corpus/notebooks/make_notebooks.py`).  Every `bug_` notebook has
an `ok_` twin made from the program's fixed twin the same way; twins must give no finding.

Cells are numbered from 1 among all cells (markdown included), as Jupyter, VS Code and ruff
number them; the line is the line within that cell.  Magics, shell escapes and help lines
are in every notebook; even-numbered rows put `%%time` over the cell with the bug.

| notebook | program | cell | line | code |
| --- | --- | --- | --- | --- |
"""


def main(argv: list[str]) -> int:
    wanted = outputs()
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print(f"stale: {path.name}")
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path])
    print(f"wrote {len(stale)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
