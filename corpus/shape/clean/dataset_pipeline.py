# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# A tf.data pipeline from numpy arrays: map (with a static shape), shuffle, batch, and a
# one-shot iterator feeding a small model.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

rng = np.random.RandomState(0)
images = rng.randint(0, 256, size=(20, 12, 12, 3)).astype(np.uint8)
labels = rng.randint(0, 4, size=20).astype(np.int64)


def preprocess(image, label):
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = tf.image.resize_images(image, [8, 8])
    return image, label


dataset = tf.data.Dataset.from_tensor_slices((images, labels))
dataset = dataset.map(preprocess).shuffle(20, seed=0).batch(6)
batch_images, batch_labels = tf.data.make_one_shot_iterator(dataset).get_next()

kernel = tf.get_variable("kernel", [3, 3, 3, 8])
features = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(batch_images, kernel, [1, 1, 1, 1], "SAME")), [1, 2])
logits = tf.matmul(features, tf.get_variable("w", [8, 4]))
loss = tf.losses.sparse_softmax_cross_entropy(batch_labels, logits)
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        print("step", step, "loss", sess.run([train_op, loss])[1])
