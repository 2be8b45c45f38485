"""Collaborative filtering with a small dense network, trained batch by batch from a generator."""
from tensorflow import keras

import grouplens


def create_model(dim):
    model = keras.models.Sequential()
    model.add(keras.layers.Dense(20, activation="relu", input_shape=(dim,)))
    model.add(keras.layers.Dense(20, activation="relu"))
    model.add(keras.layers.Dense(1))
    model.compile(optimizer="rmsprop", loss="mean_squared_logarithmic_error")
    return model


if __name__ == "__main__":
    users, items, rates = grouplens.load_ratings(32)
    batches = grouplens.generate_vectors(users, items, rates)
    model = create_model(grouplens.NUM_USERS + grouplens.NUM_ITEMS)
    for step in range(2):
        inputs, labels = next(batches)
        loss = model.train_on_batch(inputs, labels)  # expect[1.15]: ST117  # expect[2.15, 2.21]: ST118
        print("step %d loss %.3f" % (step, loss))
