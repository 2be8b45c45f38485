"""Custom training loop with tf.GradientTape."""

import tensorflow as tf

from data import make_dataset
from model import Classifier

print("TensorFlow version:", tf.__version__)


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
    dataset = make_dataset(64, 8, 3, 16)
    model = Classifier(32, 3)
    for epoch in range(EPOCHS):
        total = 0.0
        for features, labels in dataset:
            loss = train_step(model, features, labels)
            total += float(loss)
        print("epoch %d: loss %.4f" % (epoch, total))


if __name__ == "__main__":
    main()
