"""InfiniteBench (Zhang et al., 2024, arXiv:2402.13718) as lm-eval 0.4.13 has it."""
