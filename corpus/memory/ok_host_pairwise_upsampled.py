# device-memory: 141GiB
# bytes: 65536
# Fixed: one row and column per sample, 128 x 128 float32 = 65,536 bytes.
import numpy as np

features = np.random.rand(128, 20).astype(np.float32)
similarity = np.ones((len(features), len(features)), dtype=np.float32)
print(similarity.shape)
