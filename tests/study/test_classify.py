"""The log classifier, one short log per category and per kind of noise.

Each log is written in the form the named runtime prints it (Python 3.11, Python 2.7,
TensorFlow 2.21 and 1.x, Keras 3, the platforms); the corpus test checks the classifier
on 300+ real and platform logs as well.
"""

from __future__ import annotations

import pytest

from shapetracer.study import classify_log

SITE = "/usr/local/lib/python3.11/site-packages"
JOB = {"train.py", "model.py", "data.py"}


def tb(*frames: tuple[str, int, str, str], root: str = "/workspace") -> str:
    """A traceback header and frames; library paths are given absolute."""
    lines = ["Traceback (most recent call last):"]
    for path, line, func, code in frames:
        full = path if path.startswith("/") else f"{root}/{path}"
        lines += [f'  File "{full}", line {line}, in {func}', f"    {code}"]
    return "\n".join(lines) + "\n"


def check(log: str, category: str, exception: str | None, file: str | None, line: int | None,
          job_files=JOB) -> dict:
    result = classify_log(log, job_files)
    assert result is not None
    assert (result["category"], result["exception"], result["file"], result["line"]) == \
        (category, exception, file, line), result
    return result


# --- Python categories ----------------------------------------------------------------------

PYTHON_CASES = [
    ("undefined-name", "NameError", "NameError: name 'batch_ys' is not defined"),
    ("undefined-name", "UnboundLocalError",
     "UnboundLocalError: cannot access local variable 'step' where it is not associated with a value"),
    ("attribute-error", "AttributeError", "AttributeError: module 'tensorflow' has no attribute 'placeholder'"),
    ("call-error", "TypeError", "TypeError: build_model() takes 2 positional arguments but 3 were given"),
    ("call-error", "TypeError", "TypeError: make_batch() missing 1 required positional argument: 'num_classes'"),
    ("call-error", "TypeError", "TypeError: fit() got an unexpected keyword argument 'nb_epoch'"),
    ("call-error", "TypeError", "TypeError: 'tuple' object is not callable"),
    ("call-error", "ValueError", "ValueError: Unrecognized keyword arguments passed to Dense: {'init': 'uniform'}"),
    ("type-error", "TypeError", 'TypeError: can only concatenate str (not "int") to str'),
    ("import-error", "ModuleNotFoundError", "ModuleNotFoundError: No module named 'tensorflow.contrib'"),
    ("import-error", "ImportError", "ImportError: cannot import name 'build_mlp' from 'model' (/workspace/model.py)"),
    ("key-error", "KeyError", "KeyError: 'val_acc'"),
    ("index-error", "IndexError", "IndexError: list index out of range"),
    ("value-error", "ValueError", "ValueError: too many values to unpack (expected 2)"),
    ("unknown", "AssertionError", "AssertionError: expected flattened MNIST features"),
    ("unknown", "ZeroDivisionError", "ZeroDivisionError: float division by zero"),
]


@pytest.mark.parametrize("category,exception,last", PYTHON_CASES, ids=[c[2][:40] for c in PYTHON_CASES])
def test_python_categories(category, exception, last):
    log = tb(("train.py", 60, "<module>", "main()"), ("train.py", 41, "main", "run(x)")) + last + "\n"
    result = check(log, category, exception, "train.py", 41)
    assert result["message"] == last.split(": ", 1)[1]


def test_type_error_from_tensorflow_is_api_misuse():
    log = tb(("train.py", 44, "main", "_, loss = sess.run([train_op, loss], feed_dict=feed)"),
             (f"{SITE}/tensorflow/python/client/session.py", 309, "for_fetch", "raise TypeError(")) + \
        "TypeError: Fetch argument 0.53 has invalid type <class 'numpy.float32'>, must be a string or Tensor.\n"
    check(log, "api-misuse", "TypeError", "train.py", 44)


def test_value_error_from_numpy_is_value_error():
    log = tb(("train.py", 20, "main", "idx = np.random.choice(10, size=20, replace=False)"),
             ("numpy/random/mtrand.pyx", 1001, "numpy.random.mtrand.RandomState.choice", "")) + \
        "ValueError: Cannot take a larger sample than population when 'replace=False'\n"
    check(log, "value-error", "ValueError", "train.py", 20)


# --- syntax errors, Python 2 -------------------------------------------------------------

def test_syntax_error_of_the_entry_script_has_no_header():
    log = ('  File "/tmp/run-x/workspace/train.py", line 41\n    print "step", step\n    ^^^^^^^^^^^^^^^^^^\n'
           "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?\n")
    check(log, "syntax-error", "SyntaxError", "train.py", 41)


