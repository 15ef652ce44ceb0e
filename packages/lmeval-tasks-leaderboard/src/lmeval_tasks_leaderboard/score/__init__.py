"""SCORE (NVIDIA's robustness suite, lm-eval 0.4.13's ``score`` folder): the same questions under
ten prompts, with the gold answer moved to every position, and sampled; accuracy per variant and
how consistent the answers are."""
