# pattern: 7
# style: tf2
# tf: 1.15, 2.15, 2.21
# An exported preprocessing function declares its input as a batch of 32x32 RGB images,
# TensorSpec([None, 32, 32, 3]); one image is passed without its batch axis, as a (32, 32, 3)
# array, and the call is refused before tracing ("Python inputs incompatible with
# input_signature", TensorFlow 2.13+ "Can not cast TensorSpec(shape=(32, 32, 3), ...)").
# Written for this corpus, not posted.
import numpy as np
import tensorflow as tf

tf.compat.v1.enable_eager_execution()


@tf.function(input_signature=[tf.TensorSpec([None, 32, 32, 3], tf.float32)])
def normalise(images):
    mean = tf.reduce_mean(images, axis=[1, 2], keepdims=True)
    return images - mean


image = np.random.RandomState(2).rand(32, 32, 3).astype("float32")
print(normalise(image[np.newaxis]).shape)
