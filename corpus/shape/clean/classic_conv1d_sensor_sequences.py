# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# 1-D convolutions over multichannel sensor windows (activity-recognition style): stacked
# Conv1D with causal and dilated padding, MaxPooling1D, GlobalAveragePooling1D and a softmax
# head; sliding windows are cut from a long synthetic recording with numpy strides.
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, models

WINDOW = 64
STRIDE = 32
SENSORS = 3
ACTIVITIES = 5


def sliding_windows(signal, window, stride):
    starts = range(0, len(signal) - window + 1, stride)
    return np.stack([signal[s:s + window] for s in starts])


def build_model():
    model = models.Sequential(name="har_conv1d")
    model.add(layers.Input(shape=(WINDOW, SENSORS)))
    model.add(layers.Conv1D(16, kernel_size=5, padding="causal", activation="relu"))
    model.add(layers.Conv1D(16, kernel_size=3, dilation_rate=2, padding="causal", activation="relu"))
    model.add(layers.MaxPooling1D(pool_size=2))
    model.add(layers.Conv1D(32, kernel_size=3, activation="relu"))
    model.add(layers.GlobalAveragePooling1D())
    model.add(layers.Dense(ACTIVITIES, activation="softmax"))
    return model


rng = np.random.RandomState(31)
t = np.linspace(0, 40, 1600)
recording = np.stack([np.sin(t), np.cos(0.5 * t), rng.normal(scale=0.3, size=t.shape)], axis=1)
windows = sliding_windows(recording.astype(np.float32), WINDOW, STRIDE)
labels = rng.randint(0, ACTIVITIES, size=len(windows))
print("windows", windows.shape, "labels", labels.shape)

model = build_model()
model.compile(optimizer=tf.keras.optimizers.Adam(3e-3),
              loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(windows, labels, epochs=1, batch_size=16, verbose=0)
for layer in model.layers:
    print(f"{layer.name:28s} {layer.output.shape}")
predicted = np.argmax(model.predict(windows[:6], verbose=0), axis=-1)
print("predicted activities", predicted)
