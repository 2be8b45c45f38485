"""numpy's array functions and ndarray methods, one family per module."""
