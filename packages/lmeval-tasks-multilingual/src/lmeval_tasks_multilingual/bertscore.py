"""BERTScore F1 of the DarijaBench generations, as lm-eval 0.4.13 computes it.

lm-eval's darija_bench helpers load HF evaluate's ``bertscore`` module and call it with a Hub
model and ``num_layers=12``; that module builds ``bert_score.BERTScorer`` with its defaults
(batch size 64, 4 threads, no idf, no baseline rescaling, the slow tokenizer), wraps each
reference in a list, scores and returns the per-pair F1, which the helper averages. The same
calls here, without evaluate. The per-document value is the ``[target, generation]`` pair that
lm-eval's passthrough metric returns; lm-eval unpacks those pairs as (predictions, references)
— the target as the candidate — and so does this module (F1 is symmetric up to float noise).

The models come from the Hugging Face Hub (or its local cache, ``HF_HUB_CACHE``).
``bert-score`` is an optional extra: ``pip install 'lmeval-tasks-multilingual[bertscore]'``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import Any

from lmeval.requires import missing_library, require

#: lm-eval's helper name → the Hub model it scores with
MODELS = {
    "mbert": "google-bert/bert-base-multilingual-cased",
    "bertbase": "google-bert/bert-base-uncased",
    "camembert": "almanach/camembert-base",
    "arabert": "aubmindlab/bert-base-arabert",
    "darijabert": "SI2M-Lab/DarijaBERT",
    "arabizibert": "SI2M-Lab/DarijaBERT-arabizi",
}
NUM_LAYERS = 12
_NEEDED_BY = "the BERTScore of the darija translation, transliteration and summarization tasks"
_INSTALL = "'lmeval-tasks-multilingual[bertscore]'"
_scorers: dict[str, Any] = {}


def check_installed() -> None:
    """Raise the one-line missing-library error now (task loading), not after the model ran."""
    if importlib.util.find_spec("bert_score") is None:
        raise missing_library("bert-score", needed_by=_NEEDED_BY, install=_INSTALL)


def bert(items: Any) -> Any:
    """Per document: the ``[target, generation]`` pair, scored over the set by an aggregation."""
    return items


def _scorer(model: str) -> Any:
    if model not in _scorers:
        bert_score = require("bert_score", needed_by=_NEEDED_BY, library="bert-score", install=_INSTALL)
        _scorers[model] = bert_score.BERTScorer(
            model_type=model, num_layers=NUM_LAYERS, batch_size=64, nthreads=4, all_layers=False,
            idf=False, idf_sents=None, device=None, lang=None, rescale_with_baseline=False,
            baseline_path=None, use_fast_tokenizer=False)
        _encode_empty_text(_scorers[model]._tokenizer)
    return _scorers[model]


def _encode_empty_text(tokenizer: Any) -> None:
    """bert-score encodes an empty (or blank) sentence as ``build_inputs_with_special_tokens([])``,
    its special tokens alone, which it scores 0; transformers 5 tokenizers lack that method, so
    an empty generation would stop the aggregation (lm-eval 0.4.13 does stop there). Give this
    tokenizer the encoding bert-score means: the special tokens of an empty text."""
    if hasattr(tokenizer, "build_inputs_with_special_tokens"):
        return
    specials = list(tokenizer("", add_special_tokens=True)["input_ids"])

    def build_inputs_with_special_tokens(ids: list[int], pair: list[int] | None = None) -> list[int]:
        if ids or pair:
            raise NotImplementedError("bert-score asks for the special tokens of an empty sentence only")
        return list(specials)

    tokenizer.build_inputs_with_special_tokens = build_inputs_with_special_tokens


def bertscore_f1(items: Sequence[Sequence[str]], model: str) -> float:
    """Mean BERTScore F1 of the pairs under ``model`` (a Hub id or a local directory)."""
    predictions, references = zip(*items, strict=True)
    _, _, f1 = _scorer(model).score(cands=list(predictions), refs=[[r] for r in references],
                                    verbose=False, batch_size=64)
    scores = f1.tolist()
    return sum(scores) / len(scores)


def mbert(items: Sequence[Sequence[str]]) -> float:
    return bertscore_f1(items, MODELS["mbert"])


def bertbase(items: Sequence[Sequence[str]]) -> float:
    return bertscore_f1(items, MODELS["bertbase"])


def camembert(items: Sequence[Sequence[str]]) -> float:
    return bertscore_f1(items, MODELS["camembert"])


def arabert(items: Sequence[Sequence[str]]) -> float:
    return bertscore_f1(items, MODELS["arabert"])


def darijabert(items: Sequence[Sequence[str]]) -> float:
    return bertscore_f1(items, MODELS["darijabert"])


def arabizibert(items: Sequence[Sequence[str]]) -> float:
    return bertscore_f1(items, MODELS["arabizibert"])


check_installed()  # on import: a missing bert-score stops the run before the model loads
