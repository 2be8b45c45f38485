"""Read the table, record its width in settings, then build and train the network."""
import numpy as np

import network
import settings


def load_table(rows):
    x = np.random.rand(rows, 7).astype("float32")
    y = np.random.randint(0, settings.NUM_CLASSES, rows)
    return x, y


if __name__ == "__main__":
    x, y = load_table(24)
    settings.NUM_FEATURES = x.shape[1]
    model = network.build()
    model.fit(x, y, batch_size=8, epochs=settings.EPOCHS, verbose=2)
