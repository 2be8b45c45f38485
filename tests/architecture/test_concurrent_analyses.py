"""Two analyses at once share no state: a language server analyses one buffer while a
scan or another buffer is under way.  Two threads run two corpus programs in strict
alternation, one statement each in turn, and each must give exactly the findings it
gives alone."""

from __future__ import annotations

import threading
from pathlib import Path

from shapetracer.domain import analysis
from shapetracer.engine import Options, check_source
from shapetracer.frontend.dispatch import Dispatch

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "shape"
# Keras side tables against TF1 graph mode (deferred run-time checks, symbol bounds)
PAIRS = [("keras/bug_fn_dense_on_images.py", "feed/bug_char_model_last_chunk.py"),
         ("keras/bug_sub_predict_missing_batch.py", "keras/bug_fn_lstm_on_flat_features.py"),
         ("keras/bug_sub_rgb_after_grayscale_training.py", "keras/bug_fn_grayscale_into_rgb.py"),
         ("keras/bug_fn_lstm_on_flat_features.py", "matmul/bug_attention_score_vector.py")]


def _summary(path: Path) -> list[tuple]:
    result = check_source(path.read_bytes(), path.name, path, Options(generic=False))
    return [(f.code, f.line, f.message, tuple(r.line for r in f.related)) for f in result.findings]


class Baton:
    """Lets exactly one of two threads execute statements; each statement hands over."""

    def __init__(self) -> None:
        self.turn = 0
        self.done: set[int] = set()
        self.cond = threading.Condition()

    def wait_turn(self, me: int) -> None:
        with self.cond:
            self.cond.wait_for(lambda: self.turn == me or (1 - me) in self.done)
            self.turn = 1 - me
            self.cond.notify_all()

    def finish(self, me: int) -> None:
        with self.cond:
            self.done.add(me)
            self.turn = 1 - me
            self.cond.notify_all()


def test_two_analyses_interleaved_statement_by_statement(monkeypatch):
    for pair in PAIRS:
        paths = [CORPUS / p for p in pair]
        alone = [_summary(p) for p in paths]
        assert all(alone), "each program has a finding of its own"
        baton, owner = Baton(), threading.local()
        original = Dispatch.exec_stmt

        seen: list[set[int]] = [set(), set()]

        def exec_stmt(self, stmt, state):
            baton.wait_turn(owner.me)
            seen[owner.me].add(id(analysis.current()))
            return original(self, stmt, state)

        monkeypatch.setattr(Dispatch, "exec_stmt", exec_stmt)
        together: list = [None, None]

        def run(me: int) -> None:
            owner.me = me
            try:
                together[me] = _summary(paths[me])
            finally:
                baton.finish(me)

        threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        monkeypatch.undo()
        assert together == alone
        # each analysis kept its own tables, and none used the ambient ones
        assert len(seen[0]) == len(seen[1]) == 1 and seen[0] != seen[1]
        assert id(analysis.AMBIENT) not in seen[0] | seen[1]