def test_syntax_error_in_an_imported_module():
    log = tb(("train.py", 9, "<module>", "from model import build_model")) + \
        '  File "/workspace/model.py", line 14\n    print "hidden layer:", h\n    ^^^^^^^^^^^^^^^^^^^^^^^^^\n' \
        "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?\n"
    check(log, "syntax-error", "SyntaxError", "model.py", 14)


@pytest.mark.parametrize("kind,message", [("TabError", "inconsistent use of tabs and spaces in indentation"),
                                          ("IndentationError", "unexpected indent")])
def test_indentation_errors(kind, message):
    log = f'  File "/workspace/train.py", line 33\n    total = 0.0\n{kind}: {message}\n'
    check(log, "syntax-error", kind, "train.py", 33)


def test_python2_traceback():
    log = ("2019-03-02 10:11:12.123456: I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU supports "
           "instructions that this TensorFlow binary was not compiled to use: AVX2 FMA\n"
           'Traceback (most recent call last):\n  File "train.py", line 47, in <module>\n    main()\n'
           '  File "train.py", line 41, in main\n    sess.run(op, feed_dict={x: batch_x, y: batch_ys})\n'
           "NameError: global name 'batch_ys' is not defined\n")
    check(log, "undefined-name", "NameError", "train.py", 41)


def test_python2_import_error_wording():
    log = 'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    import configparser\n' \
          "ImportError: No module named configparser\n"
    check(log, "import-error", "ImportError", "train.py", 3)


# --- TensorFlow categories: told apart by message -----------------------------------------

GRAPH_ERROR = """Traceback (most recent call last):
  File "{site}/tensorflow/python/client/session.py", line 1407, in _do_call
    return fn(*args)
tensorflow.python.framework.errors_impl.{kind}: {message}
\t [[{{{{node MatMul}}}}]]

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/tmp/w/train.py", line 52, in <module>
    main()
  File "/tmp/w/train.py", line 44, in main
    sess.run(loss, feed_dict={{x: batch_x}})
  File "{site}/tensorflow/python/client/session.py", line 1426, in _do_call
    raise type(e)(node_def, op, message)  # pylint: disable=no-value-for-parameter
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
tensorflow.python.framework.errors_impl.{kind}: Graph execution error:

Detected at node 'MatMul' defined at (most recent call last):
    File "/tmp/w/train.py", line 52, in <module>
    File "/tmp/w/train.py", line 33, in main
    File "/tmp/w/model.py", line 9, in dense
Node: 'MatMul'
{message}
\t [[{{{{node MatMul}}}}]]

Original stack trace for 'MatMul':
  File "/tmp/w/train.py", line 52, in <module>
  File "/tmp/w/train.py", line 33, in main
  File "/tmp/w/model.py", line 9, in dense
  File "{site}/tensorflow/python/ops/math_ops.py", line 3732, in matmul
"""


@pytest.mark.parametrize("kind,message,category", [
    ("InvalidArgumentError", "Matrix size-incompatible: In[0]: [8,5], In[1]: [3,4]", "shape-mismatch"),
    ("InvalidArgumentError", "logits and labels must be broadcastable: logits_size=[16,4] labels_size=[16,5]",
     "shape-mismatch"),
    ("InvalidArgumentError", "cannot compute MatMul as input #1(zero-based) was expected to be a double tensor but "
     "is a float tensor", "dtype-mismatch"),
    ("ResourceExhaustedError", "OOM when allocating tensor with shape[8192,65536] and type float on "
     "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc", "out-of-memory"),
    ("FailedPreconditionError", "Attempting to use uninitialized value beta1_power", "api-misuse"),
    ("InvalidArgumentError", "Cannot assign a device for operation Variable: {{node Variable}} was explicitly "
     "assigned to /device:GPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ].",
     "environment"),
    ("NotFoundError", "data/train.tfrecord; No such file or directory", "file-not-found"),
])
def test_graph_errors_blame_the_op_definition(kind, message, category):
    """The op's definition stack names model.py:9, not the sess.run line."""
    log = GRAPH_ERROR.format(site=SITE, kind=kind, message=message)
    result = check(log, category, kind, "model.py", 9)
    assert result["message"] == message


