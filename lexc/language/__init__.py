"""Languages: specs, schemes, case mapping, the normaliser (tiling and board spelling), validation."""
