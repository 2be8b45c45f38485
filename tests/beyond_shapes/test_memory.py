"""Tensors too large for the device (constraints/core/memory.py).  Nothing is allocated: the
corpus/memory programs state their sizes, computed here again from their dims."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.constraints.core.memory import parse_size
from shapetracer.rules import codes
from shapetracer.engine import Options, check_source
from shapetracer.domain.bounds import Bounds
from shapetracer import options as option_table

from tests.helpers import codes_of

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "memory"
PROGRAMS = sorted(CORPUS.glob("*.py"))


def _header(path: Path, key: str) -> str:
    return re.search(rf"^# {key}: (\S+)", path.read_text(), re.MULTILINE).group(1)


def test_five_cases_with_their_twins():
    assert len([p for p in PROGRAMS if p.name.startswith("bug_")]) >= 5
    assert {p.name[4:] for p in PROGRAMS if p.name.startswith("bug_")} == \
        {p.name[3:] for p in PROGRAMS if p.name.startswith("ok_")}


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_program(path):
    memory = _header(path, "device-memory")
    stated = int(_header(path, "bytes"))
    options = Options(generic=False, bounds=Bounds(device_memory=memory))
    result = check_source(path.read_bytes(), str(path), path, options)
    found = [f for f in result.findings if f.code == codes.DEVICE_MEMORY]
    if path.name.startswith("ok_"):
        assert found == []
        assert stated <= parse_size(memory)
        return
    expect = [n for n, line in enumerate(path.read_text().splitlines(), 1) if "# expect: ST205" in line]
    assert [f.line for f in found] == expect
    assert f"{stated:,} bytes" in found[0].message
    assert stated > parse_size(memory)


def test_sizes_by_computation():
    assert 200000 * 200000 * 4 == 160_000_000_000 > parse_size("141GiB")
    assert (32 * 100000) ** 2 * 4 == 40_960_000_000_000
    assert 256 * 224 * 224 * 512 * 4 == 26_306_674_688 > parse_size("16GiB")
    params = 65536 * 32768 + 32768 + 32768 * 10 + 10
    assert params * 4 < parse_size("16GiB")  # the weights alone fit: the batch's outputs tip it over
    assert params * 4 + 131072 * (32768 + 10) * 4 == 25_776_488_488 > parse_size("16GiB")
    assert 29 * 10**9 * 32 * 4 == 3_712_000_000_000  # an Embedding(29e9, 32): its weights alone
    assert math.prod([1000000, 1000000]) * 4 == 4_000_000_000_000


def test_parse_size():
    assert parse_size("16GiB") == 16 * 2**30
    assert parse_size("80GB") == 80 * 10**9
    assert parse_size("141 gib") == 141 * 2**30
    assert parse_size("17179869184") == 17179869184
    assert parse_size("lots") is None and parse_size("0GiB") is None


def test_default_is_141_gib_and_one_warning_per_tensor():
    source = "import tensorflow as tf\nx = tf.zeros([200000, 200000])\ny = x * 2\n"
    assert codes_of(source) == [(2, codes.DEVICE_MEMORY)]
    assert codes_of(source.replace("200000", "150000")) == []  # 90 GB fits in 141 GiB
    assert codes_of(source.replace("200000", "150000"), bounds=Bounds(device_memory="80GiB")) == \
        [(2, codes.DEVICE_MEMORY)]


def test_numpy_arrays_live_in_host_memory():
    assert codes_of("import numpy as np\nx = np.zeros((200000, 200000))\n") == []
    # 64 TiB of float32 fits a 64-bit process's addresses (256 TiB), whatever the device
    assert codes_of("import numpy as np\nx = np.zeros((4194304, 4194304))\n", bounds=Bounds(device_memory="16GiB")) == []


def test_numpy_array_no_process_can_address():
    """256 TiB + 4 bytes of float32 is reported where numpy makes it, and once: what is made
    from it is not reported again."""
    from shapetracer.constraints.core.memory import ADDRESS_SPACE

    assert ADDRESS_SPACE == 256 * 2**40
    elements = ADDRESS_SPACE // 4 + 1
    source = f"import numpy as np\nx = np.ones(({elements},), dtype=np.float32)\ny = x * 2\n"
    assert codes_of(source) == [(2, codes.DEVICE_MEMORY)]
    assert codes_of(source.replace(f"{elements}", f"{elements - 1}")) == []


def test_flag_and_config(tmp_path):
    program = tmp_path / "big.py"
    program.write_text("import tensorflow as tf\nx = tf.zeros([100000, 100000])\n")  # 40 GB
    runner = CliRunner()
    assert runner.invoke(main, ["check", str(program)]).exit_code == 0
    flagged = runner.invoke(main, ["check", "--device-memory", "16GiB", str(program)])
    assert flagged.exit_code == 1 and "ST205" in flagged.output and "40,000,000,000 bytes" in flagged.output
    assert runner.invoke(main, ["check", "--device-memory", "lots", str(program)]).exit_code == 2
    (tmp_path / "pyproject.toml").write_text('[tool.shapetracer]\ndevice-memory = "16GiB"\n')
    assert "ST205" in runner.invoke(main, ["check", str(program)]).output
    assert option_table.check_config({"device-memory": "sixteen"}) is not None
