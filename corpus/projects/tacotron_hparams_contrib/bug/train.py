"""Train the decoder on random character ids and mel frames."""
import numpy as np

from models import build_model
from tacotron_hparams import hparams

VOCAB_SIZE = 20

if __name__ == "__main__":
    model = build_model(VOCAB_SIZE)
    model.compile(optimizer="adam", loss="mae")
    chars = np.random.randint(0, VOCAB_SIZE, (hparams.batch_size, hparams.max_iters))
    mels = np.random.rand(hparams.batch_size, hparams.max_iters, hparams.num_mels * hparams.outputs_per_step)
    model.fit(chars, mels, epochs=1, verbose=2)
