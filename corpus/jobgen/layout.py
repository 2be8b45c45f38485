"""A job's program as sections (data, model, main) and how they are laid out in files.

A base program is written once as three sections of top-level code.  The layout puts
them in one file (train.py) or splits them over train.py / model.py / data.py with the
imports each file needs, so one template yields single-file and multi-file jobs.

Lines carry tags as trailing comments (``#@name``): bug injectors find the line they
change by its tag, and the line that must fail carries ``#@BUG``.  Tags are removed when
the files are rendered; the BUG line's file and number become the job's ground truth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TAG = re.compile(r"\s*#@[\w-]+")
ROLE_FILES = {
    "single": {"data": "train.py", "model": "train.py", "main": "train.py"},
    "split2": {"data": "train.py", "model": "model.py", "main": "train.py"},
    "split3": {"data": "data.py", "model": "model.py", "main": "train.py"},
}
# (pattern in the code, import line); the tensorflow line depends on the style.
STD_IMPORTS = [
    (r"(?<![\w.])argparse\.", "import argparse"),
    (r"(?<![\w.])collections\.", "import collections"),
    (r"(?<![\w.])csv\.", "import csv"),
    (r"(?<![\w.])glob\.", "import glob"),
    (r"(?<![\w.])json\.", "import json"),
    (r"(?<![\w.])logging\.", "import logging"),
    (r"(?<![\w.])math\.", "import math"),
    (r"(?<![\w.])os\.", "import os"),
    (r"(?<![\w.])pickle\.", "import pickle"),
    (r"(?<![\w.])random\.", "import random"),
    (r"(?<![\w.])re\.", "import re"),
    (r"(?<![\w.])sys\.", "import sys"),
    (r"(?<![\w.])time\.", "import time"),
    (r"(?<![\w.])urllib\.", "import urllib.request"),
]
TF_IMPORT = {
    "tf1": "import tensorflow.compat.v1 as tf",
    "tf2": "import tensorflow as tf",
    "keras": "import tensorflow as tf",
}


@dataclass
class Program:
    """A base program being mutated: its sections and layout choices."""

    base: str
    style: str  # tf1 | tf2 | keras
    doc: dict[str, str]  # role -> module docstring
    sections: dict[str, str]  # role -> code
    exports: dict[str, list[str]]  # role -> names other files import
    layout: str = "single"
    extra_imports: dict[str, list[str]] = field(default_factory=dict)  # file -> lines (may be tagged)
    drop_imports: dict[str, set[str]] = field(default_factory=dict)  # file -> import lines to leave out
    import_renames: dict[str, str] = field(default_factory=dict)  # "from model import x" line rewrites
    extra_files: dict[str, str] = field(default_factory=dict)  # e.g. config.py, utils.py
    header: dict[str, str] = field(default_factory=dict)  # file -> code placed right after imports
    python2: bool = False
    star_imports: bool = False
    v1_disable: bool = True  # TF1 entry files call tf.disable_v2_behavior()

    def file_of(self, role: str) -> str:
        return ROLE_FILES[self.layout][role]

    # -- editing by tag ------------------------------------------------------------
    def _locate(self, tag: str) -> tuple[str, int]:
        for role, text in self.sections.items():
            for index, line in enumerate(text.split("\n")):
                if re.search(rf"#@{re.escape(tag)}\b", line):
                    return role, index
        raise KeyError(f"{self.base}: no line tagged {tag}")

    def has(self, tag: str) -> bool:
        try:
            self._locate(tag)
            return True
        except KeyError:
            return False

    def line(self, tag: str) -> str:
        role, index = self._locate(tag)
        return self.sections[role].split("\n")[index]

    def _put(self, role: str, index: int, new_lines: list[str]) -> None:
        lines = self.sections[role].split("\n")
        lines[index:index + 1] = new_lines
        self.sections[role] = "\n".join(lines)

    def replace(self, tag: str, code: str, bug: bool = True) -> None:
        """Replace the code of the tagged line (indentation kept); ``code`` may span lines."""
        role, index = self._locate(tag)
        old = self.sections[role].split("\n")[index]
        indent = old[: len(old) - len(old.lstrip())]
        new = [indent + part if part else part for part in code.split("\n")]
        if bug:
            new[-1] = new[-1] + "  #@BUG"
        new[0] = new[0] + f"  #@{tag}"
        self._put(role, index, new)

    def sub(self, tag: str, old: str, new: str, bug: bool = True) -> None:
        """Change part of the tagged line."""
        role, index = self._locate(tag)
        line = self.sections[role].split("\n")[index]
        if old not in line:
            raise KeyError(f"{self.base}: {old!r} not in line {tag}: {line!r}")
        line = line.replace(old, new, 1)
        self._put(role, index, [line + ("  #@BUG" if bug else "")])

    def insert_before(self, tag: str, code: str, bug_offset: int | None = None) -> None:
        """Insert lines before the tagged line; ``bug_offset`` marks one of them as the bug."""
        role, index = self._locate(tag)
        old = self.sections[role].split("\n")[index]
        indent = old[: len(old) - len(old.lstrip())]
        new = [indent + part if part else part for part in code.split("\n")]
        if bug_offset is not None:
            new[bug_offset] += "  #@BUG"
        self._put(role, index, new + [old])

    def insert_after(self, tag: str, code: str, bug_offset: int | None = None) -> None:
        role, index = self._locate(tag)
        old = self.sections[role].split("\n")[index]
        indent = old[: len(old) - len(old.lstrip())]
        new = [indent + part if part else part for part in code.split("\n")]
        if bug_offset is not None:
            new[bug_offset] += "  #@BUG"
        self._put(role, index, [old] + new)

    def mark(self, tag: str) -> None:
        """The tagged line itself is where the failure is raised."""
        role, index = self._locate(tag)
        line = self.sections[role].split("\n")[index]
        self._put(role, index, [line + "  #@BUG"])

    def edit(self, role: str, old: str, new: str) -> None:
        if old not in self.sections[role]:
            raise KeyError(f"{self.base}: {old!r} not in section {role}")
        self.sections[role] = self.sections[role].replace(old, new, 1)

    # -- rendering -----------------------------------------------------------------
    def render(self) -> dict[str, str]:
        files: dict[str, list[str]] = {}
        for role in ("data", "model", "main"):
            if self.sections.get(role, "").strip():
                files.setdefault(self.file_of(role), []).append(role)
        out: dict[str, str] = {}
        for name, roles in files.items():
            out[name] = self._render_file(name, roles, files)
        for name, text in self.extra_files.items():
            out[name] = text
        return out

    def _render_file(self, name: str, roles: list[str], files: dict[str, list[str]]) -> str:
        body = "\n\n\n".join(self.sections[r].strip("\n") for r in roles)
        doc_role = "main" if "main" in roles else roles[0]
        imports = self._imports(name, body, roles, files)
        parts = [f'"""{self.doc[doc_role]}"""', "", "\n".join(imports)]
        if self.header.get(name):
            parts += ["", self.header[name]]
        parts += ["", "", body, ""]
        return "\n".join(parts)

    def _imports(self, name: str, body: str, roles: list[str], files: dict[str, list[str]]) -> list[str]:
        dropped = self.drop_imports.get(name, set())
        code = _code_only(body) + "\n" + _code_only(self.header.get(name, ""))
        std = [line for pattern, line in STD_IMPORTS if re.search(pattern, code)]
        third: list[str] = []
        if re.search(r"(?<![\w.])np\.", code):
            third.append("import numpy as np")
        tf_line = TF_IMPORT[self.style]
        if re.search(r"(?<![\w.])tf\.", code):
            third.append(tf_line)
        local: list[str] = []
        for other, other_roles in files.items():
            if other == name:
                continue
            names = [n for r in other_roles for n in self.exports.get(r, [])
                     if re.search(rf"\b{re.escape(n)}\b", code)]
            if names:
                module = other[:-3]
                line = (f"from {module} import *" if self.star_imports
                        else f"from {module} import {', '.join(names)}")
                local.append(self.import_renames.get(line, line))
        block = [l for l in std if l not in dropped]
        tail = [l for l in third if l not in dropped] + self.extra_imports.get(name, [])
        if block and tail:
            block.append("")
        block += tail
        if local:
            block += [""] + local
        if tf_line in third and tf_line not in dropped and self.style == "tf1" and "main" in roles and self.v1_disable:
            block += ["", "tf.disable_v2_behavior()"]
        return [l for l in block if l is not None]


def _code_only(text: str) -> str:
    """Code without comments and string literals' contents is overkill; drop comments."""
    return "\n".join(line.split("#", 1)[0] for line in text.split("\n"))


def finish(files: dict[str, str]) -> tuple[dict[str, str], str | None, int | None]:
    """Strip tags; return the files and the BUG line's (file, 1-based line)."""
    out, bug_file, bug_line, _ = finish_with_tags(files)
    return out, bug_file, bug_line


def finish_with_tags(files: dict[str, str]) -> tuple[dict[str, str], str | None, int | None, dict]:
    """As finish(), plus where every tag ended up: tag -> (file, line)."""
    bug_file, bug_line = None, None
    tags: dict[str, tuple[str, int]] = {}
    out: dict[str, str] = {}
    for name, text in files.items():
        lines = text.split("\n")
        for index, line in enumerate(lines):
            for tag in re.findall(r"#@([\w-]+)", line):
                if tag == "BUG":
                    if bug_file is not None:
                        raise ValueError(f"two BUG lines: {bug_file}:{bug_line} and {name}:{index + 1}")
                    bug_file, bug_line = name, index + 1
                else:
                    tags.setdefault(tag, (name, index + 1))
            lines[index] = TAG.sub("", line).rstrip()
        out[name] = "\n".join(lines)
    return out, bug_file, bug_line, tags
