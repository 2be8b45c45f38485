"""Custom training loop with tf.GradientTape."""

import numpy as np
import tensorflow as tf

print("TensorFlow version:", tf.__version__)


def make_dataset(num_samples, num_features, num_classes, batch_size):
    features = np.random.randn(num_samples, num_features).astype(np.float32)
    labels = np.random.randint(0, num_classes, size=num_samples).astype(np.int64)
    dataset = tf.data.Dataset.from_tensor_slices((features, labels))
    return dataset.shuffle(num_samples).batch(batch_size)


class Classifier(tf.keras.Model):
    def __init__(self, hidden_units, num_classes):
        super().__init__()
        self.hidden_units = hidden_units
        self.hidden = tf.keras.layers.Dense(hidden_units, activation="relu")
        self.classifier = tf.keras.layers.Dense(num_classes)

    def call(self, inputs, training=False):
        x = self.hidden(inputs)
        return self.classifier(x)


EPOCHS = 2
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.train.AdamOptimizer(learning_rate=0.01)


def train_step(model, features, labels):
    with tf.GradientTape() as tape:
        logits = model(features, training=True)
        loss = loss_fn(labels, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def main():
    dataset = make_dataset(32, 16, 3, 8)
    model = Classifier(16, 3)
    for epoch in range(EPOCHS):
        total = 0.0
        for features, labels in dataset:
            loss = train_step(model, features, labels)
            total += float(loss)
        print("epoch %d: loss %.4f" % (epoch, total))


if __name__ == "__main__":
    main()
