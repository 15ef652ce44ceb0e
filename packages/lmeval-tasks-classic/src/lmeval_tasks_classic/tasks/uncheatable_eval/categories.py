"""Uncheatable Eval's ``process_docs``: the snapshot's documents of one ``category``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _only(category: str) -> Callable[[Any], Any]:
    def keep(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["category"] == category)

    keep.__name__ = f"filter_{category}"
    return keep


filter_ao3_english = _only("ao3_english")
filter_ao3_nonenglish = _only("ao3_nonenglish")
filter_arxiv_cs = _only("arxiv_cs")
filter_arxiv_math = _only("arxiv_math")
filter_arxiv_other = _only("arxiv_other")
filter_arxiv_physics = _only("arxiv_physics")
filter_bbc_news = _only("bbc_news")
filter_biorxiv_all = _only("biorxiv_all")
filter_github_cpp = _only("github_cpp")
filter_github_javascript = _only("github_javascript")
filter_github_markdown = _only("github_markdown")
filter_github_other = _only("github_other")
filter_github_python = _only("github_python")
filter_wikipedia_english = _only("wikipedia_english")
filter_wikipedia_nonenglish = _only("wikipedia_nonenglish")
