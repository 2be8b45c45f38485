"""Train with a custom loop over the tf.data pipeline."""
import tensorflow as tf

import config
from data import make_dataset
from model import accuracy, build_model


def train(model_params, train_params):
    model = build_model(model_params, units=train_params.get("units", model_params["units"]))
    optimizer = tf.keras.optimizers.Adam(train_params["learning_rate"])
    dataset = make_dataset(16, 6, model_params["vocab_size"], model_params["num_classes"], train_params["batch_size"])
    for epoch in range(train_params["epochs"]):
        for tokens, labels in dataset:
            with tf.GradientTape() as tape:
                logits = model(tokens)
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
        print("epoch %d loss %.3f accuracy %.3f" % (epoch, float(loss), float(accuracy(logits, labels))))


if __name__ == "__main__":
    train(config.MODEL, config.TRAIN)
