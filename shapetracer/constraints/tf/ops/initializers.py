"""Initializers: ``tf.initializers.*`` (GlorotUniform, Zeros, …) and the TF1 initializer
objects (``tf.zeros_initializer()``, ``tf.random_normal_initializer(stddev=...)``).

An initializer configures a weight, not a shape: it is an object of its own type until it is
called directly (custom training loops), which gives a float32 tensor of the shape asked for.
``keras.initializers`` are the same classes: keras/core_layers registers them with these
specs.
"""

from __future__ import annotations

from shapetracer.constraints.core.examples import instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Obj

INITIALIZER_CLASSES = ["GlorotUniform", "GlorotNormal", "HeNormal", "HeUniform", "LecunNormal", "LecunUniform",
                       "RandomNormal", "RandomUniform", "TruncatedNormal", "Zeros", "Ones", "Constant", "Orthogonal",
                       "VarianceScaling", "Identity"]
# TF1-style initializer objects: tf.zeros_initializer(), tf.random_normal_initializer(stddev=...)
TF1_INITIALIZERS = ["zeros", "ones", "constant", "random_normal", "random_uniform", "truncated_normal",
                    "glorot_uniform", "glorot_normal", "orthogonal", "variance_scaling", "he_normal", "he_uniform",
                    "lecun_normal", "lecun_uniform", "identity", "uniform_unit_scaling"]
_TF_INITIALIZER_NAMES = ([f"tf.initializers.{n}" for n in INITIALIZER_CLASSES]
                         + [f"tf.{n}_initializer" for n in TF1_INITIALIZERS]
                         + [f"tf.initializers.{n}" for n in TF1_INITIALIZERS])


def configuration(ctx: OpContext, *args, **kwargs):
    """Initializers, regularizers and constraints configure weights, not shapes."""
    return Obj(ctx.api, {}, ctx.site)


def initializer_call(ctx: OpContext, self, shape, dtype=None, **kwargs):
    """An initializer called directly (custom training loops): a tensor of ``shape``."""
    return ctx.result(ctx.concrete_shape(shape), "float32", label="initialized as")


NO_FAILURES = "an initializer takes any shape it is asked for"

# tf.constant_initializer keeps its value: tf/graph/variables checks it against the variable's shape
op(*[n for n in _TF_INITIALIZER_NAMES if n != "tf.constant_initializer"])(configuration)
op(*(f"{name}.__call__" for name in _TF_INITIALIZER_NAMES))(initializer_call)


EXAMPLES = [
    ok("tf.initializers.Zeros.__call__", Obj("tf.initializers.Zeros"), shape=(3,), expect=[3]),
    ok("tf.random_normal_initializer.__call__", Obj("tf.random_normal_initializer"), [64, 4], expect=[64, 4]),
    ok("tf.truncated_normal_initializer.__call__", Obj("tf.truncated_normal_initializer"), [5, 5, 1, 32],
       expect=[5, 5, 1, 32]),
    # initializers are configuration objects of their own type
    *[ok(name, expect=instance_of(name)) for name in _TF_INITIALIZER_NAMES if name != "tf.constant_initializer"],
]
