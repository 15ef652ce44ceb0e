"""SuperGLUE (Wang et al., 2019, arXiv:1905.00537) as lm-eval 0.4.13 registers it, beside the
hand-written ``boolq`` and ``wsc`` folders: ``cb``, ``copa``, ``multirc``, ``record``,
``sglue_rte`` and ``wic`` (tag ``super-glue-lm-eval-v1`` with boolq and wsc), ``boolq-seq2seq``
(tag ``super-glue-lm-eval-v1-seq2seq``) and the eight ``super_glue-<task>-t5-prompt`` tasks (tag
``super-glue-t5-prompt``). Helpers (hand-written) sit beside the configs in ``super_glue/``.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "super_glue.py"
DATASET = {"dataset_path": "aps/super_glue"}
SPLITS = {"training_split": "train", "validation_split": "validation"}
V1 = "super-glue-lm-eval-v1"
T5 = "super-glue-t5-prompt"
EXACT = {"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
         "ignore_case": True, "ignore_punctuation": True}
T5_GENERATION = {"until": ["</s>"]}


def default_tasks() -> dict[str, dict]:
    mc = {"tag": [V1], **DATASET, "output_type": "multiple_choice", **SPLITS}
    return {
        "cb": {**mc, "task": "cb", "dataset_name": "cb",
               "doc_to_text": "{{premise}}\nQuestion: {{hypothesis}}. True, False, or Neither?\nAnswer:",
               "doc_to_target": "label", "doc_to_choice": ["True", "False", "Neither"],
               "metric_list": [{"metric": "acc"},
                               {"metric": "f1", "aggregation": Function("scores.cb_multi_f1")}],
               "metadata": {"version": 1.0}},
        "copa": {**mc, "task": "copa", "dataset_name": "copa",
                 "doc_to_text": Function("copa.doc_to_text"), "doc_to_target": Function("copa.doc_to_target"),
                 "doc_to_choice": Function("copa.doc_to_choice"), "metric_list": [{"metric": "acc"}],
                 "metadata": {"version": 1.0}},
        "multirc": {**mc, "task": "multirc", "dataset_name": "multirc",
                    "doc_to_text": "{{paragraph}}\nQuestion: {{question}}\nAnswer:", "doc_to_target": "label",
                    "doc_to_choice": "['''{{answer}}\\nIs the answer correct? yes''', "
                                     "'''{{answer}}\\nIs the answer correct? no''']",
                    "metric_list": [{"metric": "acc"}], "metadata": {"version": 2.0}},
        "record": {**mc, "task": "record", "dataset_name": "record",
                   "doc_to_text": Function("record.doc_to_text"), "doc_to_target": Function("record.doc_to_target"),
                   "doc_to_choice": Function("record.doc_to_choice"),
                   "process_docs": Function("record.process_docs"),
                   "process_results": Function("record.process_results"),
                   "metric_list": [{"metric": "f1", "aggregation": "mean"},
                                   {"metric": "em", "higher_is_better": True, "aggregation": "mean"}],
                   "metadata": {"version": 2.0}},
        "rte": {**mc, "task": "sglue_rte", "dataset_name": "rte",
                "doc_to_text": "{{premise}}\nQuestion: {{hypothesis}} True or False?\nAnswer:",
                "doc_to_target": "label", "doc_to_choice": ["True", "False"],
                "metric_list": [{"metric": "acc"}], "metadata": {"version": 0.0}},
        "wic": {**mc, "task": "wic", "dataset_name": "wic",
                "doc_to_text": "Sentence 1: {{sentence1}}\nSentence 2: {{sentence2}}\nQuestion: Is the word "
                               "'{{sentence1[start1:end1]}}' used in the same way in the two sentences above?\nAnswer:",
                "doc_to_target": "label", "doc_to_choice": ["no", "yes"],
                "metric_list": [{"metric": "acc"}], "metadata": {"version": 1.0}},
    }


def seq2seq_task() -> dict:
    return {"tag": ["super-glue-lm-eval-v1-seq2seq"], "task": "boolq-seq2seq", **DATASET,
            "dataset_name": "boolq", "output_type": "generate_until", **SPLITS,
            "doc_to_text": "{{passage}}\nQuestion: {{question}}?\nAnswer:", "doc_to_target": "label",
            "doc_to_choice": [" no", " yes"], "target_delimiter": "",
            "generation_kwargs": {"until": ["\n\n", "\n"], "do_sample": False, "temperature": 0.0},
            "metric_list": [EXACT], "metadata": {"version": 0.0}}


def t5_task(name: str, dataset_name: str, text: object, **fields: object) -> dict:
    cfg = {"tag": [T5], "task": f"super_glue-{name}-t5-prompt", **DATASET, "dataset_name": dataset_name,
           **SPLITS, "output_type": "generate_until", "doc_to_text": text}
    cfg.update(fields)
    cfg.setdefault("generation_kwargs", T5_GENERATION)
    cfg.setdefault("metric_list", [EXACT])
    cfg["metadata"] = {"version": fields.get("version", 0.0)}
    cfg.pop("version", None)
    return cfg


def t5_tasks() -> dict[str, dict]:
    return {
        "boolq": t5_task("boolq", "boolq", "boolq passage: {{passage}} question: {{question}}",
                         doc_to_target="label", doc_to_choice=["False", "True"]),
        "cb": t5_task("cb", "cb", "cb hypothesis: {{hypothesis}} premise: {{premise}}",
                      doc_to_target="label", doc_to_choice=["entailment", "contradiction", "neutral"],
                      metric_list=[EXACT, {"metric": Function("scores.mean_3class_f1"),
                                           "aggregation": Function("scores.agg_mean_3class_f1"),
                                           "higher_is_better": True}]),
        "copa": t5_task("copa", "copa", "copa choice1: {{choice1}} choice2: {{choice2}} premise: "
                        "{{premise}} question: {{question}}", doc_to_target="label",
                        doc_to_choice=["choice1", "choice2"]),
        "multirc": t5_task("multirc", "multirc", "multirc question: {{question}} answer: {{answer}} "
                           "paragraph: {{paragraph}}", doc_to_target="label",
                           doc_to_choice="{% set group_id = idx.question|string %}"
                                         "{{[group_id+'_False', group_id+'_True']}}",
                           metric_list=[{"metric": Function("multirc_t5.f1"),
                                         "aggregation": Function("multirc_t5.agg_f1"), "higher_is_better": True},
                                        {"metric": Function("multirc_t5.em"),
                                         "aggregation": Function("multirc_t5.agg_em"), "higher_is_better": True}]),
        "record": {**{k: v for k, v in t5_task(
            "record", "record", Function("record_t5.doc_to_text"),
            process_docs=Function("record_t5.process_docs"),
            doc_to_target="{{idx.passage|string}}+{{idx.query}}_{{answers}}",
            metric_list=[{"metric": Function("record_t5.em"), "aggregation": Function("record_t5.squad_em_agg"),
                          "higher_is_better": True},
                         {"metric": Function("record_t5.f1"), "aggregation": Function("record_t5.squad_f1_agg"),
                          "higher_is_better": True}]).items() if k != "training_split"}},
        "rte": t5_task("rte", "rte", "rte hypothesis: {{hypothesis}} premise: {{premise}}",
                       doc_to_target="label", doc_to_choice=["entailment", "not_entailment"]),
        "wic": t5_task("wic", "wic", "wic sentence1: {{sentence1}} sentence2: {{sentence2}} word: {{word}}",
                       doc_to_target="label", doc_to_choice=["False", "True"]),
        "wsc": t5_task("wsc", "wsc.fixed", Function("wsc_t5.doc_to_text"),
                       process_results=Function("wsc_t5.process_results"), doc_to_target="label",
                       metric_list=[{"metric": "accuracy", "aggregation": "mean", "higher_is_better": True}],
                       version=1.0),
    }


def main(root: Path) -> None:
    out = reset_dir(root / "super_glue")
    for name, cfg in default_tasks().items():
        write_yaml(out / f"{name}.yaml", cfg, SCRIPT)
    write_yaml(out / "boolq_seq2seq.yaml", seq2seq_task(), SCRIPT)
    for name, cfg in t5_tasks().items():
        write_yaml(out / f"{name}_t5_prompt.yaml", cfg, SCRIPT)
