"""LongBench (Bai et al., 2024): the scoring of lm-eval 0.4.13's ``longbench`` tasks."""
