"""The ``steered`` backend: ``hf`` with steering hooks around every model call."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval_hf.models import HFLM

from lmeval_steered.steering import build_steers, hook_modules, load_steer_config, steer


class SteeredLM(HFLM):
    """An ``hf`` model steered at named modules, for every request kind.

    ``steer_path``: a ``.pt``/``.pth`` dict of hookpoint → steering config, or a ``.csv`` of
    sparse-coder features (see :mod:`lmeval_steered.steering`). Other arguments are ``hf``'s.
    """

    backend_name = "steered"

    def __init__(self, pretrained: str, steer_path: str | None = None, device: str | None = None,
                 **kwargs: Any) -> None:
        if not steer_path:
            raise UsageError("the steered model needs steer_path=<file.pt|file.csv>")
        config = load_steer_config(str(steer_path))
        super().__init__(pretrained=pretrained, device=device, **kwargs)
        self.steer_path = str(steer_path)
        self._steer_digest = hashlib.sha256(Path(steer_path).read_bytes()).hexdigest()
        self.steers = build_steers(config, device=self.device, dtype=self.model.dtype)
        self.hooked = hook_modules(self.model, list(self.steers))

    @contextlib.contextmanager
    def model_context(self) -> Iterator[None]:
        with super().model_context(), steer(self.hooked, self.steers):
            yield

    def identity_extras(self) -> Mapping[str, Any]:
        """``hf``'s, and the steering file's content (``steer_path`` is a model argument)."""
        return {**super().identity_extras(), "steer_sha256": self._steer_digest}
