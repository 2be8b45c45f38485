"""One self-contained HTML page from a scan's records or a check's JSON.

People look at a page, not at JSON lines: ``shapetracer report`` turns the output of
``shapetracer scan`` (one record per job) and of ``shapetracer check --output-format json``
into a single file that opens anywhere, offline: no script or style is fetched.  It shows

- the counts, by category and by code, as bar charts (inline SVG),
- the jobs, each with its status, its failure as its log tells it and its findings,
- each finding with the source lines around it, the failing line and the other lines of
  its conflict (the related lines of the unsat core) marked.

Every count the page shows carries a ``data-count`` attribute, so a test (or a script)
reads the numbers off the page rather than parsing its prose.  The source lines come from
a reader the caller hands in: the page itself never opens a file.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

# (where the finding was found: a path, or a job and a path in it) -> the file's lines, or None
SourceReader = Callable[[str | None, str], "list[str] | None"]

MAX_FINDINGS_SHOWN = 400  # a page of many thousands of findings is unreadable and slow to open
CONTEXT = 2  # lines shown around the failing and related lines


@dataclass
class ReportInput:
    """What the page is made of: findings of a check, and records of a scan."""

    findings: list[dict] = field(default_factory=list)  # check JSON findings (no job)
    records: list[dict] = field(default_factory=list)  # scan records
    sources: list[str] = field(default_factory=list)  # the input files, for the page's header


class InputError(ValueError):
    """An input that is neither a check's JSON nor a scan's JSON lines."""


def read_input(name: str, text: str, into: ReportInput) -> None:
    """Add one input file (check JSON or scan JSON lines) to ``into``."""
    into.sources.append(name)
    stripped = text.strip()
    if not stripped:
        return
    try:
        whole = json.loads(stripped)
    except ValueError:
        whole = None
    if isinstance(whole, dict) and "findings" in whole and "job" not in whole:
        into.findings.extend(f for f in whole["findings"] if isinstance(f, dict))
        return
    for number, line in enumerate(stripped.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise InputError(f"{name}:{number}: not JSON: {exc}") from None
        if not isinstance(record, dict) or "job" not in record:
            raise InputError(f"{name}:{number}: not a scan record (no 'job')")
        into.records.append(record)


# -- counting ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Located:
    """A finding and the job it belongs to (None for a check's)."""

    job: str | None
    finding: dict


def all_findings(data: ReportInput) -> list[Located]:
    located = [Located(None, f) for f in data.findings]
    for record in data.records:
        located.extend(Located(str(record.get("job")), f) for f in record.get("findings", []) if isinstance(f, dict))
    return sorted(located, key=lambda x: (x.job or "", str(x.finding.get("path")), x.finding.get("cell") or 0,
                                          x.finding.get("line") or 0, str(x.finding.get("code"))))


def counts(data: ReportInput) -> dict[str, Counter]:
    located = all_findings(data)
    return {
        "category": Counter(str(x.finding.get("category", "unknown")) for x in located),
        "code": Counter(f"{x.finding.get('code')} {x.finding.get('name', '')}".strip() for x in located),
        "severity": Counter(str(x.finding.get("severity", "unknown")) for x in located),
        "status": Counter(str(r.get("status", "unknown")) for r in data.records),
        "failure": Counter(str((r.get("failure") or {}).get("category", "none")) for r in data.records
                           if r.get("log")),
    }


# -- rendering -----------------------------------------------------------------------------

def render(data: ReportInput, read_source: SourceReader) -> str:
    tallies = counts(data)
    located = all_findings(data)
    parts = [_HEAD, "<body>", "<header><h1>shapetracer report</h1>",
             f"<p class='inputs'>from {', '.join(_e(s) for s in data.sources) or 'no input'}</p></header>",
             _summary(data, located, tallies)]
    parts.append("<section id='charts'><h2>Findings</h2><div class='charts'>")
    parts.append(_bar_chart("By category", "category", tallies["category"]))
    parts.append(_bar_chart("By code", "code", tallies["code"]))
    if data.records:
        parts.append(_bar_chart("Jobs by status", "status", tallies["status"]))
        if tallies["failure"]:
            parts.append(_bar_chart("Failures by category (from the logs)", "failure", tallies["failure"]))
    parts.append("</div></section>")
    if data.records:
        parts.append(_jobs_table(data.records))
    parts.append(_findings_section(located, read_source))
    parts.append(_SCRIPT)
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _summary(data: ReportInput, located: list[Located], tallies: dict[str, Counter]) -> str:
    items = [("findings", "findings", len(located)),
             ("errors", "errors", tallies["severity"].get("error", 0)),
             ("warnings", "warnings", tallies["severity"].get("warning", 0))]
    if data.records:
        items.insert(0, ("jobs", "jobs", len(data.records)))
        items.append(("jobs-with-findings", "jobs with findings",
                      sum(1 for r in data.records if r.get("findings"))))
    cells = "".join(f"<div class='tile'><span class='number' data-count='{key}'>{value}</span>"
                    f"<span class='label'>{_e(label)}</span></div>" for key, label, value in items)
    return f"<section id='summary' class='tiles'>{cells}</section>"


def _bar_chart(title: str, key: str, tally: Counter, limit: int = 25) -> str:
    rows = tally.most_common(limit)
    if not rows:
        return f"<figure class='chart' data-chart='{key}'><figcaption>{_e(title)}</figcaption><p>none</p></figure>"
    widest = max(n for _, n in rows)
    height = 22 * len(rows) + 8
    bars = []
    for index, (label, number) in enumerate(rows):
        y = 4 + 22 * index
        width = max(2, round(240 * number / widest))
        bars.append(f"<g class='bar' data-label='{_e(label)}' data-count='{number}'>"
                    f"<text x='0' y='{y + 15}' class='bar-label'>{_e(_short(label))}</text>"
                    f"<rect x='230' y='{y + 2}' width='{width}' height='16' rx='2'></rect>"
                    f"<text x='{236 + width}' y='{y + 15}' class='bar-value'>{number}</text></g>")
    more = f"<p class='more'>and {len(tally) - limit} more</p>" if len(tally) > limit else ""
    return (f"<figure class='chart' data-chart='{key}'><figcaption>{_e(title)}</figcaption>"
            f"<svg role='img' aria-label='{_e(title)}' width='520' height='{height}' "
            f"viewBox='0 0 520 {height}'>{''.join(bars)}</svg>{more}</figure>")


def _short(label: str, width: int = 34) -> str:
    return label if len(label) <= width else label[:width - 1] + "…"


def _jobs_table(records: list[dict]) -> str:
    rows = []
    for record in sorted(records, key=lambda r: str(r.get("job"))):
        failure = record.get("failure") or {}
        target = record.get("target") or {}
        where = f"{failure.get('file')}:{failure.get('line')}" if failure.get("file") else ""
        rows.append(
            f"<tr class='job' data-job='{_e(record.get('job'))}' data-status='{_e(record.get('status'))}'>"
            f"<td>{_e(record.get('job'))}</td><td class='status status-{_e(record.get('status'))}'>"
            f"{_e(record.get('status'))}</td><td data-count='scripts'>{len(record.get('scripts', []))}</td>"
            f"<td data-count='job-findings'>{len(record.get('findings', []))}</td>"
            f"<td>{_e(failure.get('category', ''))}</td><td>{_e(failure.get('exception', ''))} {_e(where)}</td>"
            f"<td>{_e(target.get('tf_version', ''))}</td><td>{_e(record.get('error') or '')}</td></tr>")
    return ("<section id='jobs'><h2>Jobs</h2><table class='jobs'><thead><tr><th>job</th><th>status</th>"
            "<th>scripts</th><th>findings</th><th>failure</th><th>raised</th><th>TensorFlow</th><th>note</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></section>")


def _findings_section(located: list[Located], read_source: SourceReader) -> str:
    shown = located[:MAX_FINDINGS_SHOWN]
    blocks = [_finding_block(index, item, read_source) for index, item in enumerate(shown, 1)]
    more = (f"<p class='more'>{len(located) - len(shown)} more findings are not shown; "
            "filter the input to see them.</p>") if len(located) > len(shown) else ""
    filter_box = ("<label class='filter'>filter <input id='filter' type='search' "
                  "placeholder='code, path or words'></label>") if located else "<p>No findings.</p>"
    return (f"<section id='findings'><h2>Each finding</h2>{filter_box}"
            f"<div id='finding-list'>{''.join(blocks)}</div>{more}</section>")


def _finding_block(index: int, item: Located, read_source: SourceReader) -> str:
    finding = item.finding
    path, line = str(finding.get("path", "")), int(finding.get("line") or 0)
    cell = finding.get("cell")
    place = f"{path}:cell {cell}:{line}" if cell is not None else f"{path}:{line}"
    if item.job is not None:
        place = f"{item.job} / {place}"
    header = (f"<div class='finding-head'><span class='code sev-{_e(finding.get('severity'))}'>"
              f"{_e(finding.get('code'))}</span> <span class='name'>{_e(finding.get('name', ''))}</span> "
              f"<span class='place'>{_e(place)}</span></div>"
              f"<p class='message'>{_e(finding.get('message', ''))}</p>")
    related = [r for r in finding.get("related", []) if isinstance(r, dict)]
    excerpt = "" if cell is not None else _excerpt(item.job, path, line, related, read_source)
    elsewhere = [r for r in related if str(r.get("path")) != path or cell is not None]
    others = "".join(f"<li class='related-elsewhere'>{_e(r.get('path'))}:{_e(r.get('line'))} "
                     f"{_e(r.get('message', ''))}</li>" for r in elsewhere)
    text = " ".join(str(finding.get(k, "")) for k in ("code", "name", "path", "message")).lower()
    return (f"<article class='finding' id='finding-{index}' data-code='{_e(finding.get('code'))}' "
            f"data-search='{_e(text)}'>{header}{excerpt}"
            f"{f'<ul class=related>{others}</ul>' if others else ''}</article>")


def _excerpt(job: str | None, path: str, line: int, related: list[dict], read_source: SourceReader) -> str:
    lines = read_source(job, path)
    if not lines or line < 1:
        return ""
    notes: dict[int, str] = {}
    for r in related:
        if str(r.get("path")) == path and isinstance(r.get("line"), int):
            notes.setdefault(r["line"], str(r.get("message", "")))
    marked = [line, *[n for n in notes if abs(n - line) <= 40]]
    start, end = max(1, min(marked) - CONTEXT), min(len(lines), max(marked) + CONTEXT)
    rows = []
    previous = None
    for number in range(start, end + 1):
        if not (any(abs(number - m) <= CONTEXT for m in marked)):
            continue
        if previous is not None and number > previous + 1:
            rows.append("<tr class='gap'><td></td><td>⋮</td><td></td></tr>")
        previous = number
        kind = "primary" if number == line else "related" if number in notes else "context"
        note = "failing line" if kind == "primary" else notes.get(number, "")
        rows.append(f"<tr class='{kind}' data-line='{number}'><td class='lineno'>{number}</td>"
                    f"<td class='src'><code>{_e(lines[number - 1].rstrip())}</code></td>"
                    f"<td class='note'>{_e(note)}</td></tr>")
    return f"<table class='source'>{''.join(rows)}</table>"


_HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>shapetracer report</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 0 16px 48px; color: #1d2330; }
h1 { font-size: 22px; margin: 20px 0 4px; } h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid #dde; }
.inputs { color: #667; margin: 0; }
.tiles { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 16px; }
.tile { border: 1px solid #dde; border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.tile .number { display: block; font-size: 24px; font-weight: 600; } .tile .label { color: #667; }
.charts { display: flex; flex-wrap: wrap; gap: 18px; } .chart { margin: 0; }
.chart figcaption { font-weight: 600; margin: 6px 0; }
.chart rect { fill: #4c6fbf; } .bar-label, .bar-value { font-size: 12px; fill: #1d2330; }
table { border-collapse: collapse; } .jobs td, .jobs th { border-bottom: 1px solid #eef; padding: 3px 8px; text-align: left; vertical-align: top; }
.jobs td:last-child { max-width: 260px; overflow-wrap: anywhere; } .src code { overflow-wrap: anywhere; }
.status-ok { color: #1a7f37; } .status-parse_error, .status-internal_error, .status-timeout, .status-crashed { color: #b42318; }
.finding { border: 1px solid #dde; border-radius: 6px; margin: 12px 0; padding: 8px 12px; }
.finding-head .code { font-weight: 700; } .sev-error { color: #b42318; } .sev-warning { color: #9a6700; }
.place { color: #667; font-family: ui-monospace, monospace; } .message { margin: 4px 0 8px; }
.source { font: 12.5px ui-monospace, monospace; width: 100%; } .source td { padding: 0 6px; vertical-align: top; }
.lineno { color: #889; text-align: right; width: 3em; } .src code { white-space: pre; }
tr.primary { background: #fde8e8; } tr.related { background: #fff4d6; } .note { color: #556; font-family: system-ui, sans-serif; }
.filter input { margin: 6px 0 4px 6px; padding: 3px 6px; } .hidden { display: none; }
</style></head>"""

_SCRIPT = """<script>
(function () {
  var box = document.getElementById("filter");
  if (!box) { return; }
  box.addEventListener("input", function () {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    document.querySelectorAll("article.finding").forEach(function (article) {
      var text = article.getAttribute("data-search") || "";
      var shown = words.every(function (word) { return text.indexOf(word) >= 0; });
      article.classList.toggle("hidden", !shown);
    });
  });
})();
</script>"""


def counts_json(data: ReportInput) -> dict[str, dict[str, int]]:
    """The page's counts as plain data (what ``data-count`` attributes carry)."""
    return {key: dict(sorted(tally.items())) for key, tally in counts(data).items()}
