"""A task helper that exits when a tool it wants is missing (as lm-eval's slr_bench helper does)."""

import sys

sys.exit("a tool this task needs is not installed")


def fn(dataset):  # pragma: no cover - never reached
    return dataset
