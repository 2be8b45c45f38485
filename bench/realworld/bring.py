"""Reproduce the published TensorFlow/Keras programs of manifest.json outside the repository.

    python bench/realworld/bring.py [DEST] [--mirrors DIR] [--clones DIR]

The programs are other people's code, so they are never kept in this repository: the
manifest pins each repository to a commit and names the files, and this script writes them
to DEST/<owner>__<name>/<path> (default ~/.cache/shapetracer/realworld).  A local bare
mirror (a directory under --mirrors whose name starts with ``owner+name``) is used when it
has the commit; otherwise the repository is cloned from GitHub into --clones and the commit
checked out.  Running it again rewrites nothing that is already right and removes files
the manifest no longer names, so DEST always holds exactly the manifest's set.
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
CACHE = Path.home() / ".cache" / "shapetracer"


def git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], capture_output=True)


def has_commit(git_dir: Path, commit: str) -> bool:
    return git(f"--git-dir={git_dir}", "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def git_dirs_under(folder: Path):
    """The folder itself and git directories up to two levels below (mirrors nest them)."""
    for candidate in (folder, folder / ".git", *sorted(folder.glob("*")), *sorted(folder.glob("*/.git"))):
        if candidate.is_dir() and (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            yield candidate


def find_mirror(mirrors: Path, repo: str, commit: str) -> Path | None:
    prefix = repo.replace("/", "+", 1).lower()
    if not mirrors.is_dir():
        return None
    for folder in sorted(mirrors.iterdir()):
        if folder.name.lower().startswith(prefix):
            for git_dir in git_dirs_under(folder):
                if has_commit(git_dir, commit):
                    return git_dir
    return None


def clone(clones: Path, repo: str, commit: str) -> Path:
    """A full clone at the commit (a detached checkout); reused when it already has the commit."""
    work = clones / repo.replace("/", "__")
    if not (work / ".git").is_dir():
        shutil.rmtree(work, ignore_errors=True)
        work.parent.mkdir(parents=True, exist_ok=True)
        done = git("clone", "--quiet", "--no-checkout", f"https://github.com/{repo}", str(work))
        if done.returncode:
            raise RuntimeError(done.stderr.decode(errors="replace").strip())
    if not has_commit(work / ".git", commit):
        git("-C", str(work), "fetch", "--quiet", "origin", commit)
    done = git("-C", str(work), "checkout", "--quiet", "--detach", commit)
    if done.returncode:
        raise RuntimeError(done.stderr.decode(errors="replace").strip())
    return work / ".git"


def blob(git_dir: Path, commit: str, path: str) -> bytes | None:
    done = git(f"--git-dir={git_dir}", "show", f"{commit}:{path}")
    return done.stdout if done.returncode == 0 else None


def write_if_changed(target: Path, data: bytes) -> bool:
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True


def prune(folder: Path, keep: set[Path]) -> int:
    """Remove files under one repository's folder that the manifest does not name."""
    removed = 0
    for file in sorted(folder.rglob("*")):
        if file.is_file() and file not in keep:
            file.unlink()
            removed += 1
    return removed


def bring_repo(entry: dict, dest: Path, mirrors: Path, clones: Path) -> dict:
    repo, commit = entry["repo"], entry["commit"]
    folder = dest / repo.replace("/", "__", 1)
    source = find_mirror(mirrors, repo, commit)
    how = "mirror"
    if source is None:
        source, how = clone(clones, repo, commit), "clone"
    counts = {"repo": repo, "source": how, "files": 0, "written": 0, "missing": 0}
    keep = set()
    for path in entry["paths"]:
        data = blob(source, commit, path)
        if data is None:
            counts["missing"] += 1
            print(f"  missing: {repo}@{commit[:10]}:{path}", file=sys.stderr)
            continue
        target = folder / path
        keep.add(target)
        counts["files"] += 1
        counts["written"] += write_if_changed(target, data)
    counts["removed"] = prune(folder, keep) if folder.is_dir() else 0
    return counts


def inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", nargs="?", type=Path, default=CACHE / "realworld")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--clones", type=Path, default=CACHE / "realworld-clones")
    parser.add_argument("--manifest", type=Path, default=HERE / "manifest.json")
    args = parser.parse_args(argv)
    dest = args.dest.expanduser().resolve()
    if inside(dest, REPO_ROOT) or inside(args.clones.expanduser().resolve(), REPO_ROOT):
        parser.error(f"DEST and --clones must be outside the repository {REPO_ROOT}")
    manifest = json.loads(args.manifest.read_text(encoding="utf-8"))
    dest.mkdir(parents=True, exist_ok=True)
    failed = 0
    totals = {"files": 0, "written": 0, "missing": 0, "removed": 0}
    for entry in manifest:
        try:
            counts = bring_repo(entry, dest, args.mirrors, args.clones.expanduser())
        except (RuntimeError, OSError) as exc:
            failed += 1
            print(f"{entry['repo']}: FAILED: {exc}", file=sys.stderr)
            continue
        for key in totals:
            totals[key] += counts[key]
        print(f"{counts['repo']:58} {entry['tf_era']:5} {counts['source']:6} files {counts['files']:4}  "
              f"written {counts['written']:4}  missing {counts['missing']}  removed {counts['removed']}")
    write_if_changed(dest / "MANIFEST.json", args.manifest.read_bytes())
    print(f"total: {len(manifest) - failed} repositories, {totals['files']} files in {dest} "
          f"({totals['written']} written, {totals['missing']} missing, {totals['removed']} removed, "
          f"{failed} repositories failed)")
    return 1 if failed or totals["missing"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
