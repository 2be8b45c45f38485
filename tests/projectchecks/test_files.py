"""ST502 missing-input-file: a file the program reads, at a path it spells out, that the job
does not hold and that nothing before writes, downloads or unpacks.

Each case is a small job (its member names, as a scan reads them from an archive) and one
script; what a real run does was checked by hand for the cases that report (the path is
opened relative to the job's working folder, or to the script's folder through ``__file__``).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from shapetracer.engine import check_file, check_source
from shapetracer.options import Options
from shapetracer.project.workspace import Workspace
from shapetracer.rules import codes

OPTIONS = dict(generic=False, keep_shapes=False)


def missing(source: str, members: list[str] = (), script: str = "train.py", **options) -> list[tuple[int, str]]:
    """(line, path) of each ST502 finding of ``script`` in a job holding ``members``."""
    workspace = Workspace.of_members([script, *members], {})
    result = check_source(textwrap.dedent(source).encode(), script, None,
                          Options(**OPTIONS, workspace=workspace, **options))
    return [(f.line, f.args.get("path") or f.args.get("folder")) for f in result.findings
            if f.code == codes.MISSING_FILE]


# --- what is reported ---------------------------------------------------------------------------

def test_literal_paths_of_the_common_readers():
    source = """\
        import numpy as np
        import pandas as pd
        import tensorflow as tf
        import cv2
        a = np.load('data/a.npy')
        b = pd.read_csv('data/b.csv')
        c = tf.io.read_file('data/c.png')
        d = cv2.imread('data/d.jpg')
        with open('vocab.pkl', 'rb') as f:
            pass
        e = np.loadtxt('data/held.txt')
    """
    assert missing(source, ["data/held.txt"]) == [(5, "data/a.npy"), (6, "data/b.csv"), (7, "data/c.png"),
                                                  (8, "data/d.jpg"), (9, "vocab.pkl")]


def test_paths_built_from_file_constants_and_fstrings():
    source = """\
        import os
        from pathlib import Path
        import numpy as np
        HERE = os.path.dirname(os.path.abspath(__file__))
        DATA = 'data'
        x = np.load(os.path.join(HERE, DATA, 'x.npy'))
        y = np.load(f'{DATA}/y.npy')
        z = open(Path(__file__).parent / 'config.json')
        w = np.load(os.path.join(HERE, '..', 'shared', 'w.npy'))
    """
    # the script is src/train.py: __file__'s folder is src/, a bare relative path is the job's root
    assert missing(source, ["src/data/x.npy", "README.md"], script="src/train.py") == [(7, "data/y.npy"), (8, "src/config.json"),
                                                                     (9, "shared/w.npy")]


def test_keras_and_checkpoints():
    source = """\
        import tensorflow as tf
        model = tf.keras.models.load_model('pretrained/mlp.h5')
        model.load_weights('pretrained/mlp.weights.h5')
        saver = tf.compat.v1.train.Saver()
        with tf.compat.v1.Session() as sess:
            saver.restore(sess, 'checkpoints/model.ckpt')
            saver.restore(sess, 'held/model.ckpt')
            saver.restore(sess, tf.train.latest_checkpoint('runs'))
    """
    members = ["held/model.ckpt.index", "held/model.ckpt.data-00000-of-00001"]
    assert missing(source, members) == [(2, "pretrained/mlp.h5"), (3, "pretrained/mlp.weights.h5"),
                                        (6, "checkpoints/model.ckpt"), (8, "runs")]


def test_folders_read_as_folders():
    source = """\
        import os
        import tensorflow as tf
        names = os.listdir('data/images')
        ds = tf.keras.utils.image_dataset_from_directory('data/held')
    """
    assert missing(source, ["data/held/cat/1.png"]) == [(3, "data/images")]


def test_a_read_in_a_function_the_script_calls():
    source = """\
        import numpy as np
        def load():
            return np.load('basis.npy')
        if __name__ == '__main__':
            basis = load()
    """
    assert missing(source) == [(3, "basis.npy")]


def test_a_read_in_another_module_of_the_job(tmp_path):
    (tmp_path / "data.py").write_text("import numpy as np\n\ndef load():\n    return np.load('x.npy')\n")
    (tmp_path / "train.py").write_text("from data import load\nx = load()\n")
    result = check_file(tmp_path / "train.py", Options(**OPTIONS, workspace=Workspace.of_folder(tmp_path)))
    assert [(f.path, f.line, f.code) for f in result.findings] == [(str(tmp_path / "data.py"), 4, "ST502")] \
        or [(Path(f.path).name, f.line, f.code) for f in result.findings] == [("data.py", 4, "ST502")]


# --- what is not ----------------------------------------------------------------------------------

@pytest.mark.parametrize("source", [
    # computed from what the analysis does not know: arguments, the environment, the command line
    "import sys, numpy as np\nx = np.load(sys.argv[1])\n",
    "import os, numpy as np\nx = np.load(os.environ['DATA'] + '/x.npy')\n",
    "import os, numpy as np\nx = np.load(os.path.join(os.getenv('DATA', 'data'), 'x.npy'))\n",
    "import argparse, numpy as np\np = argparse.ArgumentParser()\np.add_argument('--data', default='data/x.npy')\n"
    "args = p.parse_args()\nx = np.load(args.data)\n",
    "import argparse, os, numpy as np\np = argparse.ArgumentParser()\np.add_argument('--dir', default='data')\n"
    "a = p.parse_args()\nx = np.load(os.path.join(a.dir, 'x.npy'))\ny = np.load(f'{a.dir}/y.npy')\n"
    "z = np.load(a.dir + '/z.npy')\nw = np.load(a.dir.rstrip('/') + '/w.npy')\n",
    "import numpy as np, tensorflow as tf\ntf.app.flags.DEFINE_string('data', 'data/x.npy', 'input')\n"
    "FLAGS = tf.app.flags.FLAGS\nx = np.load(FLAGS.data)\n",
    "import numpy as np\ndef load(path):\n    return np.load(path)\n",
    "import os, numpy as np\nx = np.load(os.path.expanduser('~/data/x.npy'))\n",
    # outside the job: a platform's data mount, the author's Windows machine, a URL
    "import numpy as np\nx = np.load('/mnt/data/x.npy')\n",
    "import numpy as np\nx = np.load('C:/Users/me/x.npy')\ny = np.load(r'data\\y.npy')\n",
    "import pandas as pd\nx = pd.read_csv('https://example.org/x.csv')\n",
    # under a handler that catches the failure, here or around the call that leads to it
    "import numpy as np\ntry:\n    x = np.load('x.npy')\nexcept FileNotFoundError:\n    x = None\n",
    "import numpy as np\ndef load():\n    return np.load('x.npy')\ntry:\n    x = load()\nexcept OSError:\n    x = None\n",
    "import numpy as np\nfrom contextlib import suppress\nwith suppress(IOError):\n    x = np.load('x.npy')\n",
    # only on a branch the analysis cannot decide
    "import os, numpy as np\nif os.path.exists('x.npy'):\n    x = np.load('x.npy')\n",
    "import sys, numpy as np\nif len(sys.argv) > 2:\n    x = np.load('x.npy')\n",
    # written, saved, downloaded or unpacked first
    "import numpy as np\nnp.save('cache/x', np.zeros(3))\nx = np.load('cache/x.npy')\n",
    "import json\nwith open('config.json', 'w') as f:\n    json.dump({}, f)\nc = json.load(open('config.json'))\n",
    "import urllib.request, numpy as np\nurllib.request.urlretrieve('https://e.org/x', 'x.npy')\nx = np.load('x.npy')\n",
    "import zipfile, pandas as pd\nzipfile.ZipFile('held.zip').extractall('data')\nx = pd.read_csv('data/x.csv')\n",
    "import os, numpy as np\nos.system('wget https://e.org/x.npy')\nx = np.load('x.npy')\n",
    "import subprocess, numpy as np\nsubprocess.run(['sh', 'fetch.sh'])\nx = np.load('x.npy')\n",
    "import os, numpy as np\nos.chdir('elsewhere')\nx = np.load('x.npy')\n",
    "import os\nos.makedirs('runs', exist_ok=True)\nnames = os.listdir('runs')\n",
    "import tensorflow as tf\nm = tf.keras.Sequential()\nm.save_weights('w.h5')\nm.load_weights('w.h5')\n",
    "import tensorflow as tf\ns = tf.compat.v1.train.Saver()\nsess = tf.compat.v1.Session()\n"
    "s.save(sess, 'ckpt/model')\ns.restore(sess, tf.train.latest_checkpoint('ckpt'))\n",
    # a path the program asks about: it knows the file may be missing
    "import os, sys, numpy as np\nif not os.path.exists('x.npy'):\n    sys.exit('fetch x.npy first')\nx = np.load('x.npy')\n",
    "import numpy as np\nfrom pathlib import Path\nx = np.load('x.npy')\nprint(Path('x.npy').is_file())\n",
    # written through tf.io.gfile, or into a folder a library is told to fill
    "import tensorflow as tf\nwith tf.io.gfile.GFile('vocab.txt', 'w') as f:\n    f.write('a')\n"
    "v = open('vocab.txt').read()\n",
    "import tensorflow_datasets as tfds, numpy as np\nds = tfds.load('mnist', data_dir='data')\n"
    "x = np.load('data/mnist/x.npy')\n",
    # a TF2 Checkpoint restores None as "from scratch"; a file renamed was made by the program
    "import tensorflow as tf\nc = tf.train.Checkpoint()\nc.restore(tf.train.latest_checkpoint('ckpt'))\n",
    "import os, imageio\nw = imageio.get_writer('a.gif')\nos.rename('a.gif', 'a.gif.png')\n",
    "import os, numpy as np\nget_ipython().system('wget https://e.org/x.npy')\nx = np.load('x.npy')\n",
    # functions nobody calls: what they read may never be read
    "import numpy as np\ndef never():\n    return np.load('x.npy')\n",
])
def test_no_finding(source):
    assert missing(source, ["held.zip"]) == []


def test_an_archive_read_in_part_says_nothing():
    workspace = Workspace.of_members(["train.py"], {}, complete=False)
    result = check_source(b"import numpy as np\nx = np.load('x.npy')\n", "train.py", None,
                          Options(**OPTIONS, workspace=workspace))
    assert result.findings == []


def test_a_notebook_that_runs_shell_lines_is_not_judged():
    cells = ('{"cells": [{"cell_type": "code", "source": ["!wget https://e.org/x.npy"], "metadata": {}, '
             '"outputs": [], "execution_count": null}, {"cell_type": "code", "source": '
             '["import numpy as np\\n", "x = np.load(\'x.npy\')"], "metadata": {}, "outputs": [], '
             '"execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    workspace = Workspace.of_members(["run.ipynb"], {})
    result = check_source(cells.encode(), "run.ipynb", None, Options(**OPTIONS, workspace=workspace))
    assert [f.code for f in result.findings if f.code == codes.MISSING_FILE] == []


# --- a repository -----------------------------------------------------------------------------------

def test_a_repository_only_when_selected(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "train.py").write_text("import numpy as np\nx = np.load('data/x.npy')\ny = np.load('data/y.npy')\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "y.npy").write_bytes(b"")
    assert check_file(tmp_path / "train.py", Options(**OPTIONS)).findings == []
    every = check_file(tmp_path / "train.py", Options(**OPTIONS, select=frozenset({"ST"})))
    assert [f.code for f in every.findings if f.code == codes.MISSING_FILE] == []  # "every code" does not name it
    chosen = check_file(tmp_path / "train.py", Options(**OPTIONS, select=frozenset({"ST502"})))
    assert [(f.line, f.args["path"]) for f in chosen.findings] == [(2, "data/x.npy")]


def test_a_repository_path_may_be_relative_to_the_script_or_the_root(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_text("import numpy as np\nx = np.load('x.npy')\ny = np.load('y.npy')\n")
    (tmp_path / "x.npy").write_bytes(b"")
    result = check_file(tmp_path / "src" / "train.py", Options(**OPTIONS, select=frozenset({"ST502"})))
    assert [(f.line, f.args["path"]) for f in result.findings] == [(3, "y.npy")]


def test_suppressed_and_ignored():
    source = "import numpy as np\nx = np.load('x.npy')  # noqa: ST502\ny = np.load('y.npy')\n"
    assert missing(source) == [(3, "y.npy")]
    assert missing(source, ignore=frozenset({"ST502"})) == []


def test_the_finding_carries_its_facts():
    workspace = Workspace.of_members(["train.py"], {})
    result = check_source(b"import numpy as np\nx = np.load('data/x.npy')\n", "train.py", None,
                          Options(**OPTIONS, workspace=workspace))
    finding, = result.findings
    assert (finding.code, finding.severity, finding.line, finding.column) == ("ST502", "warning", 2, 5)
    assert finding.args == {"api": "np.load", "path": "data/x.npy"}
    assert "np.load reads 'data/x.npy'" in finding.message


def test_a_job_started_from_the_scripts_folder():
    source = "import numpy as np\nx = np.load('x.npy')\ny = np.load('y.npy')\n"
    assert missing(source, ["src/x.npy", "README.md"], script="src/train.py") == [(3, "y.npy")]


def test_a_read_through_gfile():
    source = "import tensorflow as tf\nwith tf.io.gfile.GFile('labels.txt') as f:\n    labels = f.read()\n"
    assert missing(source) == [(2, "labels.txt")]


def test_one_finding_a_site():
    source = "import os\nfor part in ['train', 'test']:\n    names = os.listdir('data/' + part)\n"
    assert missing(source) == [(3, "data/train")]
