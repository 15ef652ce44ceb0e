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
lm-eval's optional shrinking (:func:`fit_size`, :func:`resize`; :func:`to_pil` reads what the
dataset gave). :class:`ImagePrompts` is what the vision backends (``hf-multimodal``, ``vllm-vlm``)
share on top of their text backend: the processor's chat template over image parts, the
placeholder rule for plain prompts, and lm-eval's refusal of log-likelihoods with images.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval.protocol import LoglikelihoodRequest, UnsupportedRequestError
from lmeval.requires import require

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


def check_resize_args(width: int | None, height: int | None, max_side: int | None) -> None:
    """``image_max_side`` excludes ``image_width`` and ``image_height`` (a usage error)."""
    if max_side and (width or height):
        raise UsageError("image_max_side cannot be combined with image_width or "
                         "image_height: choose one way to resize images")


def to_pil(data: Any, needed_by: str = "an image request") -> Any:
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
    """``image`` shrunk by lm-eval's rule (:func:`fit_size`) with PIL's default filter, or
    ``image`` itself when it already fits."""
    size = fit_size(image.size, width, height, max_side)
    return image if size is None else image.resize(size, None)


class ImagePrompts:
    """Mixed into a vision backend before its text backend (``class VLM(ImagePrompts, TextLM)``).

    The backend sets ``processor`` (with a ``chat_template``), ``interleave``, ``max_images``,
    ``image_width``/``image_height``/``image_max_side``, ``chat_applied = False``, and
    :attr:`image_placeholder` (the text an image stands as in a plain prompt); the text backend
    gives ``_text(context)``, ``chat_template_args`` and ``backend_name``.
    """

    processor: Any
    interleave: bool
    max_images: int
    image_width: int | None
    image_height: int | None
    image_max_side: int | None
    chat_applied: bool
    chat_template_args: Mapping[str, Any]
    backend_name: str

    @property
    def image_placeholder(self) -> str:
        return IMAGE_PLACEHOLDER

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        """The processor's chat template over text and image parts (lm-eval's rules)."""
        self.chat_applied = True
        history = chat_parts(messages, max_images=self.max_images, interleave=self.interleave)
        return self.processor.apply_chat_template(
            history, add_generation_prompt=add_generation_prompt,
            continue_final_message=not add_generation_prompt, **self.chat_template_args)

    def _prompt(self, context: Any) -> str:
        """A request's prompt: the chat template's text, or the plain text with its first
        ``max_images`` placeholders made the model's :attr:`image_placeholder`."""
        text = self._text(context)  # type: ignore[attr-defined]
        if self.chat_applied:
            return text
        return replace_placeholders(text, self.image_placeholder, self.max_images)

    def _images(self, request: Any) -> list[Any]:
        """The request's first ``max_images`` images as PIL images, shrunk as asked."""
        return [resize(to_pil(image.data, self.backend_name), self.image_width,
                       self.image_height, self.image_max_side)
                for image in kept(request.media.images, self.max_images)]

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        if any(r.media for r in requests):
            raise UnsupportedRequestError(
                f"backend {self.backend_name!r} does not score loglikelihood requests with "
                "images (lm-eval 0.4.13 refuses them too): use a generate_until task")
        return super().loglikelihood(requests)  # type: ignore[misc]
