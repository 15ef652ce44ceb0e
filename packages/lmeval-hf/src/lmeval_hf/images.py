"""Images for a transformers processor: a dataset's value as a ``PIL.Image``, resized as lm-eval does."""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lmeval.image_prompts import fit_size
from lmeval.requires import require


def to_pil(data: Any, needed_by: str = "hf-multimodal") -> Any:
    """A ``PIL.Image`` from what a dataset gave: the image itself, encoded bytes, a
    ``{"bytes", "path"}`` mapping (an undecoded ``datasets`` image) or a file path."""
    pil = require("PIL.Image", needed_by=needed_by, install="pillow", library="pillow")
    if isinstance(data, pil.Image):
        return data
    if isinstance(data, Mapping):
        data = data.get("bytes") or data.get("path")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return pil.open(io.BytesIO(bytes(data)))
    return pil.open(Path(data))


def resize(image: Any, width: int | None = None, height: int | None = None,
           max_side: int | None = None) -> Any:
    """``image`` shrunk by lm-eval's rule (:func:`lmeval.image_prompts.fit_size`) with PIL's
    default filter, or ``image`` itself when it already fits."""
    size = fit_size(image.size, width, height, max_side)
    return image if size is None else image.resize(size, None)
