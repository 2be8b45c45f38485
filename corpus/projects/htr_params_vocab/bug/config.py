"""Training parameters of the handwriting recogniser."""

CHARS = "abcdefghijklmnopqrstuvwxyz "

MODEL = {
    "epochs": 1,
    "batch_size": 4,
    "input_img_shape": (32, 16, 1),
    "max_label_len": 6,
    "blank": "#",
}
