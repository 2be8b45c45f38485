"""Custom training loop with tf.GradientTape."""

import tensorflow as tf

from data import make_dataset
from model import Classifier


EPOCHS = 2
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


def train_step(model, features, labels):
    with tf.GradientTape() as tape:
        logits = model(features, training=True)
        loss = loss_fn(labels, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def main():
    dataset = make_dataset(32, 24, 3, 8)
    model = Classifier(16, 3)
    for epoch in range(EPOCHS):
        metrics = {"loss": 0.0, "steps": 0}
        for features, labels in dataset:
            loss = train_step(model, features, labels)
            metrics["loss"] += float(loss)
            metrics["step"] += 1
        print("epoch %d: loss %.4f" % (epoch, metrics["loss"]))


if __name__ == "__main__":
    main()
