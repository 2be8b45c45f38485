"""Train the classifier and save its weights."""
import config
from data import load_split
from models import build_model
from utils import *

if __name__ == "__main__":
    x_train, y_train = load_split(32, seed=0)
    model = build_model()
    history = model.fit(x_train, y_train, batch_size=config.BATCH_SIZE, epochs=config.EPOCHS, verbose=2)
    report("loss", history.history["loss"])
    model.save_weights(config.CHECKPOINT)
