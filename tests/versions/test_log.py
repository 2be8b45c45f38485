"""from_log: the TensorFlow a job's log names, conservatively."""

from __future__ import annotations

import pytest

from shapetracer.versions import from_log

TF1_TRACEBACK = """Traceback (most recent call last):
  File "train.py", line 40, in <module>
    sess.run(train_op, feed_dict={x: batch})
  File "/usr/local/lib/python3.6/dist-packages/tensorflow_core/python/client/session.py", line 956, in run
ValueError: Cannot feed value of shape (36, 784) for Tensor 'x:0', which has shape '(?, 28, 28, 1)'
"""


@pytest.mark.parametrize("text,version", [
    ("tensorflow 1.15.5\nnumpy 1.18.5\n", "1.15"),  # pip list
    ("TensorFlow version: 2.3.0\nEpoch 1/10\n", "2.3"),
    ("print: tensorflow version 1.14.0", "1.14"),
    ("Collecting tensorflow-gpu==1.15.0\n", "1.15"),
    ("Successfully installed absl-py-0.9.0 tensorflow-2.3.0 wrapt-1.12.1\n", "2.3"),
    ("Requirement already satisfied: tensorflow in /usr/local/lib/python3.7/dist-packages (2.4.1)\n", "2.4"),
    ("Downloading tensorflow_gpu-1.14.0-cp36-cp36m-manylinux1_x86_64.whl (377.1 MB)\n", "1.14"),
    # a reinstall: the version installed last is the one that ran
    ("Found existing installation: tensorflow 2.4.0\nSuccessfully installed tensorflow-2.3.0\n", "2.3"),
    (TF1_TRACEBACK, "1.15"),
    ("WARNING:tensorflow:From train.py:12: The name tf.placeholder is deprecated. "
     "Please use tf.compat.v1.placeholder instead.\n", "1.15"),
    ("WARNING: The TensorFlow contrib module will not be included in TensorFlow 2.0.\n", "1.15"),
    ("Using TensorFlow backend.\nEpoch 1/5\n", "1.15"),
])
def test_what_a_log_names(text, version):
    target = from_log(text, "job.log")
    assert target is not None and target.version == version and target.source.startswith("job.log")


@pytest.mark.parametrize("text", [
    "",
    '  File "/usr/lib/python3.10/site-packages/tensorflow/python/ops/nn_ops.py", line 1319, in conv2d\n',
    "This TensorFlow binary is optimized to use available CPU instructions\n",
    "Please upgrade to TensorFlow 2.0 to use this.\n",  # prose, no stated version
    "tensorflow/core/platform/cpu_feature_guard.cc:142] Your CPU supports AVX2\n",
    "keras 3.3.3\n",
    "export TF_VERSION=2.15\n",
])
def test_what_says_nothing(text):
    assert from_log(text) is None


def test_a_stated_version_beats_layout_hints():
    text = TF1_TRACEBACK + "TensorFlow version: 2.0.0\n"
    assert from_log(text).version == "2.0"


def test_the_device_a_job_had_is_read_from_its_log():
    from shapetracer.versions.log import device_memory

    tf1 = ("2021-05-23 18:17:21.786129: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1304] Created "
           "TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 14791 MB memory) -> physical "
           "GPU (device: 0, name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5)\n")
    tf2 = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1613] Created device /job:localhost/replica:0/"
           "task:0/device:GPU:1 with 30000 MB memory:  -> device: 1\n"
           "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1613] Created device /job:localhost/replica:0/"
           "task:0/device:GPU:0 with 22380 MB memory:  -> device: 0, name: Tesla P40\n")
    assert device_memory(tf1) == "14791MiB"
    assert device_memory(tf2) == "22380MiB"  # device 0, where tensors go unless placed
    assert device_memory("Epoch 1/10\nResourceExhaustedError: OOM when allocating tensor\n") is None
