# pattern: 34
# style: keras
# tf: 1.15
# source: https://github.com/keras-team/keras/issues/11409
# class: B3
# The weights of one convolution are copied into another with set_weights, but the source layer
# reads 128 channels and the target 256: "Layer weight shape (3, 3, 256, 256) not compatible
# with provided weight shape (3, 3, 128, 256)".
from keras.layers import Conv2D, Input
from keras.models import Model

inputs = Input(shape=(32, 32, 3))
x = Conv2D(128, 3, padding="same", name="block2_conv1")(inputs)
x = Conv2D(256, 3, padding="same", name="block3_conv1")(x)
x = Conv2D(256, 3, padding="same", name="block3_conv2")(x)
model = Model(inputs, x)

source = model.get_layer("block3_conv1")
target = model.get_layer("block3_conv2")
target.set_weights(source.get_weights())  # expect: ST116
print([w.shape for w in target.get_weights()])
