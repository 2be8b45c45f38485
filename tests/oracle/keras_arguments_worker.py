"""Run inside a real env (Python 3.7 too): construct each requested Keras layer or model and
say whether the constructor refused it, and with what.  Reads JSON cases on stdin:
``{"module": "keras" | "tensorflow.keras" | "tf_keras", "cases": [[class, kwargs], ...]}``;
writes ``[[outcome, message], ...]`` (outcome "ok", "refused" or "absent") as JSON."""

import importlib
import io
import json
import os
import sys
import warnings
from contextlib import redirect_stderr

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")


def main():
    request = json.load(sys.stdin)
    with redirect_stderr(io.StringIO()):
        keras = importlib.import_module(request["module"])
    results = []
    for name, kwargs in request["cases"]:
        results.append(construct(keras, name, kwargs))
    json.dump(results, sys.stdout)


def construct(keras, name, kwargs):
    if name == "Model":
        inputs = keras.layers.Input((3,))
        tensors = {"inputs": inputs, "outputs": keras.layers.Dense(2)(inputs)}
        kwargs = {key: tensors["inputs" if key.startswith("input") else "outputs"] for key in kwargs}
        factory = keras.models.Model
    else:
        factory = getattr(keras.layers, name, None)
        if factory is None:
            return ["absent", ""]
    try:
        with redirect_stderr(io.StringIO()):
            factory(**kwargs)
    except (TypeError, ValueError) as exc:
        return ["refused", str(exc)]
    return ["ok", ""]


if __name__ == "__main__":
    main()
