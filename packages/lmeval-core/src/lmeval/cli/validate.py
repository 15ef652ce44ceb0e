"""``lmeval validate``: deep checks of task and group YAML, without a model.

Each problem is one line ``file:line: field: message``; the exit code is 1 when any is found.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from lmeval.errors import ConfigError, LmevalError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check task/group YAML files deeply (no model needed)",
                       description="Check task and group YAML files: schema, unknown fields, includes, "
                                   "!function targets, Jinja templates against a sample document, metric "
                                   "and filter names, group members, splits.")
    p.add_argument("paths", nargs="*", metavar="<file|dir>", help="YAML files or directories")
    p.add_argument("--tasks", "-t", default=None, metavar="<names>", help="validate installed tasks by name")
    p.add_argument("--include_path", action="append", default=None, metavar="<path>",
                   help="extra directory of task YAMLs (for group members)")
    p.add_argument("--plugins", action="append", default=None, metavar="<module|file.py>",
                   help="load a local plugin module (repeatable); also LMEVAL_PLUGINS")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(path)
    return out


def handle(args: argparse.Namespace) -> int:
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex, task_sources

    pm = PluginManager(plugins=args.plugins or ())
    files = _files(args.paths)
    extra_dirs = sorted({str(f.parent.resolve()) for f in files if f.exists()})
    index = TaskIndex(task_sources(pm, [*(args.include_path or []), *extra_dirs]))
    if args.tasks:
        for name in index.match([n.strip() for n in args.tasks.split(",") if n.strip()]):
            entry = index.get(name)
            if entry.path:
                files.append(Path(entry.path))
            else:
                files.extend(Path(index.get(m).path) for m in entry.tags if index.get(m).path)
    if not files:
        print("lmeval: error: nothing to validate (give files, directories or --tasks)", file=sys.stderr)
        return 2
    files = with_members(files, index)
    problems: list[str] = []
    warnings: dict[str, None] = {}  # ordered, each once (a template's warning is every includer's)
    included = _included_files(files)
    for file in files:
        noted: list[str] = []
        problems.extend(validate_file(file, pm, index, noted))
        warnings.update(dict.fromkeys(noted))  # bool golds, a choice written twice
        warnings.update(dict.fromkeys(file_warnings(file, included)))
        warnings.update(dict.fromkeys(hf_evaluate_warnings(file, pm)))
    if not problems:  # every file is sound alone: now each group as a run builds it
        problems.extend(_check_group_trees(files, pm, index))
    for line in [*problems, *warnings]:
        print(line)
    tail = f", {len(warnings)} warning(s)" if warnings else ""
    print(f"{len(files)} file(s) checked, {len(problems)} problem(s){tail}", file=sys.stderr)
    return 1 if problems else 0


def _included_files(files: list[Path]) -> set[Path]:
    """Every file that one of ``files`` includes: templates, checked through their includers."""
    from lmeval.tasks.yamlio import read_yaml

    out: set[Path] = set()
    for file in files:
        try:
            include = read_yaml(file).get("include")
        except (ConfigError, OSError):
            continue
        for inc in include if isinstance(include, list) else [include]:
            if isinstance(inc, str):
                out.add((file.parent / inc).resolve())
    return out


def file_warnings(path: Path, included: set[Path]) -> list[str]:
    """What lm-eval and lmeval both accept but is likely a mistake: a key written twice in one
    mapping (the last one is used), a file that names no task or group and that no checked
    file includes (nothing can run it)."""
    from lmeval.tasks.yamlio import duplicate_keys, load_config

    try:
        raw = load_config(path)
    except (ConfigError, OSError):
        return []  # reported as a problem
    out = [f"{d.file}:{d.line}: {d.key}: warning: duplicate key (first at line {d.first_line}); "
           "the last one is used, as lm-eval does" for d in duplicate_keys(raw)]
    if "task" not in raw and "group" not in raw and path.resolve() not in included:
        out.append(f"{path}:1: warning: defines neither `task` nor `group`, so no name runs it "
                   "(lm-eval skips such a file too); a template is checked through the files "
                   "that include it")
    return out


def hf_evaluate_warnings(path: Path, pm: Any) -> list[str]:
    """One warning per ``metric_list`` name that comes from HF evaluate (as in lm-eval); nothing
    is imported or downloaded here, the run loads it before the model."""
    import importlib.util

    from lmeval.metrics.hf_evaluate import comes_from_hf_evaluate
    from lmeval.tasks.config import fail
    from lmeval.tasks.yamlio import load_config

    try:
        raw = load_config(path)
    except (ConfigError, OSError):
        return []  # reported as a problem
    entries = raw.get("metric_list")
    if not isinstance(entries, list) or raw.get("process_results") is not None:
        return []
    installed = importlib.util.find_spec("evaluate") is not None
    state = "installed" if installed else "not installed here: pip install evaluate"
    def why(entry: Any) -> str:
        return "has hf_evaluate: true" if entry.get("hf_evaluate") is True else "is not an lmeval metric"

    out = []
    for entry in entries:
        name = entry.get("metric") if isinstance(entry, dict) else None
        if isinstance(name, str) and name.strip() and comes_from_hf_evaluate(name, entry, pm.metrics.names()):
            where, key = (entry, "metric") if hasattr(entry, "lines") else (raw, "metric_list")
            out.append(fail(where, key, f"warning: metric {name!r} {why(entry)}: "
                                                f"a run loads it from HF evaluate (evaluate {state}); "
                                                "validate does not load it").located())
    return out


def _is_group(raw: Any) -> bool:
    return isinstance(raw.get("task"), list) or ("group" in raw and not isinstance(raw.get("task"), str))


def _member_files(raw: Any, index: Any) -> list[Path]:
    """The files of a group's members (tasks, groups, the tasks of tags) found in ``index``."""
    out: list[Path] = []
    members = raw.get("task")
    for member in members if isinstance(members, list) else [members]:
        name = member if isinstance(member, str) else (
            (member.get("task") or member.get("group")) if isinstance(member, dict) else None)
        if not isinstance(name, str) or name not in index.rows:
            continue  # unknown names are reported by the group's own check
        entry = index.get(name)
        names = entry.tags if entry.kind == "tag" else [name]
        for n in names:
            path = index.get(n).path if n in index.rows else None
            if path:
                out.append(Path(path))
    return out


