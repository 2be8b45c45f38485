"""Every multi-file project of corpus/projects is well formed (no TensorFlow needed).

The oracle (tests/oracle, opt-in) checks that a project's labels are true; this test checks
that they are there and consistent: the manifest's keys and values, entry points that
exist, a fixed twin with the same files as its buggy variant and no markers, the
manifest's expected findings equal to the ``# expect:`` markers in the source, and
registered codes.
"""

from __future__ import annotations

import ast

import pytest

from shapetracer.rules.codes import RULES
from tests.helpers import load_projects_meta

projects_meta = load_projects_meta()
PROJECTS = projects_meta.load_projects()
IDS = [p.name for p in PROJECTS]
KEYS = {"summary", "mechanisms", "sources", "original", "tf", "entry", "expect"}
REQUIRED = {"summary", "mechanisms", "sources", "tf", "entry", "expect"}


def test_the_corpus_has_projects_of_both_kinds():
    buggy = [p for p in PROJECTS if not p.is_clean]
    clean = [p for p in PROJECTS if p.is_clean]
    assert len(buggy) >= 16 and len(clean) >= 5, (len(buggy), len(clean))


@pytest.mark.parametrize("project", PROJECTS, ids=IDS)
def test_manifest_keys_and_values(project):
    manifest = project.manifest
    assert REQUIRED <= set(manifest) <= KEYS, sorted(set(manifest) ^ KEYS)
    assert project.versions and set(project.versions) <= set(projects_meta.VERSIONS)
    assert project.entries and manifest["mechanisms"]
    for variant in project.variants:
        for entry in project.entries:
            assert (variant.folder / entry).is_file(), f"{variant.rel}: no entry point {entry}"
    expect = manifest["expect"]
    assert isinstance(expect, (list, dict)), "expect is a list, or an object keyed by version"
    if isinstance(expect, dict):
        keys = project.expect_keys
        assert sorted(keys) == sorted(project.versions), "each listed version is named by exactly one key"
    if project.is_clean:
        assert [v.kind for v in project.variants] == ["clean"] and not project.all_expects
    else:
        assert [v.kind for v in project.variants] == ["bug", "ok"]
        assert manifest["sources"] and all(url.startswith("https://github.com/") for url in manifest["sources"])
        assert manifest.get("original")


@pytest.mark.parametrize("project", [p for p in PROJECTS if not p.is_clean], ids=[p.name for p in PROJECTS
                                                                                  if not p.is_clean])
def test_labels_agree_with_the_markers(project):
    bug, ok = project.variants
    for version in project.versions:
        expects = project.expects_for(version)
        assert len(expects) == 1, f"a buggy project raises at one labelled line (under {version})"
        assert set(expects) == bug.markers(version), \
            f"project.json's expect differs from the # expect: markers under {version}"
    assert not ok.markers(), "the fixed twin carries no markers"
    for expected in project.all_expects:
        assert expected.code in RULES, expected.code
        assert expected.code.startswith(projects_meta.RAISING_PREFIXES)
    names = lambda variant: [p.relative_to(variant.folder).as_posix() for p in variant.python_files()]  # noqa: E731
    assert names(bug) == names(ok), "the fixed twin holds the same files"


@pytest.mark.parametrize("project", PROJECTS, ids=IDS)
def test_sources_parse_under_the_listed_pythons(project):
    """TensorFlow 1.15 runs on Python 3.7: its projects must parse as Python 3.7."""
    version = (3, 7) if "1.15" in project.versions else (3, 11)
    for variant in project.variants:
        for file in variant.python_files():
            ast.parse(file.read_text(encoding="utf-8"), str(file), feature_version=version)
