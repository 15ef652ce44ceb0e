"""Write LongBench v2's fixture mirror (``recursal/longbench-v2``, one folder per config)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_longbench2_fixtures.py

Three invented questions per config in the Hub schema (``context``, ``question`` with outer white
space the prompt strips, ``choices``, ``answer`` a letter, ``domain``, ``difficulty``, ``length``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PACK / "generate"))

from longbench2 import CATEGORIES, TAGGED_ONLY  # noqa: E402

MIRROR = PACK / "tests" / "fixtures" / "datasets" / "recursal" / "longbench-v2"


def rows(config: str) -> list[dict]:
    out = []
    for i in range(3):
        context = "\n\n".join(f"Section {k} of the {config} record: item {i + k} weighs {3 * k + i} kg."
                              for k in range(1, 5))
        out.append({"_id": f"{config}-{i}", "domain": config.split("_")[0], "sub_domain": config,
                    "difficulty": ("easy", "hard")[i % 2], "length": ("short", "medium", "long")[i],
                    "question": f"  Which item of the {config} record weighs {3 + i} kg?\n",
                    "choices": [f"item {i + j}" for j in range(1, 5)], "answer": "ABCD"[(i + len(config)) % 4],
                    "context": context})
    return out


def main() -> None:
    configs = [c for _, tasks in CATEGORIES.values() for c in tasks.values()]
    configs += [config for config, _ in TAGGED_ONLY.values()] + ["code_repo_qa"]
    for config in configs:
        out = MIRROR / config / "train.jsonl"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows(config)), encoding="utf-8")


if __name__ == "__main__":
    main()
