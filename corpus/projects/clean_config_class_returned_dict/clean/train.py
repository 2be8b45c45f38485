"""Train both heads for one step on random images."""
import numpy as np
import tensorflow as tf

from config import ShapesConfig
from models import build_backbone, build_heads

config = ShapesConfig()
images = tf.placeholder(tf.float32, [None] + config.IMAGE_SHAPE)
classes = tf.placeholder(tf.int32, [None])
boxes = tf.placeholder(tf.float32, [None, 4])
outputs = build_heads(build_backbone(images), config)
class_loss = tf.reduce_mean(
    tf.nn.sparse_softmax_cross_entropy_with_logits(labels=classes, logits=outputs["class_logits"]))
box_loss = tf.reduce_mean(tf.abs(outputs["boxes"] - boxes))
train_op = tf.train.AdamOptimizer(1e-3).minimize(class_loss + box_loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {images: np.random.rand(config.BATCH_SIZE, *config.IMAGE_SHAPE),
            classes: np.random.randint(0, config.NUM_CLASSES, config.BATCH_SIZE),
            boxes: np.random.rand(config.BATCH_SIZE, 4)}
    print(sess.run([train_op, class_loss, box_loss], feed_dict=feed)[1:])
