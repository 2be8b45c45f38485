"""Train the frame classifier on preprocessed features."""
import tensorflow as tf

import data
import network
import settings


class Runner(object):
    def __init__(self, num_steps):
        self.num_steps = num_steps

    def run(self):
        features, labels = data.load_batch(settings.BATCH_SIZE, settings.MAX_TIME, settings.NUM_CLASSES)
        inputs, targets, loss = network.build()
        settings.NUM_FEATURES = features.shape[2]
        optimizer = tf.train.GradientDescentOptimizer(0.01).minimize(loss)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for step in range(self.num_steps):
                feed = {inputs: features, targets: labels}
                _, value = sess.run([optimizer, loss], feed_dict=feed)  # expect: ST105
                print("step %d loss %.3f" % (step, value))


if __name__ == "__main__":
    Runner(num_steps=1).run()
