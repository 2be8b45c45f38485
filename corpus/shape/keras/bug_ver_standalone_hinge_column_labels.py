# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# Standalone keras: a one-vs-rest SVM head with four classes trained with the hinge loss,
# but the +-1 label matrix was built for class 0 only, an (n, 1) column.  keras 2.3.1
# raises on the target shape; Keras 2.15 and 3 broadcast the column over the four margins.
import numpy as np
from keras import layers, models

CLASSES = 4
rng = np.random.default_rng(22)
embeddings = rng.normal(size=(36, 16)).astype("float32")
classes = rng.integers(0, CLASSES, size=36)
signs = np.where(classes[:, None] == np.arange(1), 1.0, -1.0).astype("float32")

model = models.Sequential([layers.Dense(CLASSES, input_shape=(16,))])
model.compile(optimizer="sgd", loss="hinge")
model.fit(embeddings, signs, epochs=1, batch_size=12, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
