"""Fixes that add, drop, wrap or swap a call, a layer or an argument (a Flatten, a cast, a loss, a reduction)."""
