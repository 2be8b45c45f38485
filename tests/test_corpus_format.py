"""Every corpus program carries well-formed labels (no TensorFlow needed).

The oracle (tests/oracle, opt-in) checks that the labels are *true*; this test
checks that they are *there and consistent*: header keys, one ``# expect:``
marker per buggy program with a registered code (or one per version, for a program
whose behaviour depends on the TensorFlow version), a fixed twin with the same
header and no markers, and a style that matches the imports.
"""

from __future__ import annotations

import ast
import difflib
import re

import pytest

from tests.helpers import load_corpus_meta
from shapetracer.rules.codes import RULES
from shapetracer.domain.target import SUPPORTED



corpus_meta = load_corpus_meta()

PROGRAMS = corpus_meta.load_corpus()
BY_PATH = {p.path: p for p in PROGRAMS}
IDS = [p.rel for p in PROGRAMS]
# A fixed twin changes only the lines of the fix.
MAX_CHANGED_LINES = 6
LEGACY_KERAS_USE = re.compile(r"\btf\.(layers|nn\.rnn_cell|contrib)\.")
MARKER_COMMENT = re.compile(r"[ \t]+#\s*(expect:\s*\S+|related\b.*)$")


def _twin(program):
    prefix = "ok_" if program.kind == "bug" else "bug_"
    return program.path.with_name(prefix + program.stem + ".py")


def _code_lines(program) -> list[str]:
    lines = program.path.read_text(encoding="utf-8").splitlines()
    return [MARKER_COMMENT.sub("", line) for line in lines]


def test_corpus_is_not_empty():
    assert len([p for p in PROGRAMS if p.kind == "bug"]) >= 60
    assert len([p for p in PROGRAMS if p.kind == "clean"]) >= 12


