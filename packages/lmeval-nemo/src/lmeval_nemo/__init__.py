"""lmeval backend ``nemo_lm``: NVIDIA NeMo GPT models, scored on their megatron-core module."""

__version__ = "0.1.0"
