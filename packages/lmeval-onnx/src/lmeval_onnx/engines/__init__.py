"""Engine adapters: open a Model Builder export and run its graph for the scoring core."""
