"""LIBRA (Churin et al., 2024, arXiv:2408.02439): Russian long-context tasks as lm-eval 0.4.13 has them."""
