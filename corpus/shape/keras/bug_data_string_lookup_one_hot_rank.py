# pattern: 28
# style: keras
# tf: 2.15
# Two categorical columns per sample are one-hot encoded with a StringLookup: under Keras 2
# a lookup's non-int output may have rank 2 at most, and (None, 2) would make rank 3.
from tensorflow import keras
from tensorflow.keras import layers

lookup = layers.StringLookup(vocabulary=["red", "green", "blue"], output_mode="one_hot")
colours = keras.Input(shape=(2,), dtype="string")
encoded = lookup(colours)  # expect: ST117
model = keras.Model(colours, layers.Dense(1)(layers.Flatten()(encoded)))
model.summary()
