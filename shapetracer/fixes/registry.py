"""The fix proposers, in the order their candidates win a tie of edit size."""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

PROPOSERS = ("compat", "api_renames", "reshape_infer", "placeholder_batch", "padding", "loss_swap",
             "flatten", "return_sequences", "constants", "batch_axis", "tensor_axis", "label_format",
             "reduce_loss", "dynamic_batch", "swap_name", "dtype_cast", "key_name", "list_index",
             "transpose_perm", "reshape_two", "elementwise_matmul", "flatten_size", "shape_index",
             "scalar_in_list", "unwrap_call", "global_pool", "concat_axis", "pad_sequences",
             "loop_invariants", "placeholder_size", "dtype_operand", "label_names", "product_factor")


@lru_cache(maxsize=None)
def modules() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"shapetracer.fixes.{name}") for name in PROPOSERS)


def for_code(code: str) -> list[ModuleType]:
    """The proposers that repair findings of ``code`` (a module's CODES)."""
    return [module for module in modules() if code in module.CODES]
