"""The keys of ``History.history`` (constraints/keras/history.py): a read of a key fit does not
log is ST150 under the target version; anything that may log other keys leaves the dict open.
Each expectation was run under the real Kerases (one-epoch fit on zeros, sorted(h.history)):
tf.keras 1.15 logs metrics=["accuracy"] as "acc", keras 2.3.1 and TF 2.x as "accuracy"."""

from __future__ import annotations

from shapetracer.domain.target import target_for
from shapetracer.rules import codes

from tests.helpers import codes_of as _codes_of


def codes_of(source: str, tf_version: str | None = None) -> list[tuple[int, str]]:
    return _codes_of(source, **({"target": target_for(tf_version)} if tf_version else {}))


def program(metrics="['accuracy']", fit_extra="", read='"acc"', imports="import tensorflow as tf",
            keras="tf.keras", compile_extra="") -> str:
    return (f"{imports}\nimport numpy as np\n"
            f"m = {keras}.Sequential([{keras}.Input(shape=(4,)), {keras}.layers.Dense(3, activation='softmax')])\n"
            f"m.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics={metrics}{compile_extra})\n"
            "x = np.zeros((8, 4), 'float32')\ny = np.zeros((8,), 'int32')\n"
            f"h = m.fit(x, y, epochs=1{fit_extra})\n"
            f"print(h.history[{read}])\n")


MISSING = [(8, codes.MISSING_KEY)]


def test_acc_renamed_accuracy_in_tf2():
    assert codes_of(program()) == MISSING
    assert codes_of(program(), "2.15") == MISSING
    assert codes_of(program(read='"accuracy"')) == []
    assert codes_of(program(read='"loss"')) == []


def test_tf1_tfkeras_logs_acc_and_keras_231_logs_accuracy():
    assert codes_of(program(), "1.15") == []
    assert codes_of(program(read='"accuracy"'), "1.15") == MISSING
    standalone = program(imports="import keras", keras="keras", read='"acc"')
    assert codes_of(standalone, "1.15") == MISSING
    assert codes_of(program(imports="import keras", keras="keras", read='"accuracy"'), "1.15") == []


def test_metric_spelled_acc_is_acc_everywhere():
    assert codes_of(program(metrics="['acc']")) == []
    assert codes_of(program(metrics="['acc']", read='"accuracy"')) == MISSING


def test_mae_is_mean_absolute_error_only_in_tf1_tfkeras():
    assert codes_of(program(metrics="['mae']", read='"mean_absolute_error"')) == MISSING
    assert codes_of(program(metrics="['mae']", read='"mean_absolute_error"'), "1.15") == []
    assert codes_of(program(metrics="['mae']", read='"mae"'), "1.15") == MISSING


def test_val_keys_follow_validation():
    assert codes_of(program(read='"val_loss"')) == MISSING
    assert codes_of(program(fit_extra=", validation_data=(x, y)", read='"val_accuracy"')) == []
    assert codes_of(program(fit_extra=", validation_split=0.25", read='"val_accuracy"')) == []
    assert codes_of(program(fit_extra=", validation_data=(x, y)", read='"val_acc"')) == MISSING
    assert codes_of(program(fit_extra=", validation_split=0.0", read='"val_loss"')) == MISSING


def test_no_metrics_logs_only_loss():
    assert codes_of(program(metrics="None", read='"accuracy"')) == MISSING
    assert codes_of(program(metrics="[]", read='"loss"')) == []


def test_quiet_callbacks_keep_the_keys():
    cb = ", callbacks=[tf.keras.callbacks.EarlyStopping(monitor='loss')]"
    assert codes_of(program(fit_extra=cb)) == MISSING


def test_open_when_something_may_log_other_keys():
    for cb in ("tf.keras.callbacks.ReduceLROnPlateau()", "tf.keras.callbacks.LearningRateScheduler(lambda e, lr: lr)",
               "tf.keras.callbacks.LambdaCallback()", "Mine()", "cbs"):
        source = program(fit_extra=f", callbacks=[{cb}]").replace("import numpy as np\n",
                                                                  "import numpy as np\nfrom mine import Mine\n")
        assert codes_of(source.replace("[cbs]", "cbs")) == [], cb
    assert codes_of(program(metrics="[tf.keras.metrics.SparseCategoricalAccuracy()]", read='"x"')) == []
    assert codes_of(program(metrics="METRICS", read='"x"')) == []
    assert codes_of(program(metrics="['accuracy', 'auc']", read='"x"')) == []
    assert codes_of(program(compile_extra=", weighted_metrics=['accuracy']", read='"x"')) == []
    assert codes_of(program(fit_extra=", validation_split=split", read='"val_loss"')) == []
    assert codes_of(program(fit_extra=", validation_data=val", read='"val_loss"')) == []


def test_a_model_not_compiled_here_is_open():
    source = ("import tensorflow as tf\nimport numpy as np\nm = tf.keras.models.load_model('m.h5')\n"
              "h = m.fit(np.zeros((8, 4)), np.zeros((8,)))\nprint(h.history['acc'])\n")
    assert codes_of(source) == []


def test_guarded_read_is_not_a_finding():
    guarded = program().replace('print(h.history["acc"])\n',
                                'try:\n    print(h.history["acc"])\nexcept KeyError:\n    pass\n')
    assert codes_of(guarded) == []
    assert codes_of(program(read='"acc"').replace('h.history["acc"]', 'h.history.get("acc")')) == []


def test_metrics_a_model_or_its_layers_add_leave_it_open():
    layer = ("class Tap(tf.keras.layers.Layer):\n    def call(self, x):\n"
             "        self.add_metric(tf.reduce_mean(x), name='tap')\n        return x\n")
    source = program(read='"tap"').replace("import numpy as np\n", "import numpy as np\n" + layer)
    assert codes_of(source.replace("tf.keras.Input(shape=(4,)), ", "tf.keras.Input(shape=(4,)), Tap(), ")) == []
    functional = ("import tensorflow as tf\nimport numpy as np\ninp = tf.keras.Input(shape=(4,))\n"
                  "out = tf.keras.layers.Dense(3, activation='softmax')(inp)\nm = tf.keras.Model(inp, out)\n"
                  "{extra}m.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])\n"
                  "h = m.fit(np.zeros((8, 4), 'float32'), np.zeros((8,), 'int32'), epochs=1)\n"
                  "print(h.history['tap'])\n")
    assert codes_of(functional.format(extra="")) == [(8, codes.MISSING_KEY)]
    assert codes_of(functional.format(extra="m.add_metric(tf.reduce_mean(out), name='tap')\n")) == []
