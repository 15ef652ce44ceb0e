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


def anli(round_: int, split: str, n: int) -> list[dict]:
    return [{"uid": f"r{round_}-{split}-{i}",
             "premise": f"The bridge {i} in town {round_} was closed for repairs all of last {split} week.",
             "hypothesis": f"People could cross bridge {i} during that week.",
             "label": (i + round_) % 3, "reason": "" if i % 2 else f"Closed bridge {i}."}
            for i in range(n)]


def commonsense_qa(split: str, n: int) -> list[dict]:
    return [{"id": f"csqa-{split}-{i}",
             "question": f"  Where would you put spoon {i} after washing it? ",
             "question_concept": "spoon",
             "choices": {"label": list("ABCDE"),
                         "text": [f"drawer {i}", "sink", "garden", f"box {i}", "cloud"]},
             "answerKey": "" if split == "test" else "ABCDE"[i % 5]} for i in range(n)]


def asdiv(n: int) -> list[dict]:
    return [{"body": f"Seven children each have {i + 2} marbles.",
             "question": " How many marbles do they have in all?",
             "solution_type": "Multiplication",
             "answer": f"{7 * (i + 2)} (marbles)" if i % 2 == 0 else str(7 * (i + 2)),
             "formula": f"7*{i + 2}={7 * (i + 2)}"} for i in range(n)]


def babi(split: str, n: int) -> list[dict]:
    return [{"passage": f"Mary moved to room {i}.\nJohn went to the garden.\n",
             "question": f"Where is Mary{' now' if i % 2 else ''}?",
             "answer": f"room {i}", "task": 1 + i % 20} for i in range(n)]


def c4(split: str, n: int) -> list[dict]:
    return [{"text": (f"The shop {i} opened in 19 @-@ 0{i} ( near the \" old \" mill ) . "
                      f"It 's open ; come ! \n Prices : 3 @.@ 5 dollars , they say ."),
             "timestamp": f"2019-04-2{i}T10:00:00Z", "url": f"https://example.org/{split}/{i}"}
            for i in range(n)]


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
    for round_ in (1, 2, 3):
        for split, n in (("train", 5), ("dev", 3), ("test", 4)):
            write("facebook/anli", None, f"{split}_r{round_}", anli(round_, split, n))
    for split, n in (("train", 6), ("validation", 4), ("test", 2)):
        write("tau/commonsense_qa", None, split, commonsense_qa(split, n))
    write("EleutherAI/asdiv", None, "validation", asdiv(4))
    for split, n in (("train", 5), ("valid", 3), ("test", 4)):
        write("Muennighoff/babi", None, split, babi(split, n))
    for split, n in (("train", 3), ("validation", 3)):
        write("allenai/c4", "en", split, c4(split, n))
    for config in LAMBADA_WORDS:
        write("EleutherAI/lambada_openai", config, "test", lambada(config, 3))
    write("openai/gsm8k", "main", "train", gsm8k("train", 8))
    write("openai/gsm8k", "main", "test", gsm8k("test", 3))


if __name__ == "__main__":
    main()
