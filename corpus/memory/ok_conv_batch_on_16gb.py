# device-memory: 16GiB
# bytes: 3288334336
# Fixed: batches of 32 images, 32 x 224 x 224 x 512 float32 = 3,288,334,336 bytes.
import tensorflow as tf

images = tf.zeros([32, 224, 224, 3])
kernel = tf.Variable(tf.random.normal([3, 3, 3, 512], stddev=0.05))
features = tf.nn.conv2d(images, kernel, strides=[1, 1, 1, 1], padding="SAME")
print(features.shape)
