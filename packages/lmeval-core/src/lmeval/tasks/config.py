"""The task and group config schema: every lm-eval field, its default, and its checks."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from lmeval.errors import ConfigError, did_you_mean
from lmeval.tasks.yamlio import FunctionRef, origin_of

OUTPUT_TYPES = ("loglikelihood", "loglikelihood_rolling", "generate_until", "multiple_choice")
DEFAULT_MAX_GEN_TOKS = 256


@dataclass
class FewshotConfig:
    sampler: str = "default"
    split: str | None = None
    process_docs: Any = None
    fewshot_indices: list[int] | None = None
    samples: Any = None
    doc_to_text: Any = None
    doc_to_choice: Any = None
    doc_to_target: Any = None
    gen_prefix: str | None = None
    fewshot_delimiter: str | None = None
    target_delimiter: str | None = None


@dataclass
class TaskConfig:
    task: str | None = None
    task_alias: str | None = None
    tag: Any = None
    custom_dataset: Any = None
    dataset_path: str | None = None
    dataset_name: str | None = None
    dataset_kwargs: dict | None = None
    training_split: str | None = None
    validation_split: str | None = None
    test_split: str | None = None
    fewshot_split: str | None = None
    process_docs: Any = None
    doc_to_text: Any = None
    doc_to_target: Any = None
    doc_to_image: Any = None
    doc_to_audio: Any = None
    unsafe_code: bool = False
    doc_to_choice: Any = None
    process_results: Any = None
    use_prompt: str | None = None
    description: str = ""
    target_delimiter: str = " "
    fewshot_delimiter: str = "\n\n"
    fewshot_config: Any = None
    num_fewshot: int | None = None
    metric_list: list | None = None
    output_type: str = "generate_until"
    generation_kwargs: dict | None = None
    repeats: int = 1
    filter_list: Any = None
    should_decontaminate: bool = False
    doc_to_decontamination_query: Any = None
    gen_prefix: str | None = None
    metadata: dict | None = None
    # where the config came from, for error messages (not a YAML field)
    source: Any = field(default=None, repr=False, compare=False)

    def fewshot(self) -> FewshotConfig:
        raw = dict(self.fewshot_config or {})
        base = FewshotConfig(
            split=self.fewshot_split, process_docs=self.process_docs,
            fewshot_delimiter=self.fewshot_delimiter, target_delimiter=self.target_delimiter,
            gen_prefix=self.gen_prefix, doc_to_text=self.doc_to_text,
            doc_to_choice=self.doc_to_choice, doc_to_target=self.doc_to_target,
        )
        return dataclasses.replace(base, **raw)

    def to_dict(self) -> dict[str, Any]:
        """The config as lm-eval writes it into results: no Nones, functions as text."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "source":
                continue
            value = getattr(self, f.name)
            if value is None:
                continue
            out[f.name] = _printable(value)
        return out


def _printable(value: Any) -> Any:
    if isinstance(value, FunctionRef):
        return str(value)
    if callable(value):
        return getattr(value, "__qualname__", repr(value))
    if isinstance(value, dict):
        return {k: _printable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_printable(v) for v in value]
    return value


TASK_FIELDS = {f.name for f in dataclasses.fields(TaskConfig)} - {"source"}
#: Keys that may appear in a task YAML but are not task fields.
STRUCTURAL_KEYS = {"include", "group", "class", "task_list"}
GROUP_FIELDS = {"group", "group_alias", "task", "aggregate_metric_list", "metadata"}
FEWSHOT_FIELDS = {f.name for f in dataclasses.fields(FewshotConfig)}
AGG_FIELDS = {"metric", "aggregation", "weight_by_size", "filter_list"}

_TYPES: dict[str, tuple[type, ...]] = {
    "task": (str,), "task_alias": (str,), "dataset_path": (str,), "dataset_name": (str,),
    "dataset_kwargs": (dict,), "training_split": (str,), "validation_split": (str,),
    "test_split": (str,), "fewshot_split": (str,), "description": (str, FunctionRef),
    "target_delimiter": (str,), "fewshot_delimiter": (str,), "num_fewshot": (int,),
    "metric_list": (list,), "output_type": (str,), "generation_kwargs": (dict,),
    "repeats": (int,), "filter_list": (list, str), "should_decontaminate": (bool,),
    "gen_prefix": (str,), "metadata": (dict,), "unsafe_code": (bool,), "fewshot_config": (dict,),
    "doc_to_image": (str, list, FunctionRef),
}


