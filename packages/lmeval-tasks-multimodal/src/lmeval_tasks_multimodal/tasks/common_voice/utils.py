"""Common Voice (English): one fixed instruction with an ``<audio>`` placeholder, one clip per document."""

from __future__ import annotations

from typing import Any

INSTRUCTION = "Listen to the audio <audio> and output what a human has said on it. Answer:"


def doc_to_text(doc: dict[str, Any]) -> str:
    return INSTRUCTION


def doc_to_audio(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The clip as lm-eval hands it over: its samples and their rate."""
    return [{"array": doc["audio"]["array"], "sampling_rate": doc["audio"]["sampling_rate"]}]
