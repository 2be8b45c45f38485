"""TensorFlow's ops, one family per module: tensor ops (``ops``), neural-net ops (``nn``) and TF1 graph building (``graph``)."""
