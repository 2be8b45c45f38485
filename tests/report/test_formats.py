"""Output formats: SARIF validates against the official schema; github escapes; json-lines."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from shapetracer.report import github, json_lines, sarif
from shapetracer.rules.findings import Finding, Related

SHARED = Path(__file__).resolve().parents[3] / "shared"
SARIF_SCHEMA = SHARED / "schemas" / "sarif-schema-2.1.0.json"

FINDING = Finding("ST101", "matmul: Dimensions must be equal, but are 1024 and 3136", "src/train.py", 17, 6, 17, 30,
                  (Related("src/train.py", 15, 1, "reshaped to [?, 1024]", "flat = tf.reshape(p2, [-1, 1024])"),),
                  snippet="fc = tf.matmul(flat, w)")


@pytest.mark.skipif(not SARIF_SCHEMA.exists(), reason="the OASIS SARIF schema is read from ../shared/schemas, "
                    "beside the checkout (it is not ours to commit)")
def test_sarif_validates_against_the_official_schema():
    document = sarif.document([FINDING])
    schema = json.loads(SARIF_SCHEMA.read_text())
    jsonschema.Draft7Validator(schema).validate(document)
    result = document["runs"][0]["results"][0]
    assert result["ruleId"] == "ST101"
    assert result["level"] == "error"
    assert result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 17, "startColumn": 6, "endLine": 17, "endColumn": 30}
    assert result["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 15
    assert result["partialFingerprints"]["primaryLocationLineHash"]
    rule_ids = [r["id"] for r in document["runs"][0]["tool"]["driver"]["rules"]]
    assert "ST101" in rule_ids and len(rule_ids) == len(set(rule_ids))


def test_sarif_fingerprint_ignores_line_numbers():
    moved = Finding(**{**FINDING.__dict__, "line": 40, "end_line": 40})
    a = sarif.document([FINDING])["runs"][0]["results"][0]["partialFingerprints"]
    b = sarif.document([moved])["runs"][0]["results"][0]["partialFingerprints"]
    assert a == b


def test_github_annotations_escape_properties_and_data():
    tricky = Finding("ST105", "Cannot feed value of shape (3,)\nfor Tensor x:0, 100%", "a,b:c.py", 3, 1, 3, 9)
    line = github.render([tricky])
    assert line == ("::error file=a%2Cb%3Ac.py,line=3,col=1,endLine=3,endColumn=9,"
                    "title=shapetracer (ST105 feed-shape-mismatch)::a,b:c.py:3:1: ST105 Cannot feed value of "
                    "shape (3,)%0Afor Tensor x:0, 100%25\n")


def test_json_lines_one_object_per_line():
    rendered = json_lines.render([FINDING, FINDING])
    rows = [json.loads(line) for line in rendered.splitlines()]
    assert len(rows) == 2 and rows[0]["code"] == "ST101" and rows[0]["related"][0]["line"] == 15
