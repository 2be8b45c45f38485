# pattern: 9
# style: keras
# tf: 1.15, 2.15, 2.21
# source: https://github.com/lllyasviel/style2paints/issues/171
# class: B1
# A functional feature extractor built for 64x64 images is used as a layer of a second model
# whose input is 32x32.  TensorFlow 1.15 builds the graph again for the new size (convolutions
# and global pooling fit any size), so this runs; Keras 2.15 accepts the call while building and
# raises when fit runs the model, Keras 3 raises at the call.
import numpy as np
from tensorflow import keras

layers = keras.layers
image = keras.Input(shape=(None, None, 3))
hidden = layers.Conv2D(8, 3, padding="same", activation="relu")(image)
hidden = layers.GlobalAveragePooling2D()(hidden)
backbone = keras.Model(image, hidden)

small = keras.Input(shape=(32, 32, 3))
features = backbone(small)
scores = layers.Dense(2, activation="softmax")(features)
model = keras.Model(small, scores)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
x = np.random.RandomState(2).rand(8, 32, 32, 3).astype("float32")
y = np.arange(8) % 2
model.fit(x, y, epochs=1, batch_size=4, verbose=0)
print(model.predict(x).shape)
