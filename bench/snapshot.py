"""Every finding of every file under some folders, written whole, to hold one tree's behaviour
against another's.

    python bench/snapshot.py OUT.jsonl DIR [DIR ...] [--jobs 2] [--tf-version V] [--possible]
    python bench/snapshot.py --compare A.jsonl B.jsonl

A refactor that must not change behaviour is checked by a snapshot before and after: each
file is checked in-process with every code selected (notes and possible failures included,
so a family that no longer loads shows as a changed "not modelled" note), from the folder
as working directory, and each finding is written with all its fields (code, place, end,
confidence, severity, message, related lines).  ST201 possible failures need a second solver
query per op and are off unless ``--possible`` asks for them (as ``check --possible``).  ``--compare`` prints the files whose
findings differ and exits 1 when any do.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def finding_record(finding) -> dict:
    record = finding.to_dict()
    record.pop("fix", None)
    record["related"] = [[r.path, r.line, r.column, r.message] for r in finding.related]
    return record


def _check(job: tuple[str, str, str | None, bool]) -> tuple[str, list[dict], str]:
    root, rel, tf_version, possible = job
    from shapetracer.config import load_settings
    from shapetracer.engine import check_file
    os.chdir(root)
    options = load_settings([Path(rel)], extend_select="ST", tf_version=tf_version,
                            possible=possible or None).options
    try:
        result = check_file(Path(rel), options)
    except Exception as exc:  # recorded: a crash is a difference too
        return rel, [], f"crash {type(exc).__name__}: {exc}"
    # the analysis's wall-clock bound may cut a file short on a loaded machine: keep it out
    findings = [finding_record(f) for f in result.findings if "budget" not in f.args]
    return rel, findings, result.status


def snapshot(out: Path, dirs: list[Path], jobs: int, tf_version: str | None, possible: bool = False) -> int:
    from shapetracer.engine import iter_python_files
    work = []
    for folder in dirs:
        root = folder.resolve()
        for file in sorted(iter_python_files([root])):
            work.append((str(root), str(file.relative_to(root)), tf_version, possible))
    count = 0
    with ProcessPoolExecutor(jobs) as pool, out.open("w", encoding="utf-8") as sink:
        for rel, findings, status in pool.map(_check, work, chunksize=8):
            root = work[count][0]
            sink.write(json.dumps({"root": Path(root).name, "path": rel, "status": status,
                                   "findings": findings}, sort_keys=True) + "\n")
            count += 1
    print(f"{count} files, snapshot in {out}", file=sys.stderr)
    return 0


def _load(path: Path) -> dict[tuple[str, str], dict]:
    records = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        records[(record["root"], record["path"])] = record
    return records


def _fields(records: dict) -> set[str]:
    return {key for record in records.values() for finding in record["findings"] for key in finding}


def _without(records: dict, fields: set[str]) -> dict:
    """The records with ``fields`` left out of every finding."""
    return {key: {**record, "findings": [{k: v for k, v in f.items() if k not in fields}
                                         for f in record["findings"]]}
            for key, record in records.items()}


def compare(a: Path, b: Path) -> int:
    """The findings of two snapshots, on the fields both record (a field one tree added, such
    as the facts ``args``, is no difference of behaviour)."""
    before, after = _load(a), _load(b)
    only_one = _fields(before) ^ _fields(after)
    if only_one:
        print(f"(fields in one snapshot only, not compared: {', '.join(sorted(only_one))})", file=sys.stderr)
        before, after = _without(before, only_one), _without(after, only_one)
    differ = 0
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        differ += 1
        print(f"== {key[0]}/{key[1]}")
        old_set = {json.dumps(f, sort_keys=True) for f in (old or {}).get("findings", [])}
        new_set = {json.dumps(f, sort_keys=True) for f in (new or {}).get("findings", [])}
        for gone in sorted(old_set - new_set):
            print(f"  - {gone}")
        for came in sorted(new_set - old_set):
            print(f"  + {came}")
        if (old or {}).get("status") != (new or {}).get("status"):
            print(f"  status {(old or {}).get('status')} -> {(new or {}).get('status')}")
    total = sum(len(r["findings"]) for r in after.values())
    print(f"{len(after)} files, {total} findings; {differ} files differ", file=sys.stderr)
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("dirs", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tf-version")
    parser.add_argument("--possible", action="store_true", help="also ST201 possible failures")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None or not args.dirs:
        parser.error("give OUT and at least one DIR, or --compare A B")
    return snapshot(args.out, [d.expanduser() for d in args.dirs], args.jobs, args.tf_version, args.possible)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