def fail(config: dict, key: str | None, message: str) -> ConfigError:
    """An error located at ``key`` of ``config`` (at the mapping itself when ``key`` is absent)."""
    if key is not None and key in config:
        file, line = origin_of(config, key)
    else:
        file, line = getattr(config, "file", None), getattr(config, "line", None)
    return ConfigError(message, file=file, line=line, field=key)


def build_task_config(raw: dict, provided: frozenset[str] = frozenset()) -> TaskConfig:
    """Validate a loaded task YAML (includes already merged) and build its :class:`TaskConfig`.
    ``provided``: the ``doc_to_*`` fields a ``class:`` task computes in Python (methods it
    overrides), which the YAML may then leave out."""
    unknown = [k for k in raw if k not in TASK_FIELDS and k not in STRUCTURAL_KEYS]
    if unknown:
        key = unknown[0]
        raise fail(raw, key, "unknown field" + did_you_mean(str(key), sorted(TASK_FIELDS)))
    if not isinstance(raw.get("task"), str) or not raw.get("task"):
        raise fail(raw, "task", "a task config needs `task: <name>` (a string)")
    for key, types in _TYPES.items():
        value = raw.get(key)
        if value is None:
            continue
        if isinstance(value, bool) and bool not in types:
            ok = False
        else:
            ok = isinstance(value, types) or (float in types and isinstance(value, int))
        if not ok:
            names = " or ".join(t.__name__ for t in types)
            raise fail(raw, key, f"expected {names}, got {type(value).__name__} {value!r}")
    output_type = raw.get("output_type", "generate_until")
    if output_type not in OUTPUT_TYPES:
        raise fail(raw, "output_type", f"expected one of {', '.join(OUTPUT_TYPES)}, got "
                   f"{output_type!r}" + did_you_mean(str(output_type), OUTPUT_TYPES))
    if output_type == "multiple_choice" and raw.get("doc_to_choice") is None \
            and "doc_to_choice" not in provided:
        raise fail(raw, "output_type", "multiple_choice tasks need doc_to_choice")
    if raw.get("doc_to_text") is None and output_type != "loglikelihood_rolling" \
            and "doc_to_text" not in provided:
        raise fail(raw, "doc_to_text", "missing: the prompt of each document")
    if raw.get("doc_to_target") is None and "doc_to_target" not in provided:
        raise fail(raw, "doc_to_target", "missing: the gold answer of each document")
    if raw.get("dataset_path") is None and raw.get("custom_dataset") is None:
        raise fail(raw, "dataset_path", "missing: a hub id, a local path, or json/csv with data_files")
    if not any(raw.get(s) for s in ("test_split", "validation_split")):
        raise fail(raw, "test_split", "missing: set test_split or validation_split to the split to score")
    fewshot = raw.get("fewshot_config")
    if isinstance(fewshot, dict):
        bad = [k for k in fewshot if k not in FEWSHOT_FIELDS]
        if bad:
            raise fail(fewshot, bad[0], "unknown fewshot_config field"
                       + did_you_mean(str(bad[0]), sorted(FEWSHOT_FIELDS)))
    for i, metric in enumerate(raw.get("metric_list") or []):
        if not isinstance(metric, dict) or "metric" not in metric:
            raise fail(raw, "metric_list", f"entry {i} needs a `metric:` key")
    filters = raw.get("filter_list")
    if isinstance(filters, list):
        for i, pipeline in enumerate(filters):
            if not isinstance(pipeline, dict) or "name" not in pipeline or "filter" not in pipeline:
                raise fail(raw, "filter_list", f"entry {i} needs `name:` and `filter:` keys")
            for step in pipeline["filter"] or []:
                if not isinstance(step, dict) or "function" not in step:
                    raise fail(pipeline, "filter", "each filter step needs a `function:` key")
    gen = raw.get("generation_kwargs")
    values = {k: raw[k] for k in raw if k in TASK_FIELDS}
    if gen is not None:
        gen = dict(gen)
        if "temperature" in gen:
            gen["temperature"] = float(gen["temperature"])
        if "until" not in gen:
            gen["until"] = [values.get("fewshot_delimiter", "\n\n")]
        values["generation_kwargs"] = gen
    elif output_type == "generate_until":
        values["generation_kwargs"] = {
            "until": [values.get("fewshot_delimiter", "\n\n")],
            "do_sample": False, "temperature": 0.0, "max_gen_toks": DEFAULT_MAX_GEN_TOKS,
        }
    if "group" in raw and "tag" not in raw:
        values["tag"] = raw["group"]  # old-style `group:` on a task meant a tag
    config = TaskConfig(**values)
    config.source = raw
    return config