def test_only_known_directories():
    root = corpus_meta.CORPUS_ROOT
    assert not list(root.glob("*.py")), "programs live in a family directory"
    directories = {p.name for p in root.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert directories <= set(corpus_meta.FAMILIES) | {"clean"}


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_header(program):
    header = program.header
    assert set(header) <= {"pattern", "style", "tf", "oracle", "source", "class"}
    versions = program.versions
    assert versions and set(versions) <= set(corpus_meta.VERSIONS), f"tf: names an unknown version: {versions}"
    assert len(set(versions)) == len(versions), f"tf: lists a version twice: {versions}"
    assert header.get("style") in corpus_meta.STYLES, f"bad style {header.get('style')!r}"
    assert program.oracle_flags <= set(corpus_meta.ORACLE_FLAGS), program.oracle_flags
    if program.kind == "clean":
        assert header.get("pattern") == "clean"
        assert "runs" not in program.oracle_flags, "clean programs run anyway"
    else:
        assert program.kind in ("bug", "ok"), "family files are named bug_<stem>.py or ok_<stem>.py"
        if program.family == corpus_meta.POSTED_FAMILY:
            _check_posted_header(header)
            if header.get("pattern") == "dtype":
                return
        else:
            assert not {"source", "class"} & set(header), "only posted programs name a source and class"
        if program.family in corpus_meta.OTHER_PATTERNS:  # API changes, dtypes, keys: no shape pattern
            want = corpus_meta.OTHER_PATTERNS[program.family]
            assert header.get("pattern") == want, f"{program.family} programs say pattern: {want}: {header}"
            return
        if program.family == corpus_meta.POSTED_FAMILY and header.get("pattern") in corpus_meta.OTHER_PATTERNS.values():
            return  # posted programs of every kind share one folder and name their pattern
        assert header.get("pattern", "").isdigit(), f"pattern must be a row number: {header}"
        assert int(header["pattern"]) in corpus_meta.PATTERN_ROWS


# Reserved for independent evaluation: no corpus program may come from these.
RESERVED_SOURCES = re.compile(
    r"github\.com/(tensfa/tensfa|ForeverZyh/TensorFlow-Program-Bugs|mohmehmo/defects4ml|"
    r"aymericdamien/TensorFlow-Examples|tensorflow/examples|hunkim/DeepLearningZeroToAll|"
    r"dragen1860/TensorFlow-2\.x-Tutorials|MorvanZhou/Tensorflow-Tutorial|"
    r"chiphuyen/stanford-tensorflow-tutorials|golbin/TensorFlow-Tutorials|"
    r"dennybritz/cnn-text-classification-tf|carpedm20/DCGAN-tensorflow|philipperemy/keras-tcn|"
    r"tflearn/tflearn|tensorflow/tensorflow/issues/(28442|31600|39165|44065|44404|46076|50254|110513)|"
    r"keras-team/keras/issues/(12882|12910|13151|13546|15449|16764)|karolzak/keras-unet/issues/51|"
    r"mrdbourke/tensorflow-deep-learning/issues/514)(/|$)", re.IGNORECASE)


def _check_posted_header(header: dict[str, str]) -> None:
    source = header.get("source", "")
    assert source.startswith("https://"), f"a posted program names the report it reproduces: {header}"
    assert not RESERVED_SOURCES.search(source), f"{source} is reserved for independent evaluation"
    assert corpus_meta.POSTED_CLASS.match(header.get("class", "")), f"class: names the issue's class: {header}"


def test_posted_programs_reproduce_distinct_reports():
    bugs = [p for p in PROGRAMS if p.family == corpus_meta.POSTED_FAMILY and p.kind == "bug"]
    sources = [p.header.get("source") for p in bugs]
    assert len(set(sources)) == len(sources), "each posted bug reproduces its own report"


def test_versions_are_the_analyzers():
    assert corpus_meta.VERSIONS == SUPPORTED
    assert corpus_meta.DEFAULT_VERSION in corpus_meta.VERSIONS


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_markers(program):
    if program.kind != "bug":
        assert program.all_expects == (), "only buggy programs carry # expect:"
        assert program.related == (), "only buggy programs carry # related"
        return
    lines = program.path.read_text(encoding="utf-8").splitlines()
    for line, code in program.all_expects:
        assert code in RULES, f"{code} is not a registered finding code"
        if program.family == "api" or program.header.get("pattern") == corpus_meta.API_PATTERN:
            assert RULES[code].family == "api", "the api family labels API-change findings (ST4xx)"
        else:
            assert code.startswith(("ST1", "ST2")), "the corpus labels shape findings"
        assert lines[line - 1].split("#", 1)[0].strip(), "the marker must sit on a line of code"
    if not program.versioned:
        assert len(program.expects) == 1, f"want exactly one # expect:, got {program.expects}"
        is_warning = program.expects[0][1].startswith("ST2")
        assert is_warning == ("runs" in program.oracle_flags), \
            "warnings (ST2xx) and only they carry 'oracle: runs'"
        return
    # Per-version markers: whether the program raises follows from each version's code.
    assert "runs" not in program.oracle_flags, "per-version markers decide which versions run; drop 'runs'"
    for versions, line, _ in program.versioned:
        assert set(versions) <= set(program.versions), \
            f"line {line}: expect[{', '.join(versions)}] names a version the tf: header does not list"
    for version in program.versions:
        assert len(program.expects_for(version)) <= 1, f"more than one expectation under {version}"
    outcomes = {program.expect_at(version) for version in program.versions}
    assert len(program.versions) >= 2 and len(outcomes) >= 2, \
        "per-version markers are for programs that behave differently under the versions they list"
    assert any(program.should_raise_under(version) for version in program.versions), \
        "a buggy program raises under at least one of its versions"


@pytest.mark.parametrize("program", [p for p in PROGRAMS if p.kind in ("bug", "ok")],
                         ids=[p.rel for p in PROGRAMS if p.kind in ("bug", "ok")])
def test_twin(program):
    twin_path = _twin(program)
    assert twin_path in BY_PATH, f"missing twin {twin_path.name}"
    twin = BY_PATH[twin_path]
    assert twin.header_lines == program.header_lines, "twins share the header block"
    if program.kind == "bug":
        changed = [line for line in difflib.unified_diff(_code_lines(program), _code_lines(twin), n=0,
                                                          lineterm="")
                   if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        assert changed, "the fixed twin must differ from the buggy program"
        assert len(changed) <= 2 * MAX_CHANGED_LINES, f"twin changes too much: {changed}"


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_style_matches_source(program):
    source = program.path.read_text(encoding="utf-8")
    compile(source, str(program.path), "exec")
    if "1.15" in program.versions:  # the TensorFlow 1.15 env runs Python 3.7
        ast.parse(source, str(program.path), feature_version=(3, 7))
    style = program.style
    if style == "tf1":
        assert "import tensorflow.compat.v1 as tf" in source
        assert "tf.disable_v2_behavior()" in source
    elif style == "tf1-plain":
        assert re.search(r"^import tensorflow as tf$", source, re.M)
        assert "compat.v1" not in source and "disable_v2_behavior" not in source
    elif style in ("tf2", "keras"):
        assert re.search(r"^(import|from) (tensorflow|keras|tf_keras)\b", source, re.M)
        assert "disable_v2_behavior" not in source
    elif style == "numpy":
        assert "tensorflow" not in source
    if LEGACY_KERAS_USE.search(source):
        assert program.legacy_keras, "tf.layers / tf.nn.rnn_cell need 'oracle: legacy-keras'"
