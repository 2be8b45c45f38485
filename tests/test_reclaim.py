"""Nothing of an analysis outlives its file when the result does not keep its shapes, in a
process whose main tuned the collector (``engine.tune_collector``); an embedding program that
did not keeps CPython's collector as it was."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

import shapetracer.engine.collector as engine
from shapetracer.engine import Options, check_source
from shapetracer.frontend.interpreter import Interpreter

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def reclaiming(monkeypatch):
    """check_source reclaims as under a tuned main; what it froze is unfrozen after the test,
    so the other tests of this process keep the collector they had."""
    monkeypatch.setattr(engine, "_tuned", True)
    yield
    gc.unfreeze()

# a class whose methods name their module: the scope and its functions form a cycle
SOURCE = b"""import tensorflow as tf

class Model:
    def build(self, x):
        return tf.reshape(x, [-1, 784])

m = Model()
y = m.build(tf.zeros([32, 28, 28]))
z = tf.matmul(y, tf.zeros([10, 5]))
"""


def _scope_of_analysis(monkeypatch, options: Options):
    scopes = []
    original = Interpreter.run_file

    def run_file(self, *args):
        scope = original(self, *args)
        scopes.append(weakref.ref(scope))
        return scope

    monkeypatch.setattr(Interpreter, "run_file", run_file)
    result = check_source(SOURCE, "model.py", None, options)
    return result, scopes


def test_the_analysis_is_taken_back_before_the_result_is_returned(monkeypatch):
    gc.collect()
    result, scopes = _scope_of_analysis(monkeypatch, Options(generic=False, keep_shapes=False))
    assert [f.code for f in result.findings] == ["ST101"]  # the matmul still fails
    assert result.shape_log == []
    assert scopes and all(ref() is None for ref in scopes)


def test_kept_shapes_keep_the_analysis_with_the_result(monkeypatch):
    gc.collect()
    result, scopes = _scope_of_analysis(monkeypatch, Options(generic=False, keep_shapes=True))
    assert [f.code for f in result.findings] == ["ST101"]
    assert any(str(tensor.shape) for _, tensor in result.shape_log)
    assert any(ref() is not None for ref in scopes)


def test_a_released_analysis_is_freed_without_the_collector():
    from shapetracer.frontend.source import parse

    parsed = parse(SOURCE.decode())
    interpreter = Interpreter()
    scope = weakref.ref(interpreter.run_file("model.py", None, parsed))
    parts = [weakref.ref(part) for name, part in vars(interpreter).items()
             if type(part).__module__.startswith("shapetracer.frontend") and name != "run"]  # (Run has slots)
    parts.append(weakref.ref(interpreter))
    gc.collect()
    gc.disable()
    try:
        interpreter.release()
        del interpreter
        assert scope() is None  # unreleased, the module and its functions hold each other
        # unreleased, the parts hold each other too (the handler table, the specs' host)
        assert len(parts) > 10 and [ref() for ref in parts if ref() is not None] == []
    finally:
        gc.enable()


class _Cycle:
    def __init__(self):
        self.me = self


def test_what_outlives_a_file_is_frozen_out_of_the_collector():
    check_source(SOURCE, "model.py", None, Options(generic=False, keep_shapes=False))
    # the analysis is gone and the survivors frozen: the generations the collector walks are
    # left with what was made since (without the freeze, the kept parses and caches)
    assert sum(len(gc.get_objects(generation)) for generation in range(3)) < 1000


def test_a_frozen_cycle_is_collected_once_the_memory_in_use_has_grown(monkeypatch):
    import shapetracer.engine.collector as engine

    options = Options(generic=False, keep_shapes=False)
    cycle = _Cycle()
    alive = weakref.ref(cycle)
    check_source(SOURCE, "model.py", None, options)  # frozen with the survivors of the file
    del cycle
    gc.collect()
    assert alive() is not None  # frozen garbage is not walked
    monkeypatch.setattr(engine, "_blocks_after_sweep", 0)  # as if the memory in use had grown _SWEEP_GROWTH times
    check_source(SOURCE, "model.py", None, options)
    assert alive() is None
    assert engine._blocks_after_sweep > 0  # counted again after the walk



def test_the_first_file_sets_the_memory_the_next_walk_is_counted_from(monkeypatch):
    """Counted from import, the engine's own tables loaded on first use doubled the memory
    in use, and every sizeable run made one full walk that found nothing."""
    import shapetracer.engine.collector as engine

    options = Options(generic=False, keep_shapes=False)
    monkeypatch.setattr(engine, "_blocks_after_sweep", None)
    cycle = _Cycle()
    alive = weakref.ref(cycle)
    check_source(SOURCE, "model.py", None, options)
    assert engine._blocks_after_sweep is not None and engine._blocks_after_sweep > 0
    del cycle
    check_source(SOURCE, "model.py", None, options)
    assert alive() is not None  # frozen with the first file's survivors; no walk since


def _gc_state_after(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


DEFAULTS = "import gc; print(gc.get_threshold(), gc.get_freeze_count())"


def test_importing_the_engine_leaves_the_collector_alone():
    assert _gc_state_after(DEFAULTS) == "(700, 10, 10) 0"
    assert _gc_state_after("import shapetracer.engine; " + DEFAULTS) == "(700, 10, 10) 0"


def test_checking_a_file_from_a_program_leaves_the_collector_alone():
    code = ("from shapetracer.engine import Options, check_source; "
            f"check_source({SOURCE!r}, 'model.py', None, Options(keep_shapes=False)); " + DEFAULTS)
    assert _gc_state_after(code) == "(700, 10, 10) 0"


def test_the_check_command_tunes_the_collector_for_itself(tmp_path):
    program = tmp_path / "model.py"
    program.write_bytes(SOURCE)
    code = ("import gc\nfrom shapetracer.cli import main\n"
            f"try: main(['check', '--quiet', {str(program)!r}])\n"
            "except SystemExit: pass\n"
            "print(gc.get_threshold(), gc.get_freeze_count() > 0)")
    assert _gc_state_after(code) == "(100000, 10, 10) True"
