"""RULER (Hsieh et al., 2024): documents built at run time for the model's tokenizer, as lm-eval 0.4.13 builds them."""
