"""The ``hf_hub`` reporter: lm-eval's ``--hf_hub_log_args`` on top of ``huggingface_hub``.

Results go to ``<org>/<results_repo_name>`` as ``<model>/results_<date>.json``; samples go to
``<org>/<details_repo_name>`` as ``<model>/samples_<task>_<date>.jsonl``, one commit per run,
followed by a dataset card whose configs (``<model>__results``, ``<model>__<task>``) have one
split per run date plus ``latest``, so ``datasets.load_dataset(repo, config, split="latest")``
reads them. Repositories get a ``-private`` suffix and are private unless ``public_repo=True``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import defaultdict
from datetime import datetime
from typing import Any

from lmeval.errors import LmevalError, UsageError, did_you_mean
from lmeval.requires import require

#: accepted keys of --hf_hub_log_args, with their defaults (reference 000:603–610)
OPTIONS: dict[str, Any] = {
    "hub_results_org": "",
    "hub_repo_name": "",
    "details_repo_name": "",
    "results_repo_name": "",
    "push_results_to_hub": False,
    "push_samples_to_hub": False,
    "public_repo": False,
    "token": "",
    "leaderboard_url": "",
    "point_of_contact": "",
    "gated": False,
    "endpoint": "",
}
DEFAULT_REPO = "lm-eval-results"
_STAMP = r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?"
_SAMPLES = re.compile(rf"^samples_(?P<task>.+)_(?P<stamp>{_STAMP})\.jsonl$")
_RESULTS = re.compile(rf"^results_(?P<stamp>{_STAMP})\.json$")


class HubPushError(LmevalError):
    """The Hub refused or failed a push (the local results are already written)."""


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes")
    return bool(value)


def hub_sample(entry: dict[str, Any]) -> dict[str, Any]:
    """A logged sample in the shape lm-eval pushes, so ``datasets`` can load it: arguments as
    ``{"gen_args_i": {"arg_j": ...}}``, responses as strings, the target as a string — the
    layout of lmeval's own samples files (:func:`lmeval.outputs.samplefile.to_file`)."""
    from lmeval.outputs.samplefile import to_file

    out = dict(entry)
    out.setdefault("target", None)
    return to_file(out)


def _config_name(config: str) -> str:
    return re.sub(r"[^\w.-]", "_", config)


def _split_name(stamp: str) -> str:
    return re.sub(r"[^\w.]", "_", stamp)


def dataset_card(files: list[str], *, model_name: str, model_source: str, results: dict[str, Any],
                 leaderboard_url: str = "", point_of_contact: str = "") -> str:
    """The README.md of a details repository: one config per model × (results | task)."""
    configs: dict[str, dict[str, str]] = defaultdict(dict)  # config -> {stamp: file}
    for path in files:
        parts = path.split("/")
        if len(parts) < 2:
            continue
        model, name = "/".join(parts[:-1]), parts[-1]
        if (m := _SAMPLES.match(name)):
            configs[f"{model}__{m.group('task')}"][m.group("stamp")] = name
        elif (m := _RESULTS.match(name)):
            configs[f"{model}__results"][m.group("stamp")] = name
    lines = ["---", f"pretty_name: Evaluation run of {model_name}", "configs:"]
    for config in sorted(configs):
        runs = configs[config]
        lines.append(f"- config_name: {json.dumps(_config_name(config))}")
        lines.append("  data_files:")
        for stamp in sorted(runs):
            lines.append(f"  - split: {json.dumps(_split_name(stamp))}")
            lines.append(f"    path: [{json.dumps('**/' + runs[stamp])}]")
        lines.append("  - split: latest")
        lines.append(f"    path: [{json.dumps('**/' + runs[max(runs)])}]")
    lines.append("---")
    link = f"[{model_name}](https://huggingface.co/{model_name})" if model_source == "hf" else model_name
    scores = json.dumps({"all": results.get("results", {}), **results.get("results", {})}, indent=2,
                        ensure_ascii=False, default=str)
    lines += ["", f"# Evaluation run of {model_name}", "",
              f"Dataset automatically created by lmeval during the evaluation run of model {link}.",
              f"It has {len(configs)} configuration(s): one per evaluated task and one for the "
              "aggregated results. Each run is a split named by its timestamp; `latest` points "
              "to the newest.", "", "```python", "from datasets import load_dataset",
              f"data = load_dataset(\"<this repo>\", \"{next(iter(sorted(configs)), '')}\", split=\"latest\")",
              "```", "", "## Latest results", "", "```json", scores, "```"]
    if leaderboard_url:
        lines += ["", f"Leaderboard: {leaderboard_url}"]
    if point_of_contact:
        lines += ["", f"Point of contact: {point_of_contact}"]
    return "\n".join(lines) + "\n"


