"""TensorFlow's tensor ops: creation, conversion, axis manipulation, joining, selection, reductions, products, images."""
