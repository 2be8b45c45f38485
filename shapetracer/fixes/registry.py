"""The fix proposers, in the order their candidates win a tie of edit size."""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

PROPOSERS = ("names.compat", "names.api_renames", "sizes.reshape_infer", "sizes.placeholder_batch",
             "sizes.padding", "calls.loss_swap", "calls.flatten", "calls.return_sequences",
             "sizes.constants", "calls.batch_axis", "calls.tensor_axis", "calls.label_format",
             "calls.reduce_loss", "sizes.dynamic_batch", "names.swap_name", "calls.dtype_cast",
             "names.key_name", "sizes.list_index", "sizes.transpose_perm", "sizes.reshape_two",
             "calls.elementwise_matmul", "sizes.flatten_size", "sizes.shape_index", "sizes.scalar_in_list",
             "calls.unwrap_call", "calls.global_pool", "sizes.concat_axis", "calls.pad_sequences",
             "sizes.loop_invariants", "sizes.placeholder_size", "calls.dtype_operand", "names.label_names",
             "sizes.product_factor")


@lru_cache(maxsize=None)
def modules() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"shapetracer.fixes.{name}") for name in PROPOSERS)


def for_code(code: str) -> list[ModuleType]:
    """The proposers that repair findings of ``code`` (a module's CODES)."""
    return [module for module in modules() if code in module.CODES]
