"""LongProc (Ye et al., 2025, arXiv:2501.05414) as lm-eval 0.4.13 has it."""
