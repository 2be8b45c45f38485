# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# tf.layers MLP with batch normalisation: a `training` placeholder switches batch-norm and
# dropout, the moving-average update ops are run through a control dependency on
# UPDATE_OPS, and inference reuses the same variables in a second tower (reuse=True).
import numpy as np
import tensorflow as tf

INPUT_DIM = 10
CLASSES = 4


def network(inputs, is_training, reuse=False):
    with tf.variable_scope("net", reuse=reuse):
        h = tf.layers.dense(inputs, 32, use_bias=False, name="fc1")
        h = tf.layers.batch_normalization(h, training=is_training, name="bn1")
        h = tf.nn.relu(h)
        h = tf.layers.dropout(h, rate=0.25, training=is_training)
        h = tf.layers.dense(h, 16, activation=tf.nn.elu, name="fc2")
        return tf.layers.dense(h, CLASSES, name="logits")


inputs = tf.placeholder(tf.float32, [None, INPUT_DIM], name="inputs")
targets = tf.placeholder(tf.int32, [None], name="targets")
is_training = tf.placeholder(tf.bool, [], name="is_training")

train_logits = network(inputs, is_training)
loss = tf.losses.sparse_softmax_cross_entropy(labels=targets, logits=train_logits)
update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    train_op = tf.train.AdamOptimizer(learning_rate=0.01).minimize(loss)

eval_logits = network(inputs, False, reuse=True)
predictions = tf.argmax(eval_logits, axis=1, output_type=tf.int32)
accuracy, accuracy_update = tf.metrics.accuracy(labels=targets, predictions=predictions)

rng = np.random.RandomState(6)
x_all = rng.randn(48, INPUT_DIM).astype(np.float32)
y_all = np.digitize(x_all[:, :3].sum(axis=1), [-1.0, 0.0, 1.0]).astype(np.int32)

with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    for step in range(2):
        rows = slice(step * 24, (step + 1) * 24)
        _, value = sess.run([train_op, loss],
                            {inputs: x_all[rows], targets: y_all[rows], is_training: True})
        print("step", step, "loss", round(float(value), 4))
    sess.run(accuracy_update, {inputs: x_all, targets: y_all})
    print("streaming accuracy", sess.run(accuracy))
    moving_mean = [v for v in tf.global_variables() if "moving_mean" in v.name][0]
    print(moving_mean.name, sess.run(moving_mean).shape)
