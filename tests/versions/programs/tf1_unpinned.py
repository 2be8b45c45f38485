"""A TF 1 training script as published around 2017: graph mode, placeholders, sessions."""
import numpy as np
import tensorflow as tf

learning_rate = 0.01
batch_size = 64

x = tf.placeholder(tf.float32, [None, 784], name="x")
y = tf.placeholder(tf.float32, [None, 10], name="y")
keep_prob = tf.placeholder(tf.float32)

with tf.variable_scope("layer1"):
    w1 = tf.get_variable("w1", [784, 256], initializer=tf.truncated_normal_initializer(stddev=0.1))
    b1 = tf.get_variable("b1", [256], initializer=tf.constant_initializer(0.0))
    h1 = tf.nn.dropout(tf.nn.relu(tf.matmul(x, w1) + b1), keep_prob)

with tf.variable_scope("layer2"):
    w2 = tf.get_variable("w2", [128, 10], initializer=tf.truncated_normal_initializer(stddev=0.1))
    b2 = tf.get_variable("b2", [10], initializer=tf.constant_initializer(0.0))
    logits = tf.matmul(h1, w2) + b2

loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
train_op = tf.train.AdamOptimizer(learning_rate).minimize(loss)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
tf.summary.scalar("loss", loss)
merged = tf.summary.merge_all()
saver = tf.train.Saver()

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    writer = tf.summary.FileWriter("logs", sess.graph)
    for step in range(100):
        xs = np.random.rand(batch_size, 784).astype(np.float32)
        ys = np.eye(10)[np.random.randint(0, 10, batch_size)]
        _, summary = sess.run([train_op, merged], feed_dict={x: xs, y: ys, keep_prob: 0.5})
        writer.add_summary(summary, step)
    saver.save(sess, "model.ckpt")
    tf.logging.info("done")
