"""The interpreter's count of library calls, apart from the interpreter: a file's result
carries one even when the interpreter never ran (a file that never touches a tensor), and
reading results must not import the interpreter."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Statistics:
    """Library calls (tf, keras, np and their methods) with a spec, and without one, by name."""

    modelled: int = 0
    not_modelled: int = 0
    not_modelled_names: dict[str, int] = field(default_factory=dict)
