"""Fine-tune a backbone from nets/ on a small labelled image set."""
import numpy as np
from tensorflow.keras.utils import to_categorical

from nets import get_model_from_name

backbone = "vgg16"
input_shape = [32, 32, 3]
num_classes = 5
batch_size = 4


def load_dataset(count):
    images = np.random.rand(count, *input_shape).astype("float32")
    labels = to_categorical(np.random.randint(0, num_classes, count), num_classes)
    return images, labels


if __name__ == "__main__":
    x_train, y_train = load_dataset(8)
    model = get_model_from_name[backbone](input_shape=input_shape, classes=num_classes)  # expect: ST304
    model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
    model.fit(x_train, y_train, batch_size=batch_size, epochs=1, verbose=2)
