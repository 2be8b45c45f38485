"""``shapetracer report``: one self-contained HTML page, opened in a real headless Chromium
(Debian's chromium and chromium-driver, driven by selenium): no console error, and the
counts read off the page are the counts of the input."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.report.html import ReportInput, counts_json, read_input

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

BUGGY = textwrap.dedent("""\
    import numpy as np
    import tensorflow as tf
    x = tf.zeros([32, 784])
    w = tf.zeros([10, 784])
    y = tf.matmul(x, w)
    z = np.zeros((3, 4)).reshape(5, 5)
    print(undefined_thing)
""")


@pytest.fixture
def scanned(tmp_path):
    """A scan of three jobs (one with findings, one clean, one that does not parse) and a
    check of one file, as JSON."""
    jobs = tmp_path / "jobs"
    for name, script in (("job-a", BUGGY), ("job-b", "import os\nprint(os.getcwd())\n"), ("job-c", "def f(:\n")):
        (jobs / name).mkdir(parents=True)
        (jobs / name / "train.py").write_text(script)
        (jobs / name / "job.log").write_text("Traceback (most recent call last):\n  File \"train.py\", line 5, "
                                             "in <module>\nValueError: Dimensions must be equal, but are 784 "
                                             "and 10 for 'MatMul'\n")
    records = tmp_path / "records.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["scan", str(jobs), "-o", str(records), "-j", "1", "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    (tmp_path / "train.py").write_text(BUGGY)
    check = runner.invoke(main, ["check", "--tf-version", "2.21", "--output-format", "json", str(tmp_path / "train.py")])
    (tmp_path / "check.json").write_text(check.stdout)
    return tmp_path


def test_the_inputs_are_told_apart_and_counted(scanned):
    data = ReportInput()
    read_input("records.jsonl", (scanned / "records.jsonl").read_text(), data)
    read_input("check.json", (scanned / "check.json").read_text(), data)
    records = [json.loads(line) for line in (scanned / "records.jsonl").read_text().splitlines()]
    check = json.loads((scanned / "check.json").read_text())
    assert len(data.records) == 3 and len(data.findings) == len(check["findings"])
    tallies = counts_json(data)
    assert tallies["status"] == {"ok": 2, "parse_error": 1}
    assert sum(tallies["code"].values()) == len(check["findings"]) + sum(len(r["findings"]) for r in records)


def test_a_bad_input_is_a_usage_error(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"job": "a"}\nnot json\n')
    result = CliRunner().invoke(main, ["report", str(bad), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 2 and "bad.jsonl:2: not JSON" in result.stderr


def test_the_page_goes_to_stdout_with_dash(scanned):
    result = CliRunner().invoke(main, ["report", str(scanned / "check.json"), "-o", "-", "--root", str(scanned)])
    assert result.exit_code == 0 and result.stdout.startswith("<!DOCTYPE html>")
    assert "<script src" not in result.stdout and "<link" not in result.stdout  # nothing fetched


@pytest.mark.skipif(CHROMIUM is None or CHROMEDRIVER is None,
                    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)")
def test_the_page_opens_in_headless_chromium_with_the_input_counts(scanned):
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    page = scanned / "report.html"
    result = CliRunner().invoke(main, ["report", str(scanned / "records.jsonl"), str(scanned / "check.json"),
                                       "-o", str(page), "--root", str(scanned)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (scanned / "records.jsonl").read_text().splitlines()]
    check = json.loads((scanned / "check.json").read_text())
    total = len(check["findings"]) + sum(len(r["findings"]) for r in records)

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.get(page.as_uri())
        count = lambda key: int(driver.find_element(By.CSS_SELECTOR, f"#summary [data-count='{key}']").text)  # noqa: E731
        assert count("jobs") == 3
        assert count("findings") == total
        assert count("errors") == sum(f["severity"] == "error" for r in records for f in r["findings"]) + \
            sum(f["severity"] == "error" for f in check["findings"])
        bars = driver.find_elements(By.CSS_SELECTOR, "[data-chart='status'] .bar")
        assert {b.get_attribute("data-label"): int(b.get_attribute("data-count")) for b in bars} == \
            {"ok": 2, "parse_error": 1}
        code_bars = driver.find_elements(By.CSS_SELECTOR, "[data-chart='code'] .bar")
        assert sum(int(b.get_attribute("data-count")) for b in code_bars) == total
        rows = driver.find_elements(By.CSS_SELECTOR, "table.jobs tr.job")
        assert [r.get_attribute("data-status") for r in rows] == ["ok", "ok", "parse_error"]
        articles = driver.find_elements(By.CSS_SELECTOR, "article.finding")
        assert len(articles) == total
        # the matmul finding shows its source, its line marked, and the lines of its conflict
        matmul = [a for a in articles if a.get_attribute("data-code") == "ST101"][0]
        primary = matmul.find_element(By.CSS_SELECTOR, "tr.primary")
        assert primary.get_attribute("data-line") == "5" and "tf.matmul(x, w)" in primary.text
        assert {r.get_attribute("data-line") for r in matmul.find_elements(By.CSS_SELECTOR, "tr.related")} >= {"4"}
        # the filter hides what does not match
        driver.find_element(By.ID, "filter").send_keys("ST101")
        visible = [a for a in driver.find_elements(By.CSS_SELECTOR, "article.finding") if a.is_displayed()]
        assert visible and all(a.get_attribute("data-code") == "ST101" for a in visible)
        errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
        assert errors == []
    finally:
        driver.quit()
