"""Game records: GCG reading and writing, replay."""
