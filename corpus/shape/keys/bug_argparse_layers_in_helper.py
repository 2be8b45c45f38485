# pattern: keys
# style: numpy
# A helper adds --num_layers; the model reads args.layers.
import argparse


def add_model_arguments(parser):
    parser.add_argument("--num_layers", type=int, default=2)
    parser.add_argument("--units", type=int, default=16)


parser = argparse.ArgumentParser()
add_model_arguments(parser)
args = parser.parse_args()
sizes = [args.units] * args.layers  # expect: ST151
print(sizes)
