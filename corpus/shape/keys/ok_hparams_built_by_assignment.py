# pattern: keys
# style: numpy
# Hyperparameters are filled in one by one; the optimizer reads a name never set.
import numpy as np

hparams = {}
hparams["lr"] = 0.05
hparams["hidden"] = 8
hparams["steps"] = 3

w = np.zeros(hparams["hidden"])
for _ in range(hparams["steps"]):
    grad = np.ones(hparams["hidden"])
    w -= hparams["lr"] * grad
print(w)
