"""One run, by phase: :mod:`~lmeval.evaluator.config` (the frozen run configuration),
:mod:`~lmeval.evaluator.requests` (tasks configured, documents chosen, requests built and
answered), :mod:`~lmeval.evaluator.scoring` (filters, metrics, samples),
:mod:`~lmeval.evaluator.groups` (group aggregation), :mod:`~lmeval.evaluator.results` (the run's
fields of the results dict) and :mod:`~lmeval.evaluator.run` (``evaluate``, which drives them)."""

from __future__ import annotations

from lmeval.evaluator.config import RunConfig
from lmeval.evaluator.groups import aggregate_group
from lmeval.evaluator.requests import build_instances, flatten, show_prompts
from lmeval.evaluator.results import hash_string, sanitize_model_name
from lmeval.evaluator.run import build_model, evaluate, task_metadata
from lmeval.evaluator.scoring import score
from lmeval.lm_eval_api import simple_evaluate  # lm-eval's ``evaluator.simple_evaluate``
from lmeval.tasks.index import task_sources

_flatten = flatten  # the older name, still imported by a task pack's tool

__all__ = ["RunConfig", "aggregate_group", "build_instances", "build_model", "evaluate",
           "flatten", "hash_string", "sanitize_model_name", "score", "show_prompts", "simple_evaluate",
           "task_metadata", "task_sources"]
