from .heads import build_heads
from .backbone import build_backbone