class HubReporter:
    """Push a run's results and samples to the Hub; see the module docstring."""

    def __init__(self, **kwargs: Any) -> None:
        unknown = [k for k in kwargs if k not in OPTIONS]
        if unknown:
            raise UsageError(f"--hf_hub_log_args: unknown key {unknown[0]!r}"
                             f"{did_you_mean(unknown[0], OPTIONS)}; keys: {', '.join(OPTIONS)}")
        opts = {**OPTIONS, **kwargs}
        self.push_results = _flag(opts["push_results_to_hub"])
        self.push_samples = _flag(opts["push_samples_to_hub"])
        self.public = _flag(opts["public_repo"])
        self.gated = _flag(opts["gated"])
        self.leaderboard_url = str(opts["leaderboard_url"] or "")
        self.point_of_contact = str(opts["point_of_contact"] or "")
        self.endpoint = str(opts["endpoint"] or "") or None
        hub = require("huggingface_hub", needed_by="--hf_hub_log_args", install="lmeval-report-hub")
        HfApi, get_token = hub.HfApi, hub.get_token
        token = str(opts["token"] or "") or os.environ.get("HF_TOKEN") or get_token()
        if not token and (self.push_results or self.push_samples):
            raise UsageError("--hf_hub_log_args: pushing needs a Hugging Face token with write access; "
                             "set HF_TOKEN (or pass token=...)")
        self.api = HfApi(endpoint=self.endpoint, token=token) if token else None
        org = str(opts["hub_results_org"] or "")
        if not org and self.api is not None and (self.push_results or self.push_samples):
            org = self._call(lambda: self.api.whoami()["name"], "whoami")
            print(f"lmeval: hub_results_org not given; pushing to {org!r}", file=sys.stderr)
        if opts["hub_repo_name"]:
            details = results = str(opts["hub_repo_name"])
        else:
            details = str(opts["details_repo_name"] or DEFAULT_REPO)
            results = str(opts["results_repo_name"] or details)
        suffix = "" if self.public else "-private"
        self.details_repo = f"{org}/{details}{suffix}"
        self.results_repo = f"{org}/{results}{suffix}"

    def _call(self, fn: Any, what: str) -> Any:
        from huggingface_hub.errors import HfHubHTTPError

        try:
            return fn()
        except (HfHubHTTPError, OSError) as exc:
            raise HubPushError(f"Hugging Face Hub: {what} failed: {str(exc).splitlines()[0]}") from exc

    def _create(self, repo_id: str) -> None:
        self._call(lambda: self.api.create_repo(repo_id, repo_type="dataset", private=not self.public,
                                                exist_ok=True), f"creating {repo_id}")

    def report(self, results: dict[str, Any], samples: dict[str, list[dict]] | None) -> None:
        from huggingface_hub import CommitOperationAdd

        if self.api is None or not (self.push_results or self.push_samples):
            return
        stamp = datetime.now().strftime("%Y-%m-%dT%H-%M-%S.%f")
        model = str(results.get("model_name_sanitized") or results.get("model_name") or "model")
        model_name = str(results.get("model_name") or model)
        if self.push_results:
            self._create(self.results_repo)
            body = json.dumps(results, indent=2, ensure_ascii=False, default=str) + "\n"
            self._call(lambda: self.api.upload_file(
                path_or_fileobj=body.encode("utf-8"), path_in_repo=f"{model}/results_{stamp}.json",
                repo_id=self.results_repo, repo_type="dataset",
                commit_message=f"Adding aggregated results for {model_name}"), "uploading results")
            print(f"lmeval: results pushed to {self.results_repo} (dataset)", file=sys.stderr)
        if self.push_samples:
            if not samples:
                print("lmeval: push_samples_to_hub needs --log_samples; no samples pushed", file=sys.stderr)
                return
            self._create(self.details_repo)
            if self.gated:
                self._call(lambda: self.api.update_repo_settings(self.details_repo, gated="auto",
                                                                 repo_type="dataset"), "gating")
            ops = []
            for task, entries in samples.items():
                text = "".join(json.dumps(hub_sample(e), ensure_ascii=False, default=str) + "\n" for e in entries)
                ops.append(CommitOperationAdd(f"{model}/samples_{task}_{stamp}.jsonl", text.encode("utf-8")))
            self._call(lambda: self.api.create_commit(
                self.details_repo, operations=ops, repo_type="dataset",
                commit_message=f"Adding samples results for {', '.join(samples)} to {model_name}"),
                "uploading samples")
            files = self._call(lambda: self.api.list_repo_files(self.details_repo, repo_type="dataset"),
                               "listing files")
            card = dataset_card(list(files), model_name=model_name,
                                model_source=str(results.get("model_source") or ""), results=results,
                                leaderboard_url=self.leaderboard_url, point_of_contact=self.point_of_contact)
            self._call(lambda: self.api.upload_file(
                path_or_fileobj=card.encode("utf-8"), path_in_repo="README.md", repo_id=self.details_repo,
                repo_type="dataset", commit_message="Update dataset card"), "uploading the dataset card")
            print(f"lmeval: samples of {len(samples)} task(s) pushed to {self.details_repo} (dataset)",
                  file=sys.stderr)