def with_members(files: list[Path], index: Any) -> list[Path]:
    """``files`` and, for every group among them, its members' files, recursively (each once)."""
    from lmeval.tasks.yamlio import load_config

    out: list[Path] = []
    seen: set[Path] = set()
    queue = list(files)
    while queue:
        file = queue.pop(0)
        key = file.resolve()
        if key in seen:
            continue
        seen.add(key)
        out.append(file)
        try:
            raw = load_config(file)
        except (ConfigError, OSError):
            continue  # reported when the file itself is checked
        if _is_group(raw):
            queue.extend(_member_files(raw, index))
    return out


def _check_group_trees(files: list[Path], pm: Any, index: Any) -> list[str]:
    """Build each group's member tree as ``lmeval run`` does (overrides pushed down, inline
    members), so a problem only the merged config has is found too."""
    from lmeval.tasks.loader import TaskLoader
    from lmeval.tasks.yamlio import load_config

    loader = TaskLoader(index, pm)
    problems: list[str] = []
    for file in files:
        try:
            raw = load_config(file)
        except (ConfigError, OSError):
            continue
        name = raw.get("group")
        if not _is_group(raw) or not isinstance(name, str) or name not in index.rows:
            continue
        if index.get(name).kind != "group" or Path(index.get(name).path).resolve() != file.resolve():
            continue
        try:
            for task in loader.group(name).leaf_tasks():
                _check_generation_kwargs(task)
        except ConfigError as exc:
            problems.append(exc.located())
        except LmevalError as exc:
            problems.append(f"{file}: group {name}: {exc}")
    return problems


def _check_generation_kwargs(task: Any) -> None:
    """Misspellings of the generation arguments every backend takes (no backend known here)."""
    from lmeval.errors import UsageError
    from lmeval.run.modelargs import check_generation_kwargs

    if task.output_type != "generate_until":
        return
    try:
        check_generation_kwargs(None, None, task.config.generation_kwargs or {}, where="")
    except UsageError as exc:
        raise task._error("generation_kwargs", str(exc)) from None


def validate_file(path: Path, pm: Any, index: Any, warnings: list[str] | None = None) -> list[str]:
    """Every problem of one YAML file, one line each; its documents' warnings go to
    ``warnings``."""
    from lmeval.tasks.config import build_group_config, build_task_config
    from lmeval.tasks.yamlio import load_config

    try:
        raw = load_config(path)
    except ConfigError as exc:
        return [exc.located()]
    if "task" not in raw and "group" not in raw:
        return []  # a template meant to be included
    try:
        if _is_group(raw):
            config = build_group_config(raw)
            return _check_group(config, raw, index)
        from lmeval.tasks.loader import provided_fields, task_class

        cls = task_class(raw)  # first: an lm-eval class is named as such, not by a field it reads
        config = build_task_config(raw, provided=provided_fields(cls))
    except ConfigError as exc:
        return [exc.located()]
    return _check_task(config, raw, pm, warnings)


def _check_group(config: Any, raw: Any, index: Any) -> list[str]:

    problems: list[str] = []
    _check_members(config.task, raw, index, problems)
    return problems


