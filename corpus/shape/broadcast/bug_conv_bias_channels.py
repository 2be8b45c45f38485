# pattern: 29
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A config-driven convnet: each conv layer's bias is sized from the layer's *input*
# channels instead of its output channels (it only works while the two are equal).
import numpy as np
import tensorflow as tf

CONFIG = {
    "input_shape": (24, 24, 3),
    "layers": [
        {"filters": 16, "kernel": 3, "stride": 1},
        {"filters": 16, "kernel": 3, "stride": 2},
        {"filters": 32, "kernel": 3, "stride": 2},
    ],
    "classes": 4,
    "learning_rate": 0.01,
}


def conv_stack(images, layers):
    net = images
    for index, spec in enumerate(layers):
        in_channels = net.get_shape().as_list()[-1]
        with tf.variable_scope("conv%d" % index):
            kernel = tf.get_variable(
                "kernel", [spec["kernel"], spec["kernel"], in_channels, spec["filters"]],
                initializer=tf.glorot_uniform_initializer())
            bias = tf.get_variable("bias", [in_channels], initializer=tf.zeros_initializer())
            stride = [1, spec["stride"], spec["stride"], 1]
            conv = tf.nn.conv2d(net, kernel, stride, padding="SAME")
            net = tf.nn.relu(tf.nn.bias_add(conv, bias))  # expect: ST114
    return net


def head(features, classes):
    pooled = tf.reduce_mean(features, axis=[1, 2])
    w = tf.get_variable("head_w", [pooled.get_shape().as_list()[-1], classes])
    return tf.matmul(pooled, w)


def main():
    height, width, channels = CONFIG["input_shape"]
    images = tf.placeholder(tf.float32, [None, height, width, channels])
    labels = tf.placeholder(tf.int64, [None])
    logits = head(conv_stack(images, CONFIG["layers"]), CONFIG["classes"])
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.GradientDescentOptimizer(CONFIG["learning_rate"]).minimize(loss)

    rng = np.random.RandomState(0)
    batch = rng.rand(4, height, width, channels).astype(np.float32)
    targets = rng.randint(0, CONFIG["classes"], 4)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value = sess.run([train_op, loss], {images: batch, labels: targets})
            print("step", step, "loss", value)


if __name__ == "__main__":
    main()
