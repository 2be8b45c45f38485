from .mobilenet import MobileNet
from .vgg16 import VGG16

get_model_from_name = {
    "mobilenet": MobileNet,
    "vgg16": VGG16,
}
