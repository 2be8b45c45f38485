"""A stochastic-adversarial-style predictor reduced to one dense step per frame."""
import tensorflow as tf

from .base_model import VideoPredictionModel


class SAVPVideoPredictionModel(VideoPredictionModel):
    def generator_fn(self, inputs):
        images = inputs["images"]
        frames = images.get_shape().as_list()[1]
        size = images.get_shape().as_list()[2]
        w = tf.get_variable("step", [size, size])
        gen_images = tf.stack([tf.matmul(images[:, t], w) for t in range(frames - 1)], axis=1)
        outputs = {"gen_images": gen_images}
        if self.hparams["use_state"]:
            state_w = tf.get_variable("state_step", [2, 2])
            outputs["gen_states"] = tf.stack(
                [tf.matmul(inputs["states"][:, t], state_w) for t in range(frames - 1)], axis=1)
        return outputs
