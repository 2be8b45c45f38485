"""matplotlib's image files: ``matplotlib.image.imread``/``imsave`` (and ``pyplot``'s)."""
