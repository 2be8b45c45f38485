"""Data through scikit-learn: splits, scalers, encoders, PCA, datasets, and what stays unknown."""

from __future__ import annotations

import pytest

from tests.data_sources.support import (
    assert_marked,
    errors,
    messages,
    run,
    shape,
    shapes,
)

HEAD = """
import numpy as np
from sklearn.model_selection import train_test_split, KFold, StratifiedKFold
from sklearn.preprocessing import StandardScaler, MinMaxScaler, LabelEncoder, LabelBinarizer, OneHotEncoder
from sklearn.decomposition import PCA
from sklearn.utils import shuffle
from tensorflow import keras
"""

MLP = """
model = keras.Sequential([keras.layers.Input(shape=({width},)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
"""


# -- train_test_split -----------------------------------------------------------------------

@pytest.mark.parametrize("rows,arguments,train,test", [
    (40, "test_size=0.2", 32, 8),
    (10, "test_size=0.25", 7, 3),  # ceil(2.5) test rows
    (150, "", 112, 38),  # the default test_size is 0.25
    (100, "test_size=30", 70, 30),
    (10, "train_size=0.75", 7, 3),  # floor(7.5) train rows, the rest for test
    (10, "test_size=0.1, train_size=0.5", 5, 1),
    (30, "test_size=0.1", 27, 3),  # ceil(0.1 * 30) is 4 in floating point; 3.0000000000000004 -> 4
])
def test_rows_as_sklearn_computes_them(rows, arguments, train, test):
    import math
    if arguments == "test_size=0.1" and rows == 30:
        test = math.ceil(0.1 * 30)  # scikit-learn's own arithmetic
        train = rows - test
    g = run(HEAD + f"""
X = np.zeros(({rows}, 6))
y = np.zeros({rows})
X_train, X_test, y_train, y_test = train_test_split(X, y, {arguments})
""")
    assert [shape(g[n]) for n in ("X_train", "X_test", "y_train", "y_test")] == \
        [[train, 6], [test, 6], [train], [test]]


def test_any_number_of_arrays_two_parts_each_in_order():
    g = run(HEAD + """
parts = train_test_split(np.zeros((20, 3)), np.zeros(20), np.zeros((20, 4, 4)), test_size=5)
""")
    assert shapes(g["parts"]) == [[15, 3], [5, 3], [15], [5], [15, 4, 4], [5, 4, 4]]


def test_unknown_rows_are_shared_by_the_parts_of_one_call():
    source = HEAD + """
import sys
n = int(sys.argv[1])
X = np.zeros((n, 6))
y = np.zeros(n)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2)
""" + MLP.format(width=6) + """
model.fit(X_train, y_train)
model.evaluate(X_test, y_test)
"""
    assert errors(source, possible=True) == []


def test_data_frames_stay_frames():
    g = run(HEAD + """
import pandas as pd
df = pd.DataFrame({"a": [1.0] * 8, "b": [2.0] * 8, "y": [0] * 8})
X_train, X_test, y_train, y_test = train_test_split(df.drop(columns=["y"]), df["y"], test_size=0.25)
""")
    assert g["X_train"].type_name == "pd.DataFrame" and shape(g["X_train"]) == [6, 2]
    assert g["y_test"].type_name == "pd.Series" and shape(g["y_test"]) == [2]


def test_inconsistent_lengths_fail():
    source = HEAD + """
X_train, X_test, y_train, y_test = train_test_split(np.zeros((10, 3)), np.zeros(8))  # <- ST108
"""
    assert_marked(source)
    assert "inconsistent numbers of samples: [10, 8]" in messages(source)[0]


def test_a_test_count_as_large_as_the_data_fails():
    assert_marked(HEAD + "parts = train_test_split(np.zeros((150, 4)), test_size=200)  # <- ST130\n")


def test_mixing_train_and_test_parts_is_reported_by_fit():
    source = HEAD + """
X_train, X_test, y_train, y_test = train_test_split(np.zeros((40, 6)), np.zeros(40), test_size=0.25)
""" + MLP.format(width=6) + """
model.fit(X_train, y_test)  # <- ST118
"""
    assert_marked(source)


def test_unknown_input_stays_unknown():
    source = HEAD + """
import pickle
X, y = pickle.load(open("data.pkl", "rb"))
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2)
X_train = StandardScaler().fit_transform(X_train)
""" + MLP.format(width=13) + """
model.fit(X_train, y_train)
"""
    assert errors(source) == []


# -- splitters and shuffle --------------------------------------------------------------------

