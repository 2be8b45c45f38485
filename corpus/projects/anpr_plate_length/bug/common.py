"""Definitions shared by the plate generator, the model and the training loop."""

DIGITS = "0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CHARS = LETTERS + DIGITS

WINDOW_SHAPE = (16, 32)
