"""``lmeval run``: evaluate a model on tasks, with lm-eval's flag names."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval.options import check_bounds, parse_batch_size, parse_kv, parse_samples, parse_seed

HELP = "evaluate a model on tasks (the default subcommand)"

#: flags that may also come from --config, with their defaults
DEFAULTS: dict[str, Any] = {
    "model": "hf", "model_args": None, "tasks": None, "num_fewshot": None, "batch_size": 1,
    "max_batch_size": None, "device": None, "limit": None, "samples": None, "use_cache": None,
    "cache_requests": None, "include_path": None, "output_path": None, "log_samples": False,
    "predict_only": False, "apply_chat_template": False, "fewshot_as_multiturn": None,
    "system_instruction": None, "gen_kwargs": None, "seed": "0,1234,1234,1234",
    "metadata": None, "write_out": False, "show_config": False, "bootstrap_iters": 100000,
    "confirm_run_unsafe_code": False, "plugins": None, "hf_hub_log_args": None,
    "wandb_args": None, "wandb_config_args": None, "reporter": None, "check_integrity": False,
    "trust_remote_code": False, "verbosity": None, "verbose": False, "executor": None,
}


def _joined(values: list[str] | None) -> str | dict[str, Any] | None:
    """``--model_args a=1 b=2`` and ``--model_args a=1,b=2`` both become ``a=1,b=2``; a JSON
    object stays a dict, as lm-eval passes it (nested values such as ``chat_template_args``)."""
    if not values:
        return None
    text = " ".join(values).strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"invalid JSON {text!r}: {exc}") from None
        if not isinstance(data, dict):
            raise UsageError(f"expected a JSON object, got {text!r}")
        return data
    return ",".join(v.strip(",") for v in values if v.strip(","))


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help=HELP, description=HELP + ".", formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="Example: lmeval run --model hf --model_args pretrained=EleutherAI/pythia-160m "
                              "--tasks hellaswag --batch_size 8")
    S = argparse.SUPPRESS
    g = p.add_argument_group("model")
    g.add_argument("--model", "-M", default=S, metavar="<model>", help="model backend name (default: hf); see `lmeval ls models`")
    g.add_argument("--model_args", "-a", nargs="+", default=S, metavar="<arg>",
                   help="backend arguments, k=v,k2=v2 (or JSON)")
    g.add_argument("--batch_size", "-b", default=S, metavar="<size>",
                   help="N, 'auto' or 'auto:N' (re-detect N times); default 1")
    g.add_argument("--max_batch_size", type=int, default=S, metavar="<n>", help="upper bound for --batch_size auto")
    g.add_argument("--device", default=S, metavar="<device>", help="cpu, cuda, cuda:0, mps ...")
    g.add_argument("--apply_chat_template", nargs="?", const=True, default=S, metavar="<template>",
                   help="render prompts with the model's chat template (optionally a named template)")
    g.add_argument("--fewshot_as_multiturn", nargs="?", const=True, default=S,
                   type=lambda x: x.lower() in ("true", "1", "yes"), metavar="<bool>",
                   help="few-shot examples as separate chat turns (default: on with "
                        "--apply_chat_template, as lm-eval; 'false' turns it off)")
    g.add_argument("--system_instruction", default=S, metavar="<text>", help="system prompt")
    g.add_argument("--gen_kwargs", nargs="+", default=S, metavar="<arg>",
                   help="generation arguments for generate_until tasks: k=v,k2=v2 (values are "
                        "Python literals: 'until=[\"a\",\"b\"]') or a JSON object")
    g.add_argument("--plugins", action="append", default=S, metavar="<module|file.py>",
                   help="load a local plugin module (repeatable); also LMEVAL_PLUGINS")
    g.add_argument("--executor", default=S, metavar="<name[:k=v,...]>",
                   help="run the model calls on replicas elsewhere, e.g. ray:replicas=4,address=auto "
                        "(pip install lmeval-ray; see docs/scale-out.md)")
    g.add_argument("--trust_remote_code", action="store_true", default=S,
                   help="allow remote code in datasets and models")
    t = p.add_argument_group("tasks")
    t.add_argument("--tasks", "-t", nargs="+", default=S, metavar="<task>",
                   help="task, group or tag names (comma or space separated, wildcards allowed), "
                        "task YAML files (globs too) or a directory of task YAMLs")
    t.add_argument("--include_path", default=S, metavar="<path>", help="extra directory of task YAMLs")
    t.add_argument("--num_fewshot", "-f", type=int, default=S, metavar="<n>",
                   help="few-shot examples per prompt (>= 0)")
    t.add_argument("--limit", "-L", type=float, default=S, metavar="<limit>",
                   help="documents per task: a count >= 1, or a fraction in (0, 1) (testing only)")
    t.add_argument("--samples", "-E", default=S, metavar="<json>",
                   help='{"task": [doc ids]} as JSON or a JSON file: evaluate only those documents '
                        "of those tasks (every task named must be run; not with --limit)")
    t.add_argument("--metadata", default=S, metavar="<json>",
                   help="a JSON object or k=v,...: every task's metadata gets the model args, "
                        "then these (as lm-eval)")
    t.add_argument("--confirm_run_unsafe_code", action="store_true", default=S,
                   help="allow tasks that execute model-generated code")
    t.add_argument("--check_integrity", action="store_true", default=S, help="run the tasks' self-checks")
    o = p.add_argument_group("output")
    o.add_argument("--output_path", "-o", default=S, metavar="<path>", help="directory (or .json file) for results")
    o.add_argument("--log_samples", "-s", action="store_true", default=S, help="write per-sample JSONL")
    o.add_argument("--predict_only", "-x", action="store_true", default=S, help="generate only, no metrics")
    o.add_argument("--write_out", "-w", "--show_prompts", action="store_true", default=S, dest="write_out",
                   help="print the first documents' prompts as the model sees them")
    o.add_argument("--show_config", action="store_true", default=S, help="print the task configs after the table")
    o.add_argument("--bootstrap_iters", type=int, default=S, metavar="<n>", help="bootstrap iterations for stderr (0: none)")
    o.add_argument("--reporter", action="append", default=S, metavar="<name[:k=v,...]>",
                   help="send the finished run to a registered reporter, built with the k=v "
                        "arguments before the run and called after the results are printed and "
                        "saved (repeatable; `lmeval ls reporters` lists them)")
    o.add_argument("--hf_hub_log_args", nargs="+", default=S, metavar="<arg>",
                   help="push to the HF Hub, k=v,...: the same as --reporter hf_hub:k=v,...")
    o.add_argument("--wandb_args", nargs="+", default=S, metavar="<arg>",
                   help="arguments to wandb.init, k=v,...: the same as --reporter wandb:k=v,...")
    o.add_argument("--wandb_config_args", nargs="+", default=S, metavar="<arg>",
                   help="extra wandb config, k=v,... (the wandb reporter's config_args)")
    c = p.add_argument_group("caching and reproducibility")
    c.add_argument("--use_cache", "-c", default=S, metavar="<dir>",
                   help="response cache directory (SQLite); a rerun resumes from it")
    c.add_argument("--cache_requests", nargs="?", const="true", default=S, metavar="true|refresh|delete",
                   help="cache built requests")
    c.add_argument("--seed", default=S, metavar="<seeds>",
                   help="python,numpy,torch,fewshot seeds: one value for all, or a,b,c[,d] "
                        "(a missing fewshot seed is 1234; None leaves a seed unset; "
                        "default 0,1234,1234,1234)")
    c.add_argument("--config", "-C", default=None, metavar="<file.yaml>",
                   help="YAML file of run options; flags on the command line override it")
    c.add_argument("--verbosity", "-v", default=S, metavar="<level>", help="log level (INFO, DEBUG ...)")
    c.add_argument("--verbose", "-V", action="store_true", default=S, help="tracebacks on errors")
    p.set_defaults(handler=blame_config(handle))


def blame_config(handler: Any) -> Any:
    """An error about an option that came from the ``--config`` file names that file, its line
    and the key (``run.yaml:4: num_fewshot: expected an integer >= 0 ...``), not a flag the user
    never typed."""
    import functools

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UsageError as exc:
            from lmeval.errors import ConfigError

            text = str(exc)
            if not args.config or isinstance(exc, ConfigError) or not text.startswith("--"):
                raise
            flag, sep, rest = text[2:].partition(":")
            key = flag.split()[0] if flag else ""
            if not sep or key not in DEFAULTS or hasattr(args, key):
                raise  # the flag was typed on the command line: the message is right
            from lmeval.tasks.yamlio import read_yaml

            data = read_yaml(args.config)
            found = next((k for k in data if str(k).replace("-", "_") == key), None)
            if found is None:
                raise
            raise ConfigError(f"{rest.strip()} (from --config)", file=args.config,
                              line=data.line_of(found), field=str(found)) from None

    return run


def resolve_options(args: argparse.Namespace) -> dict[str, Any]:
    """Defaults < --config file < command line."""
    options = dict(DEFAULTS)
    if args.config:
        from lmeval.tasks.yamlio import read_yaml

        data = read_yaml(args.config)
        from lmeval import redact

        redact.remember_args({k: v for k, v in data.items() if isinstance(v, (str, int, float))})
        for key, value in data.items():
            key = key.replace("-", "_")
            if key not in DEFAULTS:
                from lmeval.errors import ConfigError, did_you_mean

                raise ConfigError("unknown run option" + did_you_mean(key, sorted(DEFAULTS)),
                                  file=args.config, line=data.line_of(key), field=key)
            options[key] = value
        options["_config_dir"] = str(Path(args.config).resolve().parent)
    for key in DEFAULTS:
        if hasattr(args, key):
            options[key] = getattr(args, key)
    return options


def _listish(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    out: list[str] = []
    for v in value:
        out.extend(part.strip() for part in str(v).split(",") if part.strip())
    return out


def _kv(value: Any) -> Any:
    if value is None or isinstance(value, dict):
        return value
    return _joined(value if isinstance(value, list) else [str(value)])


def handle(args: argparse.Namespace) -> int:
    import logging

    options = resolve_options(args)
    if options.get("verbosity"):
        logging.basicConfig(level=str(options["verbosity"]).upper(), format="%(levelname)s %(message)s")
    tasks = _listish(options["tasks"])
    if not tasks:
        raise UsageError("--tasks is required (see `lmeval ls tasks`)")
    include = options["include_path"]
    if include and options.get("_config_dir") and not Path(str(include)).is_absolute() and args.config \
            and not hasattr(args, "include_path"):
        include = str(Path(options["_config_dir"]) / str(include))
    limit = options["limit"]
    if isinstance(limit, float) and limit >= 1 and limit.is_integer():
        limit = int(limit)
    check_bounds(num_fewshot=options["num_fewshot"], limit=limit,
                 max_batch_size=options["max_batch_size"])
    batch_size = parse_batch_size(options["batch_size"])
    gen_kwargs = parse_kv(options["gen_kwargs"], "--gen_kwargs")
    samples = parse_samples(options["samples"])
    metadata = parse_kv(options["metadata"], "--metadata")
    fewshot_as_multiturn = options["fewshot_as_multiturn"]
    if fewshot_as_multiturn is None:  # lm-eval 0.4.13: on by default with a chat template
        fewshot_as_multiturn = bool(options["apply_chat_template"])
    if options["limit"] is not None:
        print("lmeval: warning: --limit should only be used for testing; scores are not "
              "comparable to full runs", file=sys.stderr)
    seeds = parse_seed(options["seed"])
    plugins = _listish(options["plugins"])
    from lmeval.plugins import get_plugin_manager, set_plugin_manager

    pm = get_plugin_manager()
    for spec in plugins:
        pm.load_local(spec)
    set_plugin_manager(pm)
    if options["predict_only"]:
        options["log_samples"] = True
    if options["log_samples"] and not options["output_path"]:
        raise UsageError("--log_samples needs --output_path")
    from lmeval.reporters import build_reporters, send_reports

    reporters = build_reporters(pm, options, _kv)
    model_args = _kv(options["model_args"])
    if options["trust_remote_code"]:
        import os

        os.environ["HF_DATASETS_TRUST_REMOTE_CODE"] = "1"
        if isinstance(model_args, dict):
            model_args = {**model_args, "trust_remote_code": True}
        else:
            model_args = ",".join(a for a in (model_args, "trust_remote_code=True") if a)
    if options["check_integrity"]:
        _check_integrity(pm, tasks, include)
    from lmeval.outputs import check_writable

    # a path that cannot be written fails now, not after hours of model calls (the caches:
    # lmeval.preflight.check_caches, which evaluate() runs too)
    check_writable(options["output_path"], "--output_path", file_suffixes=(".json",))
    from lmeval.evaluator import evaluate
    from lmeval.outputs import save_results
    from lmeval.results import make_table, summary_line

    results = evaluate(
        options["model"], model_args, tasks,
        num_fewshot=options["num_fewshot"], batch_size=batch_size,
        max_batch_size=options["max_batch_size"], device=options["device"], limit=limit,
        samples=samples, use_cache=options["use_cache"], cache_requests=options["cache_requests"],
        include_path=include, apply_chat_template=options["apply_chat_template"],
        fewshot_as_multiturn=bool(fewshot_as_multiturn),
        system_instruction=options["system_instruction"], gen_kwargs=gen_kwargs,
        predict_only=options["predict_only"], log_samples=options["log_samples"],
        bootstrap_iters=options["bootstrap_iters"], random_seed=seeds[0],
        numpy_random_seed=seeds[1], torch_random_seed=seeds[2], fewshot_random_seed=seeds[3],
        metadata=metadata, plugins=pm, write_out=options["write_out"],
        confirm_run_unsafe_code=options["confirm_run_unsafe_code"],
        executor=options["executor"],
    )
    if not results:  # a rank other than 0
        return 0
    results["config"]["num_fewshot"] = options["num_fewshot"]
    results["config"].update(_as_lm_eval_cli(model_args, options))
    if options["fewshot_as_multiturn"] is None and not options["apply_chat_template"]:
        results["fewshot_as_multiturn"] = None  # lm-eval's CLI: not given, no chat template
    samples_out = results.get("samples") if options["log_samples"] else None
    print(summary_line(results["config"]))  # the table first: nothing below can lose it
    print(make_table(results))
    if "groups" in results:
        print(make_table(results, "groups"))
    from lmeval.reasoning import cut_off_warnings, footnotes

    for line in footnotes(results):  # regex misses, thinking cut off by the token budget
        print(f"* {line}")
    sys.stdout.flush()
    status = save_results(results, options["output_path"]) if options["output_path"] else 0
    results.pop("samples", None)
    # a failing reporter is one line after the table, never instead of it
    status = send_reports(reporters, results, samples_out, verbose=bool(options["verbose"])) or status
    if options["show_config"]:
        print(json.dumps(results["configs"], indent=2, ensure_ascii=False, default=str))
    for line in cut_off_warnings(results):  # last, where it is seen
        print(f"lmeval: warning: {line}", file=sys.stderr)
    return status


def _as_lm_eval_cli(model_args: Any, options: dict[str, Any]) -> dict[str, Any]:
    """``config``'s fields as lm-eval 0.4.13's CLI writes them: ``model_args`` parsed to a dict
    (credentials masked), ``batch_size`` as typed (a string), ``limit`` a float."""
    from lmeval import redact
    from lmeval.protocol import parse_model_args

    limit = options["limit"]
    return {"model_args": redact.redact_args(parse_model_args(model_args)),
            "batch_size": options["batch_size"],
            "limit": float(limit) if limit is not None else None}


def _check_integrity(pm: Any, tasks: list[str], include: Any) -> None:
    """--check_integrity: the deep checks of `lmeval validate` on every task before running."""
    from lmeval.cli.validate import validate_file
    from lmeval.tasks.index import TaskIndex, task_sources
    from lmeval.tasks.specs import yaml_files

    index = TaskIndex(task_sources(pm, include))
    problems: list[str] = []
    names: list[str] = []
    for spec in tasks:
        files = yaml_files(spec, index.rows)
        if files is None:
            names.append(spec)
        for file in files or ():
            problems.extend(validate_file(file, pm, index))
    from lmeval.cli.validate import with_members

    named: list[Path] = []
    for name in index.match(names):
        entry = index.get(name)
        members = [entry] if entry.path else [index.get(m) for m in entry.tags]
        named.extend(Path(member.path) for member in members if member.path)
    for file in with_members(named, index):  # a group's members too, recursively
        problems.extend(validate_file(file, pm, index))
    if problems:
        raise UsageError("--check_integrity found problems:\n" + "\n".join(problems))
