"""shapetracer: find TensorFlow shape bugs before the job runs."""

__version__ = "0.1.0"
