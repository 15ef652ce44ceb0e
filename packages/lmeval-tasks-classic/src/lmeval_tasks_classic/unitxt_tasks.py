"""lm-eval 0.4.13's Unitxt tasks (Bandel et al. 2024, arXiv:2401.14019) ported to
:class:`lmeval.tasks.task.Task`: the ``unitxt`` library (the pack's ``[unitxt]`` extra, 1.17.2
or later, as lm-eval asks) builds the documents from the recipe in ``dataset_name`` (a catalog
card and a template); each document's ``source`` is the prompt, ``target`` the gold text, and
the first test document's ``metrics`` name the scores, each computed over the whole run by
``unitxt.evaluate`` (its global ``score``). Generation stops at a newline, nothing else is set.
A recipe that renders chat messages needs ``--apply_chat_template``, as in lm-eval.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from lmeval import media
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, Request
from lmeval.requires import require
from lmeval.tasks.task import Task

MIN_VERSION = (1, 17, 2)
INSTALL = "'lmeval-tasks-classic[unitxt]'"
_IMG_TAG = re.compile(r'<img\s+src=["\'](.*?)["\']\s*/?>')
_IMG_SOURCE = re.compile(r'<img\s+src=["\'](.*?)["\']')


def _unitxt(task: str = "unitxt") -> Any:
    """The ``unitxt`` module, at least :data:`MIN_VERSION`, or a one-line error naming the extra."""
    module = require("unitxt", needed_by=f"task {task}", install=INSTALL)
    version = tuple(int(p) for p in re.findall(r"\d+", str(module.__version__))[:3])
    if version < MIN_VERSION:
        raise UsageError(f"task {task} needs unitxt {'.'.join(map(str, MIN_VERSION))} or later, "
                         f"found {module.__version__}: pip install --upgrade {INSTALL}")
    return module


def unitxt_score(items: Sequence[tuple[str, dict]], metric: str) -> float:
    """The run's score of one Unitxt metric: ``unitxt.evaluate`` over every (prediction, document)."""
    predictions = [prediction for prediction, _ in items]
    references = [{**doc, "metrics": [metric]} for _, doc in items]
    results = _unitxt().evaluate(predictions, references)
    return results[0]["score"]["global"]["score"]


class Unitxt(Task):
    """A Unitxt recipe as a generation task."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unitxt_metrics: list[str] | None = None

    def splits(self) -> dict[str, Any]:
        if self._splits is None:
            loaded = _unitxt(self.name).load_dataset(self.config.dataset_name, use_cache=True,
                                            **(self.config.dataset_kwargs or {}))
            self._splits = {name: loaded[name] for name in loaded}
            self._set_metrics(list(self._splits["test"][0]["metrics"]))
        return self._splits

    def _set_metrics(self, metrics: list[str]) -> None:
        """lm-eval's keys: each catalog name without its ``metrics.`` prefix."""
        self._unitxt_metrics = metrics
        names = {m: m.replace("metrics.", "") for m in metrics}
        self.metric_fns = {name: None for name in names.values()}
        self.metric_kwargs = {name: {} for name in names.values()}
        self.aggregations = {name: functools.partial(unitxt_score, metric=m) for m, name in names.items()}
        self.higher_is_better = {name: True for name in names.values()}

    def doc_to_text(self, doc: dict, spec: Any = None) -> Any:
        return doc["source"]

    def doc_to_target(self, doc: dict, spec: Any = None) -> Any:
        return doc["target"]

    def fewshot_context(self, doc: dict, num_fewshot: int, **kwargs: Any) -> Any:
        source = self.doc_to_text(doc)
        if isinstance(source, list):
            template = kwargs.get("chat_template")
            if template is None:
                raise UsageError(f"{self.name}: the Unitxt recipe gives chat messages but "
                                 "--apply_chat_template is not set: add it to the command line")
            return template(source, add_generation_prompt=True)  # lm-eval: its default
        return super().fewshot_context(doc, num_fewshot, **kwargs)

    def doc_media(self, doc: dict) -> media.Media:
        return media.Media()

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        return [GenerateRequest.make(ctx, {"until": ["\n"]}, self.doc_media(doc))]

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        if "bypass" in self.metric_fns:  # --predict_only: nothing is scored
            return {"bypass": None}
        return {name: (results[0], doc) for name in self.metric_fns}


class UnitxtMultiModal(Unitxt):
    """A Unitxt recipe whose prompt holds ``<img src="path/in/doc">`` tags: each becomes
    ``<image>`` and the image at that path of the document goes with the request."""

    def doc_to_text(self, doc: dict, spec: Any = None) -> Any:
        return _IMG_TAG.sub("<image>", doc["source"])

    def doc_to_image(self, doc: dict, spec: Any = None) -> Any:
        decoder = require("datasets", needed_by="doc_vqa", install=INSTALL).Image()
        images = []
        for path in _IMG_SOURCE.findall(doc["source"]):
            current: Any = doc
            for key in path.split("/"):
                current = current[int(key) if key.isdigit() else key]
            images.append(decoder.decode_example(current))
        return images

    def doc_media(self, doc: dict) -> media.Media:
        return media.images(self.doc_to_image(doc))
