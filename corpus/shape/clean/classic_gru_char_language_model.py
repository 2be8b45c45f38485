# pattern: clean
# style: tf2
# tf: 2.15, 2.21
# Character-level GRU language model: a text string is turned into id windows with tf.data
# (batch of length+1, split into input/target), a stateless GRU predicts the next character
# at every position, trained with a tf.function train step; then greedy sampling.
import numpy as np
import tensorflow as tf

TEXT = ("the quick brown fox jumps over the lazy dog while the cat sleeps "
        "and the bird sings a song about the river and the hills ") * 3
SEQ_LEN = 20
BATCH = 4

chars = sorted(set(TEXT))
char_to_id = {c: i for i, c in enumerate(chars)}
id_to_char = np.array(chars)
encoded = np.array([char_to_id[c] for c in TEXT], dtype=np.int32)
vocab_size = len(chars)


def split_input_target(chunk):
    return chunk[:-1], chunk[1:]


dataset = (tf.data.Dataset.from_tensor_slices(encoded)
           .batch(SEQ_LEN + 1, drop_remainder=True)
           .map(split_input_target)
           .shuffle(64, seed=0)
           .batch(BATCH, drop_remainder=True))

model = tf.keras.Sequential([
    tf.keras.layers.Embedding(vocab_size, 24),
    tf.keras.layers.GRU(48, return_sequences=True),
    tf.keras.layers.Dense(vocab_size),
])
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.Adam(0.005)


@tf.function
def train_step(inputs, targets):
    with tf.GradientTape() as tape:
        logits = model(inputs, training=True)
        loss = loss_fn(targets, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step, (inp, tgt) in enumerate(dataset.take(2)):
    print("step", step, "loss", float(train_step(inp, tgt)))


def generate(seed_text, length=15):
    ids = [char_to_id[c] for c in seed_text]
    for _ in range(length):
        logits = model(tf.constant([ids]))
        next_id = int(tf.argmax(logits[0, -1]))
        ids.append(next_id)
    return "".join(id_to_char[ids])


print(repr(generate("the ")))
