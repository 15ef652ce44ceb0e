"""``from lmeval.api.model import LM``: the class a backend subclasses (lm-eval's import path).

Its requests carry ``.args`` as lm-eval's ``Instance`` does (``(context, continuation)``,
``(text,)``, ``(context, gen_kwargs)``), so a subclass written for lm-eval that reads
``request.args`` runs unchanged.
"""

from __future__ import annotations

from lmeval.protocol import LM

__all__ = ["LM"]
