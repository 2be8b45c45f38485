"""Failing and fixed projects of the project rules (ST501: an import no requirement installs,
ST502: a file the job does not hold), for the rule docs.

Each example is a small project, a mapping of file names to texts (a name whose text is
``None`` is a data file the job holds, its content irrelevant).  The docs show them as
listings; tests/projectchecks/test_examples.py writes each to a folder, checks it as a
job, and asserts that each failing one draws its code and each fixed one nothing.
"""

from __future__ import annotations

from typing import Mapping

from shapetracer.rules import codes

Project = Mapping[str, "str | None"]

EXAMPLES: dict[str, tuple[list[Project], list[Project]]] = {
    codes.MISSING_REQUIREMENT: (
        [{"requirements.txt": "tensorflow==2.15.1\nnumpy<2\n",
          "train.py": "import pandas as pd\nimport tensorflow as tf\n\nframe = pd.DataFrame({'x': [1.0]})\n"},
         {"requirements.txt": "tensorflow==1.15.5\n",
          "train.py": "import keras\n\nmodel = keras.Sequential()\n"}],
        [{"requirements.txt": "tensorflow==2.15.1\nnumpy<2\npandas\n",
          "train.py": "import pandas as pd\nimport tensorflow as tf\n\nframe = pd.DataFrame({'x': [1.0]})\n"},
         {"requirements.txt": "tensorflow==2.15.1\n",
          "train.py": "import keras\n\nmodel = keras.Sequential()\n"}],
    ),
    codes.MISSING_FILE: (
        [{"train.py": "import numpy as np\n\ndata = np.loadtxt('data/train.csv', delimiter=',')\n"},
         {"train.py": "import pickle\n\nwith open('vocab.pkl', 'rb') as handle:\n    vocab = pickle.load(handle)\n"},
         {"train.py": "import os\nimport tensorflow as tf\n\nHERE = os.path.dirname(os.path.abspath(__file__))\n"
                      "model = tf.keras.models.load_model(os.path.join(HERE, 'pretrained', 'mlp.h5'))\n"}],
        [{"train.py": "import numpy as np\n\ndata = np.loadtxt('data/train.csv', delimiter=',')\n",
          "data/train.csv": None},
         {"train.py": "import os\nimport tensorflow as tf\n\nHERE = os.path.dirname(os.path.abspath(__file__))\n"
                      "model = tf.keras.models.load_model(os.path.join(HERE, 'pretrained', 'mlp.h5'))\n",
          "pretrained/mlp.h5": None},
         {"train.py": "import pickle\n\nwith open('vocab.pkl', 'wb') as handle:\n    pickle.dump({'a': 0}, handle)\n"
                      "with open('vocab.pkl', 'rb') as handle:\n    vocab = pickle.load(handle)\n"}],
    ),
}


def describe(project: Project) -> str:
    """A project as one listing: each file under a ``# name`` header (data files by name only)."""
    parts = []
    for name, text in project.items():
        parts.append(f"# {name}" + ("  (a data file the job holds)" if text is None else ""))
        if text is not None:
            parts.append(text.rstrip("\n"))
    return "\n".join(parts)


def examples_for(code: str) -> tuple[list[str], list[str]]:
    failing, passing = EXAMPLES.get(code, ([], []))
    return [describe(p) for p in failing], [describe(p) for p in passing]
