"""How many corpus bugs get a verified fix, and how many of those fixes are the edit the
hand-written twin made.

    python bench/fixes.py                 # fixes, re-analysis, twin comparison, per code
    python bench/fixes.py --oracle        # and run every fixed program under real TensorFlow
    python bench/fixes.py --json OUT      # every bug's record as JSON as well
    python bench/fixes.py -k keras/       # only programs whose path contains the string

For each corpus bug (corpus/shape/**/bug_*.py) the finding its label marks is taken under
the first TensorFlow version whose label it carries (the analysis options the corpus
expectations test uses), and ``shapetracer.fixes.for_finding`` is asked for its best
verified fix.  The fixed program is then analysed again under every version its header
lists ("clean": no shape finding at all), compared with its twin ok_*.py (the same edit:
the same code once comments are dropped) and, with ``--oracle``, run under each of those
versions by the oracle (tests/oracle/pool.py): it must end without an exception.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import sys
import tempfile
import time
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "oracle"))

import corpus_meta  # noqa: E402

from shapetracer import fixes  # noqa: E402
from shapetracer.domain.target import target_for  # noqa: E402
from shapetracer.engine import Options, check_source  # noqa: E402
from shapetracer.fixes.verify import verdict  # noqa: E402


def options_for(program, version: str) -> Options:
    """The options the corpus expectations test analyses ``program`` with."""
    want = program.expects_for(version)
    target = target_for(version, source="corpus header", legacy_keras=program.legacy_keras)
    return Options(generic=False, possible_failures=any(code == "ST201" for _, code in want), target=target)


def labelled_versions(program) -> list[str]:
    return [v for v in program.versions if program.expects_for(v)]


def code_only(text: str) -> list[str]:
    """The program's lines without comments and blank lines (how twins are compared)."""
    out: list[str] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return [line.split("#")[0].rstrip() for line in text.splitlines() if line.split("#")[0].strip()]
    lines = text.splitlines()
    comments = {(t.start[0], t.start[1]) for t in tokens if t.type == tokenize.COMMENT}
    for number, line in enumerate(lines, 1):
        cut = min((col for (row, col) in comments if row == number), default=len(line))
        kept = line[:cut].rstrip()
        if kept.strip():
            out.append(kept)
    return out


def fix_program(program) -> dict:
    """The record of one bug: its finding, its best verified fix and how the fixed text fares."""
    versions = labelled_versions(program)
    record = {"program": program.rel, "codes": sorted({c for v in versions for _, c in program.expects_for(v)})}
    if not versions:
        return {**record, "status": "unlabelled"}
    version = versions[0]
    options = options_for(program, version)
    text = program.path.read_text(encoding="utf-8")
    started = time.perf_counter()
    result = check_source(text.encode("utf-8"), program.rel, program.path, options)
    wanted = set(program.expects_for(version))
    hits = [f for f in result.findings if (f.line, f.code) in wanted]
    record.update(version=version, code=sorted(wanted)[0][1])
    if not hits:
        return {**record, "status": "not-detected", "seconds": round(time.perf_counter() - started, 2)}
    finding = hits[0]
    record["code"] = finding.code
    offered = fixes.for_finding(finding, text, program.rel, program.path, options, result.findings,
                                result.shape_log, limit=5)
    record["seconds"] = round(time.perf_counter() - started, 2)
    record["candidates"] = len(fixes.candidates(finding, text, program.rel, result.shape_log))
    # the program targets every version its header lists: the fix must hold under each
    offered = [fix for fix in offered if holds_everywhere(program, text, fix, version)]
    if not offered:
        return {**record, "status": "no-fix"}
    # the best fix that leaves no shape finding under any version (another bug the fixed
    # one hid would still stop the program), else the best
    after = [(fix, shape_findings_after(program, fixes.apply(text, fix.edits))) for fix in offered]
    fix, clean = next(((f, c) for f, c in after if not any(c.values())), after[0])
    fixed = fixes.apply(text, fix.edits)
    twin = program.path.with_name(program.path.name.replace("bug_", "ok_", 1))
    return {**record, "status": "fixed", "fix": fix.to_dict(), "alternatives": [f.message for f in offered[1:]],
            "fixed_text": fixed, "twin_equal": twin.exists() and code_only(fixed) == code_only(twin.read_text()),
            "shape_findings_after": clean}


def shape_findings_after(program, fixed: str) -> dict[str, list[str]]:
    found = {}
    for other in program.versions:
        again = check_source(fixed.encode("utf-8"), program.rel, program.path, options_for(program, other))
        found[other] = [f"{f.line}:{f.code}" for f in again.findings if f.code.startswith(("ST1", "ST2"))]
    return found