def _check_members(members: list, raw: Any, index: Any, problems: list[str]) -> None:
    """Each member names a task, group or tag; an inline group (``- group: x`` with its own
    ``task:`` list) is checked member by member too."""
    from lmeval.tasks.config import fail

    for member in members:
        if isinstance(member, dict):
            key = "group" if "group" in member else "task"
            name = member.get(key)
            where = member if hasattr(member, "line_of") else raw
            if not isinstance(name, str):
                problems.append(fail(where, key if key in member else None,
                                     "a group member needs `task: <name>` or `group: <name>`, "
                                     f"got {sorted(member)}").located())
            elif key == "group" and isinstance(member.get("task"), list):
                _check_members(member["task"], member, index, problems)
            continue
        if isinstance(member, str) and member not in index.rows:
            try:
                index.get(member)
            except LmevalError as exc:
                problems.append(fail(raw, "task", str(exc)).located())


def _walk_refs(value: Any, key: str, out: list[tuple[str, Any]]) -> None:
    from lmeval.tasks.yamlio import FunctionRef

    if isinstance(value, FunctionRef):
        out.append((key, value))
    elif isinstance(value, dict):
        for _k, v in value.items():
            _walk_refs(v, key, out)
    elif isinstance(value, list):
        for v in value:
            _walk_refs(v, key, out)


def _check_task(config: Any, raw: Any, pm: Any, warnings: list[str] | None = None) -> list[str]:
    from lmeval.filters import lm_eval_registered_filter
    from lmeval.tasks import templates
    from lmeval.tasks.config import fail

    problems: list[str] = []
    refs: list[tuple[str, Any]] = []
    for key in raw:
        _walk_refs(raw[key], key, refs)
    for key, ref in refs:
        try:
            ref.resolve()
        except ConfigError as exc:
            problems.append(fail(raw, key, exc.message).located())
    for key in ("doc_to_text", "doc_to_target", "doc_to_choice", "description", "gen_prefix"):
        value = raw.get(key)
        if isinstance(value, str):
            error = templates.check_syntax(value)
            if error:
                problems.append(fail(raw, key, error).located())
    for pipeline in raw.get("filter_list") or []:
        for step in pipeline.get("filter") or []:
            name = step.get("function")
            if isinstance(name, str) and name not in pm.filters \
                    and lm_eval_registered_filter(name) is None:  # a helper's lm-eval filter
                problems.append(fail(raw, "filter_list", pm.filters.unknown_message(name)).located())
    if problems:
        return problems
    try:
        from lmeval.tasks.loader import task_class

        task = task_class(raw)(config, plugins=pm)
    except ConfigError as exc:
        return [exc.located()]
    if config.output_type == "generate_until":
        from lmeval.errors import UsageError
        from lmeval.run.modelargs import check_generation_kwargs

        try:  # no backend here: only misspellings of the names every backend takes
            check_generation_kwargs(None, None, config.generation_kwargs or {}, where="")
        except UsageError as exc:
            problems.append(fail(raw, "generation_kwargs", str(exc)).located())
    try:
        local = _data_is_local(config, pm)
    except LmevalError as exc:  # the mirror has this dataset, under other config names
        problems.append(fail(raw, "dataset_name", str(exc)).located())
        return problems
    if not local:
        return problems
    try:
        from lmeval.run.preflight import check_tasks
        from lmeval.run.timelimit import TimeLimit, limit_seconds
        from lmeval.tasks.documents import DocumentNotes, located_document_problems, timed_out

        docs = task.eval_docs
        doc = docs[0]
        with TimeLimit(limit_seconds(), timed_out(task, [0])):  # a template that loops forever
            task.doc_to_text(doc)
            task.doc_to_target(doc)
            if config.doc_to_choice is not None:
                task.doc_to_choice(doc)
            task.doc_media(doc)  # the images: columns exist, none missing, each a usable form
            if (config.num_fewshot or 0) > 0:
                check_tasks([task], num_fewshot_flag=None)
                task.fewshot_context(doc, config.num_fewshot)
        task.filters()
        notes = DocumentNotes(task)
        problems.extend(located_document_problems(task, notes=notes))  # gold outside the choices ...
        if warnings is not None:
            warnings.extend(notes.lines())
    except ConfigError as exc:
        problems.append(exc.located())
    except LmevalError as exc:
        problems.append(fail(raw, None, str(exc)).located())
    except Exception as exc:  # task code raised on the sample document
        problems.append(fail(raw, None, f"rendering the first document failed: "
                                        f"{type(exc).__name__}: {exc}").located())
    return problems


def _data_is_local(config: Any, pm: Any) -> bool:
    from lmeval.tasks import data

    path = config.dataset_path
    if config.custom_dataset is not None:
        return True
    if path in ("json", "jsonl", "csv", "parquet", "text"):
        return not data.remote_data_files(config.dataset_kwargs)  # hf://, https://: not read here
    if path and Path(path).exists():
        return True
    if path in pm.dataset_loaders:
        return True
    return data.mirror_dir(path, config.dataset_name) is not None
