"""Class and box heads on the last backbone stage."""
import tensorflow as tf


def build_heads(stages, config):
    flat = tf.reshape(stages["c2"], [-1, config.FLAT_SIZE])
    w_cls = tf.get_variable("cls", [config.FLAT_SIZE, config.NUM_CLASSES])
    w_box = tf.get_variable("box", [config.FLAT_SIZE, 4])
    return {"class_logits": tf.matmul(flat, w_cls), "boxes": tf.matmul(flat, w_box)}
