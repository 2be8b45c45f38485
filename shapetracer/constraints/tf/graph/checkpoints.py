"""``tf.train.latest_checkpoint(folder)``: the newest checkpoint a folder's ``checkpoint``
file names, or None when the folder has none.

What it returns depends on the files, so it is an object that says which folder was asked
and may be None (``if ckpt is None:`` and ``if ckpt:`` run both ways); a restore handed it reads that
folder's ``checkpoint`` file (constraints/python/files.py), which the file check looks up in
the job: without it, ``Saver.restore`` gets None and raises "Can't load save_path when it
is None".
"""

from __future__ import annotations

from shapetracer.constraints.core.examples import instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import MaybeNone

LATEST = "latest_checkpoint"  # no library type: its methods (a str's) are not reported as not modelled
NO_FAILURES = "finding no checkpoint is not an error here; restoring its None is (the file check's)"


@op("tf.train.latest_checkpoint")
def latest_checkpoint(ctx: OpContext, checkpoint_dir, latest_filename=None):
    return MaybeNone(LATEST, {"folder": checkpoint_dir}, ctx.site)


EXAMPLES = [
    ok("tf.train.latest_checkpoint", "pretrained", expect=instance_of(LATEST)),
]
