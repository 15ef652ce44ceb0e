"""BasqueGLUE (Urbizu et al. 2022, LREC): document clean-up, the coreference prompt and the F1
scores of the benchmark's evaluation script (orai-nlp/BasqueGLUE, eval_basqueglue.py).

lm-eval 0.4.13 computes the F1 scores with ``datasets.load_metric("f1")``, which datasets 3 and
later no longer have, so its BasqueGLUE tasks with an F1 (and its utils module, which every task
but qnlieu loads) fail to import there; these are the same scores without that dependency.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ["coref_doc_to_text", "micro_f1_score", "process_wic_docs", "vaxx_f1_score"]


def general_detokenize(text: str) -> str:
    text = re.sub(r"\s+([.,;:!?)])", r"\1", text)
    text = re.sub(r"(\s+|^)\(\s+([^)]+)\s+\)", r"\1(\2)", text)
    text = re.sub(r"(\s+|^)\[\s+([^)]+)\s+\]", r"\1[\2]", text)
    text = re.sub(r'(\s+|^)"\s+([^"]+)\s+"', r'\1"\2"', text)
    return re.sub(r"(\s+|^)'\s+([^']+)\s+'", r"\1'\2'", text)


def clean(text: str) -> str:
    return general_detokenize(html.unescape(text))


def process_wic_docs(docs: Any) -> Any:
    """Both sentences cleaned and re-decoded (the corpus stores UTF-8 bytes read as Latin-1)."""
    def fix(doc: Mapping[str, Any]) -> dict[str, Any]:
        return {**doc, "sentence1": clean(doc["sentence1"]).encode("latin-1").decode("utf-8"),
                "sentence2": clean(doc["sentence2"]).encode("latin-1").decode("utf-8")}

    return docs.map(fix)


def coref_doc_to_text(doc: Mapping[str, Any]) -> str:
    """The text with both mentions starred; span1_index counts from 0, span2_index from 1."""
    tokens = doc["text"].split(" ")

    def star(start: int, span: str) -> None:
        end = start + len(span.split(" ")) - 1
        tokens[start] = f"*{tokens[start]}"
        tokens[end] = f"{tokens[end]}*"

    star(doc["span1_index"], doc["span1_text"])
    star(doc["span2_index"] - 1, doc["span2_text"])
    return (f"Testua: {clean(' '.join(tokens))}\n"
            f'Galdera: Aurreko testuan, "*{clean(doc["span1_text"])}*" eta "*{clean(doc["span2_text"])}*" '
            "gauza bera dira?\nErantzuna:")


def _f1(golds: Sequence[Any], preds: Sequence[Any], label: Any) -> float:
    tp = sum(1 for g, p in zip(golds, preds, strict=True) if g == label and p == label)
    denom = sum(1 for g in golds if g == label) + sum(1 for p in preds if p == label)
    return 2.0 * tp / denom if denom else 0.0


def vaxx_f1_score(items: Sequence[tuple[Any, Any]]) -> float:
    """Mean of the F1 of the "against" (0) and "for" (2) classes (neutral left out)."""
    golds = [g for g, _ in items]
    preds = [p for _, p in items]
    return (_f1(golds, preds, 0) + _f1(golds, preds, 2)) / 2
