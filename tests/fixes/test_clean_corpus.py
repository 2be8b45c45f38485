"""No edit is ever made to a clean program: every corpus program without a bug
(corpus/shape/clean/*.py and every fixed twin ok_*.py), under each TensorFlow its header
lists, comes out of ``fix_text`` (unsafe fixes included) byte for byte as it went in.

Style ``tf1-plain`` programs are written for TensorFlow 1 and run under 2.x through the
oracle's shim (``tensorflow`` is ``tensorflow.compat.v1`` there); the analyzer, which
knows no shim, rightly reports their TF 1 names under 2.x (ST401, with a compat fix), so
those API findings are left out for them, as the corpus expectations test leaves them out.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest

from shapetracer import fixes
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "oracle"))
import corpus_meta  # noqa: E402

CLEAN = [(p, v) for p in corpus_meta.load_corpus() if p.kind in ("ok", "clean") for v in p.versions]


def options_for(program, version: str) -> Options:
    target = target_for(version, source="corpus header", legacy_keras=program.legacy_keras)
    options = Options(generic=False, target=target)
    if program.style == "tf1-plain" and version != "1.15":
        options = dataclasses.replace(options, ignore=frozenset({"ST4"}))
    return options


def test_the_clean_corpus_is_all_there():
    assert len({p.rel for p, _ in CLEAN}) >= 250


@pytest.mark.parametrize("program,version", CLEAN, ids=[f"{p.rel}-tf{v}" for p, v in CLEAN])
def test_no_edit_to_a_clean_program(program, version):
    text = program.path.read_text(encoding="utf-8")
    options = options_for(program, version)
    result = check_source(text.encode("utf-8"), program.rel, program.path, options)
    outcome = fixes.fix_text(text, program.rel, program.path, options, unsafe=True, result=result)
    assert outcome.text == text and not outcome.applied, [fix.message for _, fix in outcome.applied]
    assert not any(f.fixes for f in fixes.attach(result, text, program.path, options).findings)
