# device-memory: 141GiB
# bytes: 655360000000000
# A pairwise similarity matrix over the samples, sized with a factor meant for something
# else: (128 * 100000)^2 float32 = 655,360,000,000,000 bytes (596 TiB), a numpy array in
# host memory larger than a 64-bit process can address (256 TiB): numpy raises
# "Unable to allocate 596. TiB" on any machine.  Not run: it would try to allocate that.
import numpy as np

features = np.random.rand(128, 20).astype(np.float32)
similarity = np.ones((len(features) * 100000, len(features) * 100000), dtype=np.float32)  # expect: ST205
print(similarity.shape)
