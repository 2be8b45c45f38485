# pattern: 26
# style: tf1
# tf: 2.15, 2.21
# A heartbeat classifier cuts a fixed window around every detected R peak of a synthetic
# ECG trace.  The first beat sits closer to the start of the recording than the window's
# left half, so its slice comes out shorter, and turning the list of beats into a float
# array fails on the ragged list.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

FS = 250            # samples per second
BEFORE, AFTER = 60, 90
SECONDS = 12
CLASSES = 2         # normal, premature


def synthetic_ecg(rng):
    n = FS * SECONDS
    t = np.arange(n)
    signal = 0.05 * rng.randn(n)
    beat_times, labels = [], []
    pos = 30
    while pos < n - 20:
        premature = rng.rand() < 0.25
        width = 6 if not premature else 11
        signal += np.exp(-0.5 * ((t - pos) / width) ** 2) * (1.0 if not premature else 0.7)
        beat_times.append(pos)
        labels.append(int(premature))
        pos += int(FS * (0.8 if not premature else 0.55)) + rng.randint(-10, 10)
    return signal.astype(np.float32), np.array(beat_times), np.array(labels)


def detect_peaks(signal, threshold=0.5, refractory=40):
    peaks, last = [], -refractory
    for i in range(1, len(signal) - 1):
        if signal[i] > threshold and signal[i] >= signal[i - 1] and signal[i] >= signal[i + 1]:
            if i - last >= refractory:
                peaks.append(i)
                last = i
    return np.array(peaks)


def label_peaks(peaks, beat_times, labels):
    nearest = np.abs(peaks[:, None] - beat_times[None, :]).argmin(axis=1)
    return labels[nearest]


def beat_classifier(beats):
    x = tf.expand_dims(beats, -1)
    k1 = tf.get_variable("k1", [7, 1, 8])
    h = tf.nn.relu(tf.nn.conv1d(x, k1, stride=2, padding="SAME"))
    k2 = tf.get_variable("k2", [5, 8, 16])
    h = tf.nn.relu(tf.nn.conv1d(h, k2, stride=2, padding="SAME"))
    h = tf.reduce_max(h, axis=1)
    w = tf.get_variable("w", [16, CLASSES])
    return tf.matmul(h, w)


def main():
    rng = np.random.RandomState(21)
    signal, beat_times, labels = synthetic_ecg(rng)
    peaks = detect_peaks(signal)
    peaks = peaks[(peaks >= BEFORE) & (peaks + AFTER <= len(signal))]
    segments = [signal[max(p - BEFORE, 0):p + AFTER] for p in peaks]
    beats = np.array(segments, dtype=np.float32)
    beat_labels = label_peaks(peaks, beat_times, labels)
    beats = (beats - beats.mean(axis=1, keepdims=True)) / (beats.std(axis=1, keepdims=True) + 1e-6)

    x = tf.placeholder(tf.float32, [None, BEFORE + AFTER])
    y = tf.placeholder(tf.int64, [None])
    logits = beat_classifier(x)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
    train_op = tf.train.AdamOptimizer(1e-2).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value = sess.run([train_op, loss], {x: beats, y: beat_labels})
            print("step %d  loss %.4f" % (step, value))
        print("accuracy on %d beats: %.2f" % (len(beats), sess.run(accuracy, {x: beats, y: beat_labels})))


if __name__ == "__main__":
    main()
