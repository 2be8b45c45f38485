# pattern: api
# style: tf2
# tf: 1.15, 2.21
# expand_dims(x, dim=...) is TensorFlow 1's deprecated keyword; TensorFlow 2 only
# accepts axis.
import tensorflow as tf

image = tf.zeros([28, 28])
batch = tf.expand_dims(image, axis=0)
print(batch.shape)