def holds_everywhere(program, text: str, fix, checked: str) -> bool:
    """The fix, verified under ``checked``, also passes re-analysis under the program's other
    versions: the bug labelled there (if any) is gone and nothing new appears."""
    for other in program.versions:
        if other == checked:
            continue
        options = options_for(program, other)
        before = check_source(text.encode("utf-8"), program.rel, program.path, options)
        wanted = set(program.expects_for(other))
        labelled = [f for f in before.findings if (f.line, f.code) in wanted]
        if labelled:
            if verdict(fix, labelled[0], before.findings, text, program.rel, program.path, options) is None:
                return False
            continue
        fixed = fixes.apply(text, fix.edits)
        after = check_source(fixed.encode("utf-8"), program.rel, program.path, options)
        known = {f.code for f in before.findings if f.severity in ("error", "warning")}
        if any(f.severity in ("error", "warning") and f.code not in known for f in after.findings):
            return False
    return True


def run_oracle(programs: dict, records: list[dict]) -> None:
    """Run each fixed program under every version its header lists; record ``oracle`` per version."""
    import pool  # tests/oracle/pool.py

    with tempfile.TemporaryDirectory(prefix="shapetracer-fixes-") as folder:
        requests, where = [], {}
        for record in records:
            if record["status"] != "fixed":
                continue
            program = programs[record["program"]]
            path = Path(folder) / record["program"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(record["fixed_text"], encoding="utf-8")
            fixed_program = dataclasses.replace(program, path=path)
            for version in program.versions:
                requests.append(pool.request_for(fixed_program, version))
                where[pool.result_key(version, str(path))] = (record, version)
        for key, outcome in pool.run_requests(requests).items():
            record, version = where[key]
            status = outcome.get("status")
            verdict = "ok" if status == "ok" else (
                "unavailable" if status == "unavailable" else
                f"{status}: {outcome.get('type', '')} at line {outcome.get('program_line')}: "
                f"{(outcome.get('message') or '')[:200]}")
            record.setdefault("oracle", {})[version] = verdict


def summary(records: list[dict], oracle: bool) -> str:
    lines = []
    by_code: dict[str, list[dict]] = {}
    for record in records:
        by_code.setdefault(record.get("code", "?"), []).append(record)
    header = f"{'code':6} {'bugs':>5} {'fixed':>6} {'share':>6} {'twin':>5}"
    if oracle:
        header += f" {'runs':>5}"
    lines.append(header)

    def row(name: str, group: list[dict]) -> str:
        fixed = [r for r in group if r["status"] == "fixed"]
        text = (f"{name:6} {len(group):5} {len(fixed):6} {100.0 * len(fixed) / max(len(group), 1):5.1f}% "
                f"{sum(r['twin_equal'] for r in fixed):5}")
        if oracle:
            text += f" {sum(_runs(r) for r in fixed):5}"
        return text
    for code in sorted(by_code):
        lines.append(row(code, by_code[code]))
    lines.append(row("all", records))
    statuses: dict[str, int] = {}
    for record in records:
        statuses[record["status"]] = statuses.get(record["status"], 0) + 1
    lines.append("status: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    fixed = [r for r in records if r["status"] == "fixed"]
    dirty = [r for r in fixed if any(r["shape_findings_after"].values())]
    lines.append(f"fixed programs with a shape finding left under some listed version: {len(dirty)}")
    safe = sum(r["fix"]["applicability"] == "safe" for r in fixed)
    lines.append(f"safe fixes: {safe} of {len(fixed)}; with alternatives: {sum(bool(r['alternatives']) for r in fixed)}")
    if oracle:
        failed = [r for r in fixed if not _runs(r)]
        lines.append(f"fixed programs that do not run under every listed TensorFlow: {len(failed)}")
        for r in failed:
            lines.append(f"  {r['program']}: {r['fix']['message']} -> {r.get('oracle')}")
    return "\n".join(lines)


def _runs(record: dict) -> bool:
    outcomes = record.get("oracle", {})
    return bool(outcomes) and all(v in ("ok", "unavailable") for v in outcomes.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", action="store_true", help="run every fixed program under real TensorFlow")
    parser.add_argument("--json", type=Path, help="write every record here")
    parser.add_argument("-k", dest="only", default="", help="only programs whose path contains this")
    args = parser.parse_args(argv)
    programs = {p.rel: p for p in corpus_meta.load_corpus() if p.kind == "bug" and args.only in p.rel}
    started = time.perf_counter()
    records = [fix_program(p) for p in programs.values()]
    seconds = time.perf_counter() - started
    if args.oracle:
        run_oracle(programs, records)
    print(summary(records, args.oracle))
    print(f"fix search: {seconds:.0f} s for {len(records)} bugs", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
