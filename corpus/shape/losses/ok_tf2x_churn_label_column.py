# pattern: 12
# style: tf2
# tf: 2.15, 2.21
# A churn classifier trained with a custom GradientTape loop.  The label is sliced off the
# raw record table as `table[:, -1:]`, which keeps a trailing axis, so the sparse softmax
# cross-entropy receives labels of shape [batch, 1] next to logits [batch, 3].
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    ap = argparse.ArgumentParser(description="customer churn, custom loop")
    ap.add_argument("--records", type=int, default=40)
    ap.add_argument("--features", type=int, default=6)
    ap.add_argument("--classes", type=int, default=3, help="stay / downgrade / leave")
    ap.add_argument("--batch-size", type=int, default=10)
    ap.add_argument("--max-steps", type=int, default=2)
    return ap.parse_args()


def load_records(n, d, classes, seed=12):
    """Feature columns followed by the class id in the last column, like the CSV export."""
    rng = np.random.RandomState(seed)
    table = np.empty((n, d + 1), dtype="float32")
    table[:, :d] = rng.normal(size=(n, d))
    table[:, d] = rng.randint(0, classes, size=n)
    return table


def split_columns(table):
    features = table[:, :-1]
    labels = table[:, -1].astype("int32")
    return features, labels


class ChurnNet(tf.keras.Model):
    def __init__(self, classes):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(24, activation="relu")
        self.drop = tf.keras.layers.Dropout(0.2)
        self.logits = tf.keras.layers.Dense(classes)

    def call(self, x, training=False):
        return self.logits(self.drop(self.hidden(x), training=training))


def compute_loss(labels, logits):
    per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return tf.reduce_mean(per_example)


def main():
    args = parse_args()
    features, labels = split_columns(load_records(args.records, args.features, args.classes))
    ds = (tf.data.Dataset.from_tensor_slices((features, labels))
          .shuffle(args.records, seed=0)
          .batch(args.batch_size))
    net = ChurnNet(args.classes)
    opt = tf.keras.optimizers.Adam(learning_rate=3e-3)
    acc = tf.keras.metrics.SparseCategoricalAccuracy()

    for step, (xb, yb) in enumerate(ds):
        if step >= args.max_steps:
            break
        with tf.GradientTape() as tape:
            logits = net(xb, training=True)
            loss = compute_loss(yb, logits)
        grads = tape.gradient(loss, net.trainable_variables)
        opt.apply_gradients(zip(grads, net.trainable_variables))
        acc.update_state(yb, logits)
        print(f"step {step}: loss={loss.numpy():.4f} acc={acc.result().numpy():.3f}")


if __name__ == "__main__":
    main()
