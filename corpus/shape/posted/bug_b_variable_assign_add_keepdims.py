# pattern: 34
# style: tf2
# tf: 2.15, 2.21
# source: https://github.com/tensorflow/tensorflow/issues/26104
# class: B3
# A running total kept in a variable of shape (1,) is updated with assign_add of a batch sum
# taken with keepdims=True, shape (1, 1): a variable's value keeps its shape, so the update
# raises "Shapes (1,) and (1, 1) are incompatible".
import tensorflow as tf

total = tf.Variable([0.0])
for step in range(3):
    batch = tf.random.normal((4, 1))
    batch_sum = tf.reduce_sum(batch, axis=0, keepdims=True)
    total.assign_add(batch_sum)  # expect: ST116
print(total.numpy())
