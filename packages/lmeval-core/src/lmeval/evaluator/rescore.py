"""Rescoring a finished run from its samples files, with no model: the answers logged with
``--log_samples`` go through the task's *current* filters, metrics and groups again.

What a task's requests were made of (prompts, documents, choices, generation arguments) must be
what the samples answer; a change there is refused unless ``allow_request_changes`` is given.
What only scores the answers (``filter_list``, ``metric_list``, ``process_results``) may change:
that is what rescoring is for. The samples' own ``filtered_resps`` and per-sample metric fields
are never read: every score is recomputed from ``resps``, so an edited or hostile line cannot
claim a pass, and nothing in a response is executed or opened (a task that runs model code,
``unsafe_code: true``, needs ``confirm_run_unsafe_code`` as ``lmeval run`` does).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval.evaluator.requests import Built, flatten
from lmeval.evaluator.rerun_inputs import changed_files
from lmeval.evaluator.scoring import score
from lmeval.outputs.samplefile import read_lines, request_kind, typed
from lmeval.plugins import PluginManager
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, Request, RollingRequest
from lmeval.report import Run
from lmeval.tasks.loader import Group, TaskLoader
from lmeval.tasks.task import Instance, Task

#: Task fields that only score answers: rescoring may change them.
SCORING_FIELDS = ("filter_list", "metric_list", "process_results")
#: Task fields that neither shape requests nor score (``metadata`` holds the run's model args).
NEUTRAL_FIELDS = ("metadata",)


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True, default=str, ensure_ascii=False))


def _digest(value: Any) -> str:
    text = json.dumps(_normal(value), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: ``fewshot_config`` keys lm-eval 0.4.13 writes out from the task's own fields.
_FEWSHOT_INHERITED = ("doc_to_text", "doc_to_target", "doc_to_choice", "gen_prefix",
                      "fewshot_delimiter", "target_delimiter")


def _fewshot_config(config: dict[str, Any]) -> Any:
    """``fewshot_config`` without what lm-eval's results spell out and lmeval's leave implicit:
    null entries, entries equal to the task's own field, the default sampler."""
    fewshot = config.get("fewshot_config")
    if not isinstance(fewshot, dict):
        return fewshot
    out = {k: v for k, v in fewshot.items() if v is not None
           and not (k in _FEWSHOT_INHERITED and v == config.get(k))}
    if out.get("sampler") == "default":
        del out["sampler"]
    return out or None


def request_part(config: dict[str, Any]) -> dict[str, Any]:
    """The fields of a task config (as in a results file's ``configs``) that shape its requests
    (lm-eval's and lmeval's ways of writing the same few-shot settings compare equal)."""
    normal = _normal(config)
    out = {k: v for k, v in normal.items() if k not in SCORING_FIELDS + NEUTRAL_FIELDS}
    fewshot = _fewshot_config(normal)
    if fewshot is None:
        out.pop("fewshot_config", None)
    else:
        out["fewshot_config"] = fewshot
    return out


def scoring_part(config: dict[str, Any]) -> dict[str, Any]:
    """The fields of a task config that score the answers."""
    return {k: v for k, v in _normal(config).items() if k in SCORING_FIELDS}


def config_hashes(config: dict[str, Any]) -> dict[str, str]:
    """``request_hash`` and ``scoring_hash`` of a task config (sha256 of its canonical JSON)."""
    return {"request_hash": _digest(request_part(config)), "scoring_hash": _digest(scoring_part(config))}


class LoggedDocs(Sequence):
    """A task's evaluated documents as the samples file logged them, indexed by ``doc_id``
    (the dataset is not loaded); ``len`` is the split's size in the original run."""

    def __init__(self, docs: dict[int, dict], size: int) -> None:
        self._docs, self._size = docs, size

    def __getitem__(self, doc_id: Any) -> Any:
        return self._docs[doc_id]

    def __len__(self) -> int:
        return self._size


def _roots(run: Run) -> list[str]:
    """The names the run evaluated: its outermost groups, and tasks in no group."""
    subtasks: dict[str, list[str]] = run.results.get("group_subtasks", {})
    members = {m for subs in subtasks.values() for m in subs}
    leaves = set(run.results.get("configs", {}))
    groups = [g for g, subs in subtasks.items() if g not in members and g not in leaves and subs]
    tasks = [t for t in leaves if t not in members]
    return groups + sorted(tasks)


