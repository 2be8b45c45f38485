"""Jobs whose failure no local CPU run can produce: GPU memory, CUDA and NCCL, the OOM
killer, a full disk, a flaky network share, and jobs run on a Python 2.7 image.

The program is a base program like any other (the one that was submitted); the log
is written by platform_logs.py from the description stored in job.json under
``platform``: the kind of failure and the call chain (file, line, function) from the
entry script to the failing line, taken from the program's tagged lines.
"""

from __future__ import annotations

import random

from jobgen.recipe import R, Recipe, add_import, mark, style, sub


def S(name, category, exception, bases, edits, description, kind, chain, count=1, **kw) -> Recipe:
    """A synthetic recipe: ``chain`` lists tags from the entry's call site inwards;
    ``definition`` (in kw) the op-definition chain TF prints, when it prints one."""
    extra = kw.pop("extra", {})
    synthetic = {"kind": kind, "chain": chain, "definition": kw.pop("definition", None), **kw.pop("options", {})}
    return R(name, category, exception, bases, edits, description, count=count, synthetic=synthetic, extra=extra, **kw)


_TF1_CHAIN = ["call_main", "run"]
_CNN_DEF = ["call_main", "build", "conv1", "conv"]
_MLP_DEF = ["call_main", "build", "hidden", "dense_matmul"]

RECIPES = [
    # GPU memory.
    S("gpu-oom-tf1-cnn", "out-of-memory", "ResourceExhaustedError", "tf1_cnn", [mark("conv")],
      "batch of 256 224x224 images does not fit a 16 GB GPU", "gpu-oom-tf1", _TF1_CHAIN, definition=_CNN_DEF,
      count=2, extra={"fixed": {"size": 224, "batch": 256, "channels": 3}}),
    S("gpu-oom-tf1-mlp", "out-of-memory", "ResourceExhaustedError", "tf1_mlp", [mark("dense_matmul")],
      "hidden layer of 65536 units on a batch of 8192", "gpu-oom-tf1-caused-by", _TF1_CHAIN, definition=_MLP_DEF,
      extra={"fixed": {"hidden": 65536, "batch": 8192, "features": 4096}}),
    S("gpu-oom-keras", "out-of-memory", "ResourceExhaustedError", ("keras_cnn", "keras_mlp"), [mark("fit")],
      "model.fit with a batch too large for the GPU", "gpu-oom-keras", ["call_main", "fit"],
      definition=["call_main", "fit"], count=3, extra={"fixed": {"batch": 512}}),
    S("gpu-oom-eager", "out-of-memory", "ResourceExhaustedError", "tf2_autoencoder", [mark("encode")],
      "eager matmul on a huge input width", "gpu-oom-eager", ["call_main", "forward", "reconstruct", "encode"],
      count=2, extra={"fixed": {"dim": 1048576, "batch": 4096}}),
    S("gpu-oom-session", "out-of-memory", "InternalError", "tf1_regression", [mark("session")],
      "another process holds the GPU; CUDA cannot initialise", "gpu-oom-session", ["call_main", "session"]),
    # Killed by the platform (host OOM killer).
    S("oom-killer-keras", "environment", None, "keras_mlp", [], "host memory exhausted during fit; OOM killer",
      "killed", [], options={"footer": "bash"}, extra={"no_location": True}),
    S("oom-killer-tf1", "environment", None, "tf1_cnn", [], "killed by the OOM killer while training",
      "killed", [], options={"footer": "k8s"}, extra={"no_location": True}),
    S("oom-killer-loop", "environment", None, "tf2_loop", [], "container exceeded its memory limit",
      "killed", [], options={"footer": "pai"}, extra={"no_location": True}),
    # Driver and libraries.
    S("cuda-driver-tf1", "environment", "InternalError", "tf1_mlp", [mark("session")],
      "CUDA 10 image on a node with an old driver", "cuda-driver", ["call_main", "session"]),
    S("cuda-driver-keras", "environment", "InternalError", "keras_mlp", [mark("build")],
      "CUDA runtime newer than the node's driver", "cuda-driver-tf2", ["call_main", "build"]),
    S("libcudart", "environment", "ImportError", ("tf1_cnn", "keras_text"), [],
      "GPU build of TensorFlow on an image without the CUDA libraries", "libcudart", ["import_tf"], count=2,
      extra={"bug_import": "import tensorflow"}),
    S("nccl", "environment", "UnknownError", ("keras_cnn", "keras_mlp"), [mark("fit")],
      "multi-GPU all-reduce fails in NCCL", "nccl", ["call_main", "fit"], count=2),
    S("cudnn-init", "environment", "UnknownError", "keras_cnn", [mark("fit")],
      "cuDNN could not initialise (GPU shared with another job)", "cudnn", ["call_main", "fit"]),
    S("disk-full-tf1", "environment", "ResourceExhaustedError", "tf1_cnn", [mark("save")],
      "checkpoint write fails: disk full", "disk-full-tf1", ["call_main", "save"]),
    S("disk-full-keras", "environment", "OSError", "keras_mlp", [mark("save")],
      "weights write fails: disk full", "disk-full-keras", ["call_main", "save"]),
    S("segfault", "environment", None, "tf1_regression", [mark("run")],
      "native crash inside the session run", "segfault", ["call_main", "run"], options={}),
    S("hdfs-timeout", "environment", "UnavailableError", "tf2_loop", [mark("inner")],
      "input pipeline reads from a distributed file system that timed out", "hdfs", ["call_main", "inner"]),
    S("oss-timeout", "environment", "RequestError", "keras_text", [mark("vocab")],
      "object-store read timed out", "oss", ["call_main", "vocab"]),
    # Python 2.7 image.
    S("py27-nameerror", "undefined-name", "NameError", "tf1_mlp",
      [sub("run", "y: batch_y}", "y: batch_ys}")], "typo in the feed_dict (Python 2.7 image)", "py2",
      ["call_main", "run"], options={"message": "global name 'batch_ys' is not defined"}),
    S("py27-makedirs", "call-error", "TypeError", "tf1_cnn", [mark("makedirs")],
      "os.makedirs(exist_ok=True) does not exist in Python 2", "py2", ["call_main", "makedirs"],
      options={"message": "makedirs() got an unexpected keyword argument 'exist_ok'"}),
    S("py27-configparser", "import-error", "ImportError", "tf1_regression",
      [add_import("main", "import configparser", bug=False)], "Python 3 module name on a Python 2.7 image", "py2",
      ["import_configparser"], extra={"bug_import": "import configparser"},
      options={"message": "No module named configparser", "import": "configparser"}),
    S("py27-compat", "import-error", "ImportError", "tf1_mlp", [],
      "tensorflow.compat.v1 on a TF 1.8 image", "py2", ["import_tf"], extra={"bug_import": "import tensorflow"},
      options={"message": "No module named compat.v1"}),
    S("py27-math", "attribute-error", "AttributeError", "tf1_regression",
      [style("tf2"), sub("loss", "tf.reduce_mean(tf.square(pred - y))", "tf.math.reduce_mean(tf.square(pred - y))")],
      "tf.math does not exist in TF 1.4", "py2", ["call_main", "loss"],
      options={"message": "'module' object has no attribute 'math'"}),
]


