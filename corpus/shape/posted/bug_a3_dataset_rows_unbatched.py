# pattern: 7
# style: keras
# tf: 2.15
# source: https://github.com/tensorflow/tensorflow/issues/50099
# class: A3
# A linear model fits arrays directly, but the same data wrapped in
# Dataset.from_tensor_slices((inputs, labels)) yields single rows of 2 features: fit takes each
# element as a batch, and the Dense layer gets a rank-1 input.
import numpy as np
import tensorflow as tf

inputs = np.random.rand(64, 2).astype("float32")
labels = (inputs @ np.array([[2.0], [-3.0]], dtype="float32")) + 1.0

linear_model = tf.keras.Sequential([
    tf.keras.Input(shape=(2,)),
    tf.keras.layers.Dense(units=1),
])
linear_model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.1), loss="mean_squared_error")

dataset = tf.data.Dataset.from_tensor_slices((inputs, labels))
history = linear_model.fit(dataset, epochs=2, verbose=0)  # expect: ST117
print(history.history["loss"][-1])
