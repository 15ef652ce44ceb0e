"""One module, one entry point: everything this distribution contributes to lmeval."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

from lmeval.hookspecs import hookimpl
from lmeval.protocol import LM, RequestKind


class EchoLM(LM):
    """A toy backend: log-likelihood is minus the continuation length; generation echoes."""

    supported_kinds = frozenset({RequestKind.LOGLIKELIHOOD, RequestKind.GENERATE_UNTIL})

    def __init__(self, scale: float = 1.0, **_: Any) -> None:
        super().__init__()
        self.scale = float(scale)

    def loglikelihood(self, requests):
        return [(-self.scale * len(r.continuation), True) for r in requests]

    def generate_until(self, requests):
        return [r.context.strip().splitlines()[-1] for r in requests]


def exact_length(references: list[str], predictions: list[str], **_: Any) -> float:
    return float(len(str(references[0])) == len(str(predictions[0])))


class StripPunctuation:
    def __init__(self, **_: Any) -> None:
        self.table = str.maketrans("", "", string.punctuation)

    def apply(self, resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
        return [[r.translate(self.table) for r in rs] for rs in resps]


class JsonlReporter:
    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def report(self, results: dict, samples: dict | None) -> None:
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({k: results[k] for k in ("results", "versions")}) + "\n")


@hookimpl
def lmeval_register_models(register):
    register("example-echo", EchoLM)


@hookimpl
def lmeval_register_metrics(register):
    register("exact_length", exact_length, aggregation="mean", higher_is_better=True)


@hookimpl
def lmeval_register_filters(register):
    register("strip_punctuation", StripPunctuation)


@hookimpl
def lmeval_register_reporters(register):
    register("example-jsonl", JsonlReporter)


@hookimpl
def lmeval_register_task_sources(register):
    register(Path(__file__).parent / "tasks")


@hookimpl
def lmeval_register_commands(register):
    register("example-words", "lmeval_example_plugin.words:command",
             help="print the words of the example task's data")