def test_kfold_with_equal_folds_gives_exact_index_arrays():
    source = HEAD + MLP.format(width=6) + """
X = np.zeros((100, 6))
y = np.zeros(100)
kf = KFold(n_splits=5, shuffle=True)
for fold, (train_idx, val_idx) in enumerate(kf.split(X)):
    x_fold, y_fold = X[train_idx], y[val_idx]
    model.fit(x_fold, y_fold)  # <- ST118
"""
    g = run(source.replace("    model.fit(x_fold, y_fold)  # <- ST118\n", ""))
    assert shape(g["x_fold"]) == [80, 6] and shape(g["y_fold"]) == [20]
    assert_marked(source)


def test_other_splitters_give_index_arrays_of_unknown_length():
    source = HEAD + MLP.format(width=6) + """
X = np.zeros((100, 6))
y = np.zeros(100)
for train_idx, val_idx in StratifiedKFold(n_splits=3).split(X, y):
    x_fold, y_fold = X[train_idx], y[train_idx]
    model.fit(x_fold, y_fold)
"""
    assert errors(source, possible=True) == []


def test_shuffle_keeps_the_shapes():
    g = run(HEAD + """
X, y = shuffle(np.zeros((30, 4)), np.zeros(30), random_state=0)
Z = shuffle(np.zeros((30, 4)))
""")
    assert shape(g["X"]) == [30, 4] and shape(g["y"]) == [30] and shape(g["Z"]) == [30, 4]


# -- scalers ----------------------------------------------------------------------------------

@pytest.mark.parametrize("scaler", ["StandardScaler", "MinMaxScaler", "RobustScaler", "MaxAbsScaler", "Normalizer"])
def test_scalers_keep_the_shape(scaler):
    g = run(HEAD + f"""
from sklearn.preprocessing import {scaler}
s = {scaler}()
a = s.fit_transform(np.zeros((30, 4)))
b = s.transform(np.zeros((5, 4)))
s.fit(np.zeros((30, 4)))
c = s.transform(np.zeros((7, 4)))
""")
    assert [shape(g[n]) for n in "abc"] == [[30, 4], [5, 4], [7, 4]]
    assert g["s"].attrs["n_features_in_"].value == 4


def test_a_1d_array_into_a_scaler_fails():
    source = HEAD + "y = MinMaxScaler().fit_transform(np.zeros(30))  # <- ST102\n"
    assert_marked(source)
    assert "Expected 2D array, got 1D array instead" in messages(source)[0]


def test_transform_on_another_width_fails():
    source = HEAD + """
s = StandardScaler()
s.fit(np.zeros((30, 3)))
b = s.transform(np.zeros((5, 4)))  # <- ST130
"""
    assert_marked(source)
    assert messages(source) == ["X has 4 features, but StandardScaler is expecting 3 features as input."]


def test_inverse_transform_of_one_predicted_column_fails():
    source = HEAD + """
s = MinMaxScaler()
scaled = s.fit_transform(np.zeros((30, 3)))
back = s.inverse_transform(np.zeros((30, 1)))  # <- ST103
ok = MinMaxScaler().fit(np.zeros((30, 1))).inverse_transform(np.zeros((30, 3)))
"""
    assert_marked(source)


def test_a_refit_to_another_width_makes_the_width_unknown():
    source = HEAD + """
s = StandardScaler()
a = s.fit_transform(np.zeros((30, 3)))
b = s.fit_transform(np.zeros((30, 5)))
c = s.transform(np.zeros((30, 5)))
"""
    assert errors(source) == []


def test_a_fit_in_either_branch_leaves_no_width():
    source = HEAD + """
import sys
s = StandardScaler()
if sys.argv[1] == "wide":
    s.fit(np.zeros((30, 5)))
else:
    s.fit(np.zeros((30, 3)))
c = s.transform(np.zeros((30, 5)))
"""
    assert errors(source) == []


# -- encoders ---------------------------------------------------------------------------------

def test_label_encoder_gives_a_vector():
    g = run(HEAD + """
a = LabelEncoder().fit_transform(np.zeros(30))
b = LabelEncoder().fit_transform(np.zeros((30, 1)))
""")
    assert shape(g["a"]) == [30] and shape(g["b"]) == [30]
    assert_marked(HEAD + "c = LabelEncoder().fit_transform(np.zeros((30, 2)))  # <- ST102\n")


