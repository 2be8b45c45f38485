"""shapetracer run on whole repositories, as a user runs it on a folder.

    python bench/projects.py [DIR ...] [--json OUT] [--tf-version V] [--timeout S]
    python bench/projects.py --corpus corpus/projects

Each DIR is a folder of repositories (each immediate sub-folder is one repository, as
~/.cache/shapetracer/realworld holds them; the default) or, with --repos, the repositories
themselves.  For each repository ``python -m shapetracer.cli check --output-format F REPO``
runs once per format (json, concise) in a fresh process, from the current directory, and
the table gives:

- files: the files the run checked (the JSON output's count),
- findings: findings in the JSON output, and errors among them,
- repeats: sites (path, line, column, code) reported more than once, and the extra copies
  (two findings of one code on one line at different columns are two sites),
- seconds for the json and for the concise run (wall clock, process start included).

With --corpus DIR (corpus/projects), each variant folder of each multi-file project is
checked under every TensorFlow its manifest lists (``--tf-version``), from inside the
folder, and the summary gives: buggy projects detected at their labelled path:line and code
(of N), clean projects and fixed twins flagged with any finding (of M), projects with a
repeated site (path, line, column, code), and the seconds of the folder runs.

Run it from the checkout whose analyzer you measure (PYTHONPATH is passed on), before and
after a change, and compare the tables.  A run that fails or exceeds --timeout is recorded
as such, never fatal.  With --json the rows are written after each repository, and
--resume skips the repositories that file already holds, so a long run can be split
(``--only A,B``) or continued.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

DEFAULT_DIR = Path.home() / ".cache" / "shapetracer" / "realworld"


def run_check(repo: Path, output_format: str, tf_version: str | None, timeout: float) -> tuple[str | None, float, str]:
    """(stdout or None, seconds, problem) of one folder run."""
    command = [sys.executable, "-m", "shapetracer.cli", "check", "--output-format", output_format,
               "--exit-zero", "--quiet", str(repo)]
    if tf_version:
        command[4:4] = ["--tf-version", tf_version]
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=dict(os.environ))
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started, f"timeout after {timeout:.0f} s"
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        return None, seconds, f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    return done.stdout, seconds, ""


def measure(repo: Path, tf_version: str | None, timeout: float) -> dict:
    row: dict = {"repo": repo.name}
    text, row["json_seconds"], problem = run_check(repo, "json", tf_version, timeout)
    if text is None:
        row["problem"] = problem
        return row
    report = json.loads(text)
    findings = report["findings"]
    sites = Counter((f["path"], f["line"], f["column"], f["code"]) for f in findings)
    row.update(files=report.get("files", 0), findings=len(findings),
               errors=sum(f["severity"] == "error" for f in findings),
               repeated_sites=sum(1 for count in sites.values() if count > 1),
               extra_copies=sum(count - 1 for count in sites.values() if count > 1),
               repeated=[f"{p}:{line}:{col} {code} x{count}" for (p, line, col, code), count in sorted(sites.items())
                         if count > 1])
    concise, row["concise_seconds"], problem = run_check(repo, "concise", tf_version, timeout)
    if concise is None:
        row["problem"] = "concise: " + problem
    return row


def wanted_sites(texts: list[str]) -> set[tuple[str, int, str]]:
    """{(path, line, code)} from a manifest's ``path:line CODE`` labels."""
    sites = {tuple(text.replace(":", " ").split(" ")) for text in texts}
    return {(path, int(line), code) for path, line, code in sites}


