"""h5py: HDF5 files and the datasets in them, for shapes."""
