"""TensorFlow's binary elementwise ops: tf.add/subtract/multiply/…, comparisons and logical ops.

They broadcast as core/broadcasting says (TensorFlow's BroadcastBinaryOpShapeFn); one spec
body serves them, numpy's functions and Python's operators.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.broadcasting import TF_ARITHMETIC, TF_COMPARISON, arithmetic, comparison
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.core.spec import SPECS, op

op(*TF_ARITHMETIC)(arithmetic)
op(*TF_COMPARISON)(comparison)


EXAMPLES = [
    ok("tf.add", T(None, 10), T(10), expect=[None, 10]),
    ok("tf.add", T(32, 10), T(32, 10), expect=[32, 10]),
    ok("tf.multiply", T(4, 1, 3), T(5, 1), expect=[4, 5, 3]),
    ok("tf.equal", T(None), T(None), expect=[None]),
    ok("tf.math.squared_difference", T(8, 1), T(8), expect=[8, 8], warns=codes.SUSPICIOUS_BROADCAST),
    ok("tf.less", T(None, 4), 0.5, expect=[None, 4]),
    ok("tf.logical_and", T(3, 1, dtype="bool"), T(1, 2, dtype="bool"), expect=[3, 2]),
    bad("tf.add", T(None, 3), T(None, 4), code=codes.BROADCAST, message="Dimensions must be equal, but are 3 and 4"),
    bad("tf.multiply", T(5, 3), T(3, 5), code=codes.BROADCAST, message="Dimensions must be equal, but are 5 and 3"),
    bad("tf.subtract", T(None, 10), T(None, 5), code=codes.BROADCAST,
        message="subtract: Dimensions must be equal, but are 10 and 5 (Incompatible shapes: [?,10] vs. [?,5])"),
    bad("tf.greater_equal", T(8, 2), T(3), code=codes.BROADCAST, message="Dimensions must be equal, but are 2 and 3"),
    # every TensorFlow spelling broadcasts alike
    *[ok(name, T(None, 1, 3), T(5, 1), expect=[None, 5, 3])
      for name in SPECS["tf.add"].names + SPECS["tf.equal"].names],
]
