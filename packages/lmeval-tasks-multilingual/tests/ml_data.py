"""The multilingual pack's fixtures (offline mirror layout) and golden requests."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
GOLDEN = json.loads((HERE / "golden" / "requests.json").read_text(encoding="utf-8"))


def rows(hub: str, config: str, split: str) -> list[dict]:
    path = FIXTURES / hub / config / f"{split}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
