"""scikit-learn's data preparation, for shapes."""
