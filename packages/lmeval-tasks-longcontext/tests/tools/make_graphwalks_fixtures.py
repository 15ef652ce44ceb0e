"""Write GraphWalks' fixture mirror (``openai/graphwalks``)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_graphwalks_fixtures.py

One ``default/train.jsonl`` that both tasks read (lm-eval's reference loader and lmeval's mirror
ignore ``data_files``): invented prompts in the Hub schema (``prompt``, ``answer_nodes``,
``prompt_chars``, ``problem_type``), answer sets empty, one node, several.
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "openai" / "graphwalks" / "default"
ANSWERS = ([], ["a1b2"], ["a1b2", "c3d4"], ["e5f6", "a1b2", "0x99"], ["c3d4"])


def main() -> None:
    rows = []
    for i, nodes in enumerate(ANSWERS):
        prompt = (f"You will be given a graph as a list of directed edges.\nGraph {i}:\na1b2 -> c3d4\nc3d4 -> e5f6\n"
                  f"Operation: Perform a BFS from node a1b2 with depth {i}.\n"
                  "Final Answer: [node1, node2, ...]")
        rows.append({"prompt": prompt, "answer_nodes": nodes, "prompt_chars": len(prompt),
                     "problem_type": ("bfs", "parents")[i % 2]})
    MIRROR.mkdir(parents=True, exist_ok=True)
    (MIRROR / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    main()
