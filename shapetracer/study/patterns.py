"""Message patterns that tell TensorFlow failures apart.

TensorFlow raises shape, dtype, memory and file problems through a few exception
types, so the category comes from the message.  Each pattern is TensorFlow's,
Keras's, numpy's or the platform's own wording (checked against tensorflow-cpu 2.21,
Keras 3 and TF 1.x logs); ``tests/study`` has an example for each family.
"""

from __future__ import annotations

import re


def _any(*parts: str, flags: int = 0) -> re.Pattern:
    return re.compile("|".join(f"(?:{p})" for p in parts), flags)


OOM_TYPES = frozenset({"ResourceExhaustedError", "MemoryError", "_ArrayMemoryError", "OutOfMemoryError"})
OUT_OF_MEMORY = _any(r"OOM when allocating", r"CUDA_ERROR_OUT_OF_MEMORY", r"CUDA out of memory",
                     r"Unable to allocate [\d.]+ \w+ for an array", r"ran out of memory trying to allocate",
                     r"failed to allocate [\d.]+\w* \(\d+ bytes\) from device", r"out of memory")

ENVIRONMENT_TYPES = frozenset({"ConnectionError", "ConnectionResetError", "ConnectionRefusedError",
                               "ConnectionAbortedError", "TimeoutError", "URLError", "gaierror", "timeout",
                               "SSLError", "ReadTimeout", "ConnectTimeout", "ReadTimeoutError",
                               "NewConnectionError", "MaxRetryError", "RemoteDisconnected", "BrokenPipeError",
                               "UnavailableError", "DeadlineExceededError"})
ENVIRONMENT = _any(
    r"CUDA driver version is insufficient", r"cudaGetDevice\(\) failed", r"CUDA_ERROR_\w+",
    r"lib(?:cudart|cuda|cudnn|cublas|cufft|curand|cusolver|cusparse|nvinfer)[\w.]*: cannot open shared object file",
    r"Failed to load the native TensorFlow runtime", r"cannot open shared object file",
    r"\bNCCL\b|\bnccl\w*", r"No space left on device", r"\[Errno 28\]", r"Disk quota exceeded",
    r"Cannot assign a device for operation", r"Could not satisfy explicit device specification",
    r"no devices matching that specification", r"Name or service not known", r"Temporary failure in name resolution",
    r"Connection refused", r"Connection reset by peer", r"Connection timed out", r"Network is unreachable",
    r"URL fetch failure", r"Failed to resolve", r"Max retries exceeded", r"Failed to establish a new connection",
    r"cuDNN failed to initialize", r"CUBLAS_STATUS_\w+", r"Blas \w+ launch failed", r"GPU sync failed",
    r"Failed to get convolution algorithm", r"device-side assert", r"uncorrectable ECC error",
    r"Socket closed", r"failed to connect to all addresses", r"Read timed out")

CALL = _any(
    r"takes (?:from \d+ to )?\d+ (?:positional )?arguments? but \d+ (?:positional arguments? )?(?:were|was) given",
    r"missing \d+ required (?:positional|keyword-only) arguments?", r"got an unexpected keyword argument",
    r"got multiple values for (?:keyword )?argument", r"object is not callable", r"takes no (?:keyword )?arguments",
    r"takes exactly (?:one|\d+) arguments?", r"takes at (?:least|most) \d+ arguments?",
    r"Unrecognized keyword arguments?", r"is an invalid keyword argument", r"Argument\(s\) not recognized",
    r"got some positional-only arguments passed as keyword", r"Keyword argument not understood",
    r"unexpected keyword argument")

DTYPE = _any(
    r"expected to be a \w+ tensor but is a \w+ tensor", r"has type \w+ that does not match type \w+",
    r"has DataType \w+ not in list of allowed values", r"Tensor conversion requested dtype",
    r"Value for attr '\w+' of \w+ is not in the list of allowed values", r"Invalid dtype",
    r"Failed to convert a NumPy array to a Tensor", r"Cannot convert .* to EagerTensor of dtype",
    r"not compatible with the requested dtype", r"must have the same dtype", r"dtype mismatch",
    r"Incompatible type conversion requested", r"expected dtype \w+ does not equal original dtype",
    r"Could not find valid device for node.*\n?.*dtype", r"is not a floating point dtype")

