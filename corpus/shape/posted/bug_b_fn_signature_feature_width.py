# pattern: 7
# style: tf2
# tf: 2.15, 2.21
# source: https://github.com/tensorflow/tensorflow/pull/30902
# class: B4
# A tf.function with input_signature TensorSpec([None, None, 9]) (batch, atoms, features) is
# called with a (1, 123, 8) tensor: the feature width of the data is not the signature's, and
# the call is refused before tracing.
import tensorflow as tf

n_features = 9


@tf.function(input_signature=[tf.TensorSpec([None, None, n_features], tf.float32)])
def atom_energies(positions):
    return tf.reduce_sum(positions, axis=-1)


molecule = tf.random.normal([1, 123, 8])
print(atom_energies(molecule).shape)  # expect: ST105
