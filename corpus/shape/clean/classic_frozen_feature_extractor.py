# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# Transfer-style workflow without downloaded weights: a small "backbone" CNN is first trained
# on a source task, then frozen and reused as a feature extractor inside a new functional model
# with its own head for a target task; finally the top block is unfrozen for fine-tuning.
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

IMG = (20, 20, 3)


def make_backbone():
    inputs = keras.Input(shape=IMG)
    x = layers.Conv2D(8, 3, activation="relu", name="b1_conv")(inputs)     # 18
    x = layers.MaxPooling2D(name="b1_pool")(x)                              # 9
    x = layers.Conv2D(16, 3, activation="relu", name="b2_conv")(x)          # 7
    x = layers.GlobalMaxPooling2D(name="b2_gmp")(x)
    return keras.Model(inputs, x, name="backbone")


rng = np.random.RandomState(123)
source_x = rng.rand(32, *IMG).astype("float32")
source_y = rng.randint(0, 10, 32)
target_x = rng.rand(24, *IMG).astype("float32")
target_y = rng.randint(0, 2, 24).astype("float32")

# 1. pre-train the backbone on the source task
backbone = make_backbone()
source_model = keras.Sequential([backbone, layers.Dense(10)], name="source")
source_model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
source_model.fit(source_x, source_y, epochs=1, batch_size=8, verbose=0)

# 2. freeze it and put a new head on top
backbone.trainable = False
new_inputs = keras.Input(shape=IMG, name="target_image")
features = backbone(new_inputs, training=False)
x = layers.Dropout(0.2)(features)
x = layers.Dense(12, activation="relu")(x)
prob = layers.Dense(1, activation="sigmoid")(x)
transfer = keras.Model(new_inputs, prob, name="transfer")
transfer.compile(optimizer=keras.optimizers.Adam(1e-3), loss="binary_crossentropy",
                 metrics=[keras.metrics.BinaryAccuracy()])
print("trainable weights while frozen:", len(transfer.trainable_weights))
transfer.fit(target_x, target_y, epochs=1, batch_size=8, verbose=0)

# 3. unfreeze the last conv layer only and fine-tune with a small learning rate
backbone.trainable = True
for layer in backbone.layers:
    layer.trainable = layer.name.startswith("b2")
transfer.compile(optimizer=keras.optimizers.Adam(1e-5), loss="binary_crossentropy",
                 metrics=[keras.metrics.BinaryAccuracy()])
print("trainable weights while fine-tuning:", len(transfer.trainable_weights))
transfer.fit(target_x, target_y, epochs=1, batch_size=8, verbose=0)

embedded = backbone.predict(target_x[:5], verbose=0)
print("features", embedded.shape, "probs", transfer.predict(target_x[:5], verbose=0).ravel())
print(tf.math.reduce_std(embedded, axis=0).shape)
