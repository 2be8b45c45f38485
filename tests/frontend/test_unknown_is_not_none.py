"""An int the analysis cannot compute is a static int of unknown value, not TensorFlow's None.

Only a dim the program declares ``None`` (or derives from one) makes the "must be
statically known" rules (ST120) fire: TensorFlow sees a concrete int wherever the program
passes one, whatever its value, at graph-build time.
"""

from __future__ import annotations

import pytest

from shapetracer.rules import codes
from shapetracer.engine import Options, check_source

SOURCES = {
    "json config": """
import json
import tensorflow as tf
with open("config.json") as f:
    cfg = json.load(f)
x = tf.placeholder(tf.float32, [None, cfg["input_size"]])
h = tf.layers.dense(x, 64)
img = tf.placeholder(tf.float32, [None, 84, 84, cfg["channels"]])
c = tf.layers.conv2d(img, 32, 3)
b = tf.layers.batch_normalization(tf.placeholder(tf.float32, [None, cfg["width"]]))
""",
    "gym": """
import gym
import tensorflow as tf
env = gym.make("CartPole-v0")
obs_dim = env.observation_space.shape[0]
n_acts = env.action_space.n
obs_ph = tf.placeholder(shape=(None, obs_dim), dtype=tf.float32)
logits = tf.layers.dense(obs_ph, units=n_acts)
""",
    "constructor arguments": """
import tensorflow as tf
class Agent:
    def __init__(self, state_size, hidden):
        self.x = tf.placeholder(tf.float32, [None, state_size])
        self.h = tf.contrib.layers.fully_connected(self.x, hidden)
        self.seq = tf.placeholder(tf.float32, [None, 20, state_size])
        cell = tf.nn.rnn_cell.LSTMCell(8)
        out, _ = tf.nn.dynamic_rnn(cell, self.seq, dtype=tf.float32)
""",
    "shape of another placeholder": """
import sys
import tensorflow as tf
a = tf.placeholder(tf.float32, [None, int(sys.argv[1])])
b = tf.placeholder(tf.float32, a.shape)
h = tf.layers.dense(b, 4)
""",
}


def _codes(source: str) -> list[str]:
    result = check_source(source.encode(), "prog.py", options=Options(generic=False))
    return [f.code for f in result.findings if f.code.startswith("ST1")]


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_a_dim_unknown_only_to_the_analysis_is_not_none(name):
    assert codes.UNDEFINED_DIM not in _codes(SOURCES[name])


@pytest.mark.parametrize("declared", ["[None, None]", "(None, 5, None)"])
def test_a_dim_declared_none_still_must_be_defined(declared):
    rank = declared.count(",") + 1
    source = f"import tensorflow as tf\nx = tf.placeholder(tf.float32, {declared})\n" + (
        "h = tf.layers.dense(x, 4)\n" if rank == 2 else
        "out, _ = tf.nn.dynamic_rnn(tf.nn.rnn_cell.LSTMCell(8), x, dtype=tf.float32)\n")
    assert _codes(source) == [codes.UNDEFINED_DIM]

