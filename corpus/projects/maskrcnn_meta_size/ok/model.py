"""A toy detector head that reads the image and its meta vector."""
import keras.layers as KL
import keras.models as KM


def build(config):
    input_image = KL.Input(shape=config.IMAGE_SHAPE, name="input_image")
    input_image_meta = KL.Input(shape=[config.IMAGE_META_SIZE], name="input_image_meta")
    features = KL.GlobalAveragePooling2D()(KL.Conv2D(8, 3, activation="relu")(input_image))
    meta = KL.Dense(8, activation="relu")(input_image_meta)
    score = KL.Dense(1, activation="sigmoid")(KL.Concatenate()([features, meta]))
    model = KM.Model([input_image, input_image_meta], score, name="toy_rcnn")
    model.compile(optimizer="sgd", loss="binary_crossentropy")
    return model
