"""Reading finished runs back: results files, the sample files beside them, and their metrics.

Used by ``lmeval compare`` and ``lmeval report``; imports nothing beyond the standard library
(the HTML report imports matplotlib inside :mod:`lmeval.report.html` only).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

_STAMP = r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?"
_SAMPLES = re.compile(rf"^samples_(?P<task>.+)_(?P<stamp>{_STAMP})\.jsonl$")
_RESULTS = re.compile(rf"^results_(?P<stamp>{_STAMP})\.json$")
_NOT_METRICS = ("alias", "sample_len", "sample_count", "name", "samples")


@dataclass
class Run:
    """One results file, with its sample files (``samples_<task>_<stamp>.jsonl`` beside it)."""

    path: Path
    results: dict[str, Any]
    sample_files: dict[str, Path] = field(default_factory=dict)

    @property
    def label(self) -> str:
        name = self.results.get("model_name") or self.results.get("config", {}).get("model") or "run"
        return f"{name} ({self.path.parent.name}/{self.path.name})"

    @property
    def tasks(self) -> list[str]:
        return list(self.results.get("results", {}))

    def metrics(self, task: str) -> dict[tuple[str, str], float]:
        """``{(metric, filter): value}`` of one task, numbers only, stderr excluded."""
        return {k: v for k, v in all_metrics(self.results.get("results", {}).get(task, {})).items()
                if not k[0].endswith("_stderr")}

    def stderr(self, task: str, metric: str, filt: str) -> float | None:
        value = self.results.get("results", {}).get(task, {}).get(f"{metric}_stderr,{filt}")
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    def samples(self, task: str) -> list[dict[str, Any]] | None:
        """The task's logged samples, typed again (:func:`lmeval.outputs.samplefile.typed`): files in
        lm-eval's layout (strings) and in the typed one of older lmeval runs read the same."""
        path = self.sample_files.get(task)
        if path is None:
            return None
        from lmeval.outputs.samplefile import read_lines, typed

        out = []
        for number, entry in read_lines(path):
            doc_id = entry.get("doc_id")
            if not isinstance(doc_id, int) or isinstance(doc_id, bool):
                raise UsageError(f"{path}:{number}: a sample needs an integer doc_id, got {doc_id!r}")
            if not isinstance(entry.get("filter"), (str, type(None))):
                raise UsageError(f"{path}:{number}: filter: expected the filter's name, "
                                 f"got {type(entry['filter']).__name__}")
            out.append(typed(entry))
        return out


def sample_arguments(entry: dict[str, Any]) -> list[list[Any]]:
    """A logged sample's request arguments as a list of lists, from lmeval's sample files or from
    lm-eval's (``{"gen_args_0": {"arg_0": ..., "arg_1": ...}, ...}``)."""
    from lmeval.outputs.samplefile import arguments

    return arguments(entry)


def all_metrics(task_results: dict[str, Any]) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for key, value in task_results.items():
        if key in _NOT_METRICS or "," not in key:
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            metric, _, filt = key.partition(",")
            out[(metric, filt)] = float(value)
    return out


def find_results(path: str | Path) -> list[Path]:
    """Results files: ``path`` itself, or every ``results*.json`` under a directory (oldest first)."""
    p = Path(path)
    if p.is_file():
        return [p]
    if not p.is_dir():
        from lmeval.errors import did_you_mean

        parent = p.parent if p.parent.is_dir() else None
        names = [c.name for c in parent.iterdir()] if parent else []
        raise UsageError(f"{path}: no such file or directory{did_you_mean(p.name, names)}")
    files = [f for f in p.rglob("*.json") if f.name.startswith("results")]
    if not files:
        raise UsageError(f"{path}: no results*.json files (write them with lmeval run --output_path)")
    return sorted(files, key=lambda f: (_stamp_of(f), str(f)))


def _stamp_of(path: Path) -> str:
    m = _RESULTS.match(path.name)
    return m.group("stamp") if m else ""


def load_run(path: str | Path) -> Run:
    """Read a results file (or the newest one under a directory) and locate its sample files."""
    file = find_results(path)[-1]
    try:
        results = json.loads(file.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise UsageError(f"{file}: not a results file: not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise UsageError(f"{file}: not a results file: {str(exc).split(';')[0]}") from None
    if not isinstance(results, dict) or "results" not in results:
        raise UsageError(f"{file}: not a results file (no 'results' key)")
    _check_shape(file, results)
    run = Run(file, results)
    stamp = _stamp_of(file)
    candidates: dict[str, list[tuple[str, Path]]] = {}
    for f in file.parent.glob("samples_*.jsonl"):
        m = _SAMPLES.match(f.name)
        if m:
            candidates.setdefault(m.group("task"), []).append((m.group("stamp"), f))
    for task in run.tasks:
        found = candidates.get(task, [])
        same = [f for s, f in found if s == stamp]
        if same:
            run.sample_files[task] = same[0]
        elif found and not stamp:  # a results file named by hand: the newest samples
            run.sample_files[task] = max(found)[1]
    return run


_OBJECTS = ("results", "configs", "n-samples", "higher_is_better", "versions", "n-shot", "groups",
            "group_subtasks", "config")


def _check_shape(file: Path, results: dict[str, Any]) -> None:
    """The fields compare, report and rescore read are JSON objects (a hand-edited or foreign
    file fails here in one line, not deep inside them)."""
    for key in _OBJECTS:
        value = results.get(key)
        if key in results and not isinstance(value, dict):
            raise UsageError(f"{file}: field {key!r}: expected an object, got {type(value).__name__}")
    for key in ("results", "configs", "n-samples", "higher_is_better"):
        for name, value in results.get(key, {}).items():
            if not isinstance(value, dict):
                raise UsageError(f"{file}: field {key!r}: entry {name!r}: expected an object, "
                                 f"got {type(value).__name__}")


def load_runs(paths: list[str | Path]) -> list[Run]:
    """Every results file under ``paths`` (files or directories), in the order given."""
    runs = []
    for p in paths:
        for file in find_results(p):
            runs.append(load_run(file))
    return runs
