# pattern: clean
# style: keras
# tf: 2.15, 2.21
# A wide-and-deep recommender written as a subclassed keras.Model with a custom train_step
# and test_step (overriding what fit/evaluate do per batch), and metrics tracked by hand.
import numpy as np
import tensorflow as tf
from tensorflow import keras


class WideAndDeep(keras.Model):
    def __init__(self, n_users, n_items, dim=8):
        super().__init__()
        self.user_emb = keras.layers.Embedding(n_users, dim)
        self.item_emb = keras.layers.Embedding(n_items, dim)
        self.deep = keras.Sequential([keras.layers.Dense(16, activation="relu"),
                                      keras.layers.Dense(8, activation="relu")])
        self.wide = keras.layers.Dense(1, use_bias=False)
        self.head = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae = keras.metrics.MeanAbsoluteError(name="mae")

    def call(self, inputs):
        users, items, side = inputs
        u = self.user_emb(users)                     # [batch, dim]
        v = self.item_emb(items)
        deep_out = self.deep(tf.concat([u, v, u * v], axis=-1))
        return self.head(deep_out) + self.wide(side)

    @property
    def metrics(self):
        return [self.loss_tracker, self.mae]

    def train_step(self, data):
        inputs, ratings = data
        with tf.GradientTape() as tape:
            predicted = self(inputs, training=True)
            loss = tf.reduce_mean(tf.square(ratings - predicted))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.mae.update_state(ratings, predicted)
        return {m.name: m.result() for m in self.metrics}

    def test_step(self, data):
        inputs, ratings = data
        predicted = self(inputs, training=False)
        self.loss_tracker.update_state(tf.reduce_mean(tf.square(ratings - predicted)))
        self.mae.update_state(ratings, predicted)
        return {m.name: m.result() for m in self.metrics}


N_USERS, N_ITEMS, N_SIDE = 20, 30, 4
rng = np.random.RandomState(3)
users = rng.randint(0, N_USERS, size=64).astype("int32")
items = rng.randint(0, N_ITEMS, size=64).astype("int32")
side = rng.rand(64, N_SIDE).astype("float32")
ratings = rng.randint(1, 6, size=(64, 1)).astype("float32")

model = WideAndDeep(N_USERS, N_ITEMS)
model.compile(optimizer=keras.optimizers.Adam(0.01))
dataset = tf.data.Dataset.from_tensor_slices(((users, items, side), ratings)).batch(16)
history = model.fit(dataset, epochs=1, verbose=0)
print("train", {k: round(float(v[-1]), 3) for k, v in history.history.items()})
print("eval", model.evaluate(dataset.take(2), verbose=0, return_dict=True))
preds = model((users[:5], items[:5], side[:5]))
print("predicted ratings", preds.numpy().ravel())
