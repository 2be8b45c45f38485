# pattern: 32
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A crowd-density regressor fuses a fine and a coarse feature branch along the channel axis.
# Both branches are built by the same helper; the call for the fine branch passes kernel and
# pool count in swapped order (2x2 kernel, three pools), so its maps are 8x8 against the
# coarse branch's 16x16 at the concat.
import numpy as np
import tensorflow as tf

SETTINGS = {
    "size": 64,
    "batch": 4,
    "fine": {"filters": 8, "kernel": 3, "pools": 2},
    "coarse": {"filters": 8, "kernel": 7, "pools": 2},
}


def crowd_images(n, size, seed=23):
    rng = np.random.RandomState(seed)
    images = rng.rand(n, size, size, 3).astype(np.float32) * 0.2
    counts = rng.randint(1, 15, size=n)
    for i, c in enumerate(counts):
        for _ in range(c):
            r, col = rng.randint(2, size - 2, size=2)
            images[i, r - 2:r + 2, col - 2:col + 2, :] = 1.0
    return images, counts.astype(np.float32)


def branch(x, filters, kernel, pools, name):
    with tf.variable_scope(name):
        in_ch = x.get_shape().as_list()[-1]
        k = tf.get_variable("k", [kernel, kernel, in_ch, filters])
        x = tf.nn.relu(tf.nn.conv2d(x, k, [1, 1, 1, 1], "SAME"))
        for p in range(pools):
            x = tf.nn.avg_pool(x, [1, 2, 2, 1], [1, 2, 2, 1], "SAME", name="pool%d" % p)
        return x


def upsample_to(x, size):
    return tf.image.resize_nearest_neighbor(x, [size, size])


def density_net(images):
    fine_cfg, coarse_cfg = SETTINGS["fine"], SETTINGS["coarse"]
    fine = branch(images, fine_cfg["filters"], fine_cfg["pools"], fine_cfg["kernel"], "fine")
    coarse = branch(images, coarse_cfg["filters"], coarse_cfg["kernel"], coarse_cfg["pools"], "coarse")
    fused = tf.concat([fine, coarse], axis=3)  # expect: ST108
    k = tf.get_variable("fuse_k", [1, 1, 16, 1])
    density = tf.nn.relu(tf.nn.conv2d(fused, k, [1, 1, 1, 1], "SAME"))
    return density


images = tf.placeholder(tf.float32, [None, SETTINGS["size"], SETTINGS["size"], 3])
counts = tf.placeholder(tf.float32, [None])
density = density_net(images)
predicted_counts = tf.reduce_sum(density, axis=[1, 2, 3])
loss = tf.reduce_mean(tf.abs(predicted_counts - counts))
train_op = tf.train.AdamOptimizer(0.001).minimize(loss)
preview = upsample_to(density, SETTINGS["size"])

x_np, c_np = crowd_images(3 * SETTINGS["batch"], SETTINGS["size"])
b = SETTINGS["batch"]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, value = sess.run([train_op, loss], {images: x_np[step * b:(step + 1) * b], counts: c_np[step * b:(step + 1) * b]})
        print("step", step, "mean abs count error", value)
    est, maps = sess.run([predicted_counts, preview], {images: x_np[-b:]})
    print("estimated", np.round(est, 1), "true", c_np[-b:], "map", maps.shape)
