"""Train the picker on the particles of a small data set (run from the repository root)."""
import tensorflow as tf

from src.data.particles import load_particles
from src.models.deep_model import DeepModel


def main():
    patches, labels = load_particles(7)
    model = DeepModel()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        feed = {model.images: patches, model.labels: labels}
        _, loss = sess.run([model.train_op, model.loss], feed_dict=feed)  # expect: ST105
        print("loss %.3f" % loss)


if __name__ == "__main__":
    main()
