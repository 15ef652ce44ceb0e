"""``from lmeval.loggers import EvaluationTracker``: lm-eval 0.4.13's tracker for scripts that
save their ``simple_evaluate`` results with it (``save_results_aggregated``,
``save_results_samples``), writing lm-eval's files: ``<output_path>/<model>/results_<date>.json``
and ``samples_<task>_<date>.jsonl``. Pushing to the Hub is the ``hf_hub`` reporter's work."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError


def _sha(text: str | None) -> str | None:
    return hashlib.sha256(text.encode("utf-8")).hexdigest() if text else None


@dataclass
class GeneralConfigTracker:
    """The run's fields lm-eval's tracker adds to the results file."""

    model_source: str | None = None
    model_name: str | None = None
    model_name_sanitized: str | None = None
    system_instruction: str | None = None
    system_instruction_sha: str | None = None
    fewshot_as_multiturn: bool | None = None
    chat_template: str | None = None
    chat_template_sha: str | None = None
    start_time: float | None = None
    end_time: float | None = None
    total_evaluation_time_seconds: str | None = None

    def __post_init__(self) -> None:
        self.start_time = time.perf_counter()

    def log_experiment_args(self, model_source: str, model_args: str | dict[str, Any],
                            system_instruction: str | None, chat_template: str | None,
                            fewshot_as_multiturn: bool | None = None) -> None:
        from lmeval.evaluator.results import model_name, sanitize_model_name
        from lmeval.outputs.redact import redact_text

        self.model_source = model_source
        self.model_name = redact_text(model_name(model_args or ""))
        self.model_name_sanitized = sanitize_model_name(self.model_name)
        self.system_instruction, self.system_instruction_sha = system_instruction, _sha(system_instruction)
        self.chat_template, self.chat_template_sha = chat_template, _sha(chat_template)
        self.fewshot_as_multiturn = fewshot_as_multiturn

    def log_end_time(self) -> None:
        self.end_time = time.perf_counter()
        self.total_evaluation_time_seconds = str(self.end_time - (self.start_time or self.end_time))


class EvaluationTracker:
    """Saves a run's results and samples where lm-eval's tracker does."""

    def __init__(self, output_path: str | None = None, *, push_results_to_hub: bool = False,
                 push_samples_to_hub: bool = False, **hub_settings: Any) -> None:
        if push_results_to_hub or push_samples_to_hub:
            raise UsageError("EvaluationTracker: pushing to the Hugging Face Hub is done by the "
                             "hf_hub reporter (--reporter hf_hub:..., lm-eval's --hf_hub_log_args); "
                             "`lmeval ls reporters` shows whether it is installed")
        self.output_path = output_path
        self.hub_settings = hub_settings
        self.general_config_tracker = GeneralConfigTracker()
        self.date_id = datetime.now().isoformat().replace(":", "-")

    def _directory(self) -> Path:
        path = Path(self.output_path or Path.cwd())
        if path.suffix == ".json":
            return path.parent
        return path / str(self.general_config_tracker.model_name_sanitized)

    def save_results_aggregated(self, results: dict[str, Any],
                                samples: dict[str, list[dict]] | None = None) -> None:
        """``results_<date>.json`` with ``task_hashes`` (from ``samples``) and the tracker's fields."""
        self.general_config_tracker.log_end_time()
        if not self.output_path:
            return
        from lmeval.outputs.results import write_atomic
        from lmeval.utils import handle_non_serializable

        hashes = {task: hashlib.sha256("".join(s["doc_hash"] + s["prompt_hash"] + s["target_hash"]
                                               for s in entries).encode("utf-8")).hexdigest()
                  for task, entries in (samples or {}).items()}
        results.update({"task_hashes": hashes})
        results.update(asdict(self.general_config_tracker))
        self.date_id = datetime.now().isoformat().replace(":", "-")
        path = Path(self.output_path)
        file = (path.with_name(f"{path.stem}_{self.date_id}.json") if path.suffix == ".json"
                else self._directory() / f"results_{self.date_id}.json")
        body = {k: v for k, v in results.items() if k != "samples"}
        write_atomic(file, json.dumps(body, indent=2, default=handle_non_serializable,
                                      ensure_ascii=False))

    def save_results_samples(self, task_name: str, samples: list[dict]) -> None:
        """``samples_<task>_<date>.jsonl`` in lm-eval's layout."""
        if not self.output_path:
            return
        from lmeval.outputs.results import write_atomic
        from lmeval.outputs.samplefile import dumps

        write_atomic(self._directory() / f"samples_{task_name}_{self.date_id}.jsonl",
                     (dumps(entry) + "\n" for entry in samples))
