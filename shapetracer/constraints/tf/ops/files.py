"""Files through TensorFlow: ``tf.io.read_file`` (one string scalar: the file's bytes),
``tf.io.write_file``, ``tf.io.matching_files`` / ``tf.data.Dataset.list_files`` patterns,
and ``tf.enable_eager_execution``, which decides whether TF 1 builds graphs.
"""

from __future__ import annotations

from shapetracer.constraints.core.examples import T, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.core.common import require_scalar
from shapetracer.domain.values import NONE, Obj
from shapetracer.rules import codes


@op("tf.io.read_file", "tf.read_file")
def read_file(ctx: OpContext, filename, name=None):
    if not require_scalar(ctx, filename):
        return ctx.unknown_tensor("string")
    return ctx.result([], "string", label="read as")


@op("tf.io.write_file", "tf.write_file")
def write_file(ctx: OpContext, filename, contents, name=None):
    require_scalar(ctx, filename)
    return NONE


@op("tf.io.matching_files", "tf.matching_files")
def matching_files(ctx: OpContext, pattern, name=None):
    return ctx.result([ctx.fresh("files", 0)], "string", label="matched as")


def _file_dataset(ctx: OpContext) -> Obj:
    """A dataset of strings: file names, lines or records (``element_spec`` as tf.data's)."""
    return Obj("tf.data.Dataset", {"element_spec": ctx.result([], "string", label="an element is")}, ctx.site)


@op("tf.data.Dataset.list_files")
def list_files(ctx: OpContext, file_pattern, shuffle=None, seed=None, name=None):
    return _file_dataset(ctx)


@op("tf.data.TextLineDataset", "tf.data.TFRecordDataset")
def text_line_dataset(ctx: OpContext, filenames, *args, **kwargs):
    return _file_dataset(ctx)


@op("tf.enable_eager_execution")
def enable_eager_execution(ctx: OpContext, config=None, device_policy=None, execution_mode=None):
    """TF 1 runs ops eagerly from here on (where the call surely runs)."""
    if not ctx.host.undecided:
        ctx.graph.eager = True
    return NONE


EXAMPLES = [
    ok("tf.io.read_file", "photo.png", expect=[]),
    ok("tf.read_file", T(dtype="string"), expect=[]),
    bad("tf.io.read_file", T(3, dtype="string"), code=codes.RANK_MISMATCH, message="Shape must be rank 0 but is rank 1"),
    ok("tf.io.matching_files", "data/*.png", expect=[None]),
    ok("tf.enable_eager_execution", expect=NONE),
    ok("tf.data.Dataset.list_files", "data/*.png", expect=instance_of("tf.data.Dataset", element_spec=[])),
    ok("tf.data.TextLineDataset", "train.csv", expect=instance_of("tf.data.Dataset", element_spec=[])),
    ok("tf.data.TFRecordDataset", ["a.tfrecord"], expect=instance_of("tf.data.Dataset", element_spec=[])),
    ok("tf.io.write_file", "out.bin", T(dtype="string"), expect=NONE),
    ok("tf.write_file", "out.bin", T(dtype="string"), expect=NONE),
]