def corpus_summary(root: Path, timeout: float) -> str:
    """Detected / flagged / repeated over the projects of corpus/projects (see the docstring)."""
    detected, buggy, flagged, clean, repeated, seconds = [], [], [], [], set(), []
    for folder in sorted(p for p in root.iterdir() if (p / "project.json").is_file()):
        manifest = json.loads((folder / "project.json").read_text())
        labels = {version: manifest["expect"] for version in manifest["tf"]}
        if isinstance(manifest["expect"], dict):  # per version: {"1.15": [...], "2.15, 2.21": [...]}
            labels = {version.strip(): texts for key, texts in manifest["expect"].items()
                      for version in key.split(",")}
        for variant in ("bug", "ok", "clean"):
            if not (folder / variant).is_dir():
                continue
            hits = []
            for version in manifest["tf"]:
                command = [sys.executable, "-m", "shapetracer.cli", "check", "--output-format", "json",
                           "--tf-version", version, "--exit-zero", "--quiet", "."]
                started = time.perf_counter()
                done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                      cwd=folder / variant, env=dict(os.environ))
                seconds.append(time.perf_counter() - started)
                findings = json.loads(done.stdout)["findings"] if done.returncode == 0 else []
                sites = Counter((f["path"], f["line"], f["column"], f["code"]) for f in findings)
                if any(count > 1 for count in sites.values()):
                    repeated.add(folder.name)
                hits.append((version, {(path, line, code) for path, line, _column, code in sites}))
            if variant == "bug":
                buggy.append(folder.name)
                if all(wanted_sites(labels[version]) <= found for version, found in hits):
                    detected.append(folder.name)
            else:
                clean.append(f"{folder.name}/{variant}")
                if any(found for _version, found in hits):
                    flagged.append(f"{folder.name}/{variant}")
    projects = len(buggy) + sum(1 for name in clean if name.endswith("/clean"))
    return "\n".join([
        f"buggy projects detected at the labelled line under every listed version: {len(detected)} of {len(buggy)}",
        f"  missed: {', '.join(sorted(set(buggy) - set(detected))) or '-'}",
        f"clean projects and fixed twins with a finding: {len(flagged)} of {len(clean)}",
        f"  flagged: {', '.join(flagged) or '-'}",
        f"projects with a repeated (path, line, column, code): {len(repeated)} of {projects}",
        f"  repeated: {', '.join(sorted(repeated)) or '-'}",
        f"folder runs: {len(seconds)}, median {sorted(seconds)[len(seconds) // 2]:.2f} s, max {max(seconds):.2f} s",
    ])


def repositories(folders: list[Path], as_repos: bool) -> list[Path]:
    if as_repos:
        return folders
    return [child for folder in folders for child in sorted(folder.iterdir())
            if child.is_dir() and not child.name.startswith(".")]


def table(rows: list[dict]) -> str:
    head = f"{'repository':58} {'files':>5} {'find':>5} {'err':>4} {'rep':>4} {'extra':>5} {'json s':>7} {'conc s':>7}"
    lines = [head, "-" * len(head)]
    for row in rows:
        if "files" not in row:
            lines.append(f"{row['repo']:58} {row.get('problem', '')}")
            continue
        lines.append(f"{row['repo']:58} {row['files']:5d} {row['findings']:5d} {row['errors']:4d} "
                     f"{row['repeated_sites']:4d} {row['extra_copies']:5d} {row['json_seconds']:7.1f} "
                     f"{row.get('concise_seconds', float('nan')):7.1f}")
    done = [r for r in rows if "files" in r]
    lines.append("-" * len(head))
    lines.append(f"{'total (' + str(len(done)) + ' repositories)':58} {sum(r['files'] for r in done):5d} "
                 f"{sum(r['findings'] for r in done):5d} {sum(r['errors'] for r in done):4d} "
                 f"{sum(r['repeated_sites'] for r in done):4d} {sum(r['extra_copies'] for r in done):5d} "
                 f"{sum(r['json_seconds'] for r in done):7.1f} {sum(r.get('concise_seconds', 0) for r in done):7.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[DEFAULT_DIR])
    parser.add_argument("--repos", action="store_true", help="the folders are repositories themselves")
    parser.add_argument("--json", type=Path, help="also write the rows (with the repeated sites) here")
    parser.add_argument("--tf-version", help="passed on to check (default: what each repository pins)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per folder run")
    parser.add_argument("--only", help="comma-separated repository folder names to measure")
    parser.add_argument("--resume", action="store_true", help="keep the rows already in --json, skip their repos")
    parser.add_argument("--corpus", type=Path, help="summarise the multi-file projects of this folder instead")
    args = parser.parse_args(argv)
    if args.corpus:
        print(corpus_summary(args.corpus, args.timeout))
        return 0
    rows = json.loads(args.json.read_text()) if args.resume and args.json and args.json.exists() else []
    done = {row["repo"] for row in rows}
    only = set(args.only.split(",")) if args.only else None
    for repo in repositories(args.folders, args.repos):
        if repo.name in done or (only is not None and repo.name not in only):
            continue
        rows.append(measure(repo, args.tf_version, args.timeout))
        print(f"{repo.name}: {rows[-1].get('findings', rows[-1].get('problem'))} findings, "
              f"{rows[-1].get('repeated_sites', '-')} repeated, {rows[-1]['json_seconds']:.1f} s", file=sys.stderr)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
