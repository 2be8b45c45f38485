# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.gfile is tf.io.gfile in TensorFlow 2 (and its functions are lower case).
import os
import tensorflow as tf

checkpoint_dir = os.path.join("checkpoints", "run1")
if not tf.gfile.Exists(checkpoint_dir):  # expect[2.21]: ST401
    print("starting from scratch")