SHAPE = _any(
    r"Dimensions? must be equal", r"Shapes? .{0,80}(?:are|is) incompatible", r"[Ii]ncompatible shapes",
    r"size-incompatible", r"Input to reshape is a tensor with", r"Cannot reshape a tensor with",
    r"cannot reshape array of size", r"Shape must be rank", r"must have rank", r"must be rank \d",
    r"Cannot feed value of shape", r"is incompatible with the layer", r"expected (?:axis|ndim|min_ndim|max_ndim|shape)",
    r"Input \d+ of layer", r"ConcatOp ?: (?:Dimensions? of inputs? should match|Ranks of all input)",
    r"Dimension \d+ in both shapes must be equal", r"operands could not be broadcast together",
    r"must be broadcastable", r"logits and labels must have the same first dimension",
    r"must have the same (?:shape|rank|first dimension|number of)", r"Negative dimension size",
    r"all the input array dimensions", r"all the input arrays must have same number of dimensions",
    r"Data cardinality is ambiguous", r"[Dd]imension \(?-?\d+\)? must be in the range",
    r"Expected dimension in the range", r"not compatible with (?:the )?(?:provided|expected) shape",
    r"Can not squeeze dim", r"Depth of (?:input|output) \(\d+\) is not a multiple", r"[Ss]hape mismatch",
    r"size mismatch", r"requested shape", r"expected .{0,40} to have shape", r"incompatible with expected shape",
    r"Incompatible dimension", r"[Rr]ank mismatch", r"should have rank", r"ndim(?:s)? mismatch",
    r"must have the same size", r"does not match the shape", r"not compatible with shape",
    r"Invalid input shape", r"input has incompatible shape", r"incompatible shape")

TF_ERRORS = frozenset({"InvalidArgumentError", "FailedPreconditionError", "UnimplementedError", "InternalError",
                       "AbortedError", "UnknownError", "OutOfRangeError", "CancelledError", "DataLossError",
                       "PermissionDeniedError", "AlreadyExistsError", "UnauthenticatedError", "OpError",
                       "NotFoundError"})
MISSING_FILE = _any(r"No such file or directory", r"\[Errno 2\]", r"not a valid checkpoint",
                    r"Can't load save_path when it is None", r"Failed to find any matching files",
                    r"Unsuccessful TensorSliceReader constructor", r"Unable to (?:synchronously )?open file",
                    r"unable to open file", r"SavedModel file does not exist", r"No file or directory found at",
                    r"could not find (?:a )?checkpoint", r"Unable to open table file", r"not found\.? *$")
NOT_A_FILE = _any(r"Op type not registered", r"No registered '\w+' OpKernel", r"Resource \S+ does not exist")

NESTED_EXCEPTION = re.compile(r"^\s+((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception)): (.*)$", re.M)
FUNCTION_NODE = re.compile(r"^\{\{function_node [^}]*\}\}\s*")
BOILERPLATE = re.compile(r"^(?:Graph execution error:|in user code:|Exception encountered when calling .*|"
                         r"Detected at node .*|Node: .*|File \".*|Original stack trace for .*|"
                         r"\{\{function_node [^}]*\}\}\s*$)$")

# Platform messages for a job that died without a Python traceback.
_KILLED = _any(r"^Killed\s*$", r"\bKilled\s+(?:python|/usr/bin/python|\S*python)", r"exit(?:ed with)? code 137",
               r"\bOOMKilled\b", r"signal 9\b", r"SIGKILL", r"terminated by signal", flags=re.M)
_CRASHED = _any(r"Segmentation fault", r"Fatal Python error", r"core dumped", r"Bus error", r"SIGSEGV",
                r"exit(?:ed with)? code 139", r"Illegal instruction", r"terminate called after throwing",
                r"Aborted \(core dumped\)", r"Check failed:", flags=re.M)


_FATAL = _any(r"No space left on device", r"NCCL error", r"ncclUnhandled\w+", r"CUDA driver version is insufficient",
              r"cannot open shared object file", flags=re.M)


def killed_in(lines: list[str]) -> bool:
    return any(_KILLED.search(line) or _CRASHED.search(line) for line in lines)


def platform_category(lines: list[str]) -> str | None:
    """Category of a log without a traceback, from the platform's or runtime's words."""
    tail = "\n".join(lines[-200:])
    if OUT_OF_MEMORY.search(tail) and (_CRASHED.search(tail) or "CUDA_ERROR_OUT_OF_MEMORY" in tail):
        return "out-of-memory"
    # Only fatal words: a CPU job's start-up says "failed call to cuInit" and lives on.
    if _KILLED.search(tail) or _CRASHED.search(tail) or _FATAL.search(tail):
        return "environment"
    return None


def platform_message(lines: list[str]) -> str:
    for line in reversed(lines):
        if _KILLED.search(line) or _CRASHED.search(line) or _FATAL.search(line) or OUT_OF_MEMORY.search(line):
            return line.strip()[:500]
    return ""