def test_tf1_caused_by_op_and_see_above():
    log = (tb(("train.py", 61, "<module>", "main()"), ("train.py", 53, "main", "sess.run(train_op, feed)"),
              (f"{SITE}/tensorflow/python/client/session.py", 1348, "_do_call", "raise type(e)(node_def, op, message)"))
           + "tensorflow.python.framework.errors_impl.InvalidArgumentError: Incompatible shapes: [32,10] vs. [64,10]\n"
           "\t [[Node: sub = Sub[T=DT_FLOAT](Softmax, _arg_y_0_1)]]\n\nCaused by op u'sub', defined at:\n"
           '  File "/workspace/train.py", line 61, in <module>\n    main()\n'
           '  File "/workspace/train.py", line 40, in main\n    loss = tf.reduce_mean(tf.square(pred - y))\n'
           f'  File "{SITE}/tensorflow/python/ops/math_ops.py", line 866, in binary_op_wrapper\n    return func(x, y)\n\n'
           "InvalidArgumentError (see above for traceback): Incompatible shapes: [32,10] vs. [64,10]\n"
           "\t [[Node: sub = Sub[T=DT_FLOAT](Softmax, _arg_y_0_1)]]\n")
    check(log, "shape-mismatch", "InvalidArgumentError", "train.py", 40)


@pytest.mark.parametrize("message,category", [
    ("Dimensions must be equal, but are 1024 and 3136 for '{{node MatMul}} = MatMul[T=DT_FLOAT]' with input shapes: "
     "[?,1024], [3136,10].", "shape-mismatch"),
    ("Cannot feed value of shape (16, 13) for Tensor x:0, which has shape (?, 12)", "shape-mismatch"),
    ('Input 0 of layer "dense" is incompatible with the layer: expected axis -1 of input shape to have value 784, '
     "but received input with shape (32, 28, 28)", "shape-mismatch"),
    ("Argument `output` must have rank (ndim) `target.ndim - 1`. Received: target.shape=(16, 5), "
     "output.shape=(16, 3)", "shape-mismatch"),
    ("Data cardinality is ambiguous. Make sure all arrays contain the same number of samples.", "shape-mismatch"),
    ("Tensor conversion requested dtype float32 for Tensor with dtype float64", "dtype-mismatch"),
    ("Invalid dtype: str96", "dtype-mismatch"),
    ("The passed save_path is not a valid checkpoint: checkpoints/model.ckpt", "file-not-found"),
    ("Could not interpret optimizer identifier: rmsprop_v2", "api-misuse"),
    ("invalid literal for int() with base 10: '2.0'", "value-error"),
])
def test_value_errors_by_message(message, category):
    """ValueError carries many causes: the message decides (TF-raised ones are API misuse)."""
    inner = (f"{SITE}/keras/src/utils/traceback_utils.py", 122, "error_handler", "raise e") \
        if category != "value-error" else ("train.py", 50, "main", "epochs = int(value)")
    log = tb(("train.py", 50, "main", "model.fit(x, y)"), inner) + f"ValueError: {message}\n"
    check(log, category, "ValueError", "train.py", 50)


def test_in_user_code_unwraps_autograph():
    log = tb(("train.py", 7, "<module>", "print(step(tf.constant(1.0)))"),
             (f"{SITE}/tensorflow/python/util/traceback_utils.py", 153, "error_handler", "raise e"),
             ("/tmp/__autograph_generated_fileazz3hhnf.py", 10, "tf__step", "scale = ag__.converted_call()")) + \
        ('ValueError: in user code:\n\n    File "/workspace/train.py", line 4, in step  *\n'
         "        scale = tf.Variable(1.0)\n\n    ValueError: tf.function only supports singleton tf.Variables "
         "created on the first call.\n\n")
    result = check(log, "api-misuse", "ValueError", "train.py", 4)
    assert result["message"].startswith("tf.function only supports singleton")


def test_eager_oom_and_host_memory():
    log = tb(("train.py", 12, "__init__", "self.w = tf.Variable(init([dim, dim]))")) + \
        "tensorflow.python.framework.errors_impl.ResourceExhaustedError: {{function_node __wrapped__Fill}} OOM when " \
        "allocating tensor with shape[1048576,1048576] and type float [Op:Fill] name: \n"
    check(log, "out-of-memory", "ResourceExhaustedError", "train.py", 12)
    log = tb(("data.py", 8, "load", "x = rng.randn(n, 8)")) + \
        "numpy._core._exceptions._ArrayMemoryError: Unable to allocate 119. GiB for an array with shape " \
        "(2000000000, 8) and data type float64\n"
    check(log, "out-of-memory", "_ArrayMemoryError", "data.py", 8)


