"""The results phase: the run's own fields of lm-eval's results dict (config, model name,
chat template, timings), redacted, around the scores of :mod:`lmeval.evaluator.scoring`."""

from __future__ import annotations

import hashlib
import re
import time
from typing import Any

from lmeval import __version__
from lmeval.evaluator.config import RunConfig
from lmeval.outputs import redact, runinfo
from lmeval.plugins import PluginManager
from lmeval.protocol import LM, parse_model_args
from lmeval.run.scheduler import Scheduler


def hash_string(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def model_name(model_args: Any) -> str:
    """The run's model name, from its model arguments (empty when none names it)."""
    args = parse_model_args(model_args) if not isinstance(model_args, dict) else model_args
    # lm-eval's order (an adapter names the run), then the keys of lmeval's other backends
    for key in ("peft", "delta", "pretrained", "model", "path", "engine", "load", "model_name"):
        if args.get(key):
            return str(args[key])
    return ""


def sanitize_model_name(name: str) -> str:
    return re.sub(r"[\"<>:/|\\?*\[\]]+", "__", name)


def add_run_fields(results: dict[str, Any], config: RunConfig, lm: LM, pm: PluginManager,
                   scheduler: Scheduler, start: float) -> dict[str, Any]:
    """``results`` with the run's fields added, every credential masked."""
    model_args = config.model_args
    model_config, tokenizer_fields = runinfo.model_facts(lm)
    results["config"] = {  # lm-eval 0.4.13's keys, order and types (the CLI adjusts three)
        "model": config.model_label,
        "model_args": model_args if not isinstance(model_args, dict) else dict(model_args),
        **model_config,
        "batch_size": config.batch_size, "batch_sizes": [], "device": config.device,
        "use_cache": config.use_cache, "limit": config.limit,
        "bootstrap_iters": config.bootstrap_iters, "gen_kwargs": dict(config.gen_kwargs or {}),
        "random_seed": config.random_seed, "numpy_seed": config.numpy_random_seed,
        "torch_seed": config.torch_random_seed, "fewshot_seed": config.fewshot_random_seed,
    }
    for name, entry in results.get("results", {}).items():  # a task's (not a group's) name first
        if name in results.get("configs", {}):
            results["results"][name] = {"name": name, **entry}
    environment = runinfo.environment()
    results["git_hash"] = environment.pop("git_hash")
    results["date"] = start
    results.update(environment)
    results.update(tokenizer_fields)
    results["lmeval_version"] = __version__
    results["plugins"] = pm.distributions_used()
    results["task_hashes"] = {}
    results["model_source"] = config.model_label
    results["model_name"] = redact.redact_text(model_name(config.arguments))
    results["model_name_sanitized"] = sanitize_model_name(results["model_name"])
    system = config.system_instruction
    results["system_instruction"] = system
    results["system_instruction_sha"] = hash_string(system) if system else None
    results["fewshot_as_multiturn"] = config.fewshot_as_multiturn
    chat = lm.chat_template if config.apply_chat_template else None
    results["chat_template"] = chat
    results["chat_template_sha"] = hash_string(chat) if chat else None
    results["scheduler"] = {k: vars(v) for k, v in scheduler.stats.items()}
    results["start_time"] = start
    results["end_time"] = time.time()
    results["total_evaluation_time_seconds"] = str(results["end_time"] - start)
    return redact.redact_results(results)  # the identity (cache key) saw the raw args
