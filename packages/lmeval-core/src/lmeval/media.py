"""Images a request carries besides its text, held without importing PIL, numpy or torch.

A task with ``doc_to_image`` gives each request of a document a :class:`Media`: its images, in
the order of the prompt's ``<image>`` placeholders (:mod:`lmeval.backend.image_prompts`). The core never
decodes an image; it keeps the object the dataset gave (a ``PIL.Image``, the ``{"bytes", "path"}``
mapping of an undecoded ``datasets`` ``Image`` column or a parquet file, raw bytes, a path) and a
SHA-256 digest of its content. The digest is what the response cache keys on (an
:class:`Image`'s ``repr`` is ``<image sha256:...>``, and the cache key is built from the
request's arguments with ``repr`` for such objects), so the same picture read twice shares
answers and a changed pixel does not; sample files show the digest as lm-eval does. A
multimodal backend turns :attr:`Image.data` into what its library takes.

Audio, when a backend takes it, becomes another field of :class:`Media`.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

#: What a request with images needs from a backend (``LM.supported_inputs``).
IMAGE = "image"
TEXT = "text"


class MediaError(UsageError):
    """A value given as an image that is none of the forms lmeval can hold."""


class Image:
    """One image: the dataset's object, and the digest of its content (equality and ``repr``)."""

    __slots__ = ("data", "digest")

    def __init__(self, data: Any, digest: str) -> None:
        self.data = data
        self.digest = digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Image) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"<image sha256:{self.digest}>"

    def __str__(self) -> str:
        """The digest alone: what lm-eval writes for an image in its sample files."""
        return self.digest

    def __reduce__(self) -> tuple[Any, ...]:
        return (Image, (self.data, self.digest))


@dataclass(frozen=True)
class Media:
    """The non-text inputs of one request."""

    images: tuple[Image, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.images)

    def argument(self) -> dict[str, list[Image]]:
        """The request argument lm-eval appends for them: ``{"visual": [image, ...]}``."""
        return {"visual": list(self.images)}

    @property
    def inputs(self) -> frozenset[str]:
        """The input kinds besides text these media need from a backend."""
        return frozenset({IMAGE}) if self.images else frozenset()


def image(value: Any) -> Image:
    """``value`` (a PIL image, ``{"bytes", "path"}``, bytes or a file path) as an :class:`Image`."""
    if isinstance(value, Image):
        return value
    return Image(value, digest(value))


def images(value: Any) -> Media:
    """What a task's ``doc_to_image`` returned, as :class:`Media`: one image or a list of them."""
    if value is None:
        return Media()
    items = value if isinstance(value, (list, tuple)) else [value]
    out = []
    for i, item in enumerate(items):
        if item is None:
            raise MediaError(f"image {i} of the document is missing (None)")
        out.append(image(item))
    return Media(tuple(out))


def digest(value: Any) -> str:
    """SHA-256 of an image's content: of its PNG encoding for a decoded (PIL) image, as lm-eval
    0.4.13 hashes images in its sample files; of the encoded file's bytes otherwise (the same
    value for a PNG that PIL wrote)."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return hashlib.sha256(bytes(value)).hexdigest()
    if isinstance(value, Mapping):
        data = value.get("bytes")
        if data is not None:
            return digest(data)
        path = value.get("path")
        if path:
            return digest(Path(path))
        raise MediaError(f"an image mapping needs 'bytes' or 'path', got keys {sorted(value)}")
    if isinstance(value, (str, os.PathLike)):
        try:
            return hashlib.sha256(Path(value).read_bytes()).hexdigest()
        except OSError as exc:
            raise MediaError(f"cannot read image file {str(value)!r}: {exc.strerror}") from None
    if hasattr(value, "mode") and callable(getattr(value, "save", None)):  # a PIL image
        buffer = io.BytesIO()
        value.save(buffer, format="PNG")
        return hashlib.sha256(buffer.getvalue()).hexdigest()
    tobytes = getattr(value, "tobytes", None)
    if callable(tobytes) and hasattr(value, "shape"):  # a numpy array
        header = f"{getattr(value, 'dtype', '')}|{value.shape}|".encode()
        return hashlib.sha256(header + tobytes()).hexdigest()
    raise MediaError(f"cannot use a {type(value).__module__}.{type(value).__qualname__} as an "
                     f"image: expected a PIL image, bytes, a {{'bytes', 'path'}} mapping or a path")
