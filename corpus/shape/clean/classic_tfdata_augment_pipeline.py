# pattern: clean
# style: keras
# tf: 2.15, 2.21
# A tf.data input pipeline: from_tensor_slices over (image, label) arrays, a map that
# normalises, randomly flips and crops (pad then random_crop), cache, shuffle, batch and
# prefetch, plus a separate validation pipeline; consumed by model.fit.
import numpy as np
import tensorflow as tf

HEIGHT = WIDTH = 16
CHANNELS = 3
CLASSES = 4
BATCH_SIZE = 8
AUTOTUNE = tf.data.AUTOTUNE


def preprocess(image, label):
    image = tf.cast(image, tf.float32) / 255.0
    return image, tf.one_hot(label, CLASSES)


def augment(image, label):
    image = tf.image.random_flip_left_right(image)
    image = tf.image.resize_with_crop_or_pad(image, HEIGHT + 4, WIDTH + 4)
    image = tf.image.random_crop(image, size=[HEIGHT, WIDTH, CHANNELS])
    image = tf.image.random_brightness(image, max_delta=0.1)
    return image, label


def make_dataset(images, labels, training):
    ds = tf.data.Dataset.from_tensor_slices((images, labels))
    ds = ds.map(preprocess, num_parallel_calls=AUTOTUNE).cache()
    if training:
        ds = ds.shuffle(buffer_size=len(images), seed=4).map(augment, num_parallel_calls=AUTOTUNE)
    return ds.batch(BATCH_SIZE).prefetch(AUTOTUNE)


rng = np.random.RandomState(9)
all_images = rng.randint(0, 256, size=(40, HEIGHT, WIDTH, CHANNELS)).astype(np.uint8)
all_labels = rng.randint(0, CLASSES, size=40).astype(np.int64)
train_ds = make_dataset(all_images[:32], all_labels[:32], training=True)
val_ds = make_dataset(all_images[32:], all_labels[32:], training=False)

for batch_images, batch_labels in train_ds.take(1):
    print("batch", batch_images.shape, batch_labels.shape)

model = tf.keras.Sequential([
    tf.keras.layers.Input(shape=(HEIGHT, WIDTH, CHANNELS)),
    tf.keras.layers.Conv2D(12, 3, activation="relu"),
    tf.keras.layers.MaxPool2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(CLASSES, activation="softmax"),
])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
model.fit(train_ds, validation_data=val_ds, epochs=1, verbose=0)
print("val metrics", model.evaluate(val_ds, verbose=0))
