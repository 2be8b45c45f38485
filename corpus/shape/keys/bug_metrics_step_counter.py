# pattern: keys
# style: numpy
# A metrics dict counts 'steps'; the loop increments 'step'.
import numpy as np

losses = np.linspace(1.0, 0.1, 6)
metrics = {"loss": 0.0, "steps": 0}
for value in losses:
    metrics["loss"] += float(value)
    metrics["step"] += 1  # expect: ST150
print("mean loss %.3f" % (metrics["loss"] / metrics["steps"]))
