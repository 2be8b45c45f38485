"""The frontend evaluates the Python that decides shapes: constants, config, containers."""

from __future__ import annotations

from shapetracer.domain.values import Const, Seq, SymInt
from tests.helpers import globals_of


def const(value):
    assert isinstance(value, Const), value
    return value.value


def test_arithmetic_on_constants():
    env = globals_of("""
        a = 7 * 7 * 64
        b = a // 2 + 3
        c = 2 ** 10
        d = -a
        e = (a, b)[1]
    """)
    assert const(env["a"]) == 3136
    assert const(env["b"]) == 1571
    assert const(env["c"]) == 1024
    assert const(env["d"]) == -3136
    assert const(env["e"]) == 1571


def test_argparse_defaults_become_constants():
    env = globals_of("""
        import argparse
        p = argparse.ArgumentParser()
        p.add_argument("--batch-size", type=int, default=32)
        p.add_argument("--lr", type=float, default="0.01")
        p.add_argument("--use_bn", action="store_true")
        p.add_argument("--hidden", dest="units", default=128)
        args = p.parse_args()
        bs, lr, bn, units = args.batch_size, args.lr, args.use_bn, args.units
    """)
    assert const(env["bs"]) == 32
    assert const(env["lr"]) == 0.01
    assert const(env["bn"]) is False
    assert const(env["units"]) == 128


def test_tf_app_flags_and_absl_flags_defaults():
    env = globals_of("""
        import tensorflow as tf
        from absl import flags
        tf.app.flags.DEFINE_integer("image_size", 64, "size")
        flags.DEFINE_string("padding", "VALID", "pad")
        FLAGS = tf.app.flags.FLAGS
        size = FLAGS.image_size
        pad = flags.FLAGS.padding
    """)
    assert const(env["size"]) == 64
    assert const(env["pad"]) == "VALID"


def test_flag_assigned_in_a_function_keeps_its_value():
    env = globals_of("""
        import tensorflow as tf
        tf.app.flags.DEFINE_integer("height", 64, "")
        tf.app.flags.DEFINE_integer("width", None, "defaults to height")
        FLAGS = tf.app.flags.FLAGS
        def setup():
            if FLAGS.width is None:
                FLAGS.width = FLAGS.height
        setup()
        width = FLAGS.width
    """)
    assert const(env["width"]) == 64


def test_if_on_known_condition_takes_one_branch():
    env = globals_of("""
        mode = "train"
        if mode == "train":
            n = 1
        else:
            n = 2
    """)
    assert const(env["n"]) == 1


def test_unknown_condition_merges_different_ints_to_a_symbol():
    env = globals_of("""
        import sys
        if len(sys.argv) > 1:
            n = 1
        else:
            n = 2
        m = 5
    """)
    assert isinstance(env["n"], SymInt)
    assert const(env["m"]) == 5


def test_user_function_called_with_caller_values():
    env = globals_of("""
        def double(x, factor=2):
            return x * factor
        a = double(21)
        b = double(5, factor=3)
    """)
    assert const(env["a"]) == 42
    assert const(env["b"]) == 15


def test_loops_unroll_over_constant_ranges():
    env = globals_of("""
        total = 0
        sizes = []
        for i in range(4):
            total += i
            sizes.append(i * 2)
    """)
    assert const(env["total"]) == 6
    assert [const(v) for v in env["sizes"].items] == [0, 2, 4, 6]


def test_comprehension_and_len():
    env = globals_of("""
        units = [64 * (i + 1) for i in range(3)]
        n = len(units)
        last = units[-1]
    """)
    assert isinstance(env["units"], Seq)
    assert const(env["n"]) == 3
    assert const(env["last"]) == 192


def test_main_guard_runs():
    env = globals_of("""
        def main():
            return 1
        if __name__ == "__main__":
            result = main()
    """)
    assert const(env["result"]) == 1


def test_recursion_is_bounded():
    env = globals_of("""
        def f(n):
            return f(n - 1) + 1
        x = f(10)
    """)
    assert "x" in env


def test_membership_and_string_methods_on_known_values():
    env = globals_of("""
        ckpt = {"head/kernel": 1, "body/bias": 2}
        name = "head/kernel"
        found = name in ckpt
        missing = "x" not in ckpt
        skipped = name.startswith(("head/",))
        words = "a b c".split()
        mode = "train" in ("train", "eval")
    """)
    assert const(env["found"]) is True
    assert const(env["missing"]) is True
    assert const(env["skipped"]) is True
    assert [const(w) for w in env["words"].items] == ["a", "b", "c"]
    assert const(env["mode"]) is True


def test_sets_and_dict_comprehensions_of_known_values():
    env = globals_of("""
        text = "abcab"
        vocab = sorted(set(text))
        index = {c: i for i, c in enumerate(vocab)}
        ids = [index[c] for c in text]
        n = len({w for w in "a b a".split()})
        where = vocab.index("c")
    """)
    assert [const(c) for c in env["vocab"].items] == ["a", "b", "c"]
    assert [const(i) for i in env["ids"].items] == [0, 1, 2, 0, 1]
    assert const(env["n"]) == 2
    assert const(env["where"]) == 2


def test_a_list_grown_in_a_summarised_loop_has_no_known_length():
    env = globals_of("""
        import numpy as np
        n = int(input())
        rows = [[1, 2]]
        for i in range(n):
            rows.append([3])
        size = len(rows)
        ragged_or_not = np.array(rows)
        out = []
        for i in range(n):
            out.append(np.zeros(3))
        stacked = np.stack(out)
    """)
    assert isinstance(env["size"], SymInt)  # 1 + n, not 2
    assert env["ragged_or_not"].shape.dims is None  # [[1, 2]] alone is fine: no ST126
    assert [d.value if d.known else None for d in env["stacked"].shape.dims] == [None, 3]


def test_enumerate_over_the_rows_of_a_small_array():
    env = globals_of("""
        import numpy as np
        labels = np.zeros(4, np.int64)
        pairs = list(enumerate(labels))
    """)
    assert len(env["pairs"].items) == 4


def test_a_list_grown_through_methods_and_read_by_a_property():
    """``self.class_info.append`` in a base's method called from a subclass's method, then
    ``num_classes``, a @property returning its length (Mask R-CNN's Dataset)."""
    env = globals_of("""
        class Dataset(object):
            def __init__(self):
                self.class_info = [{"id": 0, "name": "BG"}]

            def add_class(self, class_id, name):
                self.class_info.append({"id": class_id, "name": name})

            @property
            def num_classes(self):
                return len(self.class_info)

        class Shapes(Dataset):
            def load(self):
                self.add_class(1, "square")
                self.add_class(2, "circle")

        d = Shapes()
        before = d.num_classes
        d.load()
        after = d.num_classes
    """)
    assert const(env["before"]) == 1
    assert const(env["after"]) == 3


def test_only_a_plain_getter_is_read_as_its_value():
    """A getter under another decorator (abstractmethod, a user's cache) or a setter stays a
    method: what reading it gives is not certain."""
    env = globals_of("""
        import abc
        import functools

        class A:
            @property
            @abc.abstractmethod
            def size(self):
                raise NotImplementedError

            @functools.cached_property
            def width(self):
                return 4

            @property
            def depth(self):
                return self._depth

            @depth.setter
            def depth(self, value):
                self._depth = value

        a = A()
        size, width, depth = a.size, a.width, a.depth
    """)
    assert not isinstance(env["size"], Const)
    assert const(env["width"]) == 4
    assert not isinstance(env["depth"], Const)
