# pattern: keys
# style: tf2
# tf: 2.15, 2.21
# The features are a matrix (batch, features); the code reads a time axis from the shape.
import tensorflow as tf

features = tf.expand_dims(tf.zeros([32, 20]), 1)
steps = features.shape[1]
print(tf.reshape(features, [32, steps, -1]).shape)
