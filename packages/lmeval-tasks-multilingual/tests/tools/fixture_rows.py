"""Where the fixture mirror goes and how a split's rows are written (shared by the fixture makers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "fixtures"
N = 3


def dump(hub: str, config: str | None, split: str, rows: list[dict[str, Any]]) -> None:
    path = OUT / hub / (config or "default") / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def sentence(tag: str, i: int, words: int = 6) -> str:
    return " ".join(f"{tag}{i}w{j}" for j in range(words)).capitalize() + "."
