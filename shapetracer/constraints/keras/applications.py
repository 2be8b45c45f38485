"""Pretrained Keras applications (VGG, ResNet, MobileNet, EfficientNet, Inception,
Xception, DenseNet) as the base of transfer-learning models.

Reference: Keras 3 (keras/src/applications).  The constructor validates
``input_shape`` before any weights are loaded (imagenet_utils.obtain_input_shape):
"The input must have 3 channels; Received `input_shape=(150, 150, 1)`",
"Input size must be at least 32x32; Received: input_shape=(16, 16, 3)", and
with ``include_top=True`` and imagenet weights, "`input_shape` should be
(224, 224, 3)".  The feature map of ``include_top=False`` follows each
network's five (or so) downsamplings, e.g. VGG16 floors 150 -> 4, ResNet50
rounds up 150 -> 5, InceptionV3 gives 299 -> 8; ``pooling='avg'|'max'``
reduces it to ``(batch, channels)``.  The network is not traced layer by
layer: its output shape is computed from its input shape.
"""

from __future__ import annotations

from typing import Callable

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.keras.machinery import channels_last, register_input
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import A, bad, instance_of, ok
from shapetracer.constraints.keras.models import ModelState, publish, models
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Const, Obj, Seq, Tensor, Value

Rule = Callable[[Dim], Dim]


def _halvings(*steps: str) -> Rule:
    """Spatial size after stride-2 steps that round down ("floor") or up ("ceil")."""
    def apply(size: Dim) -> Dim:
        for step in steps:
            size = size.floordiv(2) if step == "floor" else size.ceildiv(2)
        return size
    return apply


def _inception(size: Dim) -> Dim:
    a = (size - 3).floordiv(2) + 1 - 2
    b = (a - 3).floordiv(2) + 1 - 2
    c = (b - 3).floordiv(2) + 1
    d = (c - 3).floordiv(2) + 1
    return (d - 3).floordiv(2) + 1


def _xception(size: Dim) -> Dim:
    return _halvings("ceil", "ceil", "ceil", "ceil")((size - 3).floordiv(2) + 1 - 2)


# name: (default size, minimum size, output channels, spatial rule)
_APPLICATIONS: dict[str, tuple[int, int, int, Rule]] = {
    "VGG16": (224, 32, 512, _halvings(*["floor"] * 5)),
    "VGG19": (224, 32, 512, _halvings(*["floor"] * 5)),
    "ResNet50": (224, 32, 2048, _halvings(*["ceil"] * 5)),
    "ResNet101": (224, 32, 2048, _halvings(*["ceil"] * 5)),
    "ResNet152": (224, 32, 2048, _halvings(*["ceil"] * 5)),
    "ResNet50V2": (224, 32, 2048, _halvings(*["ceil"] * 5)),
    "ResNet101V2": (224, 32, 2048, _halvings(*["ceil"] * 5)),
    "ResNet152V2": (224, 32, 2048, _halvings(*["ceil"] * 5)),
    "MobileNet": (224, 32, 1024, _halvings(*["floor"] * 5)),
    "MobileNetV2": (224, 32, 1280, _halvings(*["ceil"] * 5)),
    "DenseNet121": (224, 32, 1024, _halvings("ceil", "ceil", "floor", "floor", "floor")),
    "DenseNet169": (224, 32, 1664, _halvings("ceil", "ceil", "floor", "floor", "floor")),
    "DenseNet201": (224, 32, 1920, _halvings("ceil", "ceil", "floor", "floor", "floor")),
    "InceptionV3": (299, 75, 2048, _inception),
    "Xception": (299, 71, 2048, _xception),
    **{f"EfficientNetB{i}": (size, 32, width, _halvings(*["ceil"] * 5))
       for i, (size, width) in enumerate([(224, 1280), (240, 1280), (260, 1408), (300, 1536), (380, 1792),
                                          (456, 2048), (528, 2304), (600, 2560)])},
}
# Module paths the classes are also exported under (keras.applications.vgg16.VGG16 …).
_MODULES = {"VGG16": "vgg16", "VGG19": "vgg19", "ResNet50": "resnet50", "ResNet101": "resnet",
            "ResNet152": "resnet", "ResNet50V2": "resnet_v2", "ResNet101V2": "resnet_v2",
            "ResNet152V2": "resnet_v2", "MobileNet": "mobilenet", "MobileNetV2": "mobilenet_v2",
            "DenseNet121": "densenet", "DenseNet169": "densenet", "DenseNet201": "densenet",
            "InceptionV3": "inception_v3", "Xception": "xception",
            **{f"EfficientNetB{i}": "efficientnet" for i in range(8)}}


