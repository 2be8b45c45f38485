"""Data through pandas: frames from dicts, arrays and readers, column and row selection,
in-place changes, and what stays unknown."""

from __future__ import annotations

from tests.data_sources.support import assert_marked, errors, messages, run, shape

HEAD = """
import numpy as np
import pandas as pd
from tensorflow import keras

df = pd.DataFrame({
    "age": [23, 35, 41, 52, 29, 33, 47, 38],
    "height": [1.7, 1.8, 1.6, 1.75, 1.82, 1.68, 1.71, 1.77],
    "weight": [65.0, 80.0, 58.0, 77.0, 85.0, 61.0, 70.0, 74.0],
    "city": ["a", "b", "a", "c", "b", "a", "c", "b"],
    "label": [0, 1, 0, 1, 1, 0, 1, 0],
})
"""

MODEL = """
model = keras.Sequential([keras.layers.Input(shape=({width},)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
"""


def test_a_frame_from_a_dict_keeps_its_columns_and_rows():
    g = run(HEAD + """
n = len(df)
size = df.shape
cols = list(df.columns)
values = df.values
label = df["label"].values
""")
    assert g["n"].value == 8 and shape(g["values"]) == [8, 5] and shape(g["label"]) == [8]
    assert [c.value for c in g["cols"].items] == ["age", "height", "weight", "city", "label"]
    assert g["values"].dtype == "object" and g["label"].dtype == "int64"


def test_column_selection():
    g = run(HEAD + """
a = df[["age", "height", "weight"]].values
b = df.drop(columns=["label", "city"]).values
c = df.drop("label", axis=1).to_numpy()
d = df.iloc[:, :-1].values
e = df.iloc[:, 3]
f = df.loc[:, "age":"weight"].values
g = df.loc[:, ["age", "label"]]
h = df[df.columns[:2]]
""")
    assert shape(g["a"]) == [8, 3] and g["a"].dtype == "float64"
    assert shape(g["b"]) == [8, 3] and shape(g["c"]) == [8, 4] and shape(g["d"]) == [8, 4]
    assert g["e"].type_name == "pd.Series" and shape(g["e"]) == [8]
    assert shape(g["f"]) == [8, 3] and shape(g["g"]) == [8, 2] and shape(g["h"]) == [8, 2]


def test_row_selection():
    g = run(HEAD + """
a = df.head(3)
b = df.tail(-2)
c = df.sample(frac=1.0)
d = df.sample(frac=0.5)
e = df.dropna()
f = df.iloc[2:6]
g = df[:5]
""")
    assert [shape(g[n]) for n in "abcdefg"] == [[3, 5], [6, 5], [8, 5], [4, 5], [None, 5], [4, 5], [5, 5]]


def test_wrong_width_after_dropping_the_label_is_reported():
    source = HEAD + MODEL.format(width=5) + """
X = df.drop(columns=["label", "city"]).values.astype("float32")
y = df["label"].values
model.fit(X, y, epochs=1)  # <- ST117
"""
    assert_marked(source)


def test_fixed_width_runs_clean():
    source = HEAD + MODEL.format(width=3) + """
X = df.drop(columns=["label", "city"]).values.astype("float32")
y = df["label"].values
model.fit(X, y, epochs=1)
"""
    assert errors(source) == []


def test_read_csv_is_unknown_unless_named():
    source = """
import pandas as pd
from tensorflow import keras
df = pd.read_csv("train.csv")
X = df.drop(columns=["target"]).values
y = df["target"].values
model = keras.Sequential([keras.layers.Input(shape=(13,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(X, y)
picked = pd.read_csv("train.csv", usecols=["a", "b"])
named = pd.read_csv("train.csv", names=["a", "b", "c", "target"])
X2 = named.drop(columns=["target"]).values
model.fit(X2, named["target"].values)  # <- ST117
"""
    assert_marked(source)
    g = run(source)
    assert shape(g["X"]) == [None, None] and shape(g["X2"]) == [None, 3] and shape(g["picked"]) == [None, 2]


def test_x_and_y_from_one_unknown_frame_agree_on_rows():
    source = """
import pandas as pd
from tensorflow import keras
df = pd.read_csv("train.csv", names=["a", "b", "c", "target"])
X = df.iloc[:, :-1].values
y = df.iloc[:, -1].values
model = keras.Sequential([keras.layers.Input(shape=(3,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(X, y)
"""
    assert errors(source, possible=True) == []


