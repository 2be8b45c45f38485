"""Dataset loaders that hand programs their arrays."""