def test_label_binarizer_width_is_the_class_count_but_one_column_for_two_classes():
    g = run(HEAD + """
from sklearn.preprocessing import label_binarize
two = LabelBinarizer().fit_transform(["cat", "dog", "dog", "cat"])
three = LabelBinarizer().fit_transform(["cat", "dog", "bird", "cat"])
many = LabelBinarizer().fit_transform(np.zeros(30))
binary = label_binarize(np.zeros(30), classes=[0, 1])
""")
    assert shape(g["two"]) == [4, 1] and shape(g["three"]) == [4, 3]
    assert shape(g["many"]) == [30, None] and shape(g["binary"]) == [30, 1]


def test_binary_labels_against_a_two_unit_softmax():
    source = HEAD + """
lb = LabelBinarizer()
y = lb.fit_transform(["spam", "ham", "ham", "spam", "ham", "spam", "ham", "ham"])
x = np.zeros((8, 5))
model = keras.Sequential([keras.layers.Input(shape=(5,)), keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(x, y)  # <- ST118
"""
    assert_marked(source)


def test_one_hot_encoder_width_from_categories():
    g = run(HEAD + """
enc = OneHotEncoder(categories=[["a", "b", "c"], ["x", "y"]], sparse_output=False)
a = enc.fit_transform(np.zeros((30, 2)))
b = enc.transform(np.zeros((5, 2)))
auto = OneHotEncoder(sparse_output=False).fit_transform(np.zeros((30, 2)))
sparse = OneHotEncoder(categories=[["a", "b", "c"]]).fit_transform(np.zeros((30, 1)))
dense = sparse.toarray()
""")
    assert shape(g["a"]) == [30, 5] and shape(g["b"]) == [5, 5]
    assert shape(g["auto"]) == [30, None]
    assert g["sparse"].type_name == "scipy.sparse.csr_matrix" and shape(g["dense"]) == [30, 3]


def test_one_hot_encoder_without_categories_stays_unknown():
    source = HEAD + """
y = OneHotEncoder(sparse_output=False).fit_transform(np.zeros((30, 1)))
model = keras.Sequential([keras.layers.Input(shape=(5,)), keras.layers.Dense(4, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(np.zeros((30, 5)), y)
"""
    assert errors(source) == []


# -- PCA and datasets --------------------------------------------------------------------------

def test_pca_gives_n_components_columns():
    source = HEAD + """
X = PCA(n_components=8).fit_transform(np.zeros((50, 20)))
""" + MLP.format(width=10) + """
model.fit(X, np.zeros(50))  # <- ST117
"""
    assert shape(run(source)["X"]) == [50, 8]
    assert_marked(source)


def test_pca_asks_for_more_components_than_features():
    assert_marked(HEAD + "X = PCA(5).fit_transform(np.zeros((10, 3)))  # <- ST130\n")


def test_bundled_datasets_and_generators():
    g = run(HEAD + """
from sklearn.datasets import load_iris, load_digits, make_classification, make_moons
X, y = load_iris(return_X_y=True)
digits = load_digits()
images = digits.images
data = digits["data"]
Xc, yc = make_classification(n_samples=64, n_features=12)
Xm, ym = make_moons(n_samples=(10, 20))
""")
    assert shape(g["X"]) == [150, 4] and shape(g["y"]) == [150]
    assert shape(g["images"]) == [1797, 8, 8] and shape(g["data"]) == [1797, 64]
    assert shape(g["Xc"]) == [64, 12] and shape(g["Xm"]) == [30, 2]


def test_old_and_private_module_paths():
    g = run("""
import numpy as np
from sklearn.cross_validation import train_test_split
from sklearn.preprocessing.data import StandardScaler
parts = train_test_split(np.zeros((10, 2)), test_size=0.5)
scaled = StandardScaler().fit_transform(np.zeros((10, 2)))
""")
    assert shapes(g["parts"]) == [[5, 2], [5, 2]] and shape(g["scaled"]) == [10, 2]


def test_label_binarizer_of_a_label_column_has_an_unknown_width():
    g = run(HEAD + """
column = LabelBinarizer().fit_transform(np.zeros((30, 1)))
indicator = LabelBinarizer().fit_transform(np.zeros((30, 4)))
""")
    assert shape(g["column"]) == [30, None] and shape(g["indicator"]) == [30, 4]


def test_kfold_default_has_five_splits():
    g = run(HEAD + """
kf = KFold()
n = kf.get_n_splits()
for train_idx, test_idx in kf.split(np.zeros((50, 2))):
    part = np.zeros((50, 2))[test_idx]
""")
    assert g["n"].value == 5 and shape(g["part"]) == [10, 2]
