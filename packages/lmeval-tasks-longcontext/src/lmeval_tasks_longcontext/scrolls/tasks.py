"""lm-eval 0.4.13's SCROLLS task classes ported to :class:`lmeval.tasks.task.Task`: documents from
:mod:`.documents`, its prompts, requests and scores (the corpus metric of :mod:`.metric`; the
multiple-choice tasks' ``acc``, ``acc_norm`` and ``em`` = 100 x acc_norm)."""

from __future__ import annotations

from functools import partial
from typing import Any

from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, Request
from lmeval.tasks.task import Task

from lmeval_tasks_longcontext.scrolls import documents, metric

_UNTIL = {"until": ["\n"]}


class _Scrolls(Task):
    """A SCROLLS subset: ``NAME`` (the zip), ``PREPARE`` (each document), ``METRICS``."""

    NAME = ""
    METRICS: dict[str, str] = {}  # reported name -> the SCROLLS metric's key

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = list(self.METRICS)
        self.metric_fns = dict.fromkeys(names)
        self.metric_kwargs = {m: {} for m in names}
        self.aggregations = {m: partial(metric.corpus, key) for m, key in self.METRICS.items()}
        self.higher_is_better = dict.fromkeys(names, True)

    @staticmethod
    def prepare(doc: dict) -> dict:
        return documents.with_query(doc)

    def splits(self) -> dict[str, Any]:
        if self._splits is None:
            loaded = documents.load(self.NAME)
            self._splits = {split: [self.prepare(d) for d in docs] for split, docs in loaded.items()}
        return self._splits

    def doc_to_text(self, doc: dict, spec: Any = None) -> str:
        return f"{doc['text']}\n\nQuestion: {doc['question']}\nAnswer:"

    def doc_to_target(self, doc: dict, spec: Any = None) -> str:
        return " " + ", ".join(doc["outputs"])

    def doc_to_decontamination_query(self, doc: dict) -> Any:
        return doc["input"]

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        return [GenerateRequest.make(ctx, _UNTIL)]

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        return {m: (results[0], doc["outputs"]) for m in self.METRICS}


class _Summary(_Scrolls):
    METRICS = {"rouge1": "rouge/rouge1", "rouge2": "rouge/rouge2", "rougeL": "rouge/rougeL"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        metric.check_summary_libraries()
        super().__init__(*args, **kwargs)

    @staticmethod
    def prepare(doc: dict) -> dict:
        return dict(doc)

    def doc_to_text(self, doc: dict, spec: Any = None) -> str:
        return f"{doc['input']}\n\nQuestion: What is a summary of the preceding text?\nAnswer:"


class GovReport(_Summary):
    NAME = "gov_report"


class SummScreenFD(_Summary):
    NAME = "summ_screen_fd"


class QMSum(_Summary):
    NAME = "qmsum"

    @staticmethod
    def prepare(doc: dict) -> dict:
        return documents.with_query(doc)

    def doc_to_text(self, doc: dict, spec: Any = None) -> str:
        return f"{doc['text']}\n\nQuestion: {doc['question']}\nAnswer:"


class NarrativeQA(_Scrolls):
    NAME = "narrative_qa"
    METRICS = {"f1": "f1"}


class Qasper(_Scrolls):
    """Yes/no questions are two log-likelihoods (`` yes``, `` no``), the others one generation."""

    NAME = "qasper"
    METRICS = {"f1": "f1"}

    @staticmethod
    def prepare(doc: dict) -> dict:
        return documents.qasper(doc)

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        if doc["is_yes_no"]:
            space = "" if chat else " "
            return [LoglikelihoodRequest(ctx, f"{space}yes"), LoglikelihoodRequest(ctx, f"{space}no")]
        return [GenerateRequest.make(ctx, _UNTIL)]

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        if doc["is_yes_no"]:
            prediction = " yes" if tuple(results[0]) > tuple(results[1]) else " no"
        elif len(results[0].strip()) == 0:
            prediction = "Unanswerable"
        else:
            prediction = results[0]
        return {"f1": (prediction, doc["outputs"])}


class _MultipleChoice(_Scrolls):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = ["em", "acc", "acc_norm"]
        self.metric_fns = dict.fromkeys(names)
        self.metric_kwargs = {m: {} for m in names}
        mean = self.plugins.aggregations.get("mean").load()
        self.aggregations = dict.fromkeys(names, mean)
        self.higher_is_better = dict.fromkeys(names, True)

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        space = "" if chat else " "
        return [LoglikelihoodRequest(ctx, f"{space}{choice}") for choice in doc["choices"]]

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        lls = [float(r[0]) for r in results]
        lengths = [float(len(c)) for c in doc["choices"]]
        acc = 1.0 if _argmax(lls) == doc["gold"] else 0.0
        acc_norm = 1.0 if _argmax([ll / n for ll, n in zip(lls, lengths, strict=True)]) == doc["gold"] else 0.0
        return {"acc": acc, "acc_norm": acc_norm, "em": acc_norm * 100.0}


def _argmax(values: list[float]) -> int:
    return max(range(len(values)), key=lambda i: (values[i], -i))


class QuALITY(_MultipleChoice):
    NAME = "quality"

    @staticmethod
    def prepare(doc: dict) -> dict:
        return documents.quality(doc)


class ContractNLI(_MultipleChoice):
    NAME = "contract_nli"

    @staticmethod
    def prepare(doc: dict) -> dict:
        return documents.contract_nli(doc)

    def doc_to_text(self, doc: dict, spec: Any = None) -> str:
        return f"{doc['text']}\n\nHypothesis: {doc['question']}\nConclusion:"
