"""A checked file as the program the analysis runs: a ``.py`` file's text, or a notebook's
code cells joined into one text with the map back to its cells.

It sits above both readers: ``notebook`` builds on ``source`` (decoding, problems, the
cell map), and choosing between a script and a notebook needs both; made in ``source``,
the choice had the two import each other.
"""

from __future__ import annotations

from pathlib import Path

from shapetracer.frontend.source import (
    MAX_SHAPE_BYTES, CellMap, ParsedSource, SourceProblem, is_notebook, parse, parse_shared, read_and_parse,
)


def read_program(data: bytes, path: str, resolved: Path | None = None, keep: bool = False,
                 blank: bool = False, with_cst: bool = True) -> tuple[ParsedSource | SourceProblem, CellMap | None]:
    """A ``.py`` file, or a notebook's code cells joined into one program with its cell map.
    ``resolved``: the file's real path, when its parse may be shared with the analyses that
    import it (``parse_shared``); ``keep``: whether it is kept for those that come later;
    ``blank``: whether its large literal tables may be blanked (no fix renders its tree);
    ``with_cst``: False when only CPython's tree and the text are wanted (no libcst tree is made,
    most of a parse's cost; a shared parse comes as it was made).

    Problems of a notebook's JSON come back without a map (they are about the file);
    a syntax error in a cell comes back with one, so it can be placed in its cell."""
    if not is_notebook(path):
        if resolved is not None:
            return parse_shared(resolved, data, keep, blank), None
        return read_and_parse(data, blank, with_cst=with_cst), None
    from shapetracer.frontend.notebook import read_notebook  # its reader (and its magics) only for a notebook

    joined = read_notebook(data)
    if isinstance(joined, SourceProblem):
        return joined, None
    text, cells = joined
    return parse(text, with_cst=with_cst and len(text) <= MAX_SHAPE_BYTES), cells
