"""Write the offline mirror used by the tests: a handful of synthetic rows per dataset config.

The rows are invented (nothing is downloaded) but every file has the columns of the hub
dataset it stands in for, laid out as ``<hub id>/<config or "default">/<split>.jsonl`` — the
layout lmeval reads from ``$LMEVAL_DATASETS_DIR``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "datasets"


def write(hub_id: str, config: str | None, split: str, rows: list[dict]) -> None:
    path = ROOT / hub_id / (config or "default") / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


ACTIVITIES = ["Washing dishes", "Making a cake", "Personal Care and Style", "Playing guitar"]


def hellaswag(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        wikihow = i % 2 == 1
        ctx_a = (f"[header] How to tidy room {i} [title] Pick up the clothes." if wikihow
                 else f"A person stands at the sink number {i}.")
        ctx_b = "then" if wikihow else f"they rinse plate {i}"
        rows.append({
            "ind": 100 + i, "activity_label": ACTIVITIES[i % 4], "ctx_a": ctx_a, "ctx_b": ctx_b,
            "ctx": f"{ctx_a} {ctx_b}",
            "endings": [f"[step] put item {j} away [substeps] carefully." if wikihow
                        else f" dries it with towel {j}. " for j in range(4)],
            "source_id": f"{'wikihow' if wikihow else 'activitynet'}~{i}",
            "split": split, "split_type": "indomain" if i % 3 else "zeroshot",
            "label": "" if split == "test" else str((i + 1) % 4),
        })
    return rows


def arc(level: str, split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        k = 3 if i == 2 else 4
        labels = ["1", "2", "3", "4"] if i == 1 else list("ABCD"[:k])
        rows.append({
            "id": f"{level}_{split}_{i}",
            "question": f"Which {level} property of matter changes in {split} example {i}?",
            "choices": {"text": [f"property {j} of sample {i}" for j in range(k)], "label": labels},
            "answerKey": labels[(i + len(split)) % k],
        })
    return rows


LAMBADA_WORDS = {"default": "door", "en": "door", "de": "Tür", "es": "puerta", "fr": "porte",
                 "it": "porta"}


def lambada(config: str, n: int) -> list[dict]:
    word = LAMBADA_WORDS[config]
    return [{"text": f"She walked to the house number {i} and looked at the old ({config}) {word}"}
            for i in range(n)]


def wikitext(split: str, n: int) -> list[dict]:
    return [{"page": (f" = Article {split} {i} = \n \n The station @-@ house was built in 19 @,@ 0{i} "
                      f"( about 3 @.@ 5 km away ) . It 's \" famous \" , they say ; yes ! \n"
                      f" = = History = = \n \n About N people lived there 's near 20 ° C . \n")}
            for i in range(n)]


def gsm8k(split: str, n: int) -> list[dict]:
    return [{
        "question": f"Tom has {i + 2} apples and buys {i + 3} more. How many apples does he have?",
        "answer": f"Tom starts with {i + 2} apples.\nHe buys {i + 3} more, so {i + 2} + {i + 3} = "
                  f"<<{i + 2}+{i + 3}={2 * i + 5}>>{2 * i + 5}.\n#### {2 * i + 5}",
    } for i in range(n)]


def piqa(split: str, n: int) -> list[dict]:
    return [{"goal": f"How do I open jar number {i}?",
             "sol1": f"Twist the lid of jar {i} counterclockwise.",
             "sol2": f"Hit jar {i} with a hammer.",
             "label": i % 2} for i in range(n)]


def winogrande(split: str, n: int) -> list[dict]:
    return [{"sentence": f"The trophy {i} did not fit in the suitcase because the _ was too "
                         f"{'big' if i % 2 else 'small'}.",
             "option1": "trophy", "option2": "suitcase", "answer": str(1 + i % 2)}
            for i in range(n)]


def boolq(split: str, n: int) -> list[dict]:
    return [{"question": f"is lake {i} deeper than ten metres",
             "passage": f"Lake {i} is a glacial lake whose maximum depth is {5 + 4 * i} metres.",
             "idx": i, "label": int(5 + 4 * i > 10)} for i in range(n)]


def openbookqa(split: str, n: int) -> list[dict]:
    return [{"id": f"{split}-{i}",
             "question_stem": f"An example of a renewable resource in case {i} is",
             "choices": {"text": [f"coal {i}", f"wind {i}", f"oil {i}", f"gas {i}"],
                         "label": ["A", "B", "C", "D"]},
             "answerKey": "B" if i % 2 else " B"} for i in range(n)]


def main() -> None:
    if ROOT.exists():
        shutil.rmtree(ROOT)
    for split, n in (("train", 6), ("validation", 4), ("test", 2)):
        write("Rowan/hellaswag", None, split, hellaswag(split, n))
        write("baber/piqa", None, split, piqa(split, n))
        write("allenai/winogrande", "winogrande_xl", split, winogrande(split, n))
        write("aps/super_glue", "boolq", split, boolq(split, n))
        write("allenai/openbookqa", "main", split, openbookqa(split, n))
        for level in ("ARC-Easy", "ARC-Challenge"):
            write("allenai/ai2_arc", level, split, arc(level, split, n + 1))
        write("EleutherAI/wikitext_document_level", "wikitext-2-raw-v1", split, wikitext(split, n - 1))
    for config in LAMBADA_WORDS:
        write("EleutherAI/lambada_openai", config, "test", lambada(config, 3))
    write("openai/gsm8k", "main", "train", gsm8k("train", 8))
    write("openai/gsm8k", "main", "test", gsm8k("test", 3))


if __name__ == "__main__":
    main()
