"""NorEval's generation scorers, as lm-eval 0.4.13 computes them.

NorTruthfulQA (generation): T5-style sentence BLEU and ROUGE-1/2/Lsum of the answer against the true
and the false references (the classic pack's registered metric ``truthfulqa_true_false``): best true
score, whether it beats the best false one, by how much. Unlike TruthfulQA, no "no comment" answer
is added.

NorSumm: against each reference summary, the same sentence BLEU (sacrebleu, ``intl`` tokenizer, exp
smoothing), ROUGE-Lsum (rouge-score, `` . `` read as a sentence break, ×100) and the BERTScore F1 of
``bert-base-multilingual-cased`` (layer 9, HF evaluate's ``bertscore`` defaults); the best and the
mean over the references. It needs ``rouge-score`` (extra ``[rouge]``) and ``bert-score`` (extra
``[bertscore]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.requires import require

from lmeval_tasks_multilingual.truthfulqa_docs import scores, true_false, with_periods

#: the model and layer lm-eval's NorSumm helper asks HF evaluate's ``bertscore`` for
BERTSCORE_MODEL = "bert-base-multilingual-cased"
BERTSCORE_LAYERS = 9
_bert: list[Any] = []
_rouge: list[Any] = []


def truthful_docs(docs: Any) -> Any:
    """The question stripped; the true and false references stripped, with a final period, empty ones dropped."""
    def prepare(doc: Mapping[str, Any]) -> dict[str, Any]:
        return {**doc, "question": doc["question"].strip(), "correct_answers": with_periods(doc["correct_answers"]),
                "incorrect_answers": with_periods(doc["incorrect_answers"])}

    return docs.map(prepare)


_truthful: list[Any] = []


def check_truthful() -> None:
    """Find the scorer now (task loading): a missing classic pack is one line before the model loads."""
    if not _truthful:
        _truthful.append(true_false("nortruthfulqa_gen_*"))


def check_summary() -> None:
    """rouge-score and bert-score, now (task loading)."""
    from lmeval_tasks_multilingual import bertscore

    bertscore.check_installed()
    require("rouge_score.rouge_scorer", needed_by="norsumm_*", library="rouge-score",
            install="'lmeval-tasks-multilingual[rouge]'")


def process_results_truthful(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    check_truthful()
    return scores(_truthful[0], doc, results)


def _bleu(reference: str, prediction: str) -> float:
    sacrebleu = require("sacrebleu", needed_by="norsumm_*", install="lmeval-tasks-multilingual")
    return sacrebleu.corpus_bleu([prediction], [[reference]], smooth_method="exp", smooth_value=0.0, force=False,
                                 lowercase=False, tokenize="intl", use_effective_order=False).score


def _rouge_lsum(reference: str, prediction: str) -> float:
    kwargs = {"needed_by": "norsumm_*", "library": "rouge-score", "install": "'lmeval-tasks-multilingual[rouge]'"}
    if not _rouge:
        _rouge.append(require("rouge_score.rouge_scorer", **kwargs).RougeScorer(["rougeLsum"]))
        _rouge.append(require("rouge_score.scoring", **kwargs))
    scorer, scoring = _rouge
    aggregator = scoring.BootstrapAggregator()
    aggregator.add_scores(scorer.score(reference.replace(" . ", ".\n"), prediction.replace(" . ", ".\n")))
    return aggregator.aggregate()["rougeLsum"].mid.fmeasure * 100


def _bertscore_f1(reference: str, prediction: str) -> float:
    if not _bert:
        from lmeval_tasks_multilingual.bertscore import _encode_empty_text

        bert_score = require("bert_score", needed_by="norsumm_*", library="bert-score",
                             install="'lmeval-tasks-multilingual[bertscore]'")
        scorer = bert_score.BERTScorer(
            model_type=BERTSCORE_MODEL, num_layers=BERTSCORE_LAYERS, batch_size=64, nthreads=4, all_layers=False,
            idf=False, idf_sents=None, device=None, lang=None, rescale_with_baseline=False, baseline_path=None,
            use_fast_tokenizer=False)
        _encode_empty_text(scorer._tokenizer)
        _bert.append(scorer)
    _, _, f1 = _bert[0].score(cands=[prediction], refs=[[reference]], verbose=False, batch_size=64)
    return float(f1.tolist()[0])


def _best_and_mean(name: str, scores: Sequence[float]) -> dict[str, float]:
    return {f"{name}_max": max(scores), f"{name}_avg": sum(scores) / len(scores)}


def process_results_summary(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    completion, references = results[0], doc["summaries"]
    return {**_best_and_mean("bleu", [_bleu(ref, completion) for ref in references]),
            **_best_and_mean("rougeL", [_rouge_lsum(ref, completion) for ref in references]),
            **_best_and_mean("bertscore_f1", [_bertscore_f1(ref, completion) for ref in references])}
