"""Turn a detected face crop into the input the emotion model expects."""
import numpy as np

FACE_SIZE = 48


def crop_face(frame, box):
    top, left, size = box
    return frame[top:top + size, left:left + size]


def to_model_input(face):
    grey = face.astype("float32").mean(axis=2) / 255.0
    rows = np.linspace(0, len(grey) - 1, FACE_SIZE).astype(int)
    cols = np.linspace(0, grey.shape[1] - 1, FACE_SIZE).astype(int)
    return grey[rows][:, cols].reshape(1, FACE_SIZE, FACE_SIZE, 1)
