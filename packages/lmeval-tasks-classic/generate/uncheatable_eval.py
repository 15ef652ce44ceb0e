"""Uncheatable Eval (the 2026-07 snapshot, ``Jellyfish042/UncheatableEval-2026-07``) as lm-eval
0.4.13 has it: perplexity from rolling log-likelihoods of recent text, one task per
``category`` (``tasks/uncheatable_eval/categories.py``, hand-written, keeps one category), and
the group ``uncheatable_eval`` averaging the three metrics weighted by size.

lm-eval's task files override ``metadata`` with a description only, so its tasks carry no
version; the configs here do the same.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml
from _perplexity import METRICS, rolling

SCRIPT = "uncheatable_eval.py"
DATASET = "Jellyfish042/UncheatableEval-2026-07"
#: category -> (task alias, what the text is), in the group's order
CATEGORIES = {
    "wikipedia_english": ("UE_wiki_en", "English Wikipedia articles"),
    "wikipedia_nonenglish": ("UE_wiki_noen", "non-English Wikipedia articles"),
    "github_python": ("UE_github_py", "GitHub Python source files"),
    "github_cpp": ("UE_github_cpp", "GitHub C++ source files"),
    "github_javascript": ("UE_github_js", "GitHub JavaScript source files"),
    "github_markdown": ("UE_github_md", "GitHub Markdown files"),
    "github_other": ("UE_github_other", "GitHub source files in languages other than Python, C++, "
                                        "JavaScript and Markdown"),
    "bbc_news": ("UE_bbc_news", "BBC News articles"),
    "arxiv_physics": ("UE_arxiv_ph", "arXiv physics papers"),
    "arxiv_math": ("UE_arxiv_math", "arXiv mathematics papers"),
    "arxiv_cs": ("UE_arxiv_cs", "arXiv computer science papers"),
    "arxiv_other": ("UE_arxiv_other", "arXiv papers outside the physics, mathematics and computer "
                                      "science categories"),
    "biorxiv_all": ("UE_biorxiv", "bioRxiv preprints"),
    "ao3_english": ("UE_ao3_en", "English Archive of Our Own fanfiction"),
    "ao3_nonenglish": ("UE_ao3_noen", "non-English Archive of Our Own fanfiction"),
}


def category(name: str, alias: str, what: str) -> dict:
    cfg = rolling(task=f"uncheatable_eval_{name}", task_alias=alias, dataset_path=DATASET,
                  output_type="loglikelihood_rolling", test_split="test", doc_to_text="",
                  doc_to_target="{{content}}", target_delimiter="",
                  process_docs=Function(f"categories.filter_{name}"))
    cfg["metadata"] = {"description": f"Rolling perplexity on {what} from the Uncheatable Eval "
                                      "2026-07 snapshot."}
    return cfg


def group() -> dict:
    return {"group": "uncheatable_eval", "group_alias": "Uncheatable Eval",
            "task": [f"uncheatable_eval_{name}" for name in CATEGORIES],
            "aggregate_metric_list": [{"metric": m["metric"], "aggregation": "mean", "weight_by_size": True}
                                      for m in METRICS],
            "metadata": {"version": 1.0}}


def main(root: Path) -> None:
    out = reset_dir(root / "uncheatable_eval")
    comment = "# Uncheatable Eval: rolling perplexity on text newer than the models it tests.\n"
    write_yaml(out / "uncheatable_eval.yaml", group(), SCRIPT, comment)
    for name, (alias, what) in CATEGORIES.items():
        write_yaml(out / f"uncheatable_eval_{name}.yaml", category(name, alias, what), SCRIPT, comment)
