"""Job folders and hostile archives built inside the tests (nothing hostile is committed)."""

from __future__ import annotations

import io
import json
import os
import stat
import tarfile
import zipfile
from pathlib import Path

import jsonschema

from shapetracer.jobs.records import load_schema

GOOD = b"import numpy as np\nx = np.zeros((3, 4))\ny = x.reshape(5, 5)\n"  # an ST1xx finding
CLEAN = b"import os\nprint(os.getcwd())\n"
LOG = (b"Epoch 1/10\nTraceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
       b"ValueError: cannot reshape array of size 12 into shape (5,5)\n")
_VALIDATOR = jsonschema.Draft7Validator(load_schema())


def validate(record: dict) -> None:
    jsonschema.Draft7Validator.check_schema(load_schema())
    _VALIDATOR.validate(record)


def read_records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def folder_job(root: Path, name: str, files: dict[str, bytes]) -> Path:
    job = root / name
    for member, data in files.items():
        target = job / member
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    job.mkdir(parents=True, exist_ok=True)
    return job


def tar_bytes(entries: list[tarfile.TarInfo | tuple[str, bytes]], mode: str = "w:gz") -> bytes:
    """A tar from regular files ``(name, data)`` and hand-made ``TarInfo`` headers."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode, encoding="utf-8", errors="surrogateescape",
                      format=tarfile.GNU_FORMAT) as archive:
        for entry in entries:
            if isinstance(entry, tarfile.TarInfo):
                archive.addfile(entry)
            else:
                name, data = entry
                info = tarfile.TarInfo(name)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def special(name: str, kind: bytes, linkname: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = linkname
    return info


def zip_bytes(entries: list[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return buffer.getvalue()


def zip_symlink(name: str, target: str) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info, target.encode()


def hostile_jobs(root: Path) -> dict[str, str]:
    """Write one job per attack under ``root``; returns job name -> expected status."""
    root.mkdir(parents=True, exist_ok=True)
    expected: dict[str, str] = {}

    def put(name: str, data: bytes, status: str) -> None:
        (root / name).write_bytes(data)
        expected[name] = status

    put("traversal.tar.gz", tar_bytes([("../../escaped.py", CLEAN), ("ok.py", GOOD)]), "refused")
    put("absolute.tar", tar_bytes([("/tmp/shapetracer-absolute.py", CLEAN), ("ok.py", GOOD)], "w"), "refused")
    put("symlink.tar.gz", tar_bytes([special("passwd.py", tarfile.SYMTYPE, "/etc/passwd"), ("ok.py", GOOD)]),
        "refused")
    put("hardlink.tgz", tar_bytes([special("shadow.py", tarfile.LNKTYPE, "/etc/shadow"), ("ok.py", GOOD)]),
        "refused")
    put("device.tar.gz", tar_bytes([special("dev.py", tarfile.CHRTYPE), special("pipe.log", tarfile.FIFOTYPE),
                                    ("ok.py", GOOD)]), "refused")
    put("zip_traversal.zip", zip_bytes([("..\\..\\escaped.py", CLEAN), ("ok.py", GOOD)]), "refused")
    put("zip_symlink.zip", zip_bytes([zip_symlink("link.py", "/etc/passwd"), ("ok.py", GOOD)]), "refused")
    put("zip_bomb.zip", zip_bytes([("train.log", b"\0" * (24 * 1024 * 1024)), ("ok.py", GOOD)]), "refused")
    put("tar_bomb.tar.gz", tar_bytes([("ok.py", GOOD), ("weights.bin", b"\0" * (24 * 1024 * 1024))]), "too_large")
    put("many_members.zip", zip_bytes([(f"m/{i}.txt", b"") for i in range(10_001)]), "too_large")
    put("corrupt_gzip.tar.gz", b"\x1f\x8b\x08\x00" + os.urandom(200), "unreadable")
    whole = tar_bytes([("ok.py", GOOD), ("b.py", CLEAN * 2000)], "w")
    put("truncated.tar", whole[: len(whole) // 2 + 100], "unreadable")
    gz = tar_bytes([("ok.py", GOOD), ("b.py", os.urandom(30_000))])
    put("truncated_gzip.tgz", gz[: len(gz) * 2 // 3], "unreadable")
    put("not_a_zip.zip", b"PK\x03\x04 this is not a zip", "unreadable")
    put("non_utf8_names.tar.gz", tar_bytes([("caf\udce9/\udcff\udcfe.py", GOOD), ("log\x1b[31m.log", LOG)]), "ok")
    put("empty.zip", zip_bytes([("README.md", b"# nothing to see\n")]), "empty")
    hostile_folder(root / "folder_links")
    expected["folder_links"] = "refused"
    return expected


def hostile_folder(job: Path) -> Path:
    """A job folder with links out of it, a FIFO and a file name that is not UTF-8."""
    job.mkdir(parents=True)
    (job / "ok.py").write_bytes(GOOD)
    (job / "passwd.py").symlink_to("/etc/passwd")
    (job / "root").symlink_to("/")
    os.mkfifo(job / "pipe.log")
    with open(os.path.join(os.fsencode(job), b"caf\xe9.py"), "wb") as handle:
        handle.write(CLEAN)
    return job


def snapshot(*roots: Path) -> set[str]:
    """Every path under the roots, to prove a scan wrote nothing it should not."""
    seen = set()
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            for name in dirnames + filenames:
                seen.add(os.path.join(dirpath, name))
    return seen


def run_cli(args: list[str], env: dict[str, str] | None = None, timeout: float = 120):
    """The scan command in a child process, as a user (or a scheduler) runs it."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "shapetracer.jobs.cli_scan", *args], capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, timeout=timeout)


def small_jobs(root: Path, count: int) -> list[str]:
    """``count`` quick jobs of every format, named so their order is their number."""
    root.mkdir(parents=True, exist_ok=True)
    names = []
    for index in range(count):
        script = GOOD if index % 2 else CLEAN + f"# job {index}\n".encode()
        kind = index % 3
        if kind == 0:
            name = f"job_{index:03d}"
            folder_job(root, name, {"train.py": script, "stderr.log": LOG})
        elif kind == 1:
            name = f"job_{index:03d}.tar.gz"
            (root / name).write_bytes(tar_bytes([("train.py", script), ("run.log", LOG)]))
        else:
            name = f"job_{index:03d}.zip"
            (root / name).write_bytes(zip_bytes([("src/train.py", script)]))
        names.append(name)
    return names
