"""A tiny random vision-language model and PIL-drawn images for tests: nothing is downloaded.

Stable API (only add keyword arguments):

``build_tiny_llava(directory, *, hidden=64, layers=2, heads=4, vision_hidden=32,
vision_layers=2, image_size=32, patch_size=8, vocab_size=512, seed=0)``
    ``LlavaForConditionalGeneration``: a CLIP vision tower (``image_size`` / ``patch_size``
    patches, the ``default`` feature strategy: one image is ``(image_size // patch_size) ** 2``
    ``<image>`` tokens) and a Llama language model, with a ``LlavaProcessor`` (a
    ``CLIPImageProcessor`` and :func:`lmeval_testkit.hf.build_tokenizer`'s llama-style
    tokenizer plus the special token ``<image>``) and :data:`VLM_CHAT_TEMPLATE`. About 1 MB.
    ``heads`` attention heads (half as many key/value heads); vLLM's CPU attention needs a head
    size (``hidden // heads``) of at least 32, and its Llava (every vLLM vision model) needs
    torchvision.
    Idempotent like the builders of
    :mod:`lmeval_testkit.hf`.

``draw_image(seed, size=(48, 40))``
    A deterministic RGB ``PIL.Image`` (coloured bars and a disc drawn from ``seed``).

``png_bytes(image)``
    The PNG encoding of an image, as ``datasets`` stores an ``Image`` feature.

``write_image_parquet(path, rows, image_columns)``
    Rows as a parquet file in the Hugging Face dataset schema: each image column holds
    ``{"bytes": <PNG>, "path": None}`` (a ``PIL.Image`` in ``rows`` is encoded) and the file
    carries the ``huggingface`` features metadata, so ``datasets`` decodes those columns to
    ``PIL`` images as it does for a hub dataset such as ChartQA or MMMU (lmeval's own reader
    keeps the mapping). Needs pyarrow.
"""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lmeval_testkit.hf import _build_once, _save_model, _write_tokenizer

__all__ = ["IMAGE_TOKEN", "VLM_CHAT_TEMPLATE", "build_tiny_llava", "draw_image", "png_bytes",
           "write_image_parquet"]

IMAGE_TOKEN = "<image>"

#: Messages whose ``content`` is a string or a list of ``{"type": "text"|"image"}`` parts, as
#: transformers processors take them; an image part renders as ``<image>``.
VLM_CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>\n"
    "{% if message['content'] is string %}{{ message['content'] }}"
    "{% else %}{% for part in message['content'] %}"
    "{% if part['type'] == 'image' %}<image>{% elif part['type'] == 'text' %}{{ part['text'] }}"
    "{% endif %}{% endfor %}{% endif %}<|end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)


