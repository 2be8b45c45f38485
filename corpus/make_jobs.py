"""Compose the failed-job corpus: corpus/jobs/<job>/ with scripts and job.json.

Each job is a base training program (jobgen/bases.py) laid out in one or several files
with one injected bug (recipes in jobgen/bugs_python.py, jobgen/bugs_tf.py) or, for
failures no local run can reproduce, a program plus a platform-log description
(jobgen/synthetic.py).  Ground truth (category, exception, failing file and line)
comes from the recipe and the tagged line; corpus/run_jobs.py then runs every real job
and refuses a log whose real failure disagrees.

Names are stable hashes of (recipe, index), so adding a recipe does not rename other
jobs; a job whose scripts did not change keeps its job.log.

    python corpus/make_jobs.py && python corpus/run_jobs.py --missing
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import zlib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from jobgen import bugs_python, bugs_tf, bugs_version, synthetic  # noqa: E402
from jobgen.bases import BASES  # noqa: E402
from jobgen.layout import finish_with_tags  # noqa: E402
from jobgen.recipe import Recipe  # noqa: E402

JOBS = HERE / "jobs"


def seed_of(text: str) -> int:
    return zlib.crc32(text.encode())


def build(recipe: Recipe, index: int) -> tuple[str, dict[str, str], dict]:
    rng = random.Random(seed_of(f"{recipe.name}:{index}"))
    base = recipe.bases[index % len(recipe.bases)]
    program, values = BASES[base](rng, recipe.extra.get("fixed"))
    program.layout = rng.choice(recipe.layouts)
    program.star_imports = bool(recipe.extra.get("star"))
    for edit in recipe.edits:
        edit(program, values)
    files, bug_file, bug_line, tags = finish_with_tags(program.render())
    if recipe.extra.get("bug_import"):  # the failing line is an import the layout wrote
        bug_file = "train.py"
        bug_line = next(i for i, line in enumerate(files[bug_file].split("\n"), 1)
                        if line.startswith(recipe.extra["bug_import"]))
    if bug_file is None and not recipe.extra.get("no_location"):
        raise ValueError(f"{recipe.name}: no line is marked as the failure")
    name = f"job-{seed_of(f'{recipe.name}:{index}'):08x}"[:10]
    meta = {
        "entry": "train.py",
        "category": recipe.category,
        "exception": recipe.exception,
        "file": bug_file,
        "line": bug_line,
        "log_origin": "real" if recipe.synthetic is None else "synthetic-platform",
        "description": recipe.description,
        "recipe": recipe.name,
        "base": base,
        "layout": program.layout,
    }
    if recipe.truncated:
        meta["truncated"] = recipe.truncated
    if recipe.extra.get("image"):  # the TensorFlow env the job runs on (run_jobs.py), e.g. "tf2.15"
        meta["image"] = recipe.extra["image"]
    env = dict(recipe.env)
    if recipe.synthetic is None and rng.random() < 0.4:
        env["PYTHONUNBUFFERED"] = "1"  # many platforms set it; the others show stdout after the traceback
    if env:
        meta["env"] = env
    if recipe.args:
        meta["args"] = recipe.args
    if recipe.synthetic is not None:
        meta["platform"] = synthetic.describe(recipe, program, files, tags, rng)
    return name, files, meta


def write_job(name: str, files: dict[str, str], meta: dict) -> bool:
    """Write one job; keep its log when the scripts and labels are unchanged."""
    folder = JOBS / name
    if folder.is_dir() and (folder / "job.json").exists():
        old = json.loads((folder / "job.json").read_text())
        old.pop("runner", None)  # set by run_jobs.py, not a label
        if old == meta and all((folder / f).exists() and (folder / f).read_text() == t for f, t in files.items()):
            return False
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for file, text in files.items():
        (folder / file).write_text(text)
    (folder / "job.json").write_text(json.dumps(meta, indent=2) + "\n")
    return True


def main(argv: list[str]) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n", 1)[0]).parse_args(argv)
    recipes = bugs_python.RECIPES + bugs_tf.RECIPES + bugs_version.RECIPES + synthetic.RECIPES
    JOBS.mkdir(exist_ok=True)
    names: set[str] = set()
    changed = 0
    categories: Counter = Counter()
    for recipe in recipes:
        for index in range(recipe.count):
            name, files, meta = build(recipe, index)
            if name in names:
                raise ValueError(f"name clash: {name}")
            names.add(name)
            changed += write_job(name, files, meta)
            categories[meta["category"]] += 1
    for stale in JOBS.iterdir():
        if stale.is_dir() and stale.name not in names:
            shutil.rmtree(stale)
    print(f"{len(names)} jobs ({changed} new or changed)")
    for category, count in categories.most_common():
        print(f"  {category:16} {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
