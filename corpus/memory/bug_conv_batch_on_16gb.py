# device-memory: 16GiB
# bytes: 26306674688
# A batch of 256 224x224 images through a 512-filter SAME convolution: the output is
# 256 x 224 x 224 x 512 float32 = 26,306,674,688 bytes (24.5 GiB) on a 16 GiB GPU.
# Not run by the oracle: it would allocate that.
import tensorflow as tf

images = tf.zeros([256, 224, 224, 3])
kernel = tf.Variable(tf.random.normal([3, 3, 3, 512], stddev=0.05))
features = tf.nn.conv2d(images, kernel, strides=[1, 1, 1, 1], padding="SAME")  # expect: ST205
print(features.shape)
