# pattern: api
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional model built with Keras 1's Model(input=..., output=...).  keras 2.3.1 (standalone,
# beside TensorFlow 1.15) renames them to inputs= and outputs= with a warning; Keras 2.15 raises
# TypeError ('Keyword argument not understood:', 'input'), Keras 3 ValueError "Unrecognized
# keyword arguments passed to Model".  Written for this corpus, not posted.
import numpy as np
from keras.layers import Dense, Input
from keras.models import Model

features = Input(shape=(8,))
hidden = Dense(16, activation="relu")(features)
scores = Dense(3, activation="softmax")(hidden)
model = Model(inputs=features, outputs=scores)
model.compile(optimizer="adam", loss="categorical_crossentropy")
print(model.predict(np.zeros((2, 8), dtype="float32")).shape)
