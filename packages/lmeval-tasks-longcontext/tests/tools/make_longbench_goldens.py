"""Write LongBench's goldens with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_longbench_goldens.py

(1) ``golden/longbench_requests.json``: the requests lm-eval builds for the first fixture document
of a slice of the tasks (one per scorer, English and Chinese, both delimiters, LongBench-E);
(2) ``golden/longbench_scores.json``: what lm-eval's own ``process_results`` helper of every task
gives for each fixture document and each answer of ``benchmarks/scripted/longbench.py`` (the
answers that exercise each scorer).
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = HERE.parents[1]
OUT = PACK / "tests" / "golden"
MIRROR = PACK / "tests" / "fixtures" / "datasets"
sys.path[:0] = [str(PACK.parent / "lmeval-testkit" / "src"), str(PACK / "generate")]

from lmeval_testkit.goldens import install_mirror, write_goldens  # noqa: E402

REQUEST_CASES = ["longbench_narrativeqa", "longbench_multifieldqa_zh", "longbench_hotpotqa",
                 "longbench_dureader", "longbench_gov_report", "longbench_vcsum", "longbench_trec",
                 "longbench_triviaqa_e", "longbench_lsht", "longbench_passage_count_e",
                 "longbench_passage_retrieval_zh", "longbench_lcc", "longbench_repobench-p_e"]
#: scorer helper -> the scripted answer set that exercises it
ANSWER_SETS = {"qa_f1": "QA_EN", "qa_f1_zh": "QA_ZH", "rouge": "SUMMARY_EN", "rouge_zh": "SUMMARY_ZH",
               "classification": "CLASSES", "count": "NUMBERS", "retrieval": "NUMBERS",
               "retrieval_zh": "NUMBERS", "code_sim": "CODE"}


def main() -> None:
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    write_goldens(REQUEST_CASES, MIRROR, OUT / "longbench_requests.json")
    logging.disable(logging.WARNING)
    install_mirror(MIRROR)
    # the scripted module and the generator are both named "longbench": load the scripted one by path
    import importlib.util

    spec = importlib.util.spec_from_file_location("longbench_scripted",
                                                  PACK.parents[1] / "benchmarks" / "scripted" / "longbench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["longbench_scripted"] = module
    records = scores_with(module)
    (OUT / "longbench_scores.json").write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n",
                                              encoding="utf-8")
    print(f"{len(records)} score records", file=sys.stderr)


def scores_with(scripted) -> list[dict]:
    from lm_eval.tasks import TaskManager, get_task_dict
    from longbench import DATASETS, E_DATASETS

    manager = TaskManager()
    records = []
    for dataset, suffix in [(d, "") for d in DATASETS] + [(d, "_e") for d in E_DATASETS]:
        name = f"longbench_{dataset}{suffix}"
        task = get_task_dict([name], manager)[name]
        answers = list(getattr(scripted, ANSWER_SETS[DATASETS[dataset][1]]))
        for doc_id, doc in enumerate(task.eval_docs):
            values = [task.process_results(doc, [a]) for a in answers]
            records.append({"task": name, "doc_id": doc_id, "answers": answers, "results": values})
    return records


if __name__ == "__main__":
    main()
