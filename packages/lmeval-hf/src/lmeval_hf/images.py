"""Images for a transformers processor: a dataset's value as a ``PIL.Image``, resized as lm-eval does."""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lmeval.requires import require


def to_pil(data: Any) -> Any:
    """A ``PIL.Image`` from what a dataset gave: the image itself, encoded bytes, a
    ``{"bytes", "path"}`` mapping (an undecoded ``datasets`` image) or a file path."""
    pil = require("PIL.Image", needed_by="hf-multimodal", install="pillow", library="pillow")
    if isinstance(data, pil.Image):
        return data
    if isinstance(data, Mapping):
        data = data.get("bytes") or data.get("path")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return pil.open(io.BytesIO(bytes(data)))
    return pil.open(Path(data))


def resize(image: Any, width: int | None = None, height: int | None = None,
           max_side: int | None = None) -> Any:
    """lm-eval's ``resize_image``: shrink only, keeping the aspect ratio, PIL's default filter.

    ``width`` and ``height`` together bound both sides; one of them alone fixes that side;
    ``max_side`` bounds the longer side. Sides are truncated to whole pixels, at least 1.
    """
    w, h = image.size
    if width is not None and height is not None:
        if w <= width and h <= height:
            return image
        ratio = min(width / w, height / h)
        new = (int(w * ratio), int(h * ratio))
    elif width is not None:
        if w <= width:
            return image
        new = (width, int((h / w) * width))
    elif height is not None:
        if h <= height:
            return image
        new = (int((w / h) * height), height)
    elif max_side is not None:
        if max(w, h) <= max_side:
            return image
        new = (max_side, int((h / w) * max_side)) if w > h else (int((w / h) * max_side), max_side)
    else:
        return image
    return image.resize((max(1, new[0]), max(1, new[1])), None)
