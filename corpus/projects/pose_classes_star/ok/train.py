"""Train a pose classifier on landmark embeddings."""
import tensorflow as tf

from utils import *

landmarks, y_train = load_pose_landmarks(16)
x_train = landmarks_to_embedding(landmarks)

inputs = tf.keras.Input(shape=(NUM_LANDMARKS * LANDMARK_DIMS,))
layer = tf.keras.layers.Dense(32, activation=tf.nn.relu6)(inputs)
layer = tf.keras.layers.Dropout(0.5)(layer)
outputs = tf.keras.layers.Dense(len(CLASS_NAMES), activation="softmax")(layer)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x_train, y_train, epochs=1, batch_size=8, verbose=2)
print("classes:", ", ".join(CLASS_NAMES))
