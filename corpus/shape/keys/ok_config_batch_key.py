# pattern: keys
# style: numpy
# The training loop reads CONFIG['batch'] where the dict spells it 'batch_size'.
import numpy as np

CONFIG = {"epochs": 2, "batch_size": 4, "samples": 12}

data = np.arange(CONFIG["samples"] * 3, dtype=np.float32).reshape(CONFIG["samples"], 3)
for epoch in range(CONFIG["epochs"]):
    for start in range(0, CONFIG["samples"], CONFIG["batch_size"]):
        batch = data[start:start + CONFIG["batch_size"]]
        print(epoch, batch.mean())
