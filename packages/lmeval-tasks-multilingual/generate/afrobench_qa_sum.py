"""AfroBench's question answering (AfriQA) and summarization (XL-Sum) families of
lmeval-tasks-multilingual (run by generate/regenerate.py).

AfriQA (Ogundepo et al. 2023, arXiv:2305.06897), ``masakhane/afriqa-gold-passages``: a question in an
African language, a gold passage in English or French; the answer is a span in the pivot language,
scored by exact match and SQuAD token F1. lm-eval's generator lists Wolof, its shipped YAML does not:
nine languages, as lm-eval runs them. Swahili draws its few-shot examples from test, the first ones.

XL-Sum (Hasan et al. 2021, arXiv:2106.13822), ``csebuetnlp/xlsum``: BBC articles and their one-sentence
summaries in twelve languages, scored by ROUGE-L as HF evaluate's ``rouge`` module computes it over the
whole set. The prompts keep lm-eval's text to the byte: ``{{'text'}}`` is a Jinja string literal, so the
article itself never reaches the model (the prompt holds the word "text"), and ``\\n`` is a backslash and
an n (single-quoted YAML upstream). lm-eval's group is named ``xlum``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    REMOVE_WS,
    Fn,
    Tree,
    group,
)

AFRIQA_LANGS = {"bem": "Bemba", "fon": "Fon", "hau": "Hausa", "ibo": "Igbo", "kin": "Kinyarwanda",
                "swa": "Swahili", "twi": "Twi", "yor": "Yoruba", "zul": "Zulu"}
_AFRIQA_QA = "\nQuestion: {{question_lang}}\nContext: {{context}}\nAnswer:"


def afriqa_text(prompt: int, lang: str) -> str:
    """The prompt template ``prompt`` for a question in ``lang`` (its English name); prompt 1 keeps
    lm-eval's "qestion", and no prompt has a space after its first sentence's full stop."""
    return {
        1: "Your task is to answer a qestion given a context.Make sure you respond with the shortest span "
           "containing the answer in the context.",
        2: f"Your task is to answer a question given a context. The question is in {lang}, while the context is in "
           "English or French.Make sure you respond with the shortest span in the context that contains the answer.",
        3: "Given the context, provide the answer to the following question.Ensure your response is concise and "
           "directly from the context.",
        4: "You are an AI assistant and your task is to answer the question based on the provided context.Your "
           "answer should be the shortest span that contains the answer within the context.",
        5: "Using the context, find the answer to the question.Respond with the briefest span that includes the "
           "answer from the context.",
    }[prompt] + _AFRIQA_QA


AFRIQA_UTILS = '''"""AfriQA helper: the mean SQuAD token F1 of the (gold, prediction) pairs."""

from lmeval_tasks_multilingual.afriqa import f1

__all__ = ["f1"]
'''


def afriqa_metrics() -> list[dict[str, Any]]:
    """Exact match (case and ASCII punctuation ignored) and the F1 aggregation. lm-eval's YAML puts
    a list (".", ",", "\\\\$") under ``ignore_punctuation: true`` with an indent that makes YAML read one
    string, ``true - "." - "," - "\\\\$"``: a true value, so written here as ``true``. Its f1 entry
    carries the same two options, which the pass-through f1 never reads (lm-eval calls it with the
    [gold, prediction] pair alone); left out, so a run does not warn about them. Scores are unchanged."""
    return [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True, "ignore_case": True,
             "ignore_punctuation": True},
            {"metric": "f1", "aggregation": Fn("utils.f1"), "higher_is_better": True}]


def afriqa(tree: Tree) -> None:

    for prompt in range(1, 6):
        folder = f"afrobench/afriqa/prompt_{prompt}"
        tree.write(f"{folder}/afriqa", {
            "tag": ["afrobench_xqa_tasks", f"afriqa_prompt_{prompt}"], "dataset_kwargs": {"trust_remote_code": True},
            "dataset_path": "masakhane/afriqa-gold-passages", "dataset_name": None, "output_type": "generate_until",
            "test_split": "test", "fewshot_split": "train", "doc_to_target": "answer_pivot",
            "should_decontaminate": True, "doc_to_decontamination_query": "question_lang",
            "generation_kwargs": {"until": ["\n"], "do_sample": False, "temperature": 0.0},
            "filter_list": [REMOVE_WS], "target_delimiter": " ", "metric_list": afriqa_metrics(),
            "metadata": {"version": 1.0}})
        for lang, name in AFRIQA_LANGS.items():
            cfg: dict[str, Any] = {"include": "afriqa", "task": f"afriqa_{lang}_prompt_{prompt}", "dataset_name": lang,
                                   "doc_to_text": afriqa_text(prompt, name)}
            if lang == "swa":
                cfg.update({"fewshot_split": "test", "fewshot_config": {"sampler": "first_n"}})
            tree.write(f"{folder}/afriqa_{lang}.yaml", cfg)
        tree.write_python(f"{folder}/utils.py", AFRIQA_UTILS)
    tree.write("afrobench/afriqa/afriqa.yaml", group("afriqa", [f"afriqa_prompt_{p}" for p in range(1, 6)],
                                                metrics=["acc"], version=1))


XLSUM_LANGS = ["amharic", "arabic", "hausa", "igbo", "kirundi", "oromo", "pidgin", "somali", "swahili", "telugu",
               "tigrinya", "yoruba"]


def xlsum_text(prompt: int, config: str) -> str:
    """The prompt template ``prompt`` for XL-Sum config ``config`` (named as lm-eval capitalises it:
    "Nigerian pidgin")."""
    lang = ("Nigerian Pidgin" if config == "pidgin" else config).capitalize()
    return {
        1: f"Provide a summary of the document written in {lang}. Ensure that you provide the summary in {lang} and "
           f"nothing else.\nDocument in {lang}: {{{{'text'}}}}\\nSummary: ",
        2: "Summarize the document below in triple backticks and return only the summary and nothing else.\n"
           "```{{'text'}}```\\n",
        3: f"You are an advanced Summarizer, a specialized assistant designed to summarize documents in {lang}. Your "
           "main goal is to ensure summaries are concise and informative. Ensure you return the summary only and "
           "nothing else.\nDocument: {{'text'}}\\nSummary: ",
    }[prompt]


XLSUM_UTILS = '''"""XL-Sum helper: ROUGE-L over the whole set, as HF evaluate's rouge module computes it."""

