"""Base training programs (bug-free), one function per base, parameters drawn per job.

Every base runs in a few seconds on a CPU: tiny synthetic data, one or two steps or
epochs.  Tagged lines (``#@name``) are the places bug injectors change.
"""

from __future__ import annotations

import random
from string import Template

from jobgen.layout import Program


def _t(text: str, **values) -> str:
    return Template(text).substitute(**values)


def _params(v: dict, fixed: dict | None) -> dict:
    """Apply a recipe's fixed parameters; add derived ones ($size_p1, $flat_x4, ...)."""
    v = {**v, **(fixed or {})}
    if "flat" in v and "size" in v:
        v["flat"] = (v["size"] // 4) * (v["size"] // 4) * 32
    for key, value in list(v.items()):
        if isinstance(value, int) and not isinstance(value, bool):
            v[f"{key}_p1"], v[f"{key}_p4"] = value + 1, value + 4
            v[f"{key}_x2"], v[f"{key}_x4"] = value * 2, value * 4
    return v


# --- TF1 graph mode: an MLP on feature vectors ------------------------------------------

def tf1_mlp(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    v = dict(features=r.choice([8, 12, 16, 20, 32]), hidden=r.choice([16, 24, 32, 64]),
             classes=r.choice([3, 4, 5, 10]), batch=r.choice([8, 16, 32]), lr=r.choice([0.01, 0.05, 0.1]))
    v = _params(v, fixed)
    data = _t('''
def make_batch(batch_size, num_features, num_classes):
    """Random features and one-hot labels (stand-in for the feature store reader)."""
    features = np.random.rand(batch_size, num_features).astype(np.float32)  #@features
    labels = np.eye(num_classes)[np.random.randint(0, num_classes, batch_size)]  #@labels
    return features, labels  #@batch_return
''', **v)
    model = _t('''
def dense(inputs, in_size, out_size, name):
    weights = tf.Variable(tf.truncated_normal([in_size, out_size], stddev=0.1), name=name + "_w")  #@dense_w
    bias = tf.Variable(tf.zeros([out_size]), name=name + "_b")  #@dense_b
    return tf.matmul(inputs, weights) + bias  #@dense_matmul


def build_model(x, hidden, num_classes):
    h = tf.nn.relu(dense(x, $features, hidden, "hidden"))  #@hidden
    logits = dense(h, hidden, num_classes, "logits")  #@logits
    return logits  #@model_return
''', **v)
    main = _t('''
def parse_args():
    parser = argparse.ArgumentParser(description="MLP classifier")
    parser.add_argument("--batch_size", type=int, default=$batch)  #@arg_batch
    parser.add_argument("--lr", type=float, default=$lr)  #@arg_lr
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args()  #@parse


def main():
    args = parse_args()  #@args
    x = tf.placeholder(tf.float32, [None, $features], name="x")  #@x_ph
    y = tf.placeholder(tf.float32, [None, $classes], name="y")  #@y_ph
    logits = build_model(x, $hidden, $classes)  #@build
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))  #@loss
    train_op = tf.train.GradientDescentOptimizer(args.lr).minimize(loss)  #@train_op
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))  #@correct
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))  #@accuracy
    with tf.Session() as sess:  #@session
        sess.run(tf.global_variables_initializer())  #@init
        for step in range(args.steps):  #@loop
            batch_x, batch_y = make_batch(args.batch_size, $features, $classes)  #@batch
            _, loss_value, acc = sess.run([train_op, loss, accuracy], feed_dict={x: batch_x, y: batch_y})  #@run
            print("step %d loss %.4f acc %.3f" % (step, loss_value, acc))  #@print
    print("training finished")  #@finished


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("tf1_mlp", "tf1", {"main": "Train an MLP classifier on feature vectors (TF1 graph mode).",
                                       "model": "Model definition for the MLP classifier.",
                                       "data": "Batches for the MLP classifier."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["make_batch"], "model": ["build_model", "dense"]}), v


# --- TF1 graph mode: a small CNN on images -----------------------------------------------

def tf1_cnn(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    size = r.choice([16, 20, 24, 28])
    v = dict(size=size, channels=r.choice([1, 3]), classes=r.choice([5, 10]), batch=r.choice([4, 8, 16]),
             lr=r.choice([0.001, 0.0005]), flat=(size // 4) * (size // 4) * 32, out=size // 4)
    v = _params(v, fixed)
    data = _t('''
def make_images(batch_size):
    """A batch of random images and sparse labels."""
    images = np.random.rand(batch_size, $size, $size, $channels).astype(np.float32)  #@images
    labels = np.random.randint(0, $classes, size=batch_size)  #@labels
    return images, labels  #@batch_return
''', **v)
    model = _t('''
def conv_layer(inputs, in_channels, out_channels, name):
    with tf.variable_scope(name):
        kernel = tf.get_variable("kernel", [3, 3, in_channels, out_channels], initializer=tf.glorot_uniform_initializer())  #@kernel
        bias = tf.get_variable("bias", [out_channels], initializer=tf.zeros_initializer())  #@bias
        conv = tf.nn.conv2d(inputs, kernel, strides=[1, 1, 1, 1], padding="SAME")  #@conv
        return tf.nn.relu(conv + bias)  #@relu


def build_cnn(images, num_classes):
    net = conv_layer(images, $channels, 16, "conv1")  #@conv1
    net = tf.nn.max_pool(net, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")  #@pool1
    net = conv_layer(net, 16, 32, "conv2")  #@conv2
    net = tf.nn.max_pool(net, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")  #@pool2
    flat = tf.reshape(net, [-1, $flat])  #@flatten
    weights = tf.get_variable("fc_w", [$flat, num_classes])  #@fc_w
    return tf.matmul(flat, weights)  #@fc
''', **v)
    main = _t('''
def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=$batch)
    parser.add_argument("--lr", type=float, default=$lr)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--model_dir", default="checkpoints")  #@arg_model_dir
    return parser.parse_args()


def main():
    args = parse_args()  #@args
    images = tf.placeholder(tf.float32, [None, $size, $size, $channels], name="images")  #@images_ph
    labels = tf.placeholder(tf.int64, [None], name="labels")  #@labels_ph
    logits = build_cnn(images, $classes)  #@build
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))  #@loss
    optimizer = tf.train.AdamOptimizer(args.lr)  #@optimizer
    train_op = optimizer.minimize(loss)  #@train_op
    saver = tf.train.Saver()  #@saver
    with tf.Session() as sess:  #@session
        sess.run(tf.global_variables_initializer())  #@init
        for step in range(args.steps):  #@loop
            batch_images, batch_labels = make_images(args.batch_size)  #@batch
            _, value = sess.run([train_op, loss], feed_dict={images: batch_images, labels: batch_labels})  #@run
            print("step {}: loss={:.4f}".format(step, value))  #@print
        os.makedirs(args.model_dir, exist_ok=True)  #@makedirs
        saver.save(sess, os.path.join(args.model_dir, "model.ckpt"))  #@save


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("tf1_cnn", "tf1", {"main": "Train a small CNN on image batches (TF1 graph mode).",
                                       "model": "Convolutional network definition.",
                                       "data": "Image batches."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["make_images"], "model": ["build_cnn", "conv_layer"]}), v


# --- TF1 graph mode: linear regression ---------------------------------------------------

def tf1_regression(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    v = dict(features=r.choice([3, 4, 6, 8]), samples=r.choice([64, 100, 128]), lr=r.choice([0.01, 0.05]),
             epochs=r.choice([2, 3]), batch=r.choice([16, 32]))
    v = _params(v, fixed)
    data = _t('''
def load_dataset(num_samples):
    """Synthetic linear data: y = X w + noise."""
    rng = np.random.RandomState(0)
    features = rng.randn(num_samples, $features).astype(np.float32)  #@features
    true_w = rng.randn($features, 1).astype(np.float32)  #@true_w
    targets = features.dot(true_w) + 0.1 * rng.randn(num_samples, 1)  #@targets
    return features, targets.astype(np.float32)  #@data_return


def batches(features, targets, batch_size):
    for start in range(0, len(features), batch_size):  #@batches_loop
        yield features[start:start + batch_size], targets[start:start + batch_size]  #@yield
''', **v)
    model = _t('''
def linear_model(x):
    w = tf.get_variable("w", shape=[$features, 1], initializer=tf.zeros_initializer())  #@w
    b = tf.get_variable("b", shape=[1], initializer=tf.zeros_initializer())  #@b
    return tf.matmul(x, w) + b  #@pred
''', **v)
    main = _t('''
NUM_SAMPLES = $samples
EPOCHS = $epochs
BATCH_SIZE = $batch
LEARNING_RATE = $lr


def main():
    features, targets = load_dataset(NUM_SAMPLES)  #@load
    x = tf.placeholder(tf.float32, shape=[None, $features])  #@x_ph
    y = tf.placeholder(tf.float32, shape=[None, 1])  #@y_ph
    pred = linear_model(x)  #@build
    loss = tf.reduce_mean(tf.square(pred - y))  #@loss
    train_op = tf.train.AdamOptimizer(LEARNING_RATE).minimize(loss)  #@train_op
    with tf.Session() as sess:  #@session
        sess.run(tf.global_variables_initializer())  #@init
        for epoch in range(EPOCHS):  #@loop
            losses = []  #@losses
            for batch_x, batch_y in batches(features, targets, BATCH_SIZE):  #@inner
                _, value = sess.run([train_op, loss], feed_dict={x: batch_x, y: batch_y})  #@run
                losses.append(value)  #@append
            print("epoch", epoch, "mse", np.mean(losses))  #@print
        final = sess.run(pred, feed_dict={x: features[:5]})  #@predict
        print("predictions:", final.ravel())  #@final


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("tf1_regression", "tf1", {"main": "Fit a linear regression with gradient descent (TF1).",
                                              "model": "The linear model.", "data": "Synthetic regression data."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["load_dataset", "batches"], "model": ["linear_model"]}), v


# --- Keras: Sequential MLP with fit/evaluate ---------------------------------------------

def keras_mlp(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    v = dict(features=r.choice([10, 16, 20, 32]), hidden=r.choice([32, 64, 128]), classes=r.choice([3, 4, 5, 10]),
             batch=r.choice([16, 32]), epochs=r.choice([1, 2]), samples=r.choice([96, 128, 160]),
             lr=r.choice([0.001, 0.003]), dropout=r.choice([0.1, 0.2, 0.3]), verbose=r.choice([1, 1, 2]),
             outdir=r.choice(["outputs", "out", "artifacts"]))
    v = _params(v, fixed)
    data = _t('''
def load_data(num_samples, input_dim, num_classes, seed=0):
    rng = np.random.default_rng(seed)
    features = rng.normal(size=(num_samples, input_dim)).astype("float32")  #@features
    labels = rng.integers(0, num_classes, size=num_samples)  #@labels
    split = int(num_samples * 0.8)  #@split
    return (features[:split], labels[:split]), (features[split:], labels[split:])  #@data_return
''', **v)
    model = _t('''
def build_model(input_dim, num_classes, hidden=$hidden, dropout=$dropout):
    model = tf.keras.Sequential([  #@sequential
        tf.keras.Input(shape=(input_dim,)),  #@input
        tf.keras.layers.Dense(hidden, activation="relu"),  #@dense1
        tf.keras.layers.Dropout(dropout),  #@dropout
        tf.keras.layers.Dense(num_classes, activation="softmax"),  #@dense_out
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam($lr), loss="sparse_categorical_crossentropy", metrics=["accuracy"])  #@compile
    return model  #@model_return
''', **v)
    main = _t('''
CONFIG = {"epochs": $epochs, "batch_size": $batch, "input_dim": $features, "num_classes": $classes, "samples": $samples}  #@config
OUTPUT_DIR = "$outdir"


def main():
    (x_train, y_train), (x_val, y_val) = load_data(CONFIG["samples"], CONFIG["input_dim"], CONFIG["num_classes"])  #@load
    model = build_model(CONFIG["input_dim"], CONFIG["num_classes"])  #@build
    history = model.fit(x_train, y_train, validation_data=(x_val, y_val), epochs=CONFIG["epochs"], batch_size=CONFIG["batch_size"], verbose=$verbose)  #@fit
    loss, acc = model.evaluate(x_val, y_val, verbose=0)  #@evaluate
    print("val loss %.4f, val acc %.4f" % (loss, acc))  #@report
    print("best val acc:", max(history.history["val_accuracy"]))  #@history
    os.makedirs(OUTPUT_DIR, exist_ok=True)  #@makedirs
    model.save_weights(os.path.join(OUTPUT_DIR, "mlp.weights.h5"))  #@save


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("keras_mlp", "keras", {"main": "Train a Keras MLP classifier.", "model": "Keras model builder.",
                                           "data": "Synthetic tabular data."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["load_data"], "model": ["build_model"]}), v


# --- Keras functional CNN ----------------------------------------------------------------

def keras_cnn(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    v = dict(size=r.choice([16, 24, 32]), channels=r.choice([1, 3]), classes=r.choice([2, 5, 10]),
             filters=r.choice([8, 16]), batch=r.choice([8, 16]), samples=r.choice([48, 64]),
             verbose=r.choice([1, 2]), lr=r.choice([0.001, 0.01]))
    v = _params(v, fixed)
    data = _t('''
def make_dataset(num_samples, image_size, channels, num_classes):
    images = np.random.rand(num_samples, image_size, image_size, channels).astype("float32")  #@images
    labels = np.random.randint(0, num_classes, size=(num_samples,))  #@labels
    return images, tf.keras.utils.to_categorical(labels, num_classes)  #@data_return
''', **v)
    model = _t('''
def build_cnn(image_size, channels, num_classes, filters=$filters):
    inputs = tf.keras.Input(shape=(image_size, image_size, channels))  #@inputs
    x = tf.keras.layers.Conv2D(filters, 3, padding="same", activation="relu")(inputs)  #@conv1
    x = tf.keras.layers.MaxPooling2D(2)(x)  #@pool1
    x = tf.keras.layers.Conv2D(filters * 2, 3, padding="same", activation="relu")(x)  #@conv2
    x = tf.keras.layers.MaxPooling2D(2)(x)  #@pool2
    x = tf.keras.layers.Flatten()(x)  #@flatten
    outputs = tf.keras.layers.Dense(num_classes, activation="softmax")(x)  #@outputs
    return tf.keras.Model(inputs, outputs, name="small_cnn")  #@model_return
''', **v)
    main = _t('''
IMAGE_SIZE = $size
CHANNELS = $channels
NUM_CLASSES = $classes


def main():
    images, labels = make_dataset($samples, IMAGE_SIZE, CHANNELS, NUM_CLASSES)  #@load
    model = build_cnn(IMAGE_SIZE, CHANNELS, NUM_CLASSES)  #@build
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=$lr), loss="categorical_crossentropy", metrics=["accuracy"])  #@compile
    model.summary()  #@summary
    model.fit(images, labels, batch_size=$batch, epochs=1, validation_split=0.25, verbose=$verbose)  #@fit
    scores = model.predict(images[:4], verbose=0)  #@predict
    print("predicted classes:", scores.argmax(axis=1))  #@report


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("keras_cnn", "keras", {"main": "Train a small Keras CNN image classifier.",
                                           "model": "CNN built with the Keras functional API.",
                                           "data": "Random image data."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["make_dataset"], "model": ["build_cnn"]}), v


# --- Keras text classifier with a vocabulary ---------------------------------------------

SENTENCES = [
    ("the film was a delight from start to end", 1), ("dull plot and wooden acting", 0),
    ("a moving and clever story", 1), ("i walked out after twenty minutes", 0),
    ("great cast and a sharp script", 1), ("too long and far too loud", 0),
    ("the best thing i saw this year", 1), ("a mess of a movie", 0),
]


def keras_text(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    sample = r.sample(SENTENCES, 6)
    v = dict(maxlen=r.choice([6, 8, 10]), dim=r.choice([8, 16, 32]), units=r.choice([8, 16]),
             sentences=repr([s for s, _ in sample]), labels=repr([l for _, l in sample]),
             pooling=r.choice(["GlobalAveragePooling1D()", "LSTM($units)".replace("$units", str(r.choice([8, 16])))]))
    v = _params(v, fixed)
    data = _t('''
TEXTS = $sentences
LABELS = $labels


def build_vocab(texts):
    vocab = {"<pad>": 0, "<unk>": 1}  #@vocab_init
    for text in texts:
        for word in text.split():  #@vocab_loop
            if word not in vocab:  #@vocab_check
                vocab[word] = len(vocab)  #@vocab_add
    return vocab  #@vocab_return


def encode(texts, vocab, max_len):
    ids = np.zeros((len(texts), max_len), dtype="int32")  #@ids
    for row, text in enumerate(texts):
        for col, word in enumerate(text.split()[:max_len]):  #@encode_loop
            ids[row, col] = vocab.get(word, vocab["<unk>"])  #@lookup
    return ids  #@encode_return
''', **v)
    model = _t('''
def build_classifier(vocab_size, embed_dim=$dim, max_len=$maxlen):
    model = tf.keras.Sequential([  #@sequential
        tf.keras.Input(shape=(max_len,)),  #@input
        tf.keras.layers.Embedding(vocab_size, embed_dim),  #@embedding
        tf.keras.layers.$pooling,  #@pooling
        tf.keras.layers.Dense(1, activation="sigmoid"),  #@dense_out
    ])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])  #@compile
    return model  #@model_return
''', **v)
    main = _t('''
MAX_LEN = $maxlen


def main():
    vocab = build_vocab(TEXTS)  #@vocab
    inputs = encode(TEXTS, vocab, MAX_LEN)  #@encode
    targets = np.array(LABELS, dtype="float32")  #@targets
    model = build_classifier(len(vocab))  #@build
    model.fit(inputs, targets, epochs=2, batch_size=2, verbose=2)  #@fit
    probs = model.predict(encode(["a clever film"], vocab, MAX_LEN), verbose=0)  #@predict
    print("positive probability: %.3f" % probs[0][0])  #@report


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("keras_text", "keras", {"main": "Sentiment classifier on a toy review set.",
                                            "model": "Embedding classifier.", "data": "Vocabulary and encoding."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["TEXTS", "LABELS", "build_vocab", "encode"], "model": ["build_classifier"]}), v


# --- TF2 eager: custom training loop with GradientTape -----------------------------------

def tf2_loop(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    v = dict(features=r.choice([8, 16, 24]), hidden=r.choice([16, 32, 64]), classes=r.choice([3, 4, 10]),
             batch=r.choice([8, 16]), samples=r.choice([32, 64]), lr=r.choice([0.01, 0.1]),
             decorate=r.choice(["@tf.function\n", ""]))
    v = _params(v, fixed)
    data = _t('''
def make_dataset(num_samples, num_features, num_classes, batch_size):
    features = np.random.randn(num_samples, num_features).astype(np.float32)  #@features
    labels = np.random.randint(0, num_classes, size=num_samples).astype(np.int64)  #@labels
    dataset = tf.data.Dataset.from_tensor_slices((features, labels))  #@from_slices
    return dataset.shuffle(num_samples).batch(batch_size)  #@data_return
''', **v)
    model = _t('''
class Classifier(tf.keras.Model):
    def __init__(self, hidden_units, num_classes):
        super().__init__()
        self.hidden_units = hidden_units  #@hidden_units
        self.hidden = tf.keras.layers.Dense(hidden_units, activation="relu")  #@hidden_layer
        self.classifier = tf.keras.layers.Dense(num_classes)  #@out_layer

    def call(self, inputs, training=False):
        x = self.hidden(inputs)  #@call_hidden
        return self.classifier(x)  #@call_out
''', **v)
    main = _t('''
EPOCHS = 2
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)  #@loss_fn
optimizer = tf.keras.optimizers.SGD(learning_rate=$lr)  #@optimizer


${decorate}def train_step(model, features, labels):
    with tf.GradientTape() as tape:
        logits = model(features, training=True)  #@forward
        loss = loss_fn(labels, logits)  #@loss
    grads = tape.gradient(loss, model.trainable_variables)  #@grads
    optimizer.apply_gradients(zip(grads, model.trainable_variables))  #@apply
    return loss  #@step_return


def main():
    dataset = make_dataset($samples, $features, $classes, $batch)  #@load
    model = Classifier($hidden, $classes)  #@build
    for epoch in range(EPOCHS):  #@loop
        total = 0.0  #@total
        for features, labels in dataset:  #@inner
            loss = train_step(model, features, labels)  #@step
            total += float(loss)  #@accumulate
        print("epoch %d: loss %.4f" % (epoch, total))  #@print


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("tf2_loop", "tf2", {"main": "Custom training loop with tf.GradientTape.",
                                        "model": "A subclassed Keras classifier.", "data": "tf.data input pipeline."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["make_dataset"], "model": ["Classifier"]}), v


# --- TF2 eager: autoencoder, raw ops ------------------------------------------------------

def tf2_autoencoder(r: random.Random, fixed: dict | None = None) -> tuple[Program, dict]:
    v = dict(dim=r.choice([16, 32, 64]), code=r.choice([4, 8]), batch=r.choice([8, 16]), lr=r.choice([0.01, 0.001]))
    v = _params(v, fixed)
    data = _t('''
def sample_batch(batch_size, dim):
    """Noisy low-rank vectors for the autoencoder."""
    basis = np.random.randn(3, dim).astype(np.float32)  #@basis
    weights = np.random.randn(batch_size, 3).astype(np.float32)  #@weights
    return tf.constant(weights @ basis)  #@sample_return
''', **v)
    model = _t('''
class AutoEncoder:
    def __init__(self, dim, code_size):
        init = tf.random_normal_initializer(stddev=0.1)  #@init
        self.encoder_w = tf.Variable(init([dim, code_size]), name="encoder_w")  #@enc_w
        self.decoder_w = tf.Variable(init([code_size, dim]), name="decoder_w")  #@dec_w
        self.bias = tf.Variable(tf.zeros([dim]), name="bias")  #@bias

    @property
    def variables(self):
        return [self.encoder_w, self.decoder_w, self.bias]  #@variables

    def encode(self, x):
        return tf.nn.tanh(tf.matmul(x, self.encoder_w))  #@encode

    def decode(self, code):
        return tf.matmul(code, self.decoder_w) + self.bias  #@decode

    def reconstruct(self, x):
        return self.decode(self.encode(x))  #@reconstruct
''', **v)
    main = _t('''
DIM = $dim
CODE_SIZE = $code
STEPS = 2


def main():
    model = AutoEncoder(DIM, CODE_SIZE)  #@build
    optimizer = tf.keras.optimizers.Adam(learning_rate=$lr)  #@optimizer
    for step in range(STEPS):  #@loop
        batch = sample_batch($batch, DIM)  #@batch
        with tf.GradientTape() as tape:
            recon = model.reconstruct(batch)  #@forward
            loss = tf.reduce_mean(tf.square(recon - batch))  #@loss
        grads = tape.gradient(loss, model.variables)  #@grads
        optimizer.apply_gradients(zip(grads, model.variables))  #@apply
        print("step", step, "reconstruction loss", float(loss))  #@print


if __name__ == "__main__":
    main()  #@call_main
''', **v)
    return Program("tf2_autoencoder", "tf2", {"main": "Train a linear-tanh autoencoder in eager TF2.",
                                               "model": "Autoencoder with raw variables.",
                                               "data": "Synthetic low-rank data."},
                   {"data": data, "model": model, "main": main},
                   {"data": ["sample_batch"], "model": ["AutoEncoder"]}), v


BASES = {f.__name__: f for f in (tf1_mlp, tf1_cnn, tf1_regression, keras_mlp, keras_cnn, keras_text, tf2_loop,
                                 tf2_autoencoder)}