@pytest.mark.parametrize("last,category,exception", [
    ("FileNotFoundError: [Errno 2] No such file or directory: 'config.json'", "file-not-found", "FileNotFoundError"),
    ("FileNotFoundError: [Errno 2] Unable to synchronously open file (unable to open file: name = 'w.h5')",
     "file-not-found", "FileNotFoundError"),
    ("OSError: [Errno 28] No space left on device", "environment", "OSError"),
    ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: ckpt.tempstate41; No space left on device",
     "environment", "ResourceExhaustedError"),
    ("urllib.error.URLError: <urlopen error [Errno -2] Name or service not known>", "environment", "URLError"),
    ("Exception: URL fetch failure on https://example.com/a.csv: None -- [Errno -2] Name or service not known",
     "environment", "Exception"),
    ("tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. Status: CUDA driver version is "
     "insufficient for CUDA runtime version", "environment", "InternalError"),
    ("tensorflow.python.framework.errors_impl.UnknownError: Error invoking NCCL: unhandled system error",
     "environment", "UnknownError"),
    ("tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on GPU:0 failed. "
     "Status: out of memory", "out-of-memory", "InternalError"),
    ("RuntimeError: tf.placeholder() is not compatible with eager execution.", "api-misuse", "RuntimeError"),
])
def test_files_platform_and_memory(last, category, exception):
    library = f"{SITE}/tensorflow/python/framework/ops.py"
    log = tb(("train.py", 30, "main", "step()"), (library, 100, "run", "raise")) + last + "\n"
    check(log, category, exception, "train.py", 30)


def test_missing_cuda_library_at_import():
    log = (tb(("train.py", 7, "<module>", "import tensorflow as tf"),
              (f"{SITE}/tensorflow/python/pywrap_tensorflow.py", 74, "<module>", "raise ImportError(msg)"))
           + "ImportError: Traceback (most recent call last):\n"
           f'  File "{SITE}/tensorflow/python/pywrap_tensorflow.py", line 58, in <module>\n'
           "    from tensorflow.python.pywrap_tensorflow_internal import *\n"
           "ImportError: libcublas.so.10.0: cannot open shared object file: No such file or directory\n\n\n"
           "Failed to load the native TensorFlow runtime.\n")
    check(log, "environment", "ImportError", "train.py", 7)


# --- logs without a traceback ----------------------------------------------------------------

@pytest.mark.parametrize("tail", ["Killed", "/bin/bash: line 1:  1234 Killed                  python train.py",
                                  "command terminated with exit code 137",
                                  "worker-0 exited: OOMKilled (exit code 137)",
                                  "Segmentation fault (core dumped)"])
def test_killed_or_crashed(tail):
    log = "Epoch 1/50\n  12/1875 [..............................] - ETA: 1:02 - loss: 2.2\r  40/1875 [..] - loss 2.1\n" \
          + tail + "\n"
    check(log, "environment", None, None, None)


def test_faulthandler_dump_is_innermost_first():
    log = ("Fatal Python error: Segmentation fault\n\nThread 0x00007f1b (most recent call first):\n"
           f'  File "{SITE}/tensorflow/python/client/session.py", line 1443 in _call_tf_sessionrun\n'
           '  File "/workspace/train.py", line 43 in main\n  File "/workspace/train.py", line 51 in <module>\n'
           "Segmentation fault (core dumped)\n")
    check(log, "environment", None, "train.py", 43)


def test_no_failure_in_log():
    assert classify_log("Epoch 1/1\n4/4 - 0s - loss: 0.1\ntraining finished\n", JOB) is None
    assert classify_log("", JOB) is None


# --- noise ------------------------------------------------------------------------------------

STARTUP = """WARNING: All log messages before absl::InitializeLog() is called are written to STDERR
I0000 00:00:1796205925.728096    3783 port.cc:153] oneDNN custom operations are on.
I0000 00:00:1796205925.729459    3783 cudart_stub.cc:31] Could not find cuda drivers on your machine, GPU will not be used.
E0000 00:00:1796205937.712306    3783 cuda_platform.cc:52] failed call to cuInit: INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR (303)
/usr/local/lib/python3.11/site-packages/keras/src/layers/core/dense.py:93: UserWarning: Do not pass an `input_shape`
  super().__init__(activity_regularizer=activity_regularizer, **kwargs)
"""


