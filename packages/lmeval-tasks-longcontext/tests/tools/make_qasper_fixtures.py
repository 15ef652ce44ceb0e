"""Write Qasper's fixture mirror (``allenai/qasper``, ``train`` and ``validation``)::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_qasper_fixtures.py

Invented papers in the Hub schema (``qas.question``, ``qas.answers[].answer[]`` with
``unanswerable``, ``yes_no``, ``free_form_answer``, ``extractive_spans``): every kind of answer,
several annotators per question, yes/no answers next to free-form ones.
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "allenai" / "qasper" / "default"


def blob(unanswerable: bool = False, yes_no: bool | None = None, free: str = "", spans: tuple = ()) -> dict:
    return {"unanswerable": unanswerable, "yes_no": yes_no, "free_form_answer": free,
            "extractive_spans": list(spans), "evidence": [], "highlighted_evidence": []}


def paper(split: str, i: int) -> dict:
    questions = [f"Do they evaluate model {i} on English?", f"What dataset does paper {i} use?",
                 f"How large is the corpus of paper {i}?", f"Is the code of paper {i} released?"]
    answers = [
        [blob(yes_no=True), blob(yes_no=False), blob(free="Only on English data.")],
        [blob(free=f"The Penn Treebank ({split} {i})"), blob(spans=("PTB", "WikiText-103"))],
        [blob(unanswerable=True), blob(free="About 1M tokens, the authors say.")],
        [blob(yes_no=False), blob(yes_no=False if i % 2 else True)],
    ]
    return {"id": f"{split}-{i}", "title": f"Paper {i}: Long Documents in {split.title()}",
            "abstract": f"We study long documents. Paper {i} introduces a model.\nIt works well.",
            "full_text": {"section_name": ["Intro"], "paragraphs": [["Text."]]},
            "qas": {"question": questions, "question_id": [f"q{i}{k}" for k in range(4)],
                    "nlp_background": ["five"] * 4, "topic_background": ["familiar"] * 4,
                    "paper_read": ["no"] * 4, "search_query": [""] * 4, "question_writer": ["w"] * 4,
                    "answers": [{"answer": a, "annotation_id": [f"a{k}" for k in range(len(a))],
                                 "worker_id": [f"w{k}" for k in range(len(a))]} for a in answers]},
            "figures_and_tables": {"caption": [], "file": []}}


def main() -> None:
    MIRROR.mkdir(parents=True, exist_ok=True)
    for split, n in (("train", 2), ("validation", 3)):
        rows = [paper(split, i) for i in range(n)]
        (MIRROR / f"{split}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    main()
