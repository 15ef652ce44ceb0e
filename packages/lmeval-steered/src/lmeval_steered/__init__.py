"""lmeval backend ``steered``: an ``hf`` model whose activations are steered at named modules."""

__all__ = ["__version__"]
__version__ = "0.1.0"
