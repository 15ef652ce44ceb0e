"""lmeval backend ``gguf``: a model served by llama.cpp's server."""

__version__ = "0.1.0"
