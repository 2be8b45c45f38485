"""Ratings as user/item one-hot vectors, served by a generator for training on the fly."""
import numpy as np

NUM_USERS = 12
NUM_ITEMS = 8


def load_ratings(count):
    users = np.random.randint(0, NUM_USERS, count)
    items = np.random.randint(0, NUM_ITEMS, count)
    rates = np.random.randint(1, 6, count).astype("float32")
    return users, items, rates


def rating_vector(user, item):
    vector = np.zeros(NUM_USERS + NUM_ITEMS, dtype="float32")
    vector[user] = 1.0
    vector[NUM_USERS + item] = 1.0
    return vector


def generate_vectors(users, items, rates):
    while True:
        for user, item, rate in zip(users, items, rates):
            yield rating_vector(user, item)[np.newaxis], np.array([[rate]])
