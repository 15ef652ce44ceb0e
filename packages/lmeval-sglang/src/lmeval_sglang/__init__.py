"""lmeval backend ``sglang``: SGLang's offline ``sglang.Engine``."""

__version__ = "0.1.0"
