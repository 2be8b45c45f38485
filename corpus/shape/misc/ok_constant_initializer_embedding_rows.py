# pattern: 34
# style: tf1
# tf: 1.15, 2.15, 2.21
# Pretrained word vectors for 12 words initialise an embedding declared with a vocabulary of
# 10 through tf.constant_initializer: it fills a variable with at most as many values as the
# shape holds and refuses more ("Too many elements provided. Needed at most 40, but received
# 48").  The vocabulary size must count every word of the vector file.  Written for this
# corpus, not posted.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

vocabulary_size, width = 12, 4
vectors = np.random.RandomState(3).rand(12, width).astype("float32")
ids = tf.placeholder(tf.int32, [None])
embedding = tf.get_variable("embedding", [vocabulary_size, width], initializer=tf.constant_initializer(vectors))
looked_up = tf.nn.embedding_lookup(embedding, ids)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(looked_up, {ids: [0, 3, 9]}).shape)
