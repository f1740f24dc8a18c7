"""Training a learned bot (the `train` extra: torch)."""
