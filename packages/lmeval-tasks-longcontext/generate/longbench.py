"""Write LongBench's task configs (Bai et al., 2024, arXiv:2308.14508) as lm-eval 0.4.13 has them.

21 datasets of ``Xnhyacinth/LongBench`` (``test`` split; fields ``context``, ``question``,
``answers``, ``all_classes``, ``length``, ...) as ``longbench_<dataset>``, and the 13 of
LongBench-E (the same datasets with length-balanced samples, configs ``<dataset>_e``) as
``longbench_<dataset>_e``. Each is one greedy ``generate_until`` with LongBench's own prompt and
output length (``until`` is a newline for the few-shot tasks, else nothing), scored by the
dataset's metric (:mod:`lmeval_tasks_longcontext.longbench.scoring`) under its own name and as
``score``. Groups by category (``longbench_single``, ``_multi``, ``_summarization``,
``_fewshot``, ``_synthetic``, ``_code`` and their ``_e`` forms) average ``score`` unweighted;
``longbench`` and ``longbench_e`` average the category groups (``longbench_e`` only four: code,
few-shot, multi-doc, single-doc, as lm-eval lists them). Tags ``longbench_tasks``,
``longbench_<category>_tasks`` and their ``_e`` forms name the same tasks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "longbench.py"
DATASET = "Xnhyacinth/LongBench"

_QA_PASSAGES = ("Answer the question based on the given passages. Only give me the answer and do not output "
                "any other words.")
_MULTI_DOC = (_QA_PASSAGES + "\n\nThe following are given passages.\n{{context}}\n\n" + _QA_PASSAGES
              + "\n\nQuestion: {{question}}\nAnswer:")
_QASPER_RULE = ("as concisely as you can, using a single phrase or sentence if possible. If the question "
                "cannot be answered based on the information in the article, write \"unanswerable\". If the "
                "question is a yes/no question, answer \"yes\", \"no\", or \"unanswerable\". Do not provide any "
                "explanation.")
_NARRATIVE_RULE = ("asconcisely as you can, using a single phrase if possible. Do not provide any "
                   "explanation.")

#: dataset -> LongBench's prompt (lm-eval's doc_to_text; typos such as "asconcisely" kept)
PROMPTS: dict[str, str] = {
    "narrativeqa": ("You are given a story, which can be either a novel or a movie script, and a question. "
                    "Answer the question " + _NARRATIVE_RULE + "\n\nStory: {{context}}\n\nNow, answer the "
                    "question based on the story " + _NARRATIVE_RULE + "\n\nQuestion: {{question}}\n\nAnswer:"),
    "qasper": ("You are given a scientific article and a question. Answer the question " + _QASPER_RULE
               + "\n\nArticle: {{context}}\n\n Answer the question based on the above article " + _QASPER_RULE
               + "\n\nQuestion: {{question}}\n\nAnswer:"),
    "multifieldqa_en": ("Read the following text and answer briefly.\n\n{{context}}\n\nNow, answer the following "
                        "question based on the above text, only give me the answer and do not output any other "
                        "words.\n\nQuestion: {{question}}\nAnswer:"),
    "multifieldqa_zh": ("阅读以下文字并用中文简短回答：\n\n{{context}}\n\n现在请基于上面的文章回答下面的问题，"
                        "只告诉我答案，不要输出任何其他字词。\n\n问题：{{question}}\n回答："),
    "hotpotqa": _MULTI_DOC,
    "2wikimqa": _MULTI_DOC,
    "musique": _MULTI_DOC,
    "dureader": "请基于给定的文章回答下述问题。\n\n文章：{{context}}\n\n请基于上述文章回答下面的问题。\n\n问题：{{question}}\n回答：",
    "gov_report": ("You are given a report by a government agency. Write a one-page summary of the report."
                   "\n\nReport:\n{{context}}\n\nNow, write a one-page summary of the report.\n\nSummary:"),
    "qmsum": ("You are given a meeting transcript and a query containing a question or instruction. Answer the "
              "query in one or more sentences.\n\nTranscript:\n{{context}}\n\nNow, answer the query based on the "
              "above meeting transcript in one or more sentences.\n\nQuery: {{question}}\nAnswer:"),
    "multi_news": ("You are given several news passages. Write a one-page summary of all news. \n\nNews:\n"
                   "{{context}}\n\nNow, write a one-page summary of all the news.\n\nSummary:"),
    "vcsum": "下面有一段会议记录，请你阅读后，写一段总结，总结会议的内容。\n会议记录：\n{{context}}\n\n会议总结：",
    "trec": ("Please determine the type of the question below. Here are some examples of questions."
             "\n\n{{context}}\n{{question}}"),
    "triviaqa": ("Answer the question based on the given passage. Only give me the answer and do not output any "
                 "other words. The following are some examples.\n\n{{context}}\n{{question}}"),
    "samsum": "Summarize the dialogue into a few short sentences. The following are some examples.\n\n{{context}}\n{{question}}",
    "lsht": "请判断给定新闻的类别，下面是一些例子。\n\n{{context}}\n{{question}}",
    "passage_count": ("There are some paragraphs below sourced from Wikipedia. Some of them may be duplicates. "
                      "Please carefully read these paragraphs and determine how many unique paragraphs there are "
                      "after removing duplicates. In other words, how many non-repeating paragraphs are there in "
                      "total?\n\n{{context}}\n\nPlease enter the final count of unique paragraphs after removing "
                      "duplicates. The output format should only contain the number, such as 1, 2, 3, and so on."
                      "\n\nThe final answer is:"),
    "passage_retrieval_en": ("Here are 30 paragraphs from Wikipedia, along with an abstract. Please determine "
                             "which paragraph the abstract is from.\n\n{{context}}\n\nThe following is an abstract."
                             "\n\n{{question}}\n\nPlease enter the number of the paragraph that the abstract is "
                             "from. The answer format must be like \"Paragraph 1\", \"Paragraph 2\", etc.\n\n"
                             "The answer is:"),
    "passage_retrieval_zh": ("以下是若干段落文字，以及其中一个段落的摘要。请确定给定的摘要出自哪一段。\n\n{{context}}"
                             "\n\n下面是一个摘要\n\n{{question}}\n\n请输入摘要所属段落的编号。答案格式必须是"
                             "\"段落1\"，\"段落2\"等格式\n\n答案是："),
    "lcc": "Please complete the code given below. \n{{context}}Next line of code:",
    "repobench-p": "Please complete the code given below. \n{{context}}{{question}}Next line of code:",
}

#: dataset -> (category, scorer helper, metric, max_gen_toks)
DATASETS: dict[str, tuple[str, str, str, int]] = {
    "narrativeqa": ("single", "qa_f1", "qa_f1_score", 128),
    "qasper": ("single", "qa_f1", "qa_f1_score", 128),
    "multifieldqa_en": ("single", "qa_f1", "qa_f1_score", 64),
    "multifieldqa_zh": ("single", "qa_f1_zh", "qa_f1_zh_score", 64),
    "hotpotqa": ("multi", "qa_f1", "qa_f1_score", 32),
    "2wikimqa": ("multi", "qa_f1", "qa_f1_score", 32),
    "musique": ("multi", "qa_f1", "qa_f1_score", 32),
    "dureader": ("multi", "rouge_zh", "rouge_zh_score", 128),
    "gov_report": ("summarization", "rouge", "rouge_score", 512),
    "qmsum": ("summarization", "rouge", "rouge_score", 512),
    "multi_news": ("summarization", "rouge", "rouge_score", 512),
    "vcsum": ("summarization", "rouge_zh", "rouge_zh_score", 512),
    "trec": ("fewshot", "classification", "classification_score", 64),
    "triviaqa": ("fewshot", "qa_f1", "qa_f1_score", 32),
    "samsum": ("fewshot", "rouge", "rouge_score", 128),
    "lsht": ("fewshot", "classification", "classification_score", 64),
    "passage_count": ("synthetic", "count", "count_score", 32),
    "passage_retrieval_en": ("synthetic", "retrieval", "retrieval_score", 32),
    "passage_retrieval_zh": ("synthetic", "retrieval_zh", "retrieval_zh_score", 32),
    "lcc": ("code", "code_sim", "code_sim_score", 64),
    "repobench-p": ("code", "code_sim", "code_sim_score", 64),
}
#: the datasets LongBench-E has (``<dataset>_e`` configs)
E_DATASETS = ("qasper", "multifieldqa_en", "hotpotqa", "2wikimqa", "gov_report", "multi_news", "trec",
              "triviaqa", "samsum", "passage_count", "passage_retrieval_en", "lcc", "repobench-p")
#: stop at the first newline (LongBench keeps the first line of these answers)
NEWLINE_STOP = ("trec", "triviaqa", "samsum", "lsht")
#: no space between prompt and target (lm-eval sets ``target_delimiter: ""`` on these only)
NO_DELIMITER = ("trec", "triviaqa", "samsum")
#: lm-eval's version 6.0 tasks (the code tasks' prompt fix); the others are 5.0
VERSION_6 = ("lcc", "repobench-p")

CATEGORIES: dict[str, tuple[str, str]] = {  # category -> (alias, LongBench-E alias)
    "single": ("Single-Document QA", "Single-Document QA (LongBench-E)"),
    "multi": ("Multi-Document QA", "Multi-Document QA (LongBench-E)"),
    "summarization": ("Summarization", "Summarization (LongBench-E)"),
    "fewshot": ("Few-shot Learning", "Few-shot Learning (LongBench-E)"),
    "synthetic": ("Synthetic Tasks", "Synthetic Tasks (LongBench-E)"),
    "code": ("Code Completion", "Code Completion (LongBench-E)"),
}
TOP = ("code", "fewshot", "multi", "single", "summarization", "synthetic")
TOP_E = ("code", "fewshot", "multi", "single")  # lm-eval's longbench_e lists these four only
_MEAN = {"aggregation": "mean", "higher_is_better": True}
_SCORE = [{"metric": "score", "weight_by_size": False}]

UTILS = '''"""LongBench's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.longbench.scoring`)."""

