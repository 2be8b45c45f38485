"""Fixes that recompute a value: a size, an axis, an index, a shape literal, a padding string."""