from lmeval_tasks_multilingual.summary_rouge import rougeL, rougeL_agg

__all__ = ["rougeL", "rougeL_agg"]
'''


def xlsum(tree: Tree) -> None:

    for prompt in range(1, 4):
        folder = f"afrobench/xlsum/prompt_{prompt}"
        tree.write(f"{folder}/xlsum", {
            "tag": ["xlsum_tasks", f"xlsum_prompt_{prompt}"], "task": None, "dataset_path": "csebuetnlp/xlsum",
            "dataset_name": None, "output_type": "generate_until", "generation_kwargs": {"until": ["</s>"]},
            "validation_split": "validation", "fewshot_split": "validation", "test_split": "test",
            "should_decontaminate": False,
            "metric_list": [{"metric": Fn("utils.rougeL"), "higher_is_better": True,
                             "aggregation": Fn("utils.rougeL_agg")}],
            "metadata": {"version": 1.0}})
        for config in XLSUM_LANGS:
            tree.write(f"{folder}/xlsum_{config}.yaml", {
                "include": "xlsum", "task": f"xlsum_{config}_prompt_{prompt}", "dataset_name": config,
                "doc_to_text": xlsum_text(prompt, config), "doc_to_target": "{{summary}}"})
        tree.write_python(f"{folder}/utils.py", XLSUM_UTILS)
    tree.write("afrobench/xlsum/xlsum.yaml", group("xlum", [f"xlsum_prompt_{p}" for p in range(1, 4)], metrics=["acc"],
                                              version=2))


# AfroBench's two top-level groups, as lm-eval 0.4.13 ships them: ``afrobench`` has one member, the translation
# tag (lm-eval's file lists the other families commented out), ``afrobench_lite`` seven tags, one of them
# lmeval-tasks-mmlu's ``afrimmlu_tasks`` (that pack must be installed to run it). Both average ``acc``; the
# translation tasks report none, so ``afrobench`` prints no group score, as in lm-eval.
AFROBENCH_MEMBERS = ["afrobench_MT_tasks"]
AFROBENCH_LITE_MEMBERS = ["afrimgsm_cot_tasks", "afrimmlu_tasks", "afrixnli_tasks", "belebele_tasks", "sib_tasks",
                          "african_flores_tasks", "injongointent_tasks"]


def afrobench_groups(tree: Tree) -> None:
    tree.write("afrobench/afrobench.yaml", group("afrobench", AFROBENCH_MEMBERS, metrics=["acc"], version=1),
          comment="lm-eval 0.4.13 lists only the translation tag; its other AfroBench families are commented out")
    tree.write("afrobench/afrobench-lite.yaml", group("afrobench_lite", AFROBENCH_LITE_MEMBERS, metrics=["acc"], version=1),
          comment="afrimmlu_tasks is lmeval-tasks-mmlu's")


FAMILIES = [afriqa, xlsum, afrobench_groups]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
