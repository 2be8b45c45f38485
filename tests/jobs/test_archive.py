"""Reading jobs in memory: hostile archives become records, caps hold, nothing is written."""

from __future__ import annotations

import io
import os
import tarfile
from pathlib import Path

import pytest

from shapetracer.jobs.archive import read_job, read_member
from shapetracer.jobs.config import Caps, ScanConfig
from shapetracer.jobs.job import scan_one
from shapetracer.jobs.names import check_name, is_root, label, member_kind

from .builders import CLEAN, GOOD, LOG, folder_job, hostile_jobs, snapshot, tar_bytes, validate, zip_bytes

REASONS = {
    "traversal.tar.gz": {"parent-reference"},
    "absolute.tar": {"absolute-path"},
    "symlink.tar.gz": {"symlink"},
    "hardlink.tgz": {"hardlink"},
    "device.tar.gz": {"device", "fifo"},
    "zip_traversal.zip": {"parent-reference"},
    "zip_symlink.zip": {"symlink"},
    "zip_bomb.zip": {"compression-ratio"},
    "folder_links": {"symlink", "fifo"},
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("hostile") / "jobs"
    return root, hostile_jobs(root)


def test_each_hostile_job_gives_a_valid_record_and_writes_nothing(hostile, tmp_path, monkeypatch):
    root, expected = hostile
    monkeypatch.chdir(tmp_path)  # a relative extraction would land here
    before = snapshot(root.parent, tmp_path)
    for name, status in expected.items():
        record = scan_one(str(root / name), ScanConfig())
        validate(record)
        assert record["status"] == status, (name, record["error"])
        assert record["job"] == name
        reasons = {r["reason"] for r in record["refused"]}
        assert reasons == REASONS.get(name, set()), name
        if status == "refused":
            # the safe members are still analysed
            assert [s["path"] for s in record["scripts"]][-1] == "ok.py"
            assert any(f["code"].startswith("ST1") for f in record["findings"])
    assert snapshot(root.parent, tmp_path) == before
    assert not Path("/tmp/shapetracer-absolute.py").exists()
    assert not (root.parent.parent / "escaped.py").exists()


def test_corrupt_archives_say_why(hostile):
    root, _ = hostile
    for name in ("corrupt_gzip.tar.gz", "truncated.tar", "truncated_gzip.tgz", "not_a_zip.zip"):
        record = scan_one(str(root / name), ScanConfig())
        assert record["status"] == "unreadable"
        assert record["error"].startswith("corrupt archive: ")
    # what was read before the damage is still analysed
    truncated = scan_one(str(root / "truncated.tar"), ScanConfig())
    assert [s["path"] for s in truncated["scripts"]] == ["ok.py"]


def test_non_utf8_names_are_labels_that_json_can_carry(hostile):
    root, _ = hostile
    record = scan_one(str(root / "non_utf8_names.tar.gz"), ScanConfig())
    assert [s["path"] for s in record["scripts"]] == ["caf\\xe9/\\xff\\xfe.py"]
    assert record["log"] == "log\\x1b[31m.log"  # the escape sequence cannot reach a terminal
    assert all(f["path"] == "caf\\xe9/\\xff\\xfe.py" for f in record["findings"])
    folder = scan_one(str(root / "folder_links"), ScanConfig())
    assert "caf\\xe9.py" in [s["path"] for s in folder["scripts"]]


def test_bombs_stop_early():
    caps = Caps(ratio_floor=1024 * 1024)
    record = read_job_bytes("bomb.zip", zip_bytes([("a.log", b"\0" * (8 * 1024 * 1024))]), caps)
    assert record.refused[0].reason == "compression-ratio"
    assert record.bytes_read < 2 * 1024 * 1024  # stopped at the floor, not at 8 MiB


def test_member_and_total_caps(tmp_path):
    caps = Caps(max_members=3, max_script_bytes=100, max_total_bytes=10_000)
    job = folder_job(tmp_path, "job", {"a.py": CLEAN, "b.py": b"#" * 200, "c.py": CLEAN, "d.py": CLEAN})
    contents = read_job(str(job), caps)
    assert contents.problem == "too_large" and "3 members" in contents.error
    assert [r.reason for r in contents.refused] == ["too-large"]
    assert sorted(contents.members) == ["a.py", "c.py"]
    big = folder_job(tmp_path, "big", {"a.log": b"x" * 20_000, "z.py": CLEAN})
    contents = read_job(str(big), caps)
    assert contents.problem == "too_large" and "bytes decompressed" in contents.error


def test_logs_keep_head_and_tail():
    caps = Caps(log_head_bytes=10, log_tail_bytes=20)
    data, size, truncated = read_member(io.BytesIO(b"H" * 10 + b"m" * 100_000 + b"T" * 20), "log", caps, None)
    assert size == 100_030 and truncated
    assert data.startswith(b"H" * 10) and data.endswith(b"T" * 20) and b"truncated" in data
    data, _, truncated = read_member(io.BytesIO(LOG), "log", Caps(), None)
    assert data == LOG and not truncated


def test_names():
    assert check_name("a/./b//c.py") == ("a/b/c.py", None)
    assert check_name("../x.py")[1] == "parent-reference"
    assert check_name("a/../../x.py")[1] == "parent-reference"
    assert check_name("..\\x.py")[1] == "parent-reference"
    assert check_name("/etc/x.py")[1] == "absolute-path"
    assert check_name("C:\\x.py")[1] == "absolute-path"
    assert check_name("a\x00b")[1] == "bad-name"
    assert check_name("./")[1] == "bad-name"  # refused as a file name; as a directory it is the root
    assert is_root("./") and is_root(".") and not is_root("./a") and not is_root("..")
    assert member_kind("notebooks/explore.ipynb") == "script"
    assert label("a\udcffb\n") == "a\\xffb\\x0a"
    assert member_kind("src/train.py") == "script"
    assert member_kind("venv/lib/site-packages/x.py") is None
    assert member_kind("logs/stderr.txt") == member_kind("run.log") == member_kind("stdout") == "log"
    assert member_kind("data/train.txt") is None


def test_compression_is_detected_from_bytes_not_names(tmp_path):
    plain = tmp_path / "named.tar.gz"
    plain.write_bytes(tar_bytes([("a.py", GOOD)], "w"))
    assert read_job(str(plain), Caps()).format == "tar"
    xz = tmp_path / "job.tar"
    xz.write_bytes(tar_bytes([("a.py", GOOD)], "w:xz"))
    contents = read_job(str(xz), Caps())
    assert contents.format == "tar.xz" and list(contents.members) == ["a.py"]


def test_a_fifo_named_like_a_script_does_not_block(tmp_path):
    job = tmp_path / "job"
    job.mkdir()
    os.mkfifo(job / "train.py")
    contents = read_job(str(job), Caps())
    assert [r.reason for r in contents.refused] == ["fifo"]


def test_tar_special_member_types(tmp_path):
    info = tarfile.TarInfo("blk.py")
    info.type = tarfile.BLKTYPE
    contents = read_job_bytes("x.tar", tar_bytes([info, ("a.py", CLEAN)], "w"), Caps())
    assert [r.reason for r in contents.refused] == ["device"]


def read_job_bytes(name: str, data: bytes, caps: Caps):
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / name
        path.write_bytes(data)
        return read_job(str(path), caps)


def test_tar_member_cap_reads_up_to_the_cap():
    entries = [(f"m{i:02d}.py", CLEAN) for i in range(60)]
    contents = read_job_bytes("many.tar.gz", tar_bytes(entries), Caps(max_members=50))
    assert contents.problem == "too_large" and len(contents.members) == 50


def test_a_job_that_vanished_is_unreadable_not_corrupt(tmp_path):
    record = scan_one(str(tmp_path / "gone.tar.gz"), ScanConfig())
    validate(record)
    assert record["status"] == "unreadable" and record["error"].startswith("cannot read the archive: ")
