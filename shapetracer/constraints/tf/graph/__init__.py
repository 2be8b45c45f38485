"""TF1 graph building: the Session, input queues, variables, ``tf.layers``, ``tf.contrib.layers`` and RNN cells."""
