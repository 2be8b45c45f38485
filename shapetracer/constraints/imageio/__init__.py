"""imageio (``imageio.imread``, ``imageio.v2``, ``imageio.v3``): reading and writing images."""
