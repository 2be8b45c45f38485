"""Pillow (``PIL``): images opened, made, resized and converted, and ``ImageOps``, for shapes.

The image value itself (its size, its mode, the array numpy makes of it) is
``core/images``', which Keras' image utilities and numpy's conversions read as well.
"""
