"""Differences between two runs: per-task scores and per-sample predictions and metrics."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from lmeval.outputs.samplefile import typed
from lmeval.report import Run, sample_arguments
from lmeval.report.settings import settings_diff


@dataclass
class MetricDiff:
    task: str
    metric: str
    filter: str
    a: float | None
    b: float | None
    differs: bool

    @property
    def delta(self) -> float | None:
        return None if self.a is None or self.b is None else self.b - self.a


@dataclass
class SampleChange:
    doc_id: int
    filter: str
    target: Any
    a: Any
    b: Any
    prediction_changed: bool
    metrics: dict[str, tuple[Any, Any]] = field(default_factory=dict)


@dataclass
class TaskSamples:
    """Per-sample comparison of one task; ``available`` is False when a side has no sample file."""

    task: str
    available: bool
    compared: int = 0
    changed: list[SampleChange] = field(default_factory=list)
    only_in_a: int = 0
    only_in_b: int = 0

    @property
    def predictions_changed(self) -> int:
        return sum(c.prediction_changed for c in self.changed)


@dataclass
class Comparison:
    a: Run
    b: Run
    tolerance: float
    sample_tolerance: float
    metrics: list[MetricDiff]
    samples: list[TaskSamples]
    paired: list[Any] = field(default_factory=list)  # lmeval.report.paired.PairedTask
    paired_options: Any = None  # lmeval.report.paired.PairedOptions

    @property
    def significant(self) -> list[Any]:
        """Paired tests whose difference is significant (either direction)."""
        return [t for pt in self.paired for t in pt.tests if t.verdict in ("improved", "regressed",
                                                                            "significant change")]

    @property
    def regressions(self) -> list[Any]:
        return [t for pt in self.paired for t in pt.tests if t.verdict == "regressed"]

    @property
    def scores_differ(self) -> bool:
        return any(m.differs for m in self.metrics)

    @property
    def samples_differ(self) -> bool:
        return any(s.changed or s.only_in_a or s.only_in_b for s in self.samples)

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": str(self.a.path), "b": str(self.b.path),
            "tolerance": self.tolerance, "sample_tolerance": self.sample_tolerance,
            "settings_differ": {name: values for name, values in settings_diff([self.a, self.b], [])},
            "scores_differ": self.scores_differ, "samples_differ": self.samples_differ,
            "metrics": [{"task": m.task, "metric": m.metric, "filter": m.filter, "a": m.a, "b": m.b,
                         "delta": m.delta, "differs": m.differs} for m in self.metrics],
            "samples": {s.task: {"available": s.available, "compared": s.compared,
                                 "changed": len(s.changed), "predictions_changed": s.predictions_changed,
                                 "only_in_a": s.only_in_a, "only_in_b": s.only_in_b,
                                 "changes": [vars(c) for c in s.changed]}
                        for s in self.samples},
            **({"paired": _paired_dict(self.paired), "paired_options": vars(self.paired_options)}
               if self.paired else {}),
        }


def _paired_dict(paired: list[Any]) -> dict[str, Any]:
    from lmeval.report.paired import to_dict

    return to_dict(paired)


def _close(x: Any, y: Any, tol: float) -> bool:
    """Equal within ``tol`` for numbers (elementwise for lists); plain equality otherwise."""
    if isinstance(x, bool) or isinstance(y, bool):
        return x == y
    if isinstance(x, (int, float)) and isinstance(y, (int, float)):
        if math.isnan(x) or math.isnan(y):
            return math.isnan(x) and math.isnan(y)
        return abs(x - y) <= tol
    if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
        return len(x) == len(y) and all(_close(p, q, tol) for p, q in zip(x, y, strict=True))
    return x == y


def prediction(entry: dict[str, Any]) -> Any:
    """What the model answered for one logged sample.

    Multiple choice: the continuation of the most likely choice. Generation: the filtered text.
    A single log-likelihood (``loglikelihood``, rolling): ``None`` (its value is a metric).
    Lines of either samples layout (lm-eval's strings or typed values) read the same.
    """
    entry = typed(entry)
    resps = entry.get("filtered_resps")
    if not isinstance(resps, list) or not resps:
        return resps
    if all(isinstance(r, (list, tuple)) and len(r) == 2 and isinstance(r[0], (int, float)) for r in resps):
        if len(resps) == 1:
            return None
        best = max(range(len(resps)), key=lambda i: resps[i][0])
        args = sample_arguments(entry)
        if best < len(args) and len(args[best]) > 1:
            return args[best][1]
        return best
    if all(isinstance(r, (int, float)) for r in resps):
        return None
    return resps[0] if len(resps) == 1 else resps


def compare_samples(task: str, a: list[dict] | None, b: list[dict] | None, tol: float) -> TaskSamples:
    if a is None or b is None:
        return TaskSamples(task, available=False)
    out = TaskSamples(task, available=True)
    index_a = {(e.get("doc_id"), e.get("filter")): e for e in a}
    index_b = {(e.get("doc_id"), e.get("filter")): e for e in b}
    out.only_in_a = len(index_a.keys() - index_b.keys())
    out.only_in_b = len(index_b.keys() - index_a.keys())
    for key in sorted(index_a.keys() & index_b.keys(), key=lambda k: (str(k[1]), k[0] if k[0] is not None else -1)):
        ea, eb = index_a[key], index_b[key]
        out.compared += 1
        pa, pb = prediction(ea), prediction(eb)
        pred_changed = not _close(pa, pb, tol)
        names = [m for m in dict.fromkeys([*ea.get("metrics", []), *eb.get("metrics", [])])]
        metric_changes = {m: (ea.get(m), eb.get(m)) for m in names if not _close(ea.get(m), eb.get(m), tol)}
        if pred_changed or metric_changes:
            out.changed.append(SampleChange(key[0], key[1], ea.get("target"), pa, pb, pred_changed,
                                            metric_changes))
    return out


def compare_runs(a: Run, b: Run, *, tolerance: float = 0.0, sample_tolerance: float | None = None,
                 samples: bool = True) -> Comparison:
    """Scores of every task of either run; per-sample differences where both logged samples."""
    stol = tolerance if sample_tolerance is None else sample_tolerance
    diffs: list[MetricDiff] = []
    tasks = list(dict.fromkeys([*a.tasks, *b.tasks]))
    for task in tasks:
        ma, mb = a.metrics(task), b.metrics(task)
        for key in dict.fromkeys([*ma, *mb]):
            va, vb = ma.get(key), mb.get(key)
            differs = va is None or vb is None or not _close(va, vb, tolerance)
            diffs.append(MetricDiff(task, key[0], key[1], va, vb, differs))
    per_task = []
    if samples:
        for task in tasks:
            if task in a.tasks and task in b.tasks and (task in a.sample_files or task in b.sample_files):
                per_task.append(compare_samples(task, a.samples(task), b.samples(task), stol))
    return Comparison(a, b, tolerance, stol, diffs, per_task)


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}" if abs(value) >= 1e-3 or value == 0 else f"{value:.3g}"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text.replace("\n", "\\n")
    return text if len(text) <= 40 else text[:37] + "..."


def format_comparison(c: Comparison, *, only_differences: bool = False, examples: int = 5) -> str:
    """A markdown summary: the score table, then the changed samples of each task."""
    from lmeval.outputs.results import _markdown
    from lmeval.report.settings import format_settings_diff, run_labels

    labels = [label.split(" ", 1)[1] for label in run_labels([c.a, c.b])]
    lines = [f"A: {labels[0]} ({c.a.path.parent.name}/{c.a.path.name})",
             f"B: {labels[1]} ({c.b.path.parent.name}/{c.b.path.name})",
             *format_settings_diff([c.a, c.b], ["A", "B"]), ""]
    rows = []
    for m in c.metrics:
        if only_differences and not m.differs:
            continue
        rows.append([m.task, m.metric, m.filter, _fmt(m.a), _fmt(m.b),
                     "-" if m.delta is None else f"{m.delta:+.4f}", "DIFF" if m.differs else ""])
    if rows:
        lines.append(_markdown(["Task", "Metric", "Filter", "A", "B", "B-A", ""], rows).rstrip("\n"))
    n_diff = sum(m.differs for m in c.metrics)
    lines.append(f"{n_diff} of {len(c.metrics)} scores differ (tolerance {c.tolerance:g})")
    for s in c.samples:
        if not s.available:
            lines.append(f"{s.task}: samples not logged in both runs (use --log_samples)")
            continue
        extra = ""
        if s.only_in_a or s.only_in_b:
            extra = f"; {s.only_in_a} only in A, {s.only_in_b} only in B"
        lines.append(f"{s.task}: {len(s.changed)} of {s.compared} logged samples differ, "
                     f"{s.predictions_changed} with a changed prediction{extra}")
        for ch in s.changed[:examples]:
            parts = [f"  doc {ch.doc_id} [{ch.filter}] target {_fmt(ch.target)}:"]
            if ch.prediction_changed:
                parts.append(f"A {_fmt(ch.a)} -> B {_fmt(ch.b)}")
            same: dict[str, list[str]] = {}
            for m, (x, y) in ch.metrics.items():
                same.setdefault(f"{_fmt(x)} -> {_fmt(y)}", []).append(m)
            parts += [f"{'/'.join(names)} {change}" for change, names in same.items()]
            lines.append(" ".join(parts))
        if len(s.changed) > examples:
            lines.append(f"  ... and {len(s.changed) - examples} more")
    if c.paired:
        lines += ["", *format_paired(c.paired, c.paired_options)]
    return "\n".join(lines) + "\n"


def _pvalue(p: float | None) -> str:
    if p is None:
        return "-"
    return f"{p:.4f}" if p >= 1e-4 else f"{p:.1e}"


def format_paired(paired: list[Any], options: Any = None) -> list[str]:
    """The paired-differences table (B - A with its interval, p, verdict), the method of each
    test and the documents logged in one run only."""
    from lmeval.outputs.results import _markdown

    level = (f" (significance level {options.alpha:g}, correction {options.correction})"
             if options is not None else "")
    lines = [f"Paired differences (B - A) over the documents logged in both runs{level}:"]
    rows, methods, notes = [], [], []
    for pt in paired:
        if pt.reason:
            notes.append(f"{pt.task}: not tested: {pt.reason}")
        if pt.only_in_a or pt.only_in_b:
            notes.append(f"{pt.task}: {len(pt.only_in_a)} document(s) only in A {pt.only_in_a[:5]}, "
                         f"{len(pt.only_in_b)} only in B {pt.only_in_b[:5]} (not paired)")
        for t in pt.tests:
            if not t.tested:
                notes.append(f"{t.task} {t.metric} [{t.filter}]: not tested: {t.reason}")
                continue
            if t.method not in methods:
                methods.append(t.method)
            ref = f"[{methods.index(t.method) + 1}]"
            discordant = "" if t.a_only_right is None else f"{t.a_only_right}/{t.b_only_right}"
            rows.append([t.task, t.metric, t.filter, str(t.n), _fmt(t.a), _fmt(t.b), f"{t.delta:+.4f}",
                         f"[{t.ci_low:+.4f}, {t.ci_high:+.4f}]", discordant, _pvalue(t.p),
                         _pvalue(t.p_adjusted), t.verdict, ref])
    if rows:
        lines.append(_markdown(["Task", "Metric", "Filter", "n", "A", "B", "B-A", "CI", "A-only/B-only right",
                                "p", "p adj.", "verdict", "method"], rows).rstrip("\n"))
    lines += [f"[{i}] {m}" for i, m in enumerate(methods, 1)]
    return lines + notes