def recorded_inputs(run: Run) -> dict[str, Any]:
    """What ``lmeval run`` recorded for a rescore (``config["lmeval"]``), or {} (an older run,
    or lm-eval's)."""
    from lmeval.evaluator.rerun_inputs import KEY

    value = run.results.get("config", {}).get(KEY)
    return value if isinstance(value, dict) else {}


def _include_paths(run: Run, include_path: Any) -> tuple[list[str], list[str]]:
    """The task directories to search: the run's recorded ``--include_path`` ones that still
    exist, then ``include_path`` (which wins); and the recorded ones that are gone."""
    from lmeval.evaluator.rerun_inputs import include_paths

    recorded = [p for p in recorded_inputs(run).get("include_path") or [] if isinstance(p, str)]
    present = [p for p in recorded if Path(p).is_dir()]
    return present + include_paths(include_path), [p for p in recorded if p not in present]


def load_tasks(run: Run, pm: PluginManager, include_path: Any) -> tuple[list[Task], list[Group]]:
    """The run's tasks and groups, loaded from the current task YAML: the run's recorded
    ``--include_path`` directories, then ``include_path``, over the installed packs."""
    from lmeval.evaluator.run import task_metadata
    from lmeval.tasks.index import TaskIndex, task_sources

    paths, gone = _include_paths(run, include_path)
    index = TaskIndex(task_sources(pm, paths))
    model_args = run.results.get("config", {}).get("model_args")
    try:
        metadata = task_metadata(model_args, None) if isinstance(model_args, (str, dict)) else {}
    except UsageError:
        metadata = {}
    roots = _roots(run)
    for name in roots:
        if name not in index.rows:
            raise UsageError(f"{run.path}: task or group {name!r} of this run is not installed"
                             f"{_where_it_was(run, name, gone)}")
    tasks, groups = flatten(TaskLoader(index, pm, metadata).load(roots))
    ran = set(run.results.get("configs", {}))
    loaded = {t.name for t in tasks}
    if loaded != ran:
        added, gone_names = sorted(loaded - ran), sorted(ran - loaded)
        raise UsageError(f"{run.path}: the groups of this run now have other members "
                         f"(new: {added or 'none'}; no longer there: {gone_names or 'none'}); a "
                         f"rescore scores the tasks that were run")
    return tasks, groups


def _where_it_was(run: Run, name: str, gone: list[str]) -> str:
    """Where the run read ``name`` from, and what to pass (never another task's name: a
    rescore scores the run's own tasks)."""
    recorded = recorded_inputs(run)
    members = run.results.get("group_subtasks", {}).get(name) or []
    files = [f for n in [name, *members] for f in (recorded.get("task_files", {}).get(n) or {})]
    if files:
        where = f" (the run read it from {files[0]}"
        where += f"; --include_path {', '.join(gone)} is gone)" if gone else ", not there now)"
        return where + "; pass the directory of its YAML with --include_path"
    if gone:
        return f" (the run's --include_path {', '.join(gone)} is gone); pass the directory of its YAML with --include_path"
    return "; pass the directory of its YAML with --include_path, or install the pack that provides it"


def apply_run_options(task: Task, run: Run) -> None:
    """What ``lmeval run`` changed in the task's config: ``--num_fewshot``, ``--gen_kwargs``,
    the few-shot seed (so that the configs compare like for like)."""
    stored = run.results.get("configs", {}).get(task.name, {})
    cfg = task.config
    if "num_fewshot" in stored:
        cfg.num_fewshot = stored["num_fewshot"]
    gen_kwargs = run.results.get("config", {}).get("gen_kwargs")
    if gen_kwargs and task.output_type == "generate_until":
        cfg.generation_kwargs = {**(cfg.generation_kwargs or {}), **gen_kwargs}
    seed = run.results.get("config", {}).get("fewshot_seed")
    task.fewshot_seed = seed if isinstance(seed, int) else 1234


def request_changes(task: Task, run: Run) -> list[str]:
    """The fields shaping requests whose value differs from the run's (sorted)."""
    before = request_part(run.results.get("configs", {}).get(task.name, {}))
    now = request_part(task.config.to_dict())
    return sorted(k for k in before.keys() | now.keys() if before.get(k) != now.get(k))


