"""MFCC-like features: 13 coefficients with their first and second differences (39 per frame)."""
import numpy as np

N_MFCC = 13


def mfcc_frames(num_utterances, num_frames):
    base = np.random.randn(num_utterances, num_frames, N_MFCC)
    delta = np.diff(base, axis=1, prepend=base[:, :1])
    delta2 = np.diff(delta, axis=1, prepend=delta[:, :1])
    return np.concatenate([base, delta, delta2], axis=2).astype(np.float32)


def load_batch(num_utterances, num_frames, num_classes):
    features = mfcc_frames(num_utterances, num_frames)
    labels = np.random.randint(0, num_classes, size=(num_utterances, num_frames))
    return features, labels