def test_startup_noise_warnings_and_progress_bars():
    progress = "Epoch 1/2\n 1/4 ━━━━━━━━━━━━━━━━━━━━ 1s 5ms/step - loss: 2.31\r 2/4 ━━━━━━━━━━ 0s 5ms/step - loss: 2.2"
    log = STARTUP + progress + tb(("train.py", 16, "main", "history = model.fit(x, y)"),
                                  (f"{SITE}/keras/src/utils/traceback_utils.py", 122, "error_handler", "raise e")) + \
        "KeyError: 'val_acc'\n"
    check(log, "key-error", "KeyError", "train.py", 16)


def test_stdout_flushed_after_the_traceback():
    log = STARTUP + tb(("train.py", 20, "main", "x = data['x']")) + "KeyError: 'x'\nstep 0 loss 2.3\nstep 1 loss 2.1\n"
    result = check(log, "key-error", "KeyError", "train.py", 20)
    assert result["message"] == "'x'"


def test_log_records_interleaved_with_frames():
    log = ("Traceback (most recent call last):\n  File \"/workspace/train.py\", line 9, in <module>\n    main()\n"
           "W0000 00:00:1796206080.572458   10423 local_rendezvous.cc:412] Local rendezvous is aborting\n"
           '  File "/workspace/train.py", line 5, in main\n    y = tf.matmul(a, b)\n'
           "tensorflow.python.framework.errors_impl.InvalidArgumentError: Matrix size-incompatible: In[0]: [4,3], "
           "In[1]: [5,2] [Op:MatMul] name: \n")
    check(log, "shape-mismatch", "InvalidArgumentError", "train.py", 5)


def test_chained_exceptions_use_the_last():
    log = (tb(("train.py", 10, "load", "return cfg['lr']")) + "KeyError: 'lr'\n\n"
           "The above exception was the direct cause of the following exception:\n\n"
           + tb(("train.py", 30, "main", "lr = load(cfg)"), ("train.py", 12, "load", "raise ValueError('no lr')"))
           + "ValueError: no lr\n")
    check(log, "value-error", "ValueError", "train.py", 12)


def test_log_cut_at_the_head_has_no_header():
    log = ('orkspace/train.py", line 57, in <module>\n    main()\n  File "/workspace/train.py", line 51, in main\n'
           "    loss = train_step(model, batch)\n"
           "NameError: name 'batch_loss' is not defined\n")
    check(log, "undefined-name", "NameError", "train.py", 51)


def test_log_cut_before_its_exception_uses_tensorflows_status():
    log = ("W0000 00:00:1796206080.572458   10423 local_rendezvous.cc:412] Local rendezvous is aborting with status: "
           "INVALID_ARGUMENT: Matrix size-incompatible: In[0]: [8,4], In[1]: [32,4]\n"
           + tb(("train.py", 38, "<module>", "main()"), ("model.py", 22, "decode", "return tf.matmul(code, self.w)"),
                (f"{SITE}/tensorflow/python/util/traceback_utils.py", 153, "error_handler", "raise e"))
           + f'  File "{SITE}/tensorflow/python/framework/ops.py", line 60')
    result = check(log, "shape-mismatch", "InvalidArgumentError", "model.py", 22)
    assert result["message"].startswith("Matrix size-incompatible")


def test_log_cut_before_its_exception_without_evidence():
    log = tb(("train.py", 38, "<module>", "main()"), ("train.py", 22, "main", "run()"))
    check(log, "unknown", None, "train.py", 22)


def test_traceback_glued_to_a_progress_bar_and_colours():
    log = ("\x1b[1m 3/4\x1b[0m ━━━━━━━━━━━━━━━ loss: 1.2Traceback (most recent call last):\n"
           '  File "/workspace/train.py", line 16, in main\n    model.fit(x, y)\n'
           "ValueError: Exception encountered when calling Sequential.call().\n\n\x1b[1mInput 0 of layer \"dense\" is "
           "incompatible with the layer: expected axis -1 of input shape to have value 10\x1b[0m\n")
    result = check(log, "shape-mismatch", "ValueError", "train.py", 16)
    assert result["message"].startswith("Input 0 of layer")


def test_without_job_files_user_frames_are_outside_site_packages():
    log = tb(("/jobs/j1/train.py", 30, "<module>", "main()"), ("/jobs/j1/lib/model.py", 9, "dense", "tf.matmul(a, b)"),
             (f"{SITE}/tensorflow/python/ops/math_ops.py", 3732, "matmul", "raise")) + \
        "ValueError: Dimensions must be equal, but are 3 and 5\n"
    check(log, "shape-mismatch", "ValueError", "lib/model.py", 9, job_files=None)
