"""Train the sign classifier; the network and helpers live in lib/."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))

from signnet import IMAGE_SIZE, NUM_SIGNS, inference  # noqa: E402
from utils import *  # noqa: E402,F401,F403


def main():
    images, labels = fake_signs(16, IMAGE_SIZE, NUM_SIGNS)
    model = inference(hidden=32)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    model.fit(images, labels, batch_size=8, epochs=1, verbose=2)
    print(top_k(model.predict(images[:2], verbose=0), 3))


if __name__ == "__main__":
    main()
