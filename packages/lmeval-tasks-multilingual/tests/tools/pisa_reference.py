"""Dump what lm-eval 0.4.13's own PISA-Bench helpers make of the fixtures, for tests/test_ml_pisa.py
(lm-eval refuses a multimodal task for task_parity's text-only scripted model)::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-multilingual/tests/tools/pisa_reference.py \
        > packages/lmeval-tasks-multilingual/tests/golden/pisa.json

Per language: each item's prompt and, after ``random.seed(1234)``, the score of every scripted
response (in order, so the random letters of unparseable answers are drawn as lm-eval draws them);
the judge's user prompt of the first English item; and ``zero_shot``: the first document's request
(prompt, generation arguments, image count) of every task, as lm-eval's own task objects build it
from the parquet fixtures.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pyarrow.parquet as pq

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "PisaBench" / "pisa-bench" / "default"
RESPONSES = ["B", "(A) is right", "The answer is C.", "A B", "I think (B) and then (A)", "no idea",
             "maybe d", "", "It is definitely the option 1 of item 2 you see here",
             "en option 0 of item 1 or en option 2 of item 1, certainly not sure at all"]


def first_requests() -> dict:
    import datasets
    from lm_eval.tasks import TaskManager, get_task_dict

    def load_dataset(path, name=None, split=None, **_):
        assert path == "PisaBench/pisa-bench", path
        loaded = datasets.DatasetDict({f.stem: datasets.Dataset.from_parquet(str(f)) for f in MIRROR.glob("*.parquet")})
        return loaded[split] if split else loaded

    datasets.load_dataset = load_dataset
    names = [f"pisa_{lang}{kind}" for lang in ["de", "fr", "it", "en", "es", "ch"] for kind in ("", "_llm_judged")]
    out = {}
    for name, task in sorted(get_task_dict(names, TaskManager()).items()):
        task.build_all_requests(limit=1, rank=0, world_size=1)
        context, gen_kwargs, media = task.instances[0].args
        out[name] = [[context, gen_kwargs, len(media["visual"])]]
    return out


def main() -> None:
    import lm_eval

    spec = importlib.util.spec_from_file_location(
        "pisa_utils", Path(lm_eval.__file__).parent / "tasks" / "pisa" / "utils.py")
    utils = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(utils)
    out: dict = {"responses": RESPONSES, "languages": {}}
    random.seed(1234)
    for lang in ["de", "fr", "it", "en", "es", "ch"]:
        docs = pq.read_table(MIRROR / f"{lang}.parquet", columns=["question", "choices", "answer"]).to_pylist()
        out["languages"][lang] = [{"prompt": utils.pisa_doc_to_text(doc),
                                   "acc": [utils.pisa_process_results(doc, [r])["acc"] for r in RESPONSES]}
                                  for doc in docs]
    doc = pq.read_table(MIRROR / "en.parquet", columns=["question", "choices", "answer"]).to_pylist()[0]
    index2ans, letters = utils.get_multi_choice_info(utils.ast.literal_eval(f"{doc['choices']}"))
    gold = doc["answer"]
    out["judge_user_prompt"] = utils.build_user_prompt(
        " B ", [f"{k}) {v}" for k, v in index2ans.items()], f"{chr(ord('A') + gold)}) {index2ans[letters[gold]]}")
    out["judge_system_prompt"] = utils.SYSTEM_PROMPT
    out["zero_shot"] = first_requests()
    print(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