@dataclass
class AggregateMetric:
    metric: str
    aggregation: str = "mean"
    weight_by_size: bool = True
    filter_list: list[str] | None = None


@dataclass
class GroupConfig:
    group: str
    group_alias: str | None = None
    task: list = field(default_factory=list)
    aggregate_metric_list: list[AggregateMetric] | None = None
    metadata: dict | None = None
    #: other keys, pushed down to every member task
    overrides: dict = field(default_factory=dict)
    source: Any = field(default=None, repr=False, compare=False)

    @property
    def version(self) -> Any:
        return (self.metadata or {}).get("version")


def _where(config: Any) -> str:
    file, line = origin_of(config, "aggregation") if isinstance(config, dict) else (None, None)
    return f"{file}:{line}" if file and line else (file or "<config>")


def build_group_config(raw: dict, name: str | None = None) -> GroupConfig:
    group = name or raw.get("group")
    if not isinstance(group, str) or not group:
        raise fail(raw, "group", "expected a group name (string)")
    members = raw.get("task")
    if isinstance(members, str):
        members = [members]
    if not isinstance(members, list) or not members:
        raise fail(raw, "task", "a group needs `task:` with a list of member tasks, groups or tags")
    aggs = raw.get("aggregate_metric_list")
    parsed: list[AggregateMetric] | None = None
    if aggs is not None:
        if isinstance(aggs, dict):
            aggs = [aggs]
        parsed = []
        for entry in aggs:
            if not isinstance(entry, dict) or "metric" not in entry:
                raise fail(raw, "aggregate_metric_list", "each entry needs a `metric:` key")
            bad = [k for k in entry if k not in AGG_FIELDS]
            if bad:
                raise fail(entry, bad[0], "unknown aggregate_metric_list field"
                           + did_you_mean(str(bad[0]), sorted(AGG_FIELDS)))
            agg = entry.get("aggregation", "mean")
            if isinstance(agg, FunctionRef):
                agg = agg.resolve()  # imported as lm-eval imports it: a broken reference fails
            if agg != "mean" and not callable(agg):
                raise fail(entry, "aggregation", f"only `mean` is supported for groups, got {agg!r}")
            if callable(agg):
                import logging

                logging.getLogger("lmeval").warning(
                    "lmeval: %s: aggregation: %s is not called for group %r: lm-eval 0.4.13 "
                    "takes the mean of the members' scores (weight_by_size applies), and so does "
                    "lmeval", _where(entry), getattr(agg, "__name__", agg), group)
            filters = entry.get("filter_list")
            metric = entry["metric"]
            if isinstance(metric, FunctionRef):
                # lm-eval 0.4.13 looks for "<function ...>,<filter>" keys: none match, no score
                import logging

                logging.getLogger("lmeval").warning(
                    "lmeval: %s: metric: !function %s names no member metric: group %r gets no "
                    "score, as in lm-eval 0.4.13", _where(entry), metric.spec, group)
                metric = f"<function {metric.spec}>"
            parsed.append(AggregateMetric(
                metric=metric, aggregation="mean",
                weight_by_size=bool(entry.get("weight_by_size", True)),
                filter_list=[filters] if isinstance(filters, str) else filters))
    overrides = {k: v for k, v in raw.items() if k not in GROUP_FIELDS and k != "include"}
    bad = [k for k in overrides if k not in TASK_FIELDS]
    if bad:
        raise fail(raw, bad[0], "unknown group field"
                   + did_you_mean(str(bad[0]), sorted(GROUP_FIELDS | TASK_FIELDS)))
    return GroupConfig(group=group, group_alias=raw.get("group_alias"), task=members,
                       aggregate_metric_list=parsed, metadata=raw.get("metadata"),
                       overrides=overrides, source=raw)
