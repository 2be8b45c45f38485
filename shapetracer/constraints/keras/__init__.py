"""Keras layers, models, losses and training calls, one family per module (``machinery``: what they share)."""
