"""Train the network for a few steps."""
import tensorflow as tf

import input_data
import model

N_CLASSES = 2
IMG_SIZE = 16
BATCH_SIZE = 4
MAX_STEP = 1


def run_training():
    images, labels = input_data.get_files(16, IMG_SIZE)
    image_batch, label_batch = input_data.get_batch(images, labels, BATCH_SIZE)
    logits = model.inference(image_batch, BATCH_SIZE, N_CLASSES)
    loss = model.losses(logits, label_batch)
    train_op = model.training(loss, 1e-3)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(MAX_STEP):
            _, value = sess.run([train_op, loss])
            print("step %d loss %.3f" % (step, value))


if __name__ == "__main__":
    run_training()
