"""OpenCV (``cv2``): reading and writing images, their geometry and colour conversions,
and the network blobs ``cv2.dnn`` makes of them, for shapes.

OpenCV holds an image as a numpy array of shape ``(height, width)`` (one channel) or
``(height, width, channels)``; sizes it takes as arguments are ``(width, height)``.
Reference: opencv-python 4.5.5, 4.10 and 4.12 (the oracle environments), which agree on
everything modelled here.
"""
