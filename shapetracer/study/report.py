"""study.json, study.md and study.png from a Study."""

from __future__ import annotations

import json
from pathlib import Path

from shapetracer.study.run import Study
from shapetracer.study.taxonomy import TOOLS


def write_json(study: Study, path: Path) -> None:
    path.write_text(json.dumps(study.to_dict(), indent=2) + "\n")


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def markdown(study: Study, source: str) -> str:
    data = study.to_dict()
    head = data["headline"]
    totals = data["totals"]
    top = ", ".join(f"`{c}`" for c in head["top_python_categories"])
    lines = [
        "# Failed-job study",
        "",
        f"Jobs: **{totals['jobs']}** from `{source}`. A failure counts as detected by a tool when one of its "
        "findings has the failure's category and points at the failing line (or names it among its related lines).",
        "",
        f"**Headline:** static checks (pyflakes, pylint, shapetracer) detect **{head['percent']:.2f}%** "
        f"({head['detected']} of {head['failures']}) of the failures in the top three Python categories "
        f"({top}); the published industrial study reports **{head['published_percent']:.2f}%**.",
        "",
        "| category | group | count | share | pyflakes | pylint | shapetracer | any |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in data["categories"]:
        cells = [f"{row[t]} ({_percent(row[t], row['count'])})" for t in (*TOOLS, "any")]
        lines.append(f"| {row['category']} | {row['group']} | {row['count']} | {100 * row['share']:.1f}% | "
                     + " | ".join(cells) + " |")
    cells = [f"{totals[t]} ({_percent(totals[t], totals['jobs'])})" for t in TOOLS]
    lines.append(f"| **all** | | {totals['jobs']} | 100% | " + " | ".join(cells)
                 + f" | {totals['detected_by_any']} ({_percent(totals['detected_by_any'], totals['jobs'])}) |")
    lines += ["", f"Categories come from each job's log (`shapetracer.study.classify`); "
              f"{totals['labelled_jobs']} jobs carry a `job.json` label, and the classifier agrees with "
              f"{totals['labels_agree']} of them. Study time: {data['seconds']:.0f} s.", ""]
    return "\n".join(lines)


def write_chart(study: Study, path: Path) -> str | None:
    """A bar chart of detection per category and tool; returns why it was skipped, if it was."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed (pip install 'shapetracer[study]'); study.png skipped"
    rows = study.categories()
    names = [f"{r['category']}\n(n={r['count']})" for r in rows]
    series = (*TOOLS, "any")
    width = 0.8 / len(series)
    figure, axes = plt.subplots(figsize=(max(8.0, 0.9 * len(rows) + 2), 4.8))
    for offset, tool in enumerate(series):
        values = [100.0 * r[tool] / r["count"] if r["count"] else 0.0 for r in rows]
        positions = [i + (offset - (len(series) - 1) / 2) * width for i in range(len(rows))]
        axes.bar(positions, values, width, label=tool)
    axes.set_xticks(range(len(rows)))
    axes.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
    axes.set_ylabel("failures detected (%)")
    axes.set_ylim(0, 100)
    head = study.headline()
    axes.set_title(f"Detection per failure category (top-3 Python: {head['percent']:.1f}% "
                   f"vs published {head['published_percent']:.2f}%)", fontsize=10)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return None
