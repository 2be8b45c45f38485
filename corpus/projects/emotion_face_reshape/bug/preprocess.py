"""Turn a detected face crop into the input the emotion model expects."""
import numpy as np

FACE_SIZE = 48


def crop_face(frame, box):
    top, left, size = box
    return frame[top:top + size, left:left + size]


def to_model_input(face):
    pixels = face.astype("float32") / 255.0
    return pixels.reshape(1, -1, 3)
