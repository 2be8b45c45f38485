# pattern: clean
# style: keras
# tf: 2.15, 2.21
# fastText-like news-topic classifier: TextVectorization builds a vocabulary from raw strings
# (adapt), an Embedding is averaged with GlobalAveragePooling1D and fed to a softmax; the
# vectorizer is part of an end-to-end model that accepts raw strings at prediction time.
import numpy as np
import tensorflow as tf

TOPICS = ["sports", "science", "politics"]
WORDS = {
    "sports": "match goal team score league coach player win season stadium".split(),
    "science": "atom cell energy physics lab theory data planet gene quantum".split(),
    "politics": "vote election senate law policy party minister debate tax campaign".split(),
}
SEQUENCE_LENGTH = 12


def make_corpus(n, rng):
    texts, labels = [], []
    for _ in range(n):
        topic = rng.randint(len(TOPICS))
        words = rng.choice(WORDS[TOPICS[topic]], size=rng.randint(4, 10))
        texts.append(" ".join(words))
        labels.append(topic)
    return np.array(texts), np.array(labels)


rng = np.random.RandomState(13)
train_texts, train_labels = make_corpus(60, rng)
test_texts, test_labels = make_corpus(9, rng)

vectorizer = tf.keras.layers.TextVectorization(max_tokens=64, output_mode="int",
                                               output_sequence_length=SEQUENCE_LENGTH)
vectorizer.adapt(train_texts)
vocab_size = len(vectorizer.get_vocabulary())
print("vocabulary size", vocab_size)

classifier = tf.keras.Sequential([
    tf.keras.Input(shape=(SEQUENCE_LENGTH,), dtype="int64"),
    tf.keras.layers.Embedding(vocab_size, 10),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(len(TOPICS), activation="softmax"),
])
classifier.compile(optimizer=tf.keras.optimizers.Adam(0.01),
                   loss="sparse_categorical_crossentropy", metrics=["accuracy"])

train_ids = vectorizer(train_texts)
classifier.fit(train_ids, train_labels, epochs=1, batch_size=12, verbose=0)
print("test", classifier.evaluate(vectorizer(test_texts), test_labels, verbose=0))

raw_input = tf.keras.Input(shape=(1,), dtype="string")
end_to_end = tf.keras.Model(raw_input, classifier(vectorizer(raw_input)))
probs = end_to_end.predict(tf.constant([["goal team win"], ["quantum energy lab"]]), verbose=0)
for row in probs:
    print(TOPICS[int(np.argmax(row))], np.round(row, 3))