def build_tiny_llava(
    directory: str | os.PathLike[str],
    *,
    hidden: int = 64,
    layers: int = 2,
    heads: int = 4,
    vision_hidden: int = 32,
    vision_layers: int = 2,
    image_size: int = 32,
    patch_size: int = 8,
    vocab_size: int = 512,
    seed: int = 0,
) -> Path:
    """A tiny random Llava with its processor, saved to ``directory``; see the module docstring."""
    params = {"kind": "llava", "hidden": hidden, "layers": layers,
              **({"heads": heads} if heads != 4 else {}),
              "vision_hidden": vision_hidden, "vision_layers": vision_layers,
              "image_size": image_size, "patch_size": patch_size, "vocab_size": vocab_size,
              "seed": seed}

    def write(d: Path) -> None:
        from tokenizers import AddedToken
        from transformers import (
            AutoTokenizer,
            CLIPImageProcessor,
            CLIPVisionConfig,
            LlamaConfig,
            LlavaConfig,
            LlavaForConditionalGeneration,
            LlavaProcessor,
        )

        ids = _write_tokenizer(d, vocab_size, seed, "llama", True)
        tokenizer = AutoTokenizer.from_pretrained(str(d))
        tokenizer.add_tokens([AddedToken(IMAGE_TOKEN, special=True, normalized=False)],
                             special_tokens=True)
        tokenizer.chat_template = VLM_CHAT_TEMPLATE
        image_id = tokenizer.convert_tokens_to_ids(IMAGE_TOKEN)
        ids["vocab_size"] = len(tokenizer)
        text = LlamaConfig(
            vocab_size=ids["vocab_size"], hidden_size=hidden, intermediate_size=hidden * 2,
            num_hidden_layers=layers, num_attention_heads=heads,
            num_key_value_heads=max(1, heads // 2),
            max_position_embeddings=1024, bos_token_id=ids["bos"], eos_token_id=ids["eos"],
            pad_token_id=ids["pad"], tie_word_embeddings=False, initializer_range=0.2)
        vision = CLIPVisionConfig(
            hidden_size=vision_hidden, intermediate_size=vision_hidden * 2,
            num_hidden_layers=vision_layers, num_attention_heads=4, image_size=image_size,
            patch_size=patch_size, projection_dim=vision_hidden)
        config = LlavaConfig(
            vision_config=vision, text_config=text, image_token_index=image_id,
            vision_feature_select_strategy="default", vision_feature_layer=-1,
            projector_hidden_act="gelu", initializer_range=0.2)
        config.pad_token_id = ids["pad"]
        _save_model(d, LlavaForConditionalGeneration, config, seed, ids)
        image_processor = CLIPImageProcessor(
            size={"shortest_edge": image_size},
            crop_size={"height": image_size, "width": image_size},
            do_center_crop=True, do_resize=True, do_normalize=True, do_convert_rgb=True)
        processor = LlavaProcessor(
            image_processor=image_processor, tokenizer=tokenizer, patch_size=patch_size,
            vision_feature_select_strategy="default", num_additional_image_tokens=1,
            chat_template=VLM_CHAT_TEMPLATE, image_token=IMAGE_TOKEN)
        processor.save_pretrained(str(d))
        tokenizer.save_pretrained(str(d))

    return _build_once(Path(directory), params, write)


def draw_image(seed: int, size: tuple[int, int] = (48, 40)) -> Any:
    """A deterministic RGB image: a background, three bars and a disc, colours from ``seed``."""
    from PIL import Image, ImageDraw

    rng = random.Random(seed)

    def colour() -> tuple[int, int, int]:
        return (rng.randrange(256), rng.randrange(256), rng.randrange(256))

    width, height = size
    image = Image.new("RGB", size, colour())
    draw = ImageDraw.Draw(image)
    for i in range(3):
        top = rng.randrange(height // 2)
        draw.rectangle([i * width // 3 + 2, top, (i + 1) * width // 3 - 2, height - 1],
                       fill=colour())
    cx, cy, r = rng.randrange(width), rng.randrange(height), rng.randrange(3, 10)
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour())
    return image


def png_bytes(image: Any) -> bytes:
    """``image`` encoded as PNG."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def write_image_parquet(path: str | os.PathLike[str], rows: Sequence[dict[str, Any]],
                        image_columns: Sequence[str]) -> Path:
    """``rows`` as parquet with ``datasets``' features metadata; see the module docstring."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    def cell(column: str, value: Any) -> Any:
        if column in image_columns and value is not None and not isinstance(value, dict):
            return {"bytes": png_bytes(value), "path": None}
        return value

    table = pa.Table.from_pylist([{k: cell(k, v) for k, v in row.items()} for row in rows])
    image_type = pa.struct([("bytes", pa.binary()), ("path", pa.string())])
    table = table.cast(pa.schema([pa.field(f.name, image_type) if f.name in image_columns else f
                                  for f in table.schema]))
    features = {field.name: ({"_type": "Image"} if field.name in image_columns
                             else _feature(field.type)) for field in table.schema}
    meta = {b"huggingface": json.dumps({"info": {"features": features}}).encode()}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table.replace_schema_metadata(meta), path)
    return path


def _feature(arrow_type: Any) -> dict[str, Any]:
    import pyarrow as pa

    if pa.types.is_list(arrow_type):
        return {"feature": _feature(arrow_type.value_type), "_type": "List"}
    if pa.types.is_null(arrow_type):
        return {"dtype": "null", "_type": "Value"}
    if pa.types.is_struct(arrow_type):
        return {f.name: _feature(f.type) for f in arrow_type}
    return {"dtype": str(arrow_type), "_type": "Value"}
