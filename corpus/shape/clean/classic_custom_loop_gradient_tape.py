# pattern: clean
# style: tf2
# tf: 2.15, 2.21
# A two-layer network written with raw tf.Variables (no Keras layers) and trained in a
# hand-written loop: GradientTape, manual SGD updates with assign_sub, a metric computed with
# tf ops, and an evaluation pass over held-out data.
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
IN_DIM, HIDDEN, OUT_DIM = 6, 16, 3
LR = 0.1


class TwoLayerNet(tf.Module):
    def __init__(self):
        super().__init__()
        init = tf.initializers.GlorotUniform(seed=0)
        self.w1 = tf.Variable(init([IN_DIM, HIDDEN]), name="w1")
        self.b1 = tf.Variable(tf.zeros([HIDDEN]), name="b1")
        self.w2 = tf.Variable(init([HIDDEN, OUT_DIM]), name="w2")
        self.b2 = tf.Variable(tf.zeros([OUT_DIM]), name="b2")

    def __call__(self, x):
        h = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
        return tf.matmul(h, self.w2) + self.b2


def accuracy(logits, labels):
    predictions = tf.argmax(logits, axis=1, output_type=tf.int32)
    return tf.reduce_mean(tf.cast(tf.equal(predictions, labels), tf.float32))


def train_step(net, x, y):
    with tf.GradientTape() as tape:
        logits = net(x)
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, net.trainable_variables)
    for var, grad in zip(net.trainable_variables, grads):
        var.assign_sub(LR * grad)
    return loss, accuracy(logits, y)


rng = np.random.RandomState(2)
features = rng.randn(60, IN_DIM).astype(np.float32)
centres = rng.randn(OUT_DIM, IN_DIM).astype(np.float32)
labels = np.argmin(((features[:, None, :] - centres[None]) ** 2).sum(-1), axis=1).astype(np.int32)

net = TwoLayerNet()
x_train, y_train = tf.constant(features[:48]), tf.constant(labels[:48])
x_val, y_val = tf.constant(features[48:]), tf.constant(labels[48:])
for step in range(2):
    for start in range(0, 48, 16):
        loss, acc = train_step(net, x_train[start:start + 16], y_train[start:start + 16])
    print("epoch", step, "last batch loss %.4f acc %.2f" % (loss.numpy(), acc.numpy()))

val_logits = net(x_val)
print("validation accuracy", accuracy(val_logits, y_val).numpy())
print("probabilities of first val row", tf.nn.softmax(val_logits)[0].numpy())
