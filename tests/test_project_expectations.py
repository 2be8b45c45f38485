"""The analyzer against the multi-file projects' labels, run on each folder as a user would.

For every variant of corpus/projects (bug/, ok/, clean/) and every TensorFlow its manifest
lists, ``shapetracer check --output-format json --tf-version V .`` runs in that folder
(in process, through the click command).  Three properties are checked:

- ``miss``: a buggy variant is reported at its labelled file, line and code;
- ``extra-error`` / ``false-alarm``: a buggy variant draws no other error-severity finding,
  a fixed twin or a clean project no finding at all;
- ``repeat``: no (path, line, code) finding appears twice in the folder's output.

What today's analyzer does not get right is listed in corpus/projects/known_misses.txt, one
line per (variant, property), each with the reason naming what the analyzer lacks.  The
list is strict: a listed property that holds fails the test, so the list shrinks as the
project model grows.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from tests.helpers import load_projects_meta

projects_meta = load_projects_meta()
ROOT = Path(__file__).resolve().parents[1]
KNOWN_FILE = ROOT / "corpus" / "projects" / "known_misses.txt"
RUNS = projects_meta.variant_runs(projects_meta.load_projects())
PROPERTIES = ("miss", "extra-error", "false-alarm", "repeat")


def read_known(path: Path = KNOWN_FILE) -> dict[tuple[str, str, str], str]:
    """{(variant, version or "*", property): reason} from lines
    ``<project>/<variant>[@<version>] <property> <reason>``."""
    known = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        where, prop, reason = line.split(" ", 2)
        variant, _, version = where.partition("@")
        known[(variant, version or "*", prop)] = reason.strip()
    return known


KNOWN = read_known()


def known_reason(variant_key: str, version: str, prop: str) -> str | None:
    return KNOWN.get((variant_key, version, prop)) or KNOWN.get((variant_key, "*", prop))


def folder_findings(folder: Path, version: str, monkeypatch) -> list[dict]:
    """The findings of ``shapetracer check`` run on the folder from inside it."""
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "--tf-version", version,
                                       "--exit-zero", "--quiet", "."])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["findings"]


def problems_of(variant, version: str, findings: list[dict]) -> dict[str, str]:
    """{property: what is wrong} for the properties that do not hold, against the variant's
    labels under ``version``."""
    sites = [(f["path"], f["line"], f["code"]) for f in findings]
    wanted = {(e.path, e.line, e.code) for e in variant.expects_for(version)}
    problems = {}
    missing = wanted - set(sites)
    if missing:
        problems["miss"] = f"not reported: {sorted(missing)}"
    errors = sorted({s for s, f in zip(sites, findings) if f["severity"] == "error"} - wanted)
    if variant.kind == "bug" and errors:
        problems["extra-error"] = f"errors not labelled: {errors}"
    if variant.kind != "bug" and findings:
        problems["false-alarm"] = f"findings on a project labelled clean: {sorted(set(sites))}"
    repeated = sorted(site for site, count in Counter(sites).items() if count > 1)
    if repeated:
        problems["repeat"] = f"reported more than once: {repeated}"
    return problems


@pytest.mark.parametrize("variant,version", RUNS, ids=[f"{v.rel}-tf{ver}" for v, ver in RUNS])
def test_project_folder_matches_its_labels(variant, version, monkeypatch):
    key = f"{variant.project.name}/{variant.kind}"
    problems = problems_of(variant, version, folder_findings(variant.folder, version, monkeypatch))
    unlisted = {p: why for p, why in problems.items() if not known_reason(key, version, p)}
    assert not unlisted, f"{key} under {version}: {unlisted}"
    fixed = [p for p in PROPERTIES if known_reason(key, version, p) and p not in problems]
    assert not fixed, f"{key} under {version}: listed in known_misses.txt but holds now: {fixed}; drop the line"
    if problems:
        pytest.xfail("; ".join(f"{p}: {known_reason(key, version, p)}" for p in sorted(problems)))


def test_known_list_names_existing_variants_and_properties():
    variants = {f"{v.project.name}/{v.kind}": v for v, _ in RUNS}
    for (variant, version, prop), reason in KNOWN.items():
        assert variant in variants, variant
        assert version == "*" or version in variants[variant].project.versions, (variant, version)
        assert prop in PROPERTIES, prop
        assert reason, (variant, prop)


def test_problems_of_sees_each_property():
    """The checker itself: a miss, an extra error, a false alarm and a repeat are all seen."""
    project = projects_meta.load_project(projects_meta.PROJECTS_ROOT / "sidl_vgg_input_size")
    bug, ok = project.variants
    hit = {"path": "cnn_models/vggnet16.py", "line": 26, "code": "ST101", "severity": "error"}
    other = {"path": "train.py", "line": 3, "code": "ST301", "severity": "error"}
    assert problems_of(bug, "1.15", [hit]) == {}
    assert set(problems_of(bug, "1.15", [])) == {"miss"}
    assert set(problems_of(bug, "1.15", [hit, other])) == {"extra-error"}
    assert set(problems_of(bug, "1.15", [hit, hit])) == {"repeat"}
    assert set(problems_of(ok, "1.15", [hit])) == {"false-alarm"}


def test_problems_of_reads_the_label_of_each_version():
    """A project whose TensorFlows fail differently is checked against each one's own code."""
    project = projects_meta.load_project(projects_meta.PROJECTS_ROOT / "keras_generator_next")
    bug = project.variants[0]
    tf1 = {"path": "train.py", "line": 22, "code": "ST117", "severity": "error"}
    tf2 = {"path": "train.py", "line": 22, "code": "ST118", "severity": "error"}
    assert problems_of(bug, "1.15", [tf1]) == {}
    assert set(problems_of(bug, "1.15", [tf2])) == {"miss", "extra-error"}
    assert problems_of(bug, "2.21", [tf2]) == {}
    assert set(problems_of(bug, "2.15", [tf1])) == {"miss", "extra-error"}
