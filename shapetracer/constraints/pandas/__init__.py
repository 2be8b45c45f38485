"""pandas DataFrames and Series, for their shapes."""
