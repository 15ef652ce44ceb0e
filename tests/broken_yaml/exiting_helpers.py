"""A task helper that exits when a tool it wants is missing (as lm-eval's slr_bench helper does)."""

import sys

print("Error: a tool this task needs is not installed.")
sys.exit(3)


def fn(dataset):  # pragma: no cover - never reached
    return dataset
