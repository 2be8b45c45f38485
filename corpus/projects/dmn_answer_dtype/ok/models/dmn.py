"""A memory network reduced to averaged embeddings of facts and question."""
import tensorflow as tf


class DMN(tf.keras.Model):
    def __init__(self, vocab_size, hidden):
        super(DMN, self).__init__()
        self.embed = tf.keras.layers.Embedding(vocab_size, hidden)
        self.out = tf.keras.layers.Dense(vocab_size)

    def call(self, inputs):
        facts, question = inputs
        memory = tf.reduce_mean(self.embed(facts), axis=1) + tf.reduce_mean(self.embed(question), axis=1)
        return self.out(memory)


def accuracy(logits, answers):
    predicts = tf.argmax(logits, axis=1)
    corrects = tf.equal(tf.cast(predicts, answers.dtype), answers)
    return tf.reduce_mean(tf.cast(corrects, tf.float32))
