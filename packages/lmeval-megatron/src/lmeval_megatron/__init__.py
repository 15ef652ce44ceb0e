"""lmeval backend ``megatron_lm``: Megatron-LM / megatron-core GPT checkpoints, no conversion.

The modules :mod:`lmeval_megatron.runner` and :mod:`lmeval_megatron.tokenizer` are shared
with ``lmeval-nemo`` (NeMo models are megatron-core ``GPTModel`` s underneath).
"""

__version__ = "0.1.0"
