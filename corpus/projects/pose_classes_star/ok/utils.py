"""Pose landmarks: class names, a landmark-to-embedding transform and a synthetic loader."""
import numpy as np

CLASS_NAMES = ["chair", "cobra", "dog", "tree", "warrior", "lunge", "plank"]
NUM_LANDMARKS = 17
LANDMARK_DIMS = 3


def landmarks_to_embedding(landmarks):
    """Centre the landmarks on their mean and flatten them."""
    centred = landmarks - landmarks.mean(axis=1, keepdims=True)
    return centred.reshape(len(landmarks), NUM_LANDMARKS * LANDMARK_DIMS)


def load_pose_landmarks(count):
    landmarks = np.random.rand(count, NUM_LANDMARKS, LANDMARK_DIMS).astype("float32")
    labels = np.random.randint(0, len(CLASS_NAMES), count)
    one_hot = np.eye(len(CLASS_NAMES), dtype="float32")[labels]
    return landmarks, one_hot
