"""lmeval task pack: code generation and code reasoning, scored by sandboxed execution."""

__version__ = "0.1.0"
