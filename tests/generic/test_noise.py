"""Noise control: pylint findings about third-party libraries are dropped, the job's
own bugs (and the standard library's, and Python 2's) are kept."""

from __future__ import annotations

from shapetracer.generic.pylint_pass import run_pylint
from tests.generic.flakes import flakes


def test_tensorflow_members_imports_and_calls_are_not_checked():
    flakes("""
        import tensorflow as tf
        from tensorflow.keras import layers
        from tensorflow.keras.layers import Dense
        import tensorflow.compat.v1 as tf1
        x = tf.placeholder(tf.float32, [None, 784])
        y = tf.nn.relu(x)
        z = tf.nn.relu(x, 1, 2, 3, 4, 5, 6)
        d = layers.Dense(10)(y)
        w = tf1.get_variable('w', [3])
        """)


def test_removed_tensorflow_modules_are_not_claimed():
    # tensorflow.examples is gone from TF 2, but whether the job's TF has it is not
    # something a static tool here can know: no import-error.
    flakes("from tensorflow.examples.tutorials.mnist import input_data\n")


def test_numpy_members_are_not_checked():
    # Behaviour pinned on purpose: np.foo_bar_not_exists is a real AttributeError, but
    # pylint's numpy model is a stub, so numpy members are not judged at all.
    flakes("""
        import numpy as np
        np.foo_bar_not_exists
        a = np.zeros((3, 4))
        a.foo_member
        np.zeros(1, 2, 3, 4, 5, 6, 7)
        """)


def test_keras_subclass_members_are_not_checked():
    flakes("""
        import tensorflow as tf
        class Net(tf.keras.Model):
            def call(self, x):
                return self.missing_layer(x)
        model = Net()
        model.fitt(1)
        """)


def test_uninstalled_and_installed_third_party_packages_are_silent():
    flakes("""
        import some_package_that_is_not_installed_xyz
        from some_package_that_is_not_installed_xyz import thing
        import sklearn.cross_validation
        import torch
        import pytest
        pytest.not_a_member_of_pytest
        """)


def test_python2_and_stdlib_import_errors_are_kept():
    found = flakes("""
        import cPickle
        import urllib2
        from collections import Mapping
        import os
        os.path.joinx('a')
        """, "ST306", "ST306", "ST306", "ST303")
    assert [f.line for f in found] == [2, 3, 4, 6]


def test_the_jobs_own_bugs_survive_next_to_tensorflow():
    flakes("""
        import tensorflow as tf
        class Trainer:
            def __init__(self, lr):
                self.lr = lr
            def step(self, loss):
                return tf.train.AdamOptimizer(self.learning_rate).minimize(loss)
        Trainer()
        print(undefined_config)
        """, "ST303", "ST304", "ST301")


def test_missing_sibling_module_is_silent_but_missing_name_in_it_is_kept(tmp_path):
    (tmp_path / "helper.py").write_text("def present(a):\n    return a\n")
    (tmp_path / "train.py").write_text(
        "import helper_not_shipped\n"
        "from helper import present, absent\n"
        "import helper\n"
        "helper.present(1, 2)\n")
    found = run_pylint([str(tmp_path / "train.py")])[str(tmp_path / "train.py")]
    assert [(f.line, f.code) for f in found] == [(2, "ST306"), (4, "ST304")]


def test_relative_import_in_a_local_package(tmp_path):
    package = tmp_path / "models"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "layers.py").write_text("def dense(x):\n    return x\n")
    (package / "net.py").write_text("from . import layers\nfrom .layers import sparse\nlayers.dense()\n")
    found = run_pylint([str(package / "net.py")])[str(package / "net.py")]
    assert [(f.line, f.code) for f in found] == [(2, "ST306"), (3, "ST304")]
