# pattern: 9
# style: tf2
# A single-image detector returns its boxes and scores with a batch axis of one;
# non_max_suppression takes the boxes of one image, [num_boxes, 4].
import tensorflow as tf

NUM_BOXES, MAX_KEEP = 50, 10
corners = tf.sort(tf.random.uniform([1, NUM_BOXES, 2, 2]), axis=2)
boxes = tf.reshape(corners, [1, NUM_BOXES, 4])
scores = tf.random.uniform([1, NUM_BOXES])
keep = tf.image.non_max_suppression(boxes[0], scores[0], MAX_KEEP, iou_threshold=0.5)
kept_boxes = tf.gather(boxes[0], keep)
print(kept_boxes.shape)