from lmeval_tasks_longcontext.longbench.scoring import (
    get_classification_with_score,
    get_code_sim_with_score,
    get_count_with_score,
    get_qa_f1_with_score,
    get_qa_f1_zh_with_score,
    get_retrieval_with_score,
    get_retrieval_zh_with_score,
    get_rouge_with_score,
    get_rouge_zh_with_score,
)

__all__ = ["get_classification_with_score", "get_code_sim_with_score", "get_count_with_score",
           "get_qa_f1_with_score", "get_qa_f1_zh_with_score", "get_retrieval_with_score",
           "get_retrieval_zh_with_score", "get_rouge_with_score", "get_rouge_zh_with_score"]
'''


def config(dataset: str, e: bool) -> dict[str, Any]:
    category, helper, metric, max_tokens = DATASETS[dataset]
    suffix = "_e" if e else ""
    cfg: dict[str, Any] = {
        "tag": [f"longbench_{category}_tasks{suffix}", f"longbench_tasks{suffix}"],
        "task": f"longbench_{dataset}{suffix}", "dataset_path": DATASET, "test_split": "test",
        "dataset_name": f"{dataset}{suffix}", "doc_to_text": PROMPTS[dataset], "doc_to_target": "{{answers}}",
    }
    if dataset in NO_DELIMITER:
        cfg["target_delimiter"] = ""
    cfg["process_results"] = Function(f"metrics.get_{helper}_with_score")
    cfg["generation_kwargs"] = {"max_gen_toks": max_tokens, "temperature": 1, "do_sample": False,
                                "until": ["\n"] if dataset in NEWLINE_STOP else []}
    cfg["metric_list"] = [{"metric": "score", **_MEAN}, {"metric": metric, **_MEAN}]
    cfg["metadata"] = {"version": 6.0 if dataset in VERSION_6 else 5.0}
    return cfg


def task_names() -> list[str]:
    return [f"longbench_{d}" for d in DATASETS] + [f"longbench_{d}_e" for d in E_DATASETS]


def group_names() -> list[str]:
    return (["longbench", "longbench_e"] + [f"longbench_{c}" for c in CATEGORIES]
            + [f"longbench_{c}_e" for c in CATEGORIES])


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "longbench")
    write_python(out / "metrics.py", UTILS, SCRIPT)
    for dataset in DATASETS:
        write_yaml(out / f"{dataset}.yaml", config(dataset, False), SCRIPT)
    for dataset in E_DATASETS:
        write_yaml(out / f"{dataset}_e.yaml", config(dataset, True), SCRIPT)
    for category, (alias, alias_e) in CATEGORIES.items():
        for e, label in ((False, alias), (True, alias_e)):
            suffix = "_e" if e else ""
            members = [f"longbench_{d}{suffix}" for d, spec in DATASETS.items()
                       if spec[0] == category and (not e or d in E_DATASETS)]
            write_yaml(out / f"_longbench_{category}{suffix}.yaml", {
                "group": f"longbench_{category}{suffix}", "group_alias": label, "task": members,
                "aggregate_metric_list": _SCORE, "metadata": {"version": 0.0}}, SCRIPT)
    for name, members in (("longbench", TOP), ("longbench_e", TOP_E)):
        suffix = "_e" if name.endswith("_e") else ""
        write_yaml(out / f"_{name}.yaml", {
            "group": name, "task": [f"longbench_{c}{suffix}" for c in members],
            "aggregate_metric_list": _SCORE, "metadata": {"version": 0.0}}, SCRIPT)
