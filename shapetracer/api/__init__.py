"""What each supported TensorFlow/Keras release really exports (generated data + loader).

No imports here: generate.py runs under Python 3.7 inside the real environments.
"""
