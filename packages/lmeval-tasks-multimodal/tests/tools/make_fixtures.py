"""Write the pack's offline dataset mirror: MMMU- and ChartQA-schema parquet with PIL-drawn images.

    .venv/bin/python packages/lmeval-tasks-multimodal/tests/tools/make_fixtures.py [MIRROR_DIR]

Each file has the columns of the hub dataset (``MMMU/MMMU`` validation: ``id``, ``question``,
``options`` as a Python-list string, ``explanation``, ``image_1`` ... ``image_7``, ``img_type``,
``answer``, ``topic_difficulty``, ``question_type``, ``subfield``; ``HuggingFaceM4/ChartQA``
test: ``image``, ``query``, ``label``, ``human_or_machine``), images stored as
``datasets`` stores them (:func:`lmeval_testkit.vlm.write_image_parquet`). Documents are drawn
from fixed seeds: multiple-choice and open MMMU questions with one to three images (one image
referenced twice), ChartQA numbers, percentages, words and yes/no answers.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

from mmmu import DISCIPLINES  # noqa: E402

WORDS = ("red", "blue", "green", "north", "south", "river", "tree", "energy", "market", "cell")


def mmmu_docs(subject: str, seed: int, n: int = 3) -> list[dict[str, Any]]:
    from lmeval_testkit.vlm import draw_image

    rng = random.Random(seed)
    docs = []
    for i in range(n):
        images: dict[str, Any] = {f"image_{k}": None for k in range(1, 8)}
        count = 1 + (i % 3)
        for k in range(1, count + 1):
            images[f"image_{k}"] = draw_image(seed * 100 + i * 10 + k, (24 + 8 * k, 32))
        refs = " ".join(f"<image {k}>" for k in range(1, count + 1))
        if count > 1:
            refs += " <image 1>"  # a repeated reference repeats the image
        if i % 3 != 2:
            options = [rng.choice(WORDS) + f" {j}" for j in range(rng.randint(3, 5))]
            doc = {"question": f"Which {rng.choice(WORDS)} does {refs} show?",
                   "options": repr(options), "answer": "ABCDE"[rng.randrange(len(options))],
                   "question_type": "multiple-choice"}
        else:
            doc = {"question": f"How many {rng.choice(WORDS)} items are in {refs}?",
                   "options": "[]", "answer": str(rng.randint(1, 99)), "question_type": "open"}
        docs.append({"id": f"validation_{subject}_{i + 1}", "question": doc["question"],
                     "options": doc["options"], "explanation": "", **images,
                     "img_type": "['Diagrams']", "answer": doc["answer"],
                     "topic_difficulty": "Easy", "question_type": doc["question_type"],
                     "subfield": subject.replace("_", " ")})
    return docs


def chartqa_docs(n: int = 8) -> list[dict[str, Any]]:
    from lmeval_testkit.vlm import draw_image

    rng = random.Random(7)
    labels = ["12", "45.5", "38%", "Yes", "No", "Blue", "1,200", "0.25"]
    return [{"image": draw_image(900 + i, (40 + 4 * i, 32)),
             "query": f"What is the value of the {rng.choice(WORDS)} bar in {2000 + i}?",
             "label": [labels[i % len(labels)]], "human_or_machine": i % 2} for i in range(n)]


def main(root: Path = MIRROR) -> None:
    from lmeval_testkit.vlm import write_image_parquet

    images = [f"image_{k}" for k in range(1, 8)]
    subjects = [s for group in DISCIPLINES.values() for s in group]
    for seed, subject in enumerate(subjects):
        write_image_parquet(root / "MMMU" / "MMMU" / subject / "validation.parquet",
                            mmmu_docs(subject, seed), images)
    write_image_parquet(root / "HuggingFaceM4" / "ChartQA" / "default" / "test.parquet",
                        chartqa_docs(), ["image"])


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else MIRROR)
