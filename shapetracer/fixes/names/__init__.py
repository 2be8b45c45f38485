"""Fixes that spell a name the way it is defined: an API the target renamed, a dict key or flag, a sibling variable, a class name."""
