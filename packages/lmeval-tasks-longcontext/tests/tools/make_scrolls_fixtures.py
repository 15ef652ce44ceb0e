"""Write SCROLLS' fixture mirror (``tau/scrolls/<subset>/{train,validation}.jsonl``)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_scrolls_fixtures.py

Invented rows in the zips' schema (``id``, ``pid``, ``input``, ``output``): the query before the
first blank line, rows repeating an ``id`` with another reference, yes/no and free Qasper
answers, QuALITY's ``(A)``...``(D)`` options before the story, ContractNLI's three labels.
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "tau" / "scrolls"
STORY = "The keeper lit the lamp at dusk.\nShips passed safely all night.\n\nIn the morning he slept."


def rows(name: str, split: str) -> list[dict]:
    out: list[dict] = []
    for i in range(3):
        rid = f"{name}-{split}-{i}"
        if name in ("gov_report", "summ_screen_fd"):
            pairs = [(STORY + f" ({i})", "The keeper keeps ships safe. He sleeps by day."),
                     (STORY + f" ({i})", "A lighthouse story.")][: 2 if i == 0 else 1]
        elif name in ("qmsum", "narrative_qa"):
            pairs = [(f"What does the keeper do {i}?\n\n{STORY}", "He lights the lamp."),
                     (f"What does the keeper do {i}?\n\n{STORY}", "lights the lamp at dusk")][: 2 if i != 1 else 1]
        elif name == "qasper":
            answers = (["Yes", "yes."], ["No"], ["The lamp", "Unanswerable"])[i]
            pairs = [(f"Is the lamp lit {i}?\n\n{STORY}", a) for a in answers]
        elif name == "quality":
            options = "(A) At dusk (B) At dawn (C)  At noon (D) Never"
            pairs = [(f"When is the lamp lit {i}?\n\n{options}\n\n{STORY}", ("At dusk", "At dawn", "Never")[i])]
        else:
            pairs = [(f"The keeper sleeps at night {i}.\n\n{STORY}",
                      ("Contradiction", "Entailment", "Not mentioned")[i])]
        out.extend({"id": rid, "pid": f"{rid}-{k}", "input": text, "output": output}
                   for k, (text, output) in enumerate(pairs))
    return out


def main() -> None:
    for name in ("gov_report", "summ_screen_fd", "qmsum", "narrative_qa", "qasper", "quality", "contract_nli"):
        for split in ("train", "validation"):
            out = MIRROR / name / f"{split}.jsonl"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text("".join(json.dumps(r) + "\n" for r in rows(name, split)), encoding="utf-8")


if __name__ == "__main__":
    main()
