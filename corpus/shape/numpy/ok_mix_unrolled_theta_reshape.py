# pattern: 26
# style: numpy
# tf: 1.15, 2.15, 2.21
# A one-hidden-layer network in plain numpy whose parameters live in one flat vector (for
# an optimiser that wants a vector).  The weight matrices carry a bias column, so Theta1
# is (hidden, n_in + 1); the unpacking slice was written as hidden * n_in and forgets that
# column, so the slice cannot be reshaped to (hidden, n_in + 1).
import argparse

import numpy as np


def parse_args():
    parser = argparse.ArgumentParser(description="Numpy MLP with unrolled parameters")
    parser.add_argument("--n_in", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=12)
    parser.add_argument("--n_out", type=int, default=4)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--lam", type=float, default=0.1)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--iters", type=int, default=2)
    return parser.parse_args([])


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def add_bias(a):
    return np.hstack([np.ones((a.shape[0], 1)), a])


def unroll(theta1, theta2):
    return np.concatenate([theta1.ravel(), theta2.ravel()])


def roll(params, n_in, hidden, n_out):
    split = hidden * (n_in + 1)
    theta1 = params[:split].reshape(hidden, n_in + 1)
    theta2 = params[split:].reshape(n_out, hidden + 1)
    return theta1, theta2


def cost_and_grad(params, x, y_onehot, dims, lam):
    n_in, hidden, n_out = dims
    theta1, theta2 = roll(params, n_in, hidden, n_out)
    m = x.shape[0]
    a1 = add_bias(x)
    a2 = add_bias(sigmoid(a1 @ theta1.T))
    h = sigmoid(a2 @ theta2.T)
    reg = lam / (2 * m) * (np.sum(theta1[:, 1:] ** 2) + np.sum(theta2[:, 1:] ** 2))
    cost = -np.sum(y_onehot * np.log(h) + (1 - y_onehot) * np.log(1 - h)) / m + reg

    d3 = h - y_onehot
    d2 = (d3 @ theta2[:, 1:]) * a2[:, 1:] * (1 - a2[:, 1:])
    grad1 = d2.T @ a1 / m
    grad2 = d3.T @ a2 / m
    grad1[:, 1:] += lam / m * theta1[:, 1:]
    grad2[:, 1:] += lam / m * theta2[:, 1:]
    return cost, unroll(grad1, grad2)


def random_init(rows, cols, rng, eps=0.12):
    return rng.uniform(-eps, eps, size=(rows, cols))


def main():
    args = parse_args()
    rng = np.random.RandomState(8)
    x = rng.randn(args.samples, args.n_in)
    labels = np.argmax(x[:, :args.n_out], axis=1)
    y_onehot = np.eye(args.n_out)[labels]
    dims = (args.n_in, args.hidden, args.n_out)

    params = unroll(random_init(args.hidden, args.n_in + 1, rng),
                    random_init(args.n_out, args.hidden + 1, rng))
    for it in range(args.iters):
        cost, grad = cost_and_grad(params, x, y_onehot, dims, args.lam)
        params = params - args.lr * grad
        print("iter %d  cost %.4f" % (it, cost))

    theta1, theta2 = roll(params, *dims)
    hidden = sigmoid(add_bias(x) @ theta1.T)
    predictions = np.argmax(add_bias(hidden) @ theta2.T, axis=1)
    print("training accuracy %.2f" % np.mean(predictions == labels))


if __name__ == "__main__":
    main()
