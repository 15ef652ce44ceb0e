"""SCROLLS (Shaham et al., 2022, arXiv:2201.03533) as lm-eval 0.4.13 has it: Python tasks."""
