"""scikit-image: ``skimage.io`` reading and writing, ``skimage.transform`` resizing and
``skimage.color`` conversions, for shapes."""
