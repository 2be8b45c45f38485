# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.random_normal is tf.random.normal under TensorFlow 2 (AttributeError); the twin reads
# it with getattr(tf, "random_normal", tf.random.normal), which gives the default there.
import tensorflow as tf

random_normal = getattr(tf, "random_normal", tf.random.normal)
noise = random_normal([2, 3])
print(noise.shape)
