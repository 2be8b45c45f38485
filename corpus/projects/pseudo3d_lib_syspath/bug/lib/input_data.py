"""Video clips read in order, one batch after another."""
import numpy as np

CLIP_LENGTH = 4
CROP_SIZE = 8


def read_clips(num_clips):
    clips = np.random.rand(num_clips, CLIP_LENGTH, CROP_SIZE, CROP_SIZE, 3).astype(np.float32)
    labels = np.random.randint(0, 5, num_clips)
    return clips, labels


def read_clip_and_label(clips, labels, batch_size, start):
    return clips[start:start + batch_size], labels[start:start + batch_size]