def _input_shape(ctx: OpContext, name: str, include_top: bool, weights_imagenet: bool, input_shape,
                 input_tensor) -> list[Dim | None] | None:
    """obtain_input_shape: the (h, w, c) the network is built for, after its checks."""
    default, minimum = _APPLICATIONS[name][0], _APPLICATIONS[name][1]
    if isinstance(input_tensor, Tensor) and input_tensor.shape.dims is not None:
        return list(input_tensor.shape.dims[1:])
    given = None if ctx.is_none(input_shape) else ctx.shape_arg(input_shape)
    if given is not None and len(given) != 3:
        return None
    if weights_imagenet and include_top:
        if given is not None and [d.value if d is not None else None for d in given] != [default, default, 3]:
            ctx.fail(codes.KERAS_INPUT, Message("When setting `include_top=True` and loading `imagenet` weights, "
                                                "`input_shape` should be {want_shape:keras}.  Received: "
                                                "input_shape={shape:keras}", want_shape=[default, default, 3],
                                                shape=given))
            return None
        return [Dim(default), Dim(default), Dim(3)]
    if given is None:
        return [None, None, Dim(3)] if not include_top else [Dim(default), Dim(default), Dim(3)]
    channels = given[-1]
    if weights_imagenet and channels is not None and channels.known and channels.value != 3:
        ctx.fail(codes.KERAS_INPUT, Message("The input must have 3 channels; Received "
                                            "`input_shape={shape:keras}`", shape=given))
        return None
    if any(d is not None and d.known and d.value < minimum for d in given[:2]):
        ctx.fail(codes.KERAS_INPUT, Message("Input size must be at least {minimum}x{minimum}; Received: "
                                            "input_shape={shape:keras}", minimum=minimum, shape=given))
        return None
    return given


def _application(name: str) -> None:
    _, _, width, spatial = _APPLICATIONS[name]

    def construct(ctx: OpContext, include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
                  pooling=None, classes=1000, classifier_activation="softmax", **kwargs):
        top = ctx.bool(include_top, True)
        imagenet = ctx.str(weights) == "imagenet"
        dims = _input_shape(ctx, name, bool(top), imagenet, input_shape, input_tensor)
        if ctx.failed or top is None or channels_last(ctx, None) is None:
            return None
        if dims is None:
            return None
        x = ctx.result([ctx.fresh("batch")] + [d if d is not None else ctx.fresh() for d in dims], "float32",
                       label=f"{name} input")
        register_input(x, "input_layer")
        pool = None if ctx.is_none(pooling) else ctx.str(pooling)
        n_classes = ctx.dim(classes) or ctx.fresh("classes")

        def outputs(inner: OpContext, given: list[Tensor]) -> list[Value]:
            image = given[0]
            if image.shape.rank != 4:
                return [inner.unknown_tensor()]
            batch = image.shape.dims[0]
            if top:
                return [inner.result([batch, n_classes], "float32", label=f"{name} gives")]
            if pool in ("avg", "max"):
                return [inner.result([batch, width], "float32", label=f"{name} gives")]
            h, w = (spatial(d) for d in image.shape.dims[1:3])
            return [inner.result([batch, h, w, width], "float32", label=f"{name} gives")]

        model = Obj("keras.Model", {"name": Const(ctx.str(kwargs.get("name")) or name.lower())}, ctx.site)
        state = models()[model] = ModelState("functional", inputs=[x], built=True, output_rule=outputs)
        state.outputs = outputs(ctx, [x])
        model.attrs["layers"] = Seq([UNKNOWN], "list", sized=False)  # its layers are not listed here
        publish(model, state)
        return model

    construct.__name__ = name.lower()
    op(f"keras.applications.{name}", f"keras.applications.{_MODULES[name]}.{name}")(construct)


for _name in _APPLICATIONS:
    _application(_name)


@op(*sorted({f"keras.applications.{m}.preprocess_input" for m in _MODULES.values()}))
def preprocess_input(ctx: OpContext, x, data_format=None):
    """Scaling and channel reordering: the shape is kept."""
    tensor = ctx.tensor(x)
    return tensor if tensor is not None else ctx.unknown_tensor()



EXAMPLES = [
    ok("keras.applications.VGG16", include_top=False, input_shape=(150, 150, 3), expect=instance_of("keras.Model")),
    ok("keras.applications.ResNet50", weights=None, include_top=False, input_shape=(150, 150, 1),
       expect=instance_of("keras.Model")),
    ok("keras.applications.MobileNetV2", include_top=False, pooling="avg", expect=instance_of("keras.Model")),
    bad("keras.applications.VGG16", include_top=False, input_shape=(150, 150, 1), code=codes.KERAS_INPUT,
        message="The input must have 3 channels"),
    bad("keras.applications.VGG16", include_top=False, input_shape=(16, 16, 3), code=codes.KERAS_INPUT,
        message="Input size must be at least 32x32"),
    bad("keras.applications.ResNet50", include_top=True, input_shape=(150, 150, 3), code=codes.KERAS_INPUT,
        message="When setting `include_top=True` and loading `imagenet` weights"),
    bad("keras.applications.InceptionV3", include_top=False, input_shape=(64, 64, 3), code=codes.KERAS_INPUT,
        message="Input size must be at least 75x75"),
    # every application, under both of its names: built at its smallest input, refused below it
    *[example for name, (_, least, _, _) in _APPLICATIONS.items()
      for api in (f"keras.applications.{name}", f"keras.applications.{_MODULES[name]}.{name}")
      for example in (
          ok(api, weights=None, include_top=False, input_shape=(least, least, 3), expect=instance_of("keras.Model")),
          bad(api, include_top=False, input_shape=(least - 1, least, 3), code=codes.KERAS_INPUT,
              message=f"Input size must be at least {least}x{least}; "
                      f"Received: input_shape=({least - 1}, {least}, 3)"))],
    *[ok(f"keras.applications.{module}.preprocess_input", A(8, 224, 224, 3), expect=[8, 224, 224, 3])
      for module in sorted(set(_MODULES.values()))],
]
