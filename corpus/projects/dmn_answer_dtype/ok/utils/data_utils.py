"""bAbI-like facts, questions and answer word ids as a tf.data pipeline."""
import numpy as np
import tensorflow as tf

VOCAB_SIZE = 20
FACT_LENGTH = 5


def load_babi(count):
    facts = np.random.randint(1, VOCAB_SIZE, (count, FACT_LENGTH))
    questions = np.random.randint(1, VOCAB_SIZE, (count, FACT_LENGTH))
    answers = np.random.randint(1, VOCAB_SIZE, count).astype(np.int32)
    return facts, questions, answers


def make_dataset(facts, questions, answers, batch_size):
    return tf.data.Dataset.from_tensor_slices(((facts, questions), answers)).batch(batch_size)
