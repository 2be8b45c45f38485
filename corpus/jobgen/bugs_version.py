"""Version-change failures: scripts written for TensorFlow 1 (or Keras 2) run on a newer image.

The largest class of real job failures is API change (a quarter of the TensorFlow bugs in
Zhang et al., ISSTA'18): the script was written, and often pinned, for TensorFlow 1.x, and
the platform's image ships TensorFlow 2.  Each recipe here names the image its job runs on
(``"image": "tf2.15"`` in job.json: tests/oracle/envs.py's env of that TensorFlow, which
corpus/run_jobs.py runs the job under, so the log is real).  Most scripts print the
TensorFlow they run on, as training scripts do, and many keep their TensorFlow 1 pin in
requirements.txt: the log, not the pin, says which TensorFlow the job failed under.
"""

from __future__ import annotations

from jobgen.recipe import R, add_import, extra_file, header, mark, replace, style, sub

EAGER = {"decorate": ""}  # tf2_loop without @tf.function: errors raise where the line runs

PRINT_VERSION = ('print("TensorFlow version:", tf.__version__)', 'print("TF version", tf.__version__)')
TF1_PIN = "tensorflow==1.15.5\nnumpy<1.19\n"
TF1_GPU_PIN = "tensorflow-gpu==1.14.0\nnumpy\n"
UNPINNED = "tensorflow\nnumpy\n"
KERAS2_PIN = "keras==2.3.1\ntensorflow==1.15.5\n"


def on_image(image: str, wording: int | None = 0, requirements: str | None = TF1_PIN, fixed: dict | None = None,
             **extra) -> tuple[list, dict]:
    """The edits every version-change job shares (print the version, pin TensorFlow 1), and
    its ``extra`` (the image it runs on)."""
    edits = []
    if wording is not None:
        edits.append(header("main", PRINT_VERSION[wording]))
    if requirements is not None:
        edits.append(extra_file("requirements.txt", requirements))
    return edits, {"image": image, **({"fixed": fixed} if fixed else {}), **extra}


def V(name, category, exception, bases, edits, description, image, wording=0, requirements=TF1_PIN,
      fixed=None, **kw):
    shared, extra = on_image(image, wording, requirements, fixed)
    return R(name, category, exception, bases, list(edits) + shared, f"{description} (TensorFlow {image[2:]} image)",
             extra=extra, **kw)


ATTRIBUTE = [
    V("v2-placeholder", "attribute-error", "AttributeError", ("tf1_mlp", "tf1_regression"),
      [style("tf2"), mark("x_ph")], "TF1 script pinned to tensorflow 1.15 runs on TF 2: tf.placeholder", "tf2.15",
      count=3),
    V("v2-placeholder-gpu", "attribute-error", "AttributeError", "tf1_regression",
      [style("tf2"), mark("x_ph")], "TF1 script pinned to tensorflow-gpu 1.14 runs on TF 2: tf.placeholder", "tf2.21",
      wording=1, requirements=TF1_GPU_PIN),
    V("v2-placeholder-images", "attribute-error", "AttributeError", "tf1_cnn",
      [style("tf2"), mark("images_ph")], "TF1 CNN script runs on TF 2: tf.placeholder", "tf2.15", wording=1,
      requirements=UNPINNED),
    V("v2-train-adam", "attribute-error", "AttributeError", "tf2_loop",
      [replace("optimizer", "optimizer = tf.train.AdamOptimizer(learning_rate=$lr)")],
      "TF1 optimizer kept in a migrated loop: tf.train.AdamOptimizer", "tf2.15", fixed=EAGER),
    V("v2-tf-log", "attribute-error", "AttributeError", "tf2_autoencoder",
      [sub("loss", "tf.reduce_mean(tf.square(recon - batch))", "tf.reduce_mean(tf.log(1.0 + tf.square(recon - batch)))")],
      "tf.log (TF1) in a log-cosh style loss", "tf2.15", wording=1, requirements=UNPINNED),
    V("v2-random-normal", "attribute-error", "AttributeError", "tf2_autoencoder",
      [sub("enc_w", "tf.Variable(init([dim, code_size])", "tf.Variable(tf.random_normal([dim, code_size], stddev=0.1)")],
      "tf.random_normal (TF1 name) for the encoder weights", "tf2.21"),
    # Sequential only: a functional Model never had predict_classes, in any version
    V("v2-predict-classes", "attribute-error", "AttributeError", "keras_text",
      [sub("predict", "model.predict(", "model.predict_classes(")],
      "Sequential.predict_classes, removed in TF 2.6", "tf2.15", requirements=KERAS2_PIN),
]

IMPORT = [
    V("v2-contrib-layers", "import-error", "ModuleNotFoundError", "tf1_mlp",
      [add_import("model", "from tensorflow.contrib import layers as contrib_layers")],
      "tf.contrib import in a tf.compat.v1 script", "tf2.15"),
    V("v2-contrib-slim", "import-error", "ModuleNotFoundError", "tf1_cnn",
      [add_import("model", "import tensorflow.contrib.slim as slim")], "tf.contrib.slim import", "tf2.21", wording=1),
    V("v2-keras-core", "import-error", "ModuleNotFoundError", "keras_mlp",
      [add_import("model", "from keras.layers.core import Dense, Dropout")],
      "keras.layers.core (standalone Keras 2.3) import", "tf2.15", requirements=KERAS2_PIN),
]

CALL = [
    V("v2-keep-dims", "call-error", "TypeError", "tf2_autoencoder",
      [sub("loss", "tf.reduce_mean(tf.square(recon - batch))",
           "tf.reduce_mean(tf.reduce_sum(tf.square(recon - batch), axis=1, keep_dims=True))")],
      "keep_dims= (TF1 keyword) to reduce_sum", "tf2.15"),
    V("v2-keep-dims-21", "call-error", "TypeError", "tf2_autoencoder",
      [sub("loss", "tf.reduce_mean(tf.square(recon - batch))",
           "tf.reduce_mean(tf.square(recon - batch), keep_dims=False)")],
      "keep_dims= (TF1 keyword) to reduce_mean", "tf2.21", wording=1),
    V("v2-dropout-keep-prob", "call-error", "TypeError", "tf2_loop",
      [sub("call_hidden", "x = self.hidden(inputs)", "x = tf.nn.dropout(self.hidden(inputs), keep_prob=0.8)")],
      "tf.nn.dropout(keep_prob=) (TF1 keyword)", "tf2.15", fixed=EAGER),
]

RECIPES = ATTRIBUTE + IMPORT + CALL
