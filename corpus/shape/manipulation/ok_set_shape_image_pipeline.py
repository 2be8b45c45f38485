# pattern: 16
# style: tf1
# tf: 1.15, 2.15, 2.21
# A frame preprocessing graph resizes every frame to 60x90; a later set_shape call was
# written for the camera's raw 58x87 crops and contradicts the shape the resize fixed.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

RESIZED_HEIGHT, RESIZED_WIDTH = 60, 90
RAW_HEIGHT, RAW_WIDTH = 58, 87
BATCH = 3


def synthetic_frames(count, seed=0):
    """Frames of varying size, as a camera with digital zoom would produce."""
    rng = np.random.RandomState(seed)
    frames = []
    for _ in range(count):
        h, w = rng.randint(50, 70), rng.randint(80, 100)
        frames.append(rng.randint(0, 256, size=(h, w, 3)).astype(np.uint8))
    return frames


def preprocess(frame):
    image = tf.image.convert_image_dtype(frame, tf.float32)
    image = tf.image.resize_images(image, [RESIZED_HEIGHT, RESIZED_WIDTH])
    image.set_shape([RESIZED_HEIGHT, RESIZED_WIDTH, 3])
    image = tf.image.per_image_standardization(image)
    return image


def batches(frames, size):
    for start in range(0, len(frames), size):
        yield frames[start:start + size]


def model(images):
    kernel = tf.get_variable("kernel", [5, 5, 3, 8])
    features = tf.nn.relu(tf.nn.conv2d(images, kernel, [1, 2, 2, 1], "SAME"))
    return tf.reduce_mean(features, axis=[1, 2])


def describe(vectors):
    """One line per embedding batch: shape and spread, to spot dead features."""
    spread = vectors.std(axis=0)
    print("embeddings %s, dead features: %d" % (vectors.shape, int((spread < 1e-6).sum())))


def main():
    frame = tf.placeholder(tf.uint8, [None, None, 3], name="frame")
    image = preprocess(frame)
    embedding = model(tf.expand_dims(image, 0))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for group in batches(synthetic_frames(2 * BATCH), BATCH):
            vectors = [sess.run(embedding, {frame: f}) for f in group]
            describe(np.concatenate(vectors))


if __name__ == "__main__":
    main()
