"""Where a prompt's images go: lm-eval 0.4.13's ``<image>`` placeholder rules, for every backend.

A task writes ``<image>`` in its prompt where an image belongs (MMMU's ``<image 1>`` ... become
``<image>`` in its ``doc_to_text``). A backend then either

* replaces the placeholders in plain text by its model's image token
  (:func:`replace_placeholders`: the first ``max_images`` placeholders become the token, later
  ones stay ``<image>``, or vanish when the token is ``<image>`` itself), or
* with ``--apply_chat_template``, turns each message into a list of content parts
  (:func:`chat_parts`): text and ``{"type": "image"}`` parts in place of the placeholders when
  ``interleave`` is true (at most ``max_images``), or every image part first and the text,
  placeholders removed, after them when it is false.

Only the first ``max_images`` images of a request are given to the model (:func:`kept`), after
lm-eval's optional shrinking (:func:`fit_size`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: The placeholder tasks write (lm-eval's ``DEFAULT_IMAGE_PLACEHOLDER``).
IMAGE_PLACEHOLDER = "<image>"
#: lm-eval's default ``max_images``: no limit in practice.
DEFAULT_MAX_IMAGES = 999


def replace_placeholders(text: str, image_token: str, max_images: int,
                         placeholder: str = IMAGE_PLACEHOLDER) -> str:
    """The first ``max_images`` placeholders of ``text`` replaced by ``image_token``; the rest
    kept as the placeholder, or dropped when ``image_token`` is the placeholder itself."""
    parts = text.split(placeholder)
    out = []
    for i, part in enumerate(parts[:-1]):
        out.append(part)
        if i < max_images:
            out.append(image_token)
        elif placeholder != image_token:
            out.append(placeholder)
    out.append(parts[-1])
    return "".join(out)


def chat_parts(messages: Sequence[Mapping[str, Any]], *, max_images: int = DEFAULT_MAX_IMAGES,
               interleave: bool = True) -> list[dict[str, Any]]:
    """Chat messages with each string ``content`` split into typed parts around ``<image>``."""
    return [{**m, "content": _parts(m["content"], max_images, interleave)} for m in messages]


def _parts(text: str, max_images: int, interleave: bool) -> list[dict[str, Any]]:
    count = min(max_images, text.count(IMAGE_PLACEHOLDER))
    if not interleave:
        return ([{"type": "image", "image": None} for _ in range(count)]
                + [{"type": "text", "text": text.replace(IMAGE_PLACEHOLDER, "")}])
    parts: list[dict[str, Any]] = []
    pieces = text.split(IMAGE_PLACEHOLDER)
    for i, piece in enumerate(pieces):
        if piece:
            parts.append({"type": "text", "text": piece})
        if i < len(pieces) - 1 and i < max_images:
            parts.append({"type": "image"})
    return parts


def kept(images: Sequence[Any], max_images: int) -> list[Any]:
    """The images a model is given: the first ``max_images``."""
    return list(images[:max_images])


def fit_size(size: tuple[int, int], width: int | None = None, height: int | None = None,
             max_side: int | None = None) -> tuple[int, int] | None:
    """lm-eval's ``resize_image`` rule: the new ``(width, height)`` of an image of ``size``, or
    None to keep it. Images only shrink and keep their aspect ratio: ``width`` and ``height``
    together bound both sides; one alone fixes that side; ``max_side`` bounds the longer side.
    Sides are truncated to whole pixels, at least 1."""
    w, h = size
    if width is not None and height is not None:
        if w <= width and h <= height:
            return None
        ratio = min(width / w, height / h)
        new = (int(w * ratio), int(h * ratio))
    elif width is not None:
        if w <= width:
            return None
        new = (width, int((h / w) * width))
    elif height is not None:
        if h <= height:
            return None
        new = (int((w / h) * height), height)
    elif max_side is not None:
        if max(w, h) <= max_side:
            return None
        new = (max_side, int((h / w) * max_side)) if w > h else (int((w / h) * max_side), max_side)
    else:
        return None
    return (max(1, new[0]), max(1, new[1]))
