# pattern: 3
# style: tf1
# tf: 1.15, 2.15, 2.21
# A fully convolutional denoiser for 28x28 scans.  The layer table gives the middle layer
# VALID padding (copied from a classifier), so the reconstruction comes out 26x26 and the
# pixel loss against the 28x28 clean image cannot be formed.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CONFIG = {
    "size": 28,
    "noise_std": 0.3,
    "batch_size": 10,
    "steps": 2,
    "learning_rate": 1e-3,
    # (kernel, filters, padding) per layer
    "layers": [(3, 16, "SAME"), (3, 16, "VALID"), (3, 1, "SAME")],
}


def make_scans(n, size, seed=11):
    rng = np.random.RandomState(seed)
    clean = np.zeros((n, size, size, 1), np.float32)
    for i in range(n):
        r, c = rng.randint(4, size - 8, size=2)
        clean[i, r:r + 6, c:c + 4, 0] = 1.0
    noisy = clean + rng.normal(0.0, CONFIG["noise_std"], clean.shape).astype(np.float32)
    return noisy, clean


def denoiser(x):
    channels = 1
    for i, (k, filters, padding) in enumerate(CONFIG["layers"]):
        kernel = tf.get_variable("conv%d/kernel" % i, [k, k, channels, filters],
                                 initializer=tf.truncated_normal_initializer(stddev=0.1))
        bias = tf.get_variable("conv%d/bias" % i, [filters], initializer=tf.zeros_initializer())
        x = tf.nn.bias_add(tf.nn.conv2d(x, kernel, [1, 1, 1, 1], padding), bias)
        if i < len(CONFIG["layers"]) - 1:
            x = tf.nn.relu(x)
        channels = filters
    return tf.sigmoid(x)


def psnr(mse):
    return 10.0 * tf.log(1.0 / mse) / tf.log(10.0)


def main():
    size = CONFIG["size"]
    noisy = tf.placeholder(tf.float32, [None, size, size, 1], name="noisy")
    clean = tf.placeholder(tf.float32, [None, size, size, 1], name="clean")
    restored = denoiser(noisy)
    mse = tf.reduce_mean(tf.square(restored - clean))  # expect: ST103
    train_op = tf.train.AdamOptimizer(CONFIG["learning_rate"]).minimize(mse)
    quality = psnr(mse)

    noisy_np, clean_np = make_scans(3 * CONFIG["batch_size"], size)
    bs = CONFIG["batch_size"]
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(CONFIG["steps"]):
            sl = slice(step * bs, (step + 1) * bs)
            _, loss = sess.run([train_op, mse], {noisy: noisy_np[sl], clean: clean_np[sl]})
            print("step %d mse %.5f" % (step, loss))
        val = sess.run(quality, {noisy: noisy_np[-bs:], clean: clean_np[-bs:]})
        print("validation psnr %.2f dB" % val)


if __name__ == "__main__":
    main()