def describe(recipe: Recipe, program, files: dict[str, str], tags: dict, rng: random.Random) -> dict:
    """What platform_logs.py needs: the kind, and the call chains as (file, line, function)."""
    spec = dict(recipe.synthetic or {})
    spec["chain"] = [_site(tags, files, tag) for tag in spec.get("chain") or []]
    if spec.get("definition"):
        spec["definition"] = [_site(tags, files, tag) for tag in spec["definition"]]
    else:
        spec.pop("definition", None)
    spec["seed"] = rng.randrange(1 << 30)
    return spec


def _site(tags: dict, files: dict[str, str], tag: str) -> list:
    if tag == "import_tf":
        return _find(files, "import tensorflow", "<module>")
    if tag == "import_configparser":
        return _find(files, "import configparser", "<module>")
    file, line = tags[tag]
    return [file, line, _function_at(files[file], line)]


def _find(files: dict[str, str], text: str, function: str) -> list:
    for name in sorted(files, key=lambda n: n != "train.py"):
        for number, line in enumerate(files[name].split("\n"), 1):
            if line.startswith(text):
                return [name, number, function]
    raise KeyError(text)


def _function_at(text: str, line: int) -> str:
    """The function (or <module>) a line belongs to: the nearest less-indented def."""
    lines = text.split("\n")
    target = lines[line - 1]
    depth = len(target) - len(target.lstrip())
    for index in range(line - 2, -1, -1):
        current = lines[index]
        indent = len(current) - len(current.lstrip())
        if current.strip() and indent < depth:
            if current.lstrip().startswith("def "):
                return current.strip()[4:].split("(")[0]
            depth = indent
            if indent == 0:
                break
    return "<module>"
