"""Write the AGIEval task configs (Zhong et al., 2023, arXiv:2304.06364) as lm-eval 0.4.13 has
them: one ``hails/agieval-<exam>`` dataset per task (split ``test``), the ``query`` column as the
prompt (it holds the instructions and options), no few-shot examples.

* 19 multiple-choice exams: the ``choices`` scored; ``acc`` and ``acc_norm`` (log-likelihood per
  character of the choice), either right when its argmax is any of the ``gold`` indices.
* 2 cloze exams (``gaokao_mathcloze``, ``math``): a generation (32 new tokens, stop ``Q:``),
  ``acc`` when its answer is the MATH-equivalent of ``answer`` (``math_equivalence.py``).

Groups (size-weighted): ``agieval`` (acc over all 21), ``agieval_cn`` (11), ``agieval_en`` (10),
``agieval_nous`` (acc_norm over 8 English exams).
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, Function, reset_dir, write_yaml

SCRIPT = "agieval.py"

#: task suffix -> dataset suffix (hails/agieval-<...>); cloze exams are generated
EXAMS = {
    "aqua_rat": "aqua-rat", "gaokao_biology": "gaokao-biology", "gaokao_chemistry": "gaokao-chemistry",
    "gaokao_chinese": "gaokao-chinese", "gaokao_english": "gaokao-english",
    "gaokao_geography": "gaokao-geography", "gaokao_history": "gaokao-history",
    "gaokao_mathcloze": "gaokao-mathcloze", "gaokao_mathqa": "gaokao-mathqa",
    "gaokao_physics": "gaokao-physics", "jec_qa_ca": "jec-qa-ca", "jec_qa_kd": "jec-qa-kd",
    "logiqa_en": "logiqa-en", "logiqa_zh": "logiqa-zh", "lsat_ar": "lsat-ar", "lsat_lr": "lsat-lr",
    "lsat_rc": "lsat-rc", "math": "math", "sat_en_without_passage": "sat-en-without-passage",
    "sat_en": "sat-en", "sat_math": "sat-math",
}
CLOZE = {"gaokao_mathcloze", "math"}
# group -> (members in lm-eval's order, metric)
GROUPS = {
    "agieval": (["gaokao_biology", "gaokao_chemistry", "gaokao_chinese", "gaokao_geography",
                 "gaokao_history", "gaokao_mathcloze", "gaokao_mathqa", "gaokao_physics", "jec_qa_ca",
                 "jec_qa_kd", "logiqa_zh", "aqua_rat", "gaokao_english", "logiqa_en", "lsat_ar",
                 "lsat_lr", "lsat_rc", "math", "sat_en_without_passage", "sat_en", "sat_math"], "acc"),
    "agieval_cn": (["gaokao_biology", "gaokao_chemistry", "gaokao_chinese", "gaokao_geography",
                    "gaokao_history", "gaokao_mathcloze", "gaokao_mathqa", "gaokao_physics",
                    "jec_qa_ca", "jec_qa_kd", "logiqa_zh"], "acc"),
    "agieval_en": (["aqua_rat", "gaokao_english", "logiqa_en", "lsat_ar", "lsat_lr", "lsat_rc", "math",
                    "sat_en_without_passage", "sat_en", "sat_math"], "acc"),
    "agieval_nous": (["aqua_rat", "logiqa_en", "lsat_ar", "lsat_lr", "lsat_rc", "sat_en_without_passage",
                      "sat_en", "sat_math"], "acc_norm"),
}
_MEAN = {"aggregation": "mean", "higher_is_better": True}


def config(name: str) -> dict:
    cfg = {"task": f"agieval_{name}", "dataset_path": f"hails/agieval-{EXAMS[name]}", "dataset_name": None,
           "training_split": None, "validation_split": None, "test_split": "test", "doc_to_text": "{{query}}"}
    if name in CLOZE:
        cfg.update({"output_type": "generate_until", "doc_to_target": "{{answer}}",
                    "process_results": Function("utils.process_results"),
                    "generation_kwargs": {"max_gen_toks": 32, "do_sample": False, "temperature": 0.0,
                                          "until": ["Q:"]},
                    "metric_list": [{"metric": "acc", **_MEAN}]})
    else:
        cfg.update({"output_type": "multiple_choice", "doc_to_target": "{{gold}}",
                    "doc_to_choice": "{{choices}}", "process_results": Function("utils.process_results_mcqa"),
                    "metric_list": [{"metric": "acc", **_MEAN}, {"metric": "acc_norm", **_MEAN}]})
    cfg["metadata"] = {"version": 1.0}
    return cfg


def task_names() -> list[str]:
    return [f"agieval_{n}" for n in EXAMS]


def group_names() -> list[str]:
    return list(GROUPS)


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "agieval")
    for name in EXAMS:
        write_yaml(out / f"agieval_{name}.yaml", config(name), SCRIPT)
    for group, (members, metric) in GROUPS.items():
        write_yaml(out / f"_{group}.yaml", {
            "group": group, "task": [f"agieval_{m}" for m in members],
            "aggregate_metric_list": [{"metric": metric, "aggregation": "mean", "weight_by_size": True}],
            "metadata": {"version": 0.0}}, SCRIPT)
