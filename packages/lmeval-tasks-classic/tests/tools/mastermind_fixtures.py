"""Write MastermindEval's part of the offline mirror: ``flair/mastermind_{24,35,46}_mcq_{random,close}``
(train, validation, test), invented games in the Hub datasets' columns (``instruction``,
``options`` with ``label``/``text``, ``answerKey``).
``python packages/lmeval-tasks-classic/tests/tools/mastermind_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "flair"
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def rows(length: int, colours: int, close: bool, split: str, n: int = 4) -> list[dict]:
    out = []
    for i in range(n):
        secret = [COLOURS[(i + j) % colours] for j in range(length)]
        wrong = []
        for k in range(3):
            code = list(secret)
            if close:
                pos = k % length
                code[pos] = COLOURS[(COLOURS.index(secret[pos]) + 1 + k // length) % colours]
            else:
                code = [COLOURS[(i * 3 + k + j * 2 + 1) % colours] for j in range(length)]
            wrong.append(code)
        texts = [" ".join(c) for c in wrong]
        at = (i + length) % 4
        texts.insert(at, " ".join(secret))
        out.append({
            "id": f"{split}-{length}{colours}-{i}",
            "instruction": (f"Let's play Mastermind ({split} game {i}). The code has {length} pegs out of "
                            f"{colours} colours: {', '.join(COLOURS[:colours])}.\nGuess 1: {texts[(at + 1) % 4]}"
                            f" -> {i % length} black, 1 white\nGuess 2: {texts[(at + 2) % 4]} -> 0 black, {i % 2} white"),
            "options": {"label": ["A", "B", "C", "D"], "text": texts},
            "answerKey": "ABCD"[at],
        })
    return out


def main() -> None:
    for name, (length, colours) in {"24": (2, 4), "35": (3, 5), "46": (4, 6)}.items():
        for kind in ("random", "close"):
            for split in ("train", "validation", "test"):
                path = ROOT / f"mastermind_{name}_mcq_{kind}" / "default" / f"{split}.jsonl"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text("".join(json.dumps(r) + "\n" for r in rows(length, colours, kind == "close", split)),
                                encoding="utf-8")


if __name__ == "__main__":
    main()
