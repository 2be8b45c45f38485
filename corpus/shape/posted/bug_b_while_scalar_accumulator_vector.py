# pattern: 17
# style: tf2
# tf: 2.15, 2.21
# source: https://github.com/tensorflow/tensorflow/issues/45538
# class: B4
# Inside a tf.function a while_loop sums the rows of a matrix into an accumulator that starts
# as the scalar 0.0; after one iteration it is a vector of 3 and tracing stops: "Input tensor
# 'Const:0' enters the loop with shape (), but has shape (3,) after one iteration", raised
# from the call that traces the function.
import tensorflow as tf


@tf.function
def row_sum(matrix):
    total = tf.constant(0.0)

    def body(i, acc):
        return i + 1, acc + matrix[i]

    _, result = tf.while_loop(lambda i, acc: i < tf.shape(matrix)[0], body, [0, total])  # related
    return result


print(row_sum(tf.ones([4, 3])))  # expect: ST125
