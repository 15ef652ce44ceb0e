"""Write the offline mirror rows of LongBench (``tests/fixtures/datasets/Xnhyacinth/LongBench``).

One ``<config>/test.jsonl`` per config (the 21 datasets and the 13 ``_e`` ones) in the Hub
schema: ``question``, ``context``, ``answers`` (a list), ``length``, ``dataset``, ``language``,
``all_classes`` (a list for trec/lsht, else null), ``_id``. Four short invented documents per
config, shaped like the real ones (numbered passages, "Paragraph N" answers, few-shot blocks
ending in the open example, code ending mid-file). Run from the pack:
``python tests/tools/make_longbench_fixtures.py``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets" / "Xnhyacinth" / "LongBench"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

from longbench import DATASETS, E_DATASETS  # noqa: E402

TREC_CLASSES = ["Abbreviation", "Entity", "Description", "Human being", "Location", "Numeric value",
                "Expression abbreviated", "Definition of something", "Manner of an action",
                "Reason", "City", "Country", "Date", "Distance", "Other location"]
LSHT_CLASSES = ["农业、农村", "军事", "体育", "经济", "教育", "科技", "文化", "财经", "金融"]


def _row(dataset: str, i: int, e: bool) -> dict:
    zh = dataset in ("multifieldqa_zh", "dureader", "vcsum", "lsht", "passage_retrieval_zh")
    context, question, answers, classes = f"Passage {i} about topic {dataset}.", f"What is item {i}?", [f"item {i}"], None
    if dataset in ("narrativeqa", "qasper", "multifieldqa_en"):
        context = f"The story of Anna {i}. Anna moved to Lyon in {1990 + i} and became a baker."
        question = f"Where did Anna {i} move?"
        answers = ["Lyon", "to Lyon"] if i % 2 else ["Lyon"]
        if dataset == "qasper" and i == 3:
            answers = ["unanswerable"]
    elif dataset in ("hotpotqa", "2wikimqa", "musique"):
        context = "".join(f"Passage {k}:\nThe river {k + i} flows through town {k}.\n" for k in range(1, 4))
        question = f"Which town does river {i + 2} flow through?"
        answers = ["town 2"]
    elif dataset == "multifieldqa_zh":
        context = f"小明{i}住在北京，他每天骑自行车上班。"
        question = f"小明{i}住在哪里？"
        answers = ["北京"]
    elif dataset == "dureader":
        context = f"文章1：长城是中国古代的军事防御工程。文章2：长城全长{i + 2}万公里。"
        question = "长城是什么？"
        answers = ["长城是中国古代的军事防御工程。"]
    elif dataset in ("gov_report", "multi_news", "qmsum"):
        context = f"Report {i}: the agency reviewed {i + 3} programs and found costs rising in two of them."
        question = "What did the agency find?" if dataset == "qmsum" else ""
        answers = [f"The agency reviewed {i + 3} programs and found rising costs in two."]
    elif dataset == "vcsum":
        context = f"会议记录{i}：我们讨论了明年的预算，决定增加研发投入。"
        question = ""
        answers = ["会议决定明年增加研发投入。"]
    elif dataset == "trec":
        context = "Question: Who wrote Hamlet ?\nType: Human being\nQuestion: Where is Rome ?\nType: City\n"
        question = f"Question: How far is the moon {i} ?\nType:"
        answers = ["Distance"]
        classes = TREC_CLASSES
    elif dataset == "triviaqa":
        context = ("Passage: Paris is the capital of France.\nQuestion: What is the capital of France?\n"
                   "Answer: Paris\n\nPassage: Rome is in Italy.\n")
        question = f"Passage: The Nile {i} is a river in Africa.\nQuestion: Where is the Nile?\nAnswer:"
        answers = ["Africa", "in Africa"]
    elif dataset == "samsum":
        context = "Dialogue: Ann: Hi! Bob: Hello.\nSummary: Ann and Bob greet each other.\n\n"
        question = f"Dialogue: Tom: Lunch at {i}? Eve: Sure.\nSummary: "
        answers = [f"Tom and Eve will have lunch at {i}."]
    elif dataset == "lsht":
        context = "新闻：球队赢得了比赛。\n类别：体育\n新闻：股市上涨。\n类别：财经\n"
        question = f"新闻：学校{i}开学了。\n类别："
        answers = ["教育"]
        classes = LSHT_CLASSES
    elif dataset == "passage_count":
        context = "".join(f"Paragraph {k + 1}: text {k % (2 + i % 2)}.\n" for k in range(4))
        question = ""
        answers = [str(2 + i % 2)]
    elif dataset == "passage_retrieval_en":
        context = "".join(f"Paragraph {k}: Fact number {k} about cats.\n" for k in range(1, 5))
        question = f"An abstract about fact {1 + i % 4}."
        answers = [f"Paragraph {1 + i % 4}"]
    elif dataset == "passage_retrieval_zh":
        context = "".join(f"段落{k}：关于猫的事实{k}。\n" for k in range(1, 5))
        question = f"关于事实{1 + i % 4}的摘要。"
        answers = [f"段落{1 + i % 4}"]
    elif dataset == "lcc":
        context = f"import os\n\ndef total_{i}(values):\n    result = 0\n    for v in values:\n"
        question = ""
        answers = ["        result += v"]
    elif dataset == "repobench-p":
        context = f"# path: app/util.py\ndef helper_{i}(x):\n    return x * 2\n"
        question = f"# path: app/main.py\nfrom app.util import helper_{i}\nvalue = "
        answers = [f"value = helper_{i}(3)"]
    return {"question": question, "context": context, "answers": answers,
            "length": 3000 + 2500 * i if e else 120 + i, "dataset": dataset + ("_e" if e else ""),
            "language": "zh" if zh else ("code" if dataset in ("lcc", "repobench-p") else "en"),
            "all_classes": classes, "_id": f"{dataset}{'_e' if e else ''}-{i:04d}"}


def main() -> None:
    shutil.rmtree(MIRROR, ignore_errors=True)
    configs = [(d, False) for d in DATASETS] + [(d, True) for d in E_DATASETS]
    for dataset, e in configs:
        path = MIRROR / f"{dataset}{'_e' if e else ''}" / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        rows = [_row(dataset, i, e) for i in range(4)]
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"wrote {len(configs)} configs under {MIRROR}")


if __name__ == "__main__":
    main()
