"""Failing and fixed snippets of the container rules (ST150-ST152: a missing dict key, an
argparse attribute no ``add_argument`` defines, a list or an array's shape read past its end), for the rule docs.

The shape rules' examples are their op families' (``EXAMPLES`` in constraints/), the generic
rules' are generic/examples; these are plain programs, kept with the rules they show, so
that the docs (report/rule_docs) read data and reach into no analysis.
tests/beyond_shapes/test_containers.py checks that each failing snippet draws its code and each
fixed one nothing.
"""

from __future__ import annotations

from shapetracer.rules import codes

EXAMPLES: dict[str, tuple[list[str], list[str]]] = {
    codes.MISSING_KEY: (['CONFIG = {"lr": 0.1, "epochs": 2}\nrate = CONFIG["learning_rate"]'],
                        ['CONFIG = {"lr": 0.1, "epochs": 2}\nrate = CONFIG["lr"]']),
    codes.MISSING_ARGUMENT: (["parser = argparse.ArgumentParser()\nparser.add_argument('--lr', type=float)\n"
                              "args = parser.parse_args()\nrate = args.learning_rate"],
                             ["parser = argparse.ArgumentParser()\nparser.add_argument('--lr', type=float)\n"
                              "args = parser.parse_args()\nrate = args.lr"]),
    codes.LIST_INDEX: (["layer_sizes = [32, 10]\noutput_units = layer_sizes[2]",
                        "import numpy as np\nimages = np.zeros((100, 28, 28))\nchannels = images.shape[3]"],
                       ["layer_sizes = [32, 10]\noutput_units = layer_sizes[1]",
                        "import numpy as np\nimages = np.zeros((100, 28, 28, 1))\nchannels = images.shape[3]"]),
}


def examples_for(code: str) -> tuple[list[str], list[str]]:
    return EXAMPLES.get(code, ([], []))
