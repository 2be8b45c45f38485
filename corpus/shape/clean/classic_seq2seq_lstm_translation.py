# pattern: clean
# style: keras
# tf: 2.15, 2.21
# Encoder-decoder (seq2seq) with teacher forcing: an LSTM encoder returns its states, which
# initialise the LSTM decoder; separate inference models are rebuilt from the trained layers
# and a greedy decoding loop produces an output sequence one step at a time.
import numpy as np
import tensorflow as tf
from tensorflow import keras

SRC_VOCAB, TGT_VOCAB = 30, 26
LATENT = 32
SRC_LEN, TGT_LEN = 7, 6
START_ID = 1

# --- training model -------------------------------------------------------------------
encoder_inputs = keras.Input(shape=(None,), name="src_ids")
enc_emb = keras.layers.Embedding(SRC_VOCAB, 16)(encoder_inputs)
encoder_lstm = keras.layers.LSTM(LATENT, return_state=True, name="encoder")
_, state_h, state_c = encoder_lstm(enc_emb)
encoder_states = [state_h, state_c]

decoder_inputs = keras.Input(shape=(None,), name="tgt_in_ids")
decoder_embedding = keras.layers.Embedding(TGT_VOCAB, 16)
decoder_lstm = keras.layers.LSTM(LATENT, return_sequences=True, return_state=True, name="decoder")
dec_seq, _, _ = decoder_lstm(decoder_embedding(decoder_inputs), initial_state=encoder_states)
decoder_dense = keras.layers.Dense(TGT_VOCAB, activation="softmax")
decoder_outputs = decoder_dense(dec_seq)

trainer = keras.Model([encoder_inputs, decoder_inputs], decoder_outputs)
trainer.compile(optimizer="adam", loss="sparse_categorical_crossentropy")

rng = np.random.RandomState(8)
src = rng.randint(2, SRC_VOCAB, size=(32, SRC_LEN))
tgt = rng.randint(2, TGT_VOCAB, size=(32, TGT_LEN))
tgt_in = np.concatenate([np.full((32, 1), START_ID), tgt[:, :-1]], axis=1)
trainer.fit([src, tgt_in], tgt, batch_size=8, epochs=1, verbose=0)

# --- inference models -----------------------------------------------------------------
encoder_model = keras.Model(encoder_inputs, encoder_states)
in_h = keras.Input(shape=(LATENT,))
in_c = keras.Input(shape=(LATENT,))
step_seq, out_h, out_c = decoder_lstm(decoder_embedding(decoder_inputs), initial_state=[in_h, in_c])
step_probs = decoder_dense(step_seq)
decoder_model = keras.Model([decoder_inputs, in_h, in_c], [step_probs, out_h, out_c])


def greedy_decode(source_row):
    h, c = encoder_model.predict(source_row[np.newaxis, :], verbose=0)
    token = np.array([[START_ID]])
    result = []
    for _ in range(TGT_LEN):
        probs, h, c = decoder_model.predict([token, h, c], verbose=0)
        next_id = int(np.argmax(probs[0, -1, :]))
        result.append(next_id)
        token = np.array([[next_id]])
    return result


print("source", src[0].tolist())
print("decoded", greedy_decode(src[0]))
print("encoder state", tf.shape(encoder_model(src[:2])[0]).numpy())
