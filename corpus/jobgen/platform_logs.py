"""Logs of failures no local run can produce, written as platforms print them.

Each kind below writes what that failure looks like in a real job log of its era:
TensorFlow 1.x on Python 3.6 with CUDA 10 (timestamped ``I tensorflow/...`` records,
"Caused by op" / "Original stack trace" sections), TensorFlow 2.x GPU images, the
OOM killer's one word, Python's faulthandler dump, and Python 2.7 tracebacks.  Frames
point into the job's own files with their real source lines, so a job's log and its
scripts agree just as in a real run.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

ROOT = "/workspace/code"
PY36 = "/usr/local/lib/python3.6/dist-packages"
PY38 = "/usr/local/lib/python3.8/dist-packages"
PY27 = "/usr/local/lib/python2.7/dist-packages"


class Log:
    """A log being written, with a clock for TF1-style timestamps."""

    def __init__(self, job_dir: Path, spec: dict):
        self.job_dir = job_dir
        self.rng = random.Random(spec.get("seed", 0))
        self.clock = datetime(2019 + self.rng.randint(0, 4), self.rng.randint(1, 12), self.rng.randint(1, 28),
                              self.rng.randint(0, 23), self.rng.randint(0, 59), self.rng.randint(0, 59))
        self.lines: list[str] = []
        self.pid = self.rng.randint(40, 30000)

    def add(self, *lines: str) -> None:
        for line in lines:
            self.lines.extend(line.split("\n"))

    def stamp(self, level: str, source: str, text: str, step: float = 0.05) -> None:
        self.clock += timedelta(seconds=self.rng.uniform(0.001, step))
        self.add(f"{self.clock:%Y-%m-%d %H:%M:%S}.{self.rng.randint(0, 999999):06d}: {level} {source}] {text}")

    def stamp2(self, level: str, source: str, text: str) -> None:
        """TF 2.x (absl) record format."""
        self.clock += timedelta(seconds=self.rng.uniform(0.001, 0.05))
        self.add(f"{self.clock:%Y-%m-%d %H:%M:%S}.{self.rng.randint(0, 999999):06d}: {level} {source}] {text}")

    def source(self, file: str, line: int) -> str:
        text = (self.job_dir / file).read_text().split("\n")
        return text[line - 1].strip() if 0 < line <= len(text) else ""

    def frames(self, chain: list, root: str = ROOT, code: bool = True, indent: str = "  ") -> None:
        for file, line, function in chain:
            self.add(f'{indent}File "{root}/{file}", line {line}, in {function}')
            if code:
                self.add(f"{indent}  {self.source(file, line)}")

    def lib(self, path: str, line: int, function: str, code: str | None = None, indent: str = "  ") -> None:
        self.add(f'{indent}File "{path}", line {line}, in {function}')
        if code is not None:
            self.add(f"{indent}  {code}")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


# --- era noise ----------------------------------------------------------------------------

GPUS = [("Tesla V100-SXM2-16GB", "7.0", "15056", "1.53"), ("Tesla P100-PCIE-16GB", "6.0", "15216", "1.3285"),
        ("Tesla T4", "7.5", "14791", "1.59"), ("Tesla P40", "6.1", "22380", "1.531")]


def tf1_startup(log: Log, gpu: tuple) -> None:
    name, capability, memory, clock = gpu
    for lib in ("libcudart.so.10.0", "libcuda.so.1"):
        log.stamp("I", "tensorflow/stream_executor/platform/default/dso_loader.cc:44",
                  f"Successfully opened dynamic library {lib}")
    log.stamp("I", "tensorflow/core/platform/cpu_feature_guard.cc:142",
              "Your CPU supports instructions that this TensorFlow binary was not compiled to use: AVX2 AVX512F FMA")
    log.stamp("I", "tensorflow/core/platform/profile_utils/cpu_utils.cc:94", "CPU Frequency: 2500000000 Hz")
    log.stamp("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1618", "Found device 0 with properties: ")
    log.add(f"name: {name} major: {capability[0]} minor: {capability[2]} memoryClockRate(GHz): {clock}",
            "pciBusID: 0000:00:04.0")
    log.stamp("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1746", "Adding visible gpu devices: 0")
    log.stamp("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1159",
              "Device interconnect StreamExecutor with strength 1 edge matrix:")
    log.stamp("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1165", "     0 ")
    log.stamp("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1178", "0:   N ")
    log.stamp("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1304",
              f"Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with {memory} MB memory) -> "
              f"physical GPU (device: 0, name: {name}, pci bus id: 0000:00:04.0, compute capability: {capability})")


def tf1_deprecations(log: Log, file: str = "train.py") -> None:
    line = log.rng.randint(20, 40)
    log.add(f"WARNING:tensorflow:From {ROOT}/{file}:{line}: The name tf.placeholder is deprecated. "
            "Please use tf.compat.v1.placeholder instead.", "")


def tf2_startup(log: Log, gpu: tuple) -> None:
    name, capability, memory, _ = gpu
    log.stamp2("I", "tensorflow/core/platform/cpu_feature_guard.cc:193",
               "This TensorFlow binary is optimized with oneAPI Deep Neural Network Library (oneDNN) to use the "
               "following CPU instructions in performance-critical operations:  AVX2 AVX512F FMA")
    log.add("To enable them in other operations, rebuild TensorFlow with the appropriate compiler flags.")
    log.stamp2("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1613",
               f"Created device /job:localhost/replica:0/task:0/device:GPU:0 with {memory} MB memory:  -> device: 0, "
               f"name: {name}, pci bus id: 0000:00:04.0, compute capability: {capability}")


def keras_progress(log: Log, epochs: int = 1, steps: int = 40, stop: int | None = None) -> None:
    log.add("Epoch 1/%d" % epochs)
    shown = []
    for step in range(1, (stop or steps) + 1, max(1, steps // 8)):
        shown.append(f"{step:>3}/{steps} [{'=' * (step * 29 // steps):<29}] - ETA: {steps - step}s - loss: "
                     f"{2.3 - step * 0.01:.4f} - accuracy: {0.1 + step * 0.005:.4f}")
    log.lines.append("\r".join(shown))


def allocator_dump(log: Log, size: str) -> None:
    log.stamp("W", "tensorflow/core/common_runtime/bfc_allocator.cc:419",
              f"Allocator (GPU_0_bfc) ran out of memory trying to allocate {size} (rounded to "
              f"{log.rng.randint(10**8, 10**9)}).  Current allocation summary follows.")
    for size_bin in (256, 512, 1024, 2048):
        log.stamp("I", "tensorflow/core/common_runtime/bfc_allocator.cc:869",
                  f"Bin ({size_bin}): \tTotal Chunks: {log.rng.randint(1, 90)}, Chunks in use: "
                  f"{log.rng.randint(1, 90)}. {log.rng.uniform(1, 60):.1f}KiB allocated for chunks.")
    log.stamp("I", "tensorflow/core/common_runtime/bfc_allocator.cc:921",
              f"Sum Total of in-use chunks: {log.rng.uniform(12, 15):.2f}GiB")
    log.stamp("W", "tensorflow/core/common_runtime/bfc_allocator.cc:424", "*" * 100)


SESSION = f"{PY36}/tensorflow_core/python/client/session.py"


def session_inner(log: Log) -> None:
    log.add("Traceback (most recent call last):")
    log.lib(SESSION, 1365, "_do_call", "return fn(*args)")
    log.lib(SESSION, 1350, "_run_fn", "target_list, run_metadata)")
    log.lib(SESSION, 1443, "_call_tf_sessionrun", "run_metadata)")


def session_outer(log: Log, chain: list) -> None:
    log.add("", "During handling of the above exception, another exception occurred:", "",
            "Traceback (most recent call last):")
    log.frames(chain)
    log.lib(SESSION, 956, "run", "run_metadata_ptr)")
    log.lib(SESSION, 1180, "_run", "feed_dict_tensor, options, run_metadata)")
    log.lib(SESSION, 1359, "_do_run", "run_metadata)")
    log.lib(SESSION, 1384, "_do_call", "raise type(e)(node_def, op, message)")


def op_stack(log: Log, definition: list, op_module: str, op_func: str) -> None:
    log.frames(definition)
    log.lib(f"{PY36}/tensorflow_core/python/ops/{op_module}", log.rng.randint(800, 2200), op_func, "name=name)")
    log.lib(f"{PY36}/tensorflow_core/python/framework/op_def_library.py", 794, "_apply_op_helper", "op_def=op_def)")
    log.lib(f"{PY36}/tensorflow_core/python/util/deprecation.py", 507, "new_func", "return func(*args, **kwargs)")
    log.lib(f"{PY36}/tensorflow_core/python/framework/ops.py", 3357, "create_op", "attrs, op_def, compute_device)")
    log.lib(f"{PY36}/tensorflow_core/python/framework/ops.py", 1748, "__init__", "self._traceback = tf_stack.extract_stack()")


# --- kinds ------------------------------------------------------------------------------

def gpu_oom_tf1(log: Log, spec: dict, caused_by: bool = False) -> None:
    gpu = log.rng.choice(GPUS)
    tf1_deprecations(log)
    tf1_startup(log, gpu)
    node, module, func = ("conv1/Conv2D", "nn_ops.py", "conv2d") if "conv" in spec["definition"][-1][2] \
        else ("hidden/MatMul", "math_ops.py", "matmul")
    shape = "[256,16,224,224]" if "Conv" in node else "[8192,65536]"
    allocator_dump(log, "784.00MiB" if "Conv" in node else "2.00GiB")
    message = (f"OOM when allocating tensor with shape{shape} and type float on "
               "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc")
    hint = ("Hint: If you want to see a list of allocated tensors when OOM happens, add "
            "report_tensor_allocations_upon_oom to RunOptions for current allocation info.")
    log.stamp("W", "tensorflow/core/framework/op_kernel.cc:1651",
              f"OP_REQUIRES failed at {'conv_ops.cc:486' if 'Conv' in node else 'matmul_op.cc:480'} : "
              f"Resource exhausted: {message}")
    session_inner(log)
    log.add(f"tensorflow.python.framework.errors_impl.ResourceExhaustedError: {message}",
            f"\t [[{{{{node {node}}}}}]]", hint, "", "")
    session_outer(log, spec["chain"])
    if caused_by:
        log.add(f"tensorflow.python.framework.errors_impl.ResourceExhaustedError: {message}",
                f"\t [[node {node} (defined at {ROOT}/{spec['definition'][-1][0]}:{spec['definition'][-1][1]}) ]]",
                hint, "", f"Caused by op '{node}', defined at:")
        op_stack(log, spec["definition"], module, func)
        log.add("", f"ResourceExhaustedError (see above for traceback): {message}",
                f"\t [[node {node} (defined at {ROOT}/{spec['definition'][-1][0]}:{spec['definition'][-1][1]}) ]]", hint)
        log.lines = [line.replace("/tensorflow_core/", "/tensorflow/") for line in log.lines]  # TF 1.12 layout
    else:
        log.add(f"tensorflow.python.framework.errors_impl.ResourceExhaustedError: {message}",
                f"\t [[node {node} (defined at {PY36}/tensorflow_core/python/framework/ops.py:1748) ]]", hint, "",
                f"Original stack trace for '{node}':")
        op_stack(log, spec["definition"], module, func)
        log.add("")


KERAS = f"{PY38}/keras/src"
TF38 = f"{PY38}/tensorflow/python"


def keras_fit_error(log: Log, spec: dict, kind: str, message: list[str], node: str, hint: str | None) -> None:
    """A Keras fit() failing inside the compiled train function (TF 2.x GPU image)."""
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(f"{KERAS}/utils/traceback_utils.py", 70, "error_handler", "raise e.with_traceback(filtered_tb) from None")
    log.lib(f"{TF38}/eager/execute.py", 54, "quick_execute",
            "tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,")
    log.add(f"tensorflow.python.framework.errors_impl.{kind}: Graph execution error:", "",
            f"Detected at node '{node}' defined at (most recent call last):")
    log.frames(spec.get("definition") or spec["chain"], code=False, indent="    ")
    for path, line, function in (("utils/traceback_utils.py", 65, "error_handler"), ("engine/training.py", 1685, "fit"),
                                 ("engine/training.py", 1284, "train_function"), ("engine/training.py", 1268, "step_function"),
                                 ("engine/training.py", 1249, "run_step"), ("engine/training.py", 1050, "train_step")):
        log.lib(f"{KERAS}/{path}", line, function, indent="    ")
    log.add(f"Node: '{node}'", *message)
    log.add(f"\t [[{{{{node {node}}}}}]]")
    if hint:
        log.add(hint, "")
    log.add(f" [Op:__inference_train_function_{log.rng.randint(1000, 99999)}]")


def gpu_oom_keras(log: Log, spec: dict) -> None:
    gpu = log.rng.choice(GPUS)
    tf2_startup(log, gpu)
    keras_progress(log, epochs=10, steps=98, stop=1)
    log.add("")
    node = "model/conv2d_1/Relu" if "cnn" in spec.get("base", "") else "sequential/dense/MatMul"
    log.stamp2("W", "tensorflow/tsl/framework/bfc_allocator.cc:479",
               "Allocator (GPU_0_bfc) ran out of memory trying to allocate 6.13GiB (rounded to 6576668672)requested by "
               f"op {node}")
    log.stamp2("W", "tensorflow/core/framework/op_kernel.cc:1830",
               f"OP_REQUIRES failed at {'conv_ops_fused_impl.h:625' if 'conv' in node else 'matmul_op_impl.h:731'} : "
               "RESOURCE_EXHAUSTED: OOM when allocating tensor with shape[512,64,224,224] and type float on "
               "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc")
    keras_fit_error(log, spec, "ResourceExhaustedError",
                    ["OOM when allocating tensor with shape[512,64,224,224] and type float on "
                     "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc"], node,
                    "Hint: If you want to see a list of allocated tensors when OOM happens, add "
                    "report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't "
                    "available when running in Eager mode.")


def gpu_oom_eager(log: Log, spec: dict) -> None:
    tf2_startup(log, log.rng.choice(GPUS))
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(f"{TF38}/util/traceback_utils.py", 153, "error_handler", "raise e.with_traceback(filtered_tb) from None")
    log.lib(f"{TF38}/framework/ops.py", 7215, "raise_from_not_ok_status", "raise core._status_to_exception(e) from None")
    log.add("tensorflow.python.framework.errors_impl.ResourceExhaustedError: {{function_node "
            "__wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:GPU:0}} OOM when allocating tensor with "
            "shape[1048576,1048576] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
            "GPU_0_bfc [Op:MatMul]")


def gpu_oom_session(log: Log, spec: dict) -> None:
    tf1_deprecations(log)
    log.stamp("I", "tensorflow/stream_executor/platform/default/dso_loader.cc:44",
              "Successfully opened dynamic library libcuda.so.1")
    log.stamp("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:828",
              "failed to allocate 15.75G (16914055168 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory")
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(SESSION, 1585, "__init__", "super(Session, self).__init__(target, graph, config=config)")
    log.lib(SESSION, 699, "__init__", "self._session = tf_session.TF_NewSessionRef(self._graph._c_graph, opts)")
    log.add("tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on GPU:0 "
            "failed. Status: out of memory")


def killed(log: Log, spec: dict) -> None:
    footer = spec.get("footer", "bash")
    tf2_startup(log, log.rng.choice(GPUS)) if footer != "k8s" else tf1_startup(log, log.rng.choice(GPUS))
    if footer == "k8s":
        for step in range(0, 400, 100):
            log.add(f"step {step}: loss={2.3 - step / 500:.4f}")
    else:
        keras_progress(log, epochs=50, steps=1875, stop=1400)
    if footer == "bash":
        log.add(f"/bin/bash: line 1: {log.pid} Killed                  python {ROOT}/train.py")
    elif footer == "k8s":
        log.add("Killed", "command terminated with exit code 137")
    else:
        log.add("", f"[{log.clock:%Y-%m-%d %H:%M:%S}] worker-0 exited: OOMKilled (exit code 137); memory usage "
                "31.8GiB of limit 32GiB")


def cuda_driver(log: Log, spec: dict) -> None:
    tf1_deprecations(log)
    log.stamp("I", "tensorflow/stream_executor/platform/default/dso_loader.cc:44",
              "Successfully opened dynamic library libcuda.so.1")
    log.stamp("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:318",
              "failed call to cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system has unsupported display driver / "
              "cuda driver combination")
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(SESSION, 1585, "__init__", "super(Session, self).__init__(target, graph, config=config)")
    log.lib(SESSION, 699, "__init__", "self._session = tf_session.TF_NewSessionRef(self._graph._c_graph, opts)")
    log.add("tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. Status: CUDA driver "
            "version is insufficient for CUDA runtime version")


def cuda_driver_tf2(log: Log, spec: dict) -> None:
    log.stamp2("W", "tensorflow/stream_executor/platform/default/dso_loader.cc:64",
               "Could not load dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file")
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(f"{TF38}/eager/context.py", 551, "ensure_initialized", "context_handle = pywrap_tfe.TFE_NewContext(opts)")
    log.add("tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. Status: CUDA driver "
            "version is insufficient for CUDA runtime version")


def libcudart(log: Log, spec: dict) -> None:
    pywrap = f"{PY36}/tensorflow_core/python/pywrap_tensorflow.py"
    internal = f"{PY36}/tensorflow_core/python/pywrap_tensorflow_internal.py"
    log.add("Traceback (most recent call last):")
    log.lib(pywrap, 58, "<module>", "from tensorflow.python.pywrap_tensorflow_internal import *")
    log.lib(internal, 28, "<module>", "_pywrap_tensorflow_internal = swig_import_helper()")
    log.lib(internal, 24, "swig_import_helper", "_mod = imp.load_module('_pywrap_tensorflow_internal', fp, pathname, description)")
    log.lib("/usr/lib/python3.6/imp.py", 243, "load_module", "return load_dynamic(name, filename, file)")
    log.lib("/usr/lib/python3.6/imp.py", 343, "load_dynamic", "return _load(spec)")
    log.add("ImportError: libcublas.so.10.0: cannot open shared object file: No such file or directory", "",
            "During handling of the above exception, another exception occurred:", "", "Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(f"{PY36}/tensorflow/__init__.py", 98, "<module>", "from tensorflow_core import *")
    log.lib(f"{PY36}/tensorflow_core/__init__.py", 40, "<module>", "from tensorflow.python.tools import module_util as _module_util")
    log.lib(f"{PY36}/tensorflow_core/python/__init__.py", 49, "<module>", "from tensorflow.python import pywrap_tensorflow")
    log.lib(pywrap, 74, "<module>", "raise ImportError(msg)")
    log.add("ImportError: Traceback (most recent call last):")
    log.lib(pywrap, 58, "<module>", "from tensorflow.python.pywrap_tensorflow_internal import *")
    log.add("ImportError: libcublas.so.10.0: cannot open shared object file: No such file or directory", "", "",
            "Failed to load the native TensorFlow runtime.", "",
            "See https://www.tensorflow.org/install/errors", "",
            "for some common reasons and solutions.  Include the entire stack trace",
            "above this error message when asking for help.")


def nccl(log: Log, spec: dict) -> None:
    tf2_startup(log, log.rng.choice(GPUS))
    log.add("INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:GPU:0', "
            "'/job:localhost/replica:0/task:0/device:GPU:1')")
    keras_progress(log, epochs=5, steps=469, stop=1)
    log.add("")
    log.stamp2("W", "tensorflow/core/framework/op_kernel.cc:1830",
               "OP_REQUIRES failed at collective_ops.cc:593 : UNKNOWN: Error invoking NCCL: unhandled system error")
    keras_fit_error(log, spec, "UnknownError", ["Error invoking NCCL: unhandled system error"],
                    "CollectiveReduceV2", None)


def cudnn(log: Log, spec: dict) -> None:
    tf2_startup(log, log.rng.choice(GPUS))
    log.stamp2("E", "tensorflow/stream_executor/cuda/cuda_dnn.cc:389",
               "Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR")
    keras_progress(log, epochs=3, steps=120, stop=1)
    log.add("")
    keras_fit_error(log, spec, "UnknownError",
                    ["Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so "
                     "try looking to see if a warning log message was printed above."], "model/conv2d/Conv2D", None)


def disk_full_tf1(log: Log, spec: dict) -> None:
    tf1_deprecations(log)
    tf1_startup(log, log.rng.choice(GPUS))
    for step in range(2):
        log.add(f"step {step}: loss={2.3 - step / 10:.4f}")
    log.stamp("W", "tensorflow/core/framework/op_kernel.cc:1651",
              "OP_REQUIRES failed at save_restore_v2_ops.cc:109 : Resource exhausted: "
              "checkpoints/model.ckpt.data-00000-of-00001.tempstate4118032719; No space left on device")
    session_inner(log)
    message = "checkpoints/model.ckpt.data-00000-of-00001.tempstate4118032719; No space left on device"
    log.add(f"tensorflow.python.framework.errors_impl.ResourceExhaustedError: {message}",
            "\t [[{{node save/SaveV2}}]]", "")
    session_outer(log, spec["chain"])
    log.lib(f"{PY36}/tensorflow_core/python/training/saver.py", 1176, "save", "{self.saver_def.filename_tensor_name: checkpoint_file})")
    log.add(f"tensorflow.python.framework.errors_impl.ResourceExhaustedError: {message}",
            "\t [[node save/SaveV2 (defined at /usr/local/lib/python3.6/dist-packages/tensorflow_core/python/framework/ops.py:1748) ]]")


def disk_full_keras(log: Log, spec: dict) -> None:
    tf2_startup(log, log.rng.choice(GPUS))
    keras_progress(log, epochs=1, steps=4)
    log.add("4/4 [==============================] - 1s 12ms/step - loss: 1.0423 - accuracy: 0.4062 - val_loss: 1.0998",
            "Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(f"{KERAS}/utils/traceback_utils.py", 70, "error_handler", "raise e.with_traceback(filtered_tb) from None")
    log.lib(f"{PY38}/h5py/_hl/dataset.py", 1010, "__setitem__", "self.id.write(mspace, fspace, val, mtype, dxpl=self._dxpl)")
    log.lib("h5py/_objects.pyx", 54, "h5py._objects.with_phil.wrapper")
    log.lib("h5py/h5d.pyx", 232, "h5py.h5d.DatasetID.write")
    log.add("OSError: [Errno 28] Can't write data (file write failed: time = Tue Mar  7 02:13:44 2023, filename = "
            "'outputs/mlp.weights.h5', file descriptor = 71, errno = 28, error message = 'No space left on device', "
            "buf = 0x55d3c1c4a000, total write size = 262144, bytes this sub-write = 262144, bytes actually "
            "written = 18446744073709551615, offset = 0)")


def segfault(log: Log, spec: dict) -> None:
    tf1_deprecations(log)
    tf1_startup(log, log.rng.choice(GPUS))
    log.add("Fatal Python error: Segmentation fault", "", f"Thread 0x00007f{log.rng.randint(10**9, 10**10):x} "
            "(most recent call first):")
    log.add(f'  File "{SESSION}", line 1443 in _call_tf_sessionrun')
    for file, line, function in reversed(spec["chain"]):
        log.add(f'  File "{ROOT}/{file}", line {line} in {function}')
    log.add(f"/bin/sh: line 1: {log.pid} Segmentation fault      (core dumped) python {ROOT}/train.py")


def hdfs(log: Log, spec: dict) -> None:
    tf2_startup(log, log.rng.choice(GPUS))
    log.add("epoch 0: loss 34.1211")
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"])
    log.lib(f"{TF38}/data/ops/iterator_ops.py", 800, "__next__", "return self._next_internal()")
    log.lib(f"{TF38}/data/ops/iterator_ops.py", 786, "_next_internal", "ret = gen_dataset_ops.iterator_get_next(")
    log.lib(f"{TF38}/framework/ops.py", 7215, "raise_from_not_ok_status", "raise core._status_to_exception(e) from None")
    log.add("tensorflow.python.framework.errors_impl.UnavailableError: hdfs://namenode.cluster:8020/datasets/train/"
            "part-00017.tfrecord; Connection timed out [Op:IteratorGetNext]")


def oss(log: Log, spec: dict) -> None:
    log.add("Traceback (most recent call last):")
    log.frames(spec["chain"][:1])
    chain = spec["chain"][1:]
    log.frames(chain)
    log.lib("/usr/local/lib/python3.8/dist-packages/oss2/api.py", 1046, "get_object", "resp = self.__do_object('GET', key, headers=headers, params=params)")
    log.lib("/usr/local/lib/python3.8/dist-packages/oss2/http.py", 95, "do_request", "raise RequestError(e)")
    log.add("oss2.exceptions.RequestError: {'status': -2, 'x-oss-request-id': '', 'details': \"RequestError: "
            "HTTPConnectionPool(host='datasets.oss-cn-hangzhou-internal.aliyuncs.com', port=80): Read timed out. "
            "(read timeout=60)\"}")


def py2(log: Log, spec: dict) -> None:
    """A Python 2.7 job: TF 1.x records, then a Python 2 traceback (no carets, relative main path)."""
    for _ in range(1):
        log.stamp("I", "tensorflow/core/platform/cpu_feature_guard.cc:141",
                  "Your CPU supports instructions that this TensorFlow binary was not compiled to use: AVX2 FMA")
    log.add("Traceback (most recent call last):")
    for file, line, function in spec["chain"]:
        log.add(f'  File "{file}", line {line}, in {function}', f"    {log.source(file, line)}")
    exception = {"NameError": "NameError", "TypeError": "TypeError", "ImportError": "ImportError",
                 "AttributeError": "AttributeError"}[spec["exception"]]
    log.add(f"{exception}: {spec['message']}")


KINDS = {
    "gpu-oom-tf1": gpu_oom_tf1, "gpu-oom-tf1-caused-by": lambda log, spec: gpu_oom_tf1(log, spec, True),
    "gpu-oom-keras": gpu_oom_keras, "gpu-oom-eager": gpu_oom_eager, "gpu-oom-session": gpu_oom_session,
    "killed": killed, "cuda-driver": cuda_driver, "cuda-driver-tf2": cuda_driver_tf2, "libcudart": libcudart,
    "nccl": nccl, "cudnn": cudnn, "disk-full-tf1": disk_full_tf1, "disk-full-keras": disk_full_keras,
    "segfault": segfault, "hdfs": hdfs, "oss": oss, "py2": py2,
}


def render(job_dir: Path, meta: dict) -> str:
    spec = dict(meta["platform"])
    spec["exception"] = meta.get("exception")
    spec["base"] = meta.get("base", "")
    log = Log(job_dir, spec)
    KINDS[spec["kind"]](log, spec)
    return log.text()


if __name__ == "__main__":  # print one job's synthetic log
    import sys

    folder = Path(sys.argv[1])
    print(render(folder, json.loads((folder / "job.json").read_text())), end="")
