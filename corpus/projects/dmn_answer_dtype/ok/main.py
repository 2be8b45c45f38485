"""Train the memory network for one epoch and report its accuracy."""
import tensorflow as tf

from models.dmn import DMN, accuracy
from utils.data_utils import VOCAB_SIZE, load_babi, make_dataset

model = DMN(VOCAB_SIZE, hidden=16)
optimizer = tf.keras.optimizers.Adam(1e-3)
facts, questions, answers = load_babi(8)
for inputs, target in make_dataset(facts, questions, answers, batch_size=4):
    with tf.GradientTape() as tape:
        logits = model(inputs)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=logits))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print("loss %.3f accuracy %.3f" % (float(loss), float(accuracy(logits, target))))
