"""Ground truth for constraints/keras/legacy_arguments.py: every Keras 1 argument of its table,
and every argument Keras 3 dropped, given to its layer under each real Keras.

Each case is the class with its required arguments, one of them (or a default) replaced by the
old keyword.  Under each env and spelling, the real constructor must refuse exactly the cases
the analyzer reports, with the error it quotes: keras 2.3.1 (``import keras`` beside TensorFlow
1.15) accepts every Keras 1 name; tf.keras 1.15, Keras 2.15 and tf_keras refuse them; Keras 3
also refuses the dropped ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from shapetracer.constraints.core.api_changes import bad_call
from shapetracer.constraints.core.legacy_arguments import KERAS1_ARGUMENTS, KERAS3_DROPPED
from shapetracer.domain.target import target_for

sys.path.insert(0, str(Path(__file__).parent))
import envs  # noqa: E402

pytestmark = pytest.mark.oracle
WORKER = Path(__file__).with_name("keras_arguments_worker.py")

# The arguments each class needs, passed by keyword so that one can be swapped for its old name.
REQUIRED = {"Dense": {"units": 4}, "Embedding": {"input_dim": 10, "output_dim": 4},
            "Dropout": {"rate": 0.5}, "SpatialDropout1D": {"rate": 0.5}, "SpatialDropout2D": {"rate": 0.5},
            "SpatialDropout3D": {"rate": 0.5}, "GaussianDropout": {"rate": 0.5}, "GaussianNoise": {"stddev": 0.5},
            "SimpleRNN": {"units": 4}, "GRU": {"units": 4}, "LSTM": {"units": 4},
            "Model": {"inputs": None, "outputs": None}, "InputLayer": {"input_shape": [3]}}
CONV = {"filters": 4, "kernel_size": 3}
VALUES = {"init": "zeros", "bias": False, "output_dim": 4, "nb_filter": 4, "filter_length": 3,
          "subsample_length": 1, "subsample": [1, 1], "border_mode": "same", "dim_ordering": "tf",
          "inner_init": "orthogonal", "inner_activation": "sigmoid", "dropout_W": 0.1, "dropout_U": 0.1,
          "consume_less": "gpu", "forget_bias_init": "one", "pool_length": 2, "stride": 2, "length": 2,
          "dropout": 0.1, "beta_init": "zeros", "gamma_init": "ones", "mode": 0, "p": 0.5, "sigma": 0.5,
          "weights": None, "batch_input_shape": [None, 3], "batch_size": 2, "dynamic": False,
          "input": None, "output": None}
GROUPS = {"nb_row": ("nb_row", "nb_col"), "nb_col": ("nb_row", "nb_col"),
          "kernel_dim1": ("kernel_dim1", "kernel_dim2", "kernel_dim3"), "input": ("input", "output")}


def _required(name: str) -> dict:
    if name in REQUIRED:
        return dict(REQUIRED[name])
    if "Pool" in name and "Global" not in name:
        return {"pool_size": 2}  # Keras 3 has no default
    return dict(CONV) if "Conv" in name or "Locally" in name else {}


def cases() -> list[tuple[str, dict, tuple[str, ...]]]:
    """(class, kwargs, the legacy keywords among them)."""
    found = []
    for name, renames in sorted(KERAS1_ARGUMENTS.items()):
        for old, new in renames.items():
            if old in ("kernel_dim2", "kernel_dim3", "output"):
                continue  # given with kernel_dim1, with input
            kwargs = _required(name)
            olds = GROUPS.get(old, (old,))
            for key in olds:
                kwargs.pop(renames[key], None)
            for key in olds:
                kwargs[key] = 3 if key in ("nb_row", "nb_col") or key.startswith("kernel_dim") else VALUES.get(key)
            if "3D" in name and old == "subsample":
                kwargs[old] = [1, 1, 1]
            if "Locally" in name and old == "border_mode":
                kwargs[old] = "valid"  # the only one it takes
            found.append((name, kwargs, olds))
    for name in ("Dense", "Conv2D", "LSTM", "Embedding", "InputLayer"):
        for old in KERAS3_DROPPED:
            if name == "InputLayer" and old not in ("batch_input_shape", "batch_size"):
                continue  # no InputLayer takes the others
            kwargs = _required(name)
            kwargs[old] = VALUES[old]
            if old == "batch_size":
                kwargs["input_shape"] = [3]
            if old == "batch_input_shape":
                kwargs.pop("input_shape", None)
            found.append((name, kwargs, (old,)))
    return found


CASES = cases()
# (env, module the program imports, target version, legacy tf_keras)
SETUPS = [("tf1.15", "keras", "1.15", False), ("tf1.15", "tensorflow.keras", "1.15", False),
          ("tf2.15", "keras", "2.15", False), ("tf2.21", "keras", "2.21", False),
          ("tf2.21", "tf_keras", "2.21", True)]


# Refusals the analyzer does not report, as no other Keras takes the argument either there:
# keras 2.3.1 never had dynamic= (tf.keras 1.15 and Keras 2.15 added it, Keras 3 dropped it).
KNOWN_SILENT = {("keras", ("dynamic",))}


def _run(env: str, module: str) -> list:
    python = envs.env_python(env)
    if python is None:
        pytest.skip(f"{env} is not installed: python tests/oracle/envs.py install {env}")
    request = {"module": module, "cases": [[name, kwargs] for name, kwargs, _ in CASES]}
    done = subprocess.run([str(python), str(WORKER)], input=json.dumps(request), capture_output=True, text=True,
                          timeout=600, check=True)
    return json.loads(done.stdout)


def _quoted_error(message: str) -> str:
    """The error the finding quotes, up to the elided value: "('Keyword argument not
    understood:', 'init')", "Unrecognized keyword arguments passed to Dense: {'init'"."""
    quoted = message.split("): ", 1)[1].split(" under TensorFlow", 1)[0]
    return quoted.split(": ...", 1)[0]


@pytest.mark.parametrize("env,module,version,legacy", SETUPS, ids=[f"{s[0]}-{s[1]}" for s in SETUPS])
def test_constructors_refuse_what_the_analyzer_reports(env, module, version, legacy):
    target = target_for(version, source="oracle", legacy_keras=legacy)
    wrong = []
    for (name, kwargs, olds), (outcome, real) in zip(CASES, _run(env, module)):
        if outcome == "absent":
            continue
        spelled = f"{module}.models.Model" if name == "Model" else f"{module}.layers.{name}"
        found = bad_call(spelled, 0, tuple(kwargs), target)
        finding = found.message if found is not None else None
        if (module, olds) in KNOWN_SILENT:
            continue
        if (finding is not None) != (outcome == "refused"):
            wrong.append(f"{name}({', '.join(olds)}): TensorFlow {outcome} {real!r}, analyzer "
                         f"{finding.text if finding else 'silent'}")
        elif finding is not None and _quoted_error(finding.text) not in real:
            wrong.append(f"{name}({', '.join(olds)}): raises {real!r}, analyzer quotes {finding.text!r}")
    assert not wrong, "\n".join(wrong)