def test_get_dummies_width_is_unknown():
    source = HEAD + MODEL.format(width=4) + """
X = pd.get_dummies(df.drop(columns=["label"])).values
model.fit(X, df["label"].values)
"""
    g = run(source)
    assert shape(g["X"]) == [8, None]
    assert errors(source) == []


def test_a_new_column_widens_the_frame():
    g = run(HEAD + """
df["bmi"] = df["weight"] / df["height"] ** 2
wide = df.values
del df["city"]
narrow = df.values
""")
    assert shape(g["wide"]) == [8, 6] and shape(g["narrow"]) == [8, 5]


def test_a_column_added_in_a_branch_that_may_not_run_makes_the_width_unknown():
    source = HEAD + MODEL.format(width=4) + """
import sys
if sys.argv[1] == "bmi":
    df["bmi"] = df["weight"] / df["height"] ** 2
X = df.drop(columns=["label", "city"]).values
model.fit(X, df["label"].values)
"""
    assert errors(source) == []


def test_columns_added_in_a_summarised_loop_make_the_width_unknown():
    source = HEAD + MODEL.format(width=5) + """
import sys
for name in sys.argv[1:]:
    df[name + "_sq"] = df[name] ** 2
X = df.drop(columns=["label", "city"]).values
model.fit(X, df["label"].values)
"""
    assert errors(source) == []


def test_in_place_changes_make_the_columns_unknown():
    source = HEAD + MODEL.format(width=2) + """
y = df.pop("label")
df.drop(columns=["city"], inplace=True)
X = df.values
model.fit(X, y.values)
"""
    g = run(source)
    assert shape(g["y"]) == [8] and shape(g["X"]) == [8, None]
    assert errors(source) == []


def test_renaming_the_columns_keeps_the_width():
    g = run(HEAD + """
df.columns = ["a", "h", "w", "c", "y"]
X = df.drop(columns=["y", "c"]).values
""")
    assert shape(g["X"]) == [8, 3]


def test_names_that_do_not_fit_an_array():
    source = """
import numpy as np
import pandas as pd
df = pd.DataFrame(np.zeros((10, 3)), columns=["a", "b", "c", "d"])  # <- ST130
"""
    assert_marked(source)
    assert messages(source) == ["Shape of passed values is (10, 3), indices imply (10, 4)"]


def test_columns_of_different_lengths():
    assert_marked("""
import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3], "b": [1, 2]})  # <- ST130
""")


def test_frames_from_arrays_lists_and_records():
    g = run("""
import numpy as np
import pandas as pd
a = pd.DataFrame(np.zeros((10, 3)))
b = pd.DataFrame([[1, 2], [3, 4], [5, 6]], columns=["x", "y"])
c = pd.DataFrame([{"x": 1, "y": 2}, {"x": 3, "z": 4}])
d = pd.concat([a, a], axis=0)
e = pd.concat([a, pd.DataFrame(np.zeros((10, 2)), columns=["p", "q"])], axis=1)
s = pd.Series(np.zeros(7)).to_frame()
cols = [name for name in a]
""")
    assert shape(g["a"]) == [10, 3] and shape(g["b"]) == [3, 2] and shape(g["c"]) == [2, 3]
    assert shape(g["d"]) == [20, 3] and shape(g["e"]) == [10, 5] and shape(g["s"]) == [7, 1]
    assert [c.value for c in g["cols"].items] == [0, 1, 2]


def test_a_positional_index_past_the_last_column():
    assert_marked(HEAD + """
y = df.iloc[:, 5]  # <- ST123
""")


def test_unknown_frames_stay_unknown():
    source = """
import pandas as pd
from tensorflow import keras
import pickle
df = pickle.load(open("frame.pkl", "rb"))
X = df.drop(columns=["y"]).values
frame = pd.DataFrame(pickle.load(open("rows.pkl", "rb")))
Z = frame.values
model = keras.Sequential([keras.layers.Input(shape=(9,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(X, df["y"].values)
model.fit(Z, frame.iloc[:, 0].values)
"""
    assert errors(source, possible=True) == []


def test_len_of_a_frame_in_window_arithmetic():
    g = run(HEAD + """
steps = 3
n_windows = len(df) - steps
windows = np.stack([df[["age", "height"]].values[i:i + steps] for i in range(n_windows)])
""")
    assert shape(g["windows"]) == [5, 3, 2]
