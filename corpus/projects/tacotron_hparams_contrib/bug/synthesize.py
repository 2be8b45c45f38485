"""Synthesize mel frames for one sentence."""
import numpy as np

from models import build_model
from tacotron_hparams import hparams

if __name__ == "__main__":
    model = build_model(20)
    frames = model.predict(np.random.randint(0, 20, (1, hparams.max_iters)), verbose=0)
    mel = frames.reshape(1, -1, hparams.num_mels)
    print(mel.shape)
