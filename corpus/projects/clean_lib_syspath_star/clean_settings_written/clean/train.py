"""Size the network from the data, then train on batches drawn with next()."""
import tensorflow as tf

import batches
import network
import settings

features, labels = batches.load_table(40, 12, settings.NUM_CLASSES)
settings.NUM_FEATURES = features.shape[1]
x, y, loss = network.build()
train_op = tf.train.AdamOptimizer(1e-2).minimize(loss)
stream = batches.minibatches(features, labels, batch_size=8)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        xb, yb = next(stream)
        _, value = sess.run([train_op, loss], feed_dict={x: xb, y: yb})
        print("step %d loss %.3f" % (step, value))