def _request(args: list[Any], where: str) -> Request:
    kind = request_kind(args)
    if kind == "loglikelihood_rolling":
        return RollingRequest(args[0])
    if kind == "generate_until":
        return GenerateRequest.make(args[0], args[1])
    if len(args) != 2 or not isinstance(args[1], str):
        raise UsageError(f"{where}: arguments {args!r} are not a request (context, continuation)")
    return LoglikelihoodRequest(args[0], args[1])


def _response(kind: str, value: Any, where: str) -> Any:
    """One logged answer, checked: ``(logprob, is_greedy)``, a log-probability, or text."""
    if kind == "loglikelihood":
        if (isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[1], bool)
                and isinstance(value[0], (int, float)) and not isinstance(value[0], bool)):
            return (float(value[0]), value[1])
        raise UsageError(f"{where}: resps: expected [log-likelihood, is_greedy] for a "
                         f"loglikelihood request, got {value!r} (log-likelihoods were not logged)")
    if kind == "loglikelihood_rolling":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise UsageError(f"{where}: resps: expected a log-likelihood for a rolling request, got {value!r}")
    if not isinstance(value, str):
        raise UsageError(f"{where}: resps: expected generated text, got {type(value).__name__}")
    return value


def _doc_hash(doc: Any) -> str:
    """The ``doc_hash`` lmeval and lm-eval log: SHA-256 of the document as indented JSON."""
    from lmeval.outputs.samplefile import json_default

    text = json.dumps(doc, indent=2, default=json_default, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_samples(task: Task, path: Path, *, allow_edited_docs: bool = False) -> tuple[Built, dict[int, dict]]:
    """A task's requests with their logged answers, and the logged documents, from one file
    (one line per document and filter: the first line of each document is used). A document
    that no longer matches its logged ``doc_hash`` (an edited line) is refused unless
    ``allow_edited_docs``: its fields feed the metrics."""
    first: dict[int, tuple[int, dict]] = {}
    for number, entry in read_lines(path):
        doc_id = entry.get("doc_id")
        if not isinstance(doc_id, int) or isinstance(doc_id, bool):
            raise UsageError(f"{path}:{number}: a sample needs an integer doc_id, got {doc_id!r}")
        first.setdefault(doc_id, (number, entry))
    if not first:
        raise UsageError(f"{path}: no samples")
    expected = {"multiple_choice": "loglikelihood"}.get(task.output_type, task.output_type)
    ids: list[int] = []
    instances: list[Instance] = []
    docs: dict[int, dict] = {}
    for doc_id, (number, raw) in first.items():
        where = f"{path}:{number}"
        for key in ("doc", "arguments", "resps"):
            if key not in raw:
                raise UsageError(f"{where}: field {key!r} missing (a samples file of "
                                 f"lmeval run --log_samples has doc, arguments and resps)")
        entry = typed(raw)
        if not isinstance(entry["doc"], dict):
            raise UsageError(f"{where}: doc: expected the document's fields, got {entry['doc']!r}")
        logged_hash = raw.get("doc_hash")
        if (isinstance(logged_hash, str) and not allow_edited_docs
                and _doc_hash(raw["doc"]) != logged_hash):
            raise UsageError(f"{where}: doc does not match its doc_hash: the document was edited "
                             f"after the run (its fields feed the metrics); rerun the model, or "
                             f"pass --allow_request_changes")
        args, resps = entry["arguments"], entry["resps"]
        if not isinstance(resps, list) or len(resps) != len(args) or not args:
            raise UsageError(f"{where}: resps: expected one list of answers per request "
                             f"({len(args)} requests), got {resps!r}")
        ids.append(doc_id)
        docs[doc_id] = entry["doc"]
        for idx, (arg, answers) in enumerate(zip(args, resps, strict=True)):
            request = _request(arg, where)
            if request.kind.value != expected:
                raise UsageError(f"{where}: request {idx} is a {request.kind.value} request; task "
                                 f"{task.name!r} ({task.output_type}) makes {expected} requests "
                                 f"(the samples file of another task?)")
            if not isinstance(answers, list) or not answers:
                raise UsageError(f"{where}: resps[{idx}]: expected a list of answers, got {answers!r}")
            kind = request.kind.value
            inst = Instance(task.name, doc_id, idx, request, repeats=len(answers))
            inst.resps = [_response(kind, a, f"{where}: request {idx}") for a in answers]
            instances.append(inst)
    return (ids, instances), docs


def _check_task(task: Task, docs: dict[int, dict], size: int, *, confirm_unsafe: bool) -> None:
    """Put the logged documents in place of the dataset and check the task can score them."""
    if task.config.unsafe_code and not confirm_unsafe:
        raise UsageError(f"task {task.name!r} executes model-generated code (unsafe_code: true); "
                         f"rescore with --confirm_run_unsafe_code to allow it")
    task._eval_docs = LoggedDocs(docs, max(size, max(docs) + 1))
    first = docs[next(iter(docs))]
    task._features = set(first)
    task._probe(first)
    task.check()


def rescore_run(run: Run, *, pm: PluginManager, include_path: Any = None,
                allow_request_changes: bool = False, log_samples: bool = True,
                bootstrap_iters: int | None = None, confirm_run_unsafe_code: bool = False) -> dict[str, Any]:
    """lm-eval's results dict of ``run`` scored again from its samples (with ``samples`` when
    ``log_samples``), marked ``rescored``: the source file and each task's config hashes."""
    missing = [t for t in run.results.get("configs", {}) if t not in run.sample_files]
    if missing:
        raise UsageError(f"{run.path}: no samples file for {', '.join(missing)} beside it "
                         f"(rescoring needs the run's --log_samples output)")
    tasks, groups = load_tasks(run, pm, include_path)
    built: dict[str, Built] = {}
    info: dict[str, dict[str, Any]] = {}
    n_samples = run.results.get("n-samples", {})
    for task in tasks:
        apply_run_options(task, run)
        changed = request_changes(task, run)
        if changed and not allow_request_changes:
            raise UsageError(
                f"{run.sample_files[task.name]}: task {task.name!r} changed since the run in "
                f"{', '.join(changed)}: these fields shape the requests, and the logged answers "
                f"answer the old ones; rerun the model, or pass --allow_request_changes")
        built[task.name], docs = read_samples(task, run.sample_files[task.name],
                                              allow_edited_docs=allow_request_changes)
        counts = n_samples.get(task.name) if isinstance(n_samples, dict) else None
        counts = counts if isinstance(counts, dict) else {}
        effective = counts.get("effective")
        if isinstance(effective, int) and len(docs) < effective:
            raise UsageError(f"{run.sample_files[task.name]}: {len(docs)} documents logged, the run "
                             f"evaluated {effective} (n-samples in {run.path.name}): the samples file "
                             f"is incomplete (a run killed while writing it?); rerun the task")
        original = counts.get("original", 0)
        _check_task(task, docs, original if isinstance(original, int) else 0,
                    confirm_unsafe=confirm_run_unsafe_code)
        before = config_hashes(run.results.get("configs", {}).get(task.name, {}))
        now = config_hashes(task.config.to_dict())
        info[task.name] = {"samples": str(run.sample_files[task.name]),
                           **now, "original_scoring_hash": before["scoring_hash"],
                           "original_request_hash": before["request_hash"],
                           "scoring_changed": now["scoring_hash"] != before["scoring_hash"],
                           "request_fields_changed": changed,
                           "task_files_changed": changed_files(recorded_inputs(run), task)}
    iters = run.results.get("config", {}).get("bootstrap_iters", 100000)
    iters = bootstrap_iters if bootstrap_iters is not None else iters
    scored = score(tasks, groups, built, bootstrap_iters=iters if isinstance(iters, int) else 100000,
                   log_samples=log_samples, plugins=pm)
    before = run.results.get("generation_stats", {})
    for task, stats in before.items():  # how generations ended is not in the samples: kept
        if isinstance(stats, dict) and "thinking" in stats:
            scored.setdefault("generation_stats", {}).setdefault(task, {})["thinking"] = stats["thinking"]
    for name, entry in scored.get("results", {}).items():  # lm-eval's "name" key, where the run has it
        logged = run.results.get("results", {}).get(name)
        if isinstance(logged, dict) and "name" in logged:
            scored["results"][name] = {"name": logged["name"], **entry}
    dropped = ("groups", "generation_stats")
    out = {k: v for k, v in run.results.items() if k not in dropped or k in scored}
    out.update(scored)  # the original key order is kept
    out["rescored"] = {"from": str(run.path), "date": time.time(), "tasks": info}
    from lmeval import __version__

    out["rescored"]["lmeval_version"] = __version__
    return out
