# pattern: keys
# style: numpy
# The script defines --lr but reads args.learning_rate.
import argparse

import numpy as np

parser = argparse.ArgumentParser(description="toy regression")
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--steps", type=int, default=5)
args = parser.parse_args()

w = np.zeros(3)
for _ in range(args.steps):
    w -= args.lr * np.ones(3)
print(w)
