"""Write the offline mirror used by the tests: a handful of synthetic rows per dataset config.

The rows are invented (nothing is downloaded) but every file has the columns of the hub
dataset it stands in for, laid out as ``<hub id>/<config or "default">/<split>.jsonl`` — the
layout lmeval reads from ``$LMEVAL_DATASETS_DIR``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import acp_gen_fixtures
import bundle_fixtures
import math_fixtures
import qa_fixtures
import small_classics_fixtures
import super_glue_fixtures
import tiny_fixtures

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


def bear(config: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        options = [f"The capital of country {i} ({config}) is city {j}." for j in range(3 + i % 2)]
        rows.append({"sub_id": f"Q{100 + i}", "sub_label": f"country {i}", "relation": "P36",
                     "obj_label": f"city {i % 3}", "text_options": options, "correct": i % 3})
    return rows


def careqa(language: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        q = f"Which enzyme {i} ({language}) breaks down starch in the mouth?"
        rows.append({"exam_id": 30 + i, "question": None if i == 2 else q,
                     "op1": f"Amylase {i}", "op2": "Pepsin", "op3": "Lipase", "op4": "Trypsin",
                     "cop": 1 + i % 4, "year": 2020 + i, "category": "Biology",
                     "unique_id": f"careqa-{language}-{i}"})
    return rows


def careqa_open(n: int) -> list[dict]:
    return [{"exam_id": 40 + i, "question": f"What does enzyme {i} digest?",
             "answer": "" if i == 3 else f"Enzyme {i} digests starch into maltose in the mouth.",
             "year": 2024, "category": "Biology", "unique_id": f"careqa-open-{i}"} for i in range(n)]


EMOTIONS = ("Anger", "Joy", "Fear", "Surprise")


def eq_bench(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        names = EMOTIONS if i % 2 == 0 else ("Relief", "Joy", "Guilt", "Pride")
        scores = [(i + 3 * j) % 11 for j in range(4)]
        reference = {f"emotion{j + 1}": names[j] for j in range(4)}
        reference.update({f"emotion{j + 1}_score": scores[j] for j in range(4)})
        prompt = (f"Your task is to predict the likely emotional responses of a character in this "
                  f"dialogue {i}:\n\nRobert: You took my seat again.\nJane: It was free.\n"
                  f"[End dialogue]\n\nAt the end of this dialogue, Jane would feel...\n"
                  + "\n".join(names) + "\n\nYour answer:\n")
        rows.append({"prompt": prompt, "reference_answer": json.dumps(reference),
                     "reference_answer_fullscale": repr(reference)})
    return rows


CLICK_IDS = ["CSAT_korean_22_5", "CSAT_korean_23_36", "CSAT_korean_15_12", "CSAT_korean_18_7",
             "TK_grammar_7", "TK_grammar_2", "Kedu_1_4", "Kedu_16_2", "PSE_korean_3",
             "Economy_1", "Geography_2", "KHB_3", "History_4", "Law_5", "PSAT_6", "Politics_7",
             "Popular_8", "Society_9", "Tradition_10", "Economy_11", "Tradition_12"]


def click() -> list[dict]:
    rows = []
    for i, id_ in enumerate(CLICK_IDS):
        k = 5 if "CSAT" in id_ else 4
        choices = [f"보기 {i}-{j}" for j in range(k)]
        question = (f"다음 대화에서 화자의 의도로 알맞은 것은? ({i})" if id_ == "Kedu_16_2"
                    else f"다음 중 옳은 것은? ({i})")
        rows.append({"id": id_, "paragraph": f"한국의 전통 {i}에 관한 글이다." if i % 3 == 0 else "",
                     "question": question, "choices": choices, "answer": choices[i % k]})
    return rows


def cnn_dailymail(n: int) -> list[dict]:
    return [{"article": (f"LONDON, England (CNN) -- The  city council {i} voted on Tuesday\n to "
                         f"close the old bridge   for repairs. Residents said the bridge {i} "
                         f"had been unsafe for years."),
             "highlights": f"Council {i} votes to close the old bridge .\nResidents say it was unsafe .",
             "id": f"{i:040x}"} for i in range(n)]


BABILONG_FACTS = ("Mary travelled to the office.", "John went back to the kitchen.",
                  "The hallway was painted long ago.", "Sandra moved to the garden.")


def babilong(length: str, task: int, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        filler = " ".join(f"Filler sentence {k} of a long {length} text." for k in range(1 + i))
        rows.append({"input": f"  {BABILONG_FACTS[i % 4]} {filler} {BABILONG_FACTS[(i + 1) % 4]}\n",
                     "question": f" Where is Mary in qa{task}? ",
                     "target": "office" if i % 2 == 0 else f"kitchen {task}"})
    return rows


ACP_QUESTIONS = ("app", "prog", "reach", "areach", "val", "just", "land")


def acp_bench(name: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        row = {"id": 1000 + i, "group": "ferry",
               "context": (f"This is a ferry domain {i}.  There are 2 locations and {i + 2} cars.  "
                           f"Currently, the ferry is at l{i % 2}."),
               "question": f"Is the action sail from l0 to l{i} applicable ({name})?"}
        if name.endswith("_mcq"):
            texts = [f"sail from l0 to l{i}.", f"board car c{i} at l1.", "debark car c0 at l0.",
                     f"sail from l1 to l{i}."]
            row["question"] = ("Which of the following actions will be applicable in this state? "
                               + "  ".join(f"{letter}. {t}" for letter, t in zip("ABCD", texts, strict=True)))
            row["choices"] = {"text": texts, "label": list("ABCD")}
            row["query"] = row["context"] + " " + row["question"]
            row["answer"] = "ABCD"[i % 4]
        else:
            row["answer"] = "yes" if i % 2 == 0 else "no"
        rows.append(row)
    return rows


def main() -> None:
    if ROOT.exists():
        shutil.rmtree(ROOT)
    for split, n in (("train", 6), ("validation", 4), ("test", 2)):
        # openllm asks for 10 hellaswag and 25 arc_challenge shots from train
        write("Rowan/hellaswag", None, split, hellaswag(split, 11 if split == "train" else n))
        write("baber/piqa", None, split, piqa(split, n))
        write("allenai/winogrande", "winogrande_xl", split, winogrande(split, n))
        write("aps/super_glue", "boolq", split, boolq(split, n))
        write("allenai/openbookqa", "main", split, openbookqa(split, n))
        for level in ("ARC-Easy", "ARC-Challenge"):
            write("allenai/ai2_arc", level, split, arc(level, split, 26 if split == "train" else n + 1))
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
    for config in ("BEAR", "BEAR_big"):
        write("lm-pub-quiz/BEAR", config, "test", bear(config, 4))
    for config, language in (("CareQA_en", "en"), ("CareQA_es", "es")):
        write("HPAI-BSC/CareQA", config, "test", careqa(language, 4))
    write("HPAI-BSC/CareQA", "CareQA_en_open", "test", careqa_open(4))
    write("pbevan11/EQ-Bench", None, "validation", eq_bench(4))
    for language in ("ca", "es"):
        write(f"BSC-LT/EQ-bench_{language}", None, "test", eq_bench(3))
    write("EunsuKim/CLIcK", None, "train", click())
    write("abisee/cnn_dailymail", "3.0.0", "test", cnn_dailymail(3))
    for task in range(1, 21):
        write("RMT-team/babilong-1k-samples", "0k", f"qa{task}", babilong("0k", task, 3))
    for task in range(1, 6):
        write("RMT-team/babilong-1k-samples", "4k", f"qa{task}", babilong("4k", task, 2))
    for question in ACP_QUESTIONS:
        for kind in ("bool", "mcq"):
            write("ibm-research/acp_bench", f"acp_{question}_{kind}", "test",
                  acp_bench(f"acp_{question}_{kind}", 3))
    acp_gen_fixtures.write_all(write)
    bundle_fixtures.write_all(write, ROOT)
    math_fixtures.write_all(write)
    qa_fixtures.write_all(write)
    small_classics_fixtures.write_all(write, ROOT)
    super_glue_fixtures.write_all(write)
    tiny_fixtures.write_all(write, arc=arc, hellaswag=hellaswag, gsm8k=gsm8k, winogrande=winogrande)


if __name__ == "__main__":
    main()
