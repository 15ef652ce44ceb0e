"""lmeval backends for models behind HTTP APIs (OpenAI-style, local servers, Anthropic)."""

__version__ = "0.1.0"
