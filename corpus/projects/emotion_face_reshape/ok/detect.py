"""Detect the emotion of the face in a frame."""
import numpy as np

from emotion_model import EMOTIONS, build_model
from preprocess import FACE_SIZE, crop_face, to_model_input

model = build_model(FACE_SIZE)
frame = (np.random.rand(120, 160, 3) * 255).astype("uint8")
face = crop_face(frame, (30, 40, 36))
scores = model.predict(to_model_input(face))
print(EMOTIONS[int(np.argmax(scores))])
