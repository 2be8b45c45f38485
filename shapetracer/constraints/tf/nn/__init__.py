"""TensorFlow's neural-net ops (``tf.nn.*``): activations and normalisations, convolutions, pooling, losses."""
