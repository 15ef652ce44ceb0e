"""Write the fixture mirror of ``fixie-ai/endpointing-audio`` (config ``common_voice_17_0-en``).

    python packages/lmeval-tasks-multimodal/tests/tools/make_common_voice_fixture.py

Three short clips in the Hub schema the task reads (``audio`` as decoded samples and their
rate, ``transcript``): a tone, silence and a chirp, 0.05 s at 16 kHz each.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "fixie-ai" / "endpointing-audio"
RATE = 16000
CLIPS = [("The birch canoe slid on the smooth planks.", lambda t: 0.3 * math.sin(2 * math.pi * 440 * t)),
         ("Glue the sheet to the dark blue background.", lambda t: 0.0),
         ("It's easy to tell the depth of a well.", lambda t: 0.3 * math.sin(2 * math.pi * (200 + 4000 * t) * t))]


def main() -> None:
    rows = []
    for i, (text, wave) in enumerate(CLIPS):
        samples = [round(wave(n / RATE), 6) for n in range(RATE // 20)]
        rows.append({"audio": {"path": f"clip_{i}.mp3", "array": samples, "sampling_rate": RATE},
                     "transcript": text, "client_id": f"speaker{i}", "locale": "en"})
    folder = OUT / "common_voice_17_0-en"
    folder.mkdir(parents=True, exist_ok=True)
    for split in ("train", "test"):
        (folder / f"{split}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    main()
