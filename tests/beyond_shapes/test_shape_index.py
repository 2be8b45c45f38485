"""``x.shape[i]`` past the rank of a shape whose rank is known (frontend/containers.py): an
IndexError on every path the analysis is sure of, worded as the library words it (a tuple
under numpy and TensorFlow 2, a list under TensorFlow 1's TensorShape)."""

from __future__ import annotations

from shapetracer.domain.target import target_for
from shapetracer.rules import codes

from tests.helpers import codes_of, findings_of

NUMPY = "import numpy as np\nimages = np.zeros((100, 28, 28))\n"
TF = "import tensorflow as tf\nx = tf.zeros([32, 20])\n"


def test_an_array_shape_read_past_its_rank():
    found = findings_of(NUMPY + "channels = images.shape[3]\n")
    assert [(f.line, f.code) for f in found] == [(3, codes.LIST_INDEX)]
    assert found[0].message == "IndexError: tuple index out of range: images.shape[3] of a shape of rank 3"
    assert found[0].args["rank"] == 3 and found[0].category == "index-error"
    assert codes_of(NUMPY + "side = images.shape[-4]\n") == [(3, codes.LIST_INDEX)]


def test_reads_within_the_rank_are_fine():
    assert codes_of(NUMPY + "a, b = images.shape[2], images.shape[-3]\n") == []
    assert codes_of(NUMPY + "images = images.reshape((100, 28, 28, 1))\nc = images.shape[3]\n") == []


def test_tensorflow_words_it_by_version():
    two = findings_of(TF + "steps = x.shape[2]\n", target=target_for("2.15"))
    assert "tuple index out of range: x.shape[2]" in two[0].message
    one = findings_of(TF + "steps = x.get_shape()[2]\n", target=target_for("1.15"))
    assert "list index out of range: x.get_shape()[2]" in one[0].message


def test_an_unknown_rank_or_index_is_not_judged():
    assert codes_of("import numpy as np\nimport sys\nd = np.load(sys.argv[1])\nc = d.shape[3]\n") == []
    assert codes_of(NUMPY + "import sys\nc = images.shape[int(sys.argv[1])]\n") == []


def test_guarded_undecided_or_varying_reads_are_not_judged():
    assert codes_of(NUMPY + "try:\n    c = images.shape[3]\nexcept IndexError:\n    c = 1\n") == []
    assert codes_of(NUMPY + "if len(images.shape) == 4:\n    c = images.shape[3]\n") == []
    # the branch may be the one the data rules out (a dataset chosen on the command line)
    assert codes_of(NUMPY + "import sys\nif sys.argv[1] == 'mnist':\n    c = 1\nelse:\n    c = images.shape[3]\n") == []
    # one item of the loop has the axis: the read is fine on some pass
    assert codes_of("import numpy as np\nfor a in [np.zeros((2, 3)), np.zeros((2, 3, 4))]:\n    d = a.shape[2]\n") == []


def test_through_a_function_called_with_the_array():
    assert codes_of(NUMPY + "def channels(x):\n    return x.shape[3]\nchannels(images)\n") == [(4, codes.LIST_INDEX)]
    assert codes_of(NUMPY + "def channels(x):\n    return x.shape[3]\nchannels(images)\n"
                    "channels(images.reshape((100, 28, 28, 1)))\n") == []


def test_numpys_out_of_bounds_index_is_an_index_error_tensorflows_a_shape_error():
    numpy = findings_of("import numpy as np\nscores = np.zeros(4)\nbest = scores[4]\n")
    assert [(f.line, f.code, f.category) for f in numpy] == [(3, codes.INDEX_RANGE, "index-error")]
    assert numpy[0].args["raises"] == "IndexError"
    tensor = findings_of("import tensorflow as tf\nscores = tf.zeros([4])\nbest = scores[4]\n",
                         target=target_for("2.15"))
    assert [(f.code, f.category) for f in tensor] == [(codes.INDEX_RANGE, "shape")]
