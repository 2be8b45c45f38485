"""Python's built-ins and the configuration libraries (argparse, absl and tf flags), where they decide shapes."""
