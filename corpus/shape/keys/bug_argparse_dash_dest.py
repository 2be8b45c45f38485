# pattern: keys
# style: numpy
# --batch-size becomes args.batch_size; the script reads args.batchsize.
import argparse

import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("--batch-size", type=int, default=4)
parser.add_argument("--epochs", type=int, default=1)
args = parser.parse_args()

data = np.ones((12, 2))
for epoch in range(args.epochs):
    batches = len(data) // args.batchsize  # expect: ST151
    print(epoch, batches)
