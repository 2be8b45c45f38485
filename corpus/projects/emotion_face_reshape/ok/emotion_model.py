"""The emotion classifier: a small CNN over 48 x 48 grey faces."""
from tensorflow import keras

EMOTIONS = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]


def build_model(face_size):
    model = keras.Sequential([
        keras.layers.Conv2D(8, 3, activation="relu", input_shape=(face_size, face_size, 1)),
        keras.layers.MaxPooling2D(2),
        keras.layers.Flatten(),
        keras.layers.Dense(len(EMOTIONS), activation="softmax"),
    ])
    model.compile(optimizer="adam", loss="categorical_crossentropy")
    return model
