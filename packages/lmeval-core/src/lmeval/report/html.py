"""``lmeval report``: one static HTML page comparing runs — per-task tables and matplotlib plots.

The page is a single self-contained file: plots are inline SVG with their text kept as text
(so the page can be searched and checked), no script, no network. matplotlib is imported in
this module only, and only when a page is rendered.
"""

from __future__ import annotations

import html
import io
import math
from datetime import datetime, timezone
from typing import Any

from lmeval.errors import UsageError
from lmeval.redact import redact_args
from lmeval.report import Run
from lmeval.requires import require

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; padding: 0 1.5em; max-width: 1100px; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f3f3; } td.best { font-weight: bold; background: #eef7ee; }
.stderr { color: #777; font-size: 0.85em; } .meta { color: #555; font-size: 0.9em; }
figure { margin: 0.5em 0; } figure svg { max-width: 100%; height: auto; }
"""


def _matplotlib() -> Any:
    matplotlib = require("matplotlib", needed_by="lmeval report", install="'lmeval-core[report]'")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "lmeval", "font.size": 9})
    return plt


def run_labels(runs: list[Run]) -> list[str]:
    """Short names for the runs: the model name, made unique with the run's number."""
    names = [str(r.results.get("model_name") or r.results.get("config", {}).get("model") or "run")
             for r in runs]
    return [f"#{i + 1} {name}" for i, name in enumerate(names)]


def _date(run: Run) -> str:
    stamp = run.results.get("date") or run.results.get("start_time")
    if isinstance(stamp, (int, float)):
        return datetime.fromtimestamp(stamp, tz=timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return ""


def _higher_is_better(runs: list[Run], task: str, metric: str) -> bool | None:
    for run in runs:
        value = run.results.get("higher_is_better", {}).get(task, {}).get(metric)
        if isinstance(value, bool):
            return value
    return None


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]


def task_figure(plt: Any, task: str, labels: list[str], columns: list[tuple[str, str]],
                values: list[list[float | None]], errors: list[list[float | None]]) -> str:
    """One horizontal bar chart per metric of ``task``, one bar per run; returns inline SVG."""
    n = len(columns)
    fig, axes = plt.subplots(1, n, figsize=(min(3.2 * n, 11), 0.45 * len(labels) + 1.1), squeeze=False)
    colors = [f"C{i % 10}" for i in range(len(labels))]
    for j, (metric, filt) in enumerate(columns):
        ax = axes[0][j]
        ys = list(range(len(labels)))[::-1]
        vals = [values[i][j] if values[i][j] is not None else 0.0 for i in range(len(labels))]
        errs = [errors[i][j] if errors[i][j] is not None else 0.0 for i in range(len(labels))]
        ax.barh(ys, vals, xerr=errs, color=colors, capsize=2)
        ax.set_yticks(ys, labels if j == 0 else [""] * len(labels))
        ax.set_title(metric if filt in ("none", "") else f"{metric} ({filt})")
        for y, v, err in zip(ys, vals, errs, strict=True):
            ax.text(v + err, y, f" {v:.3f}", va="center", fontsize=8)
        top = max([v + err for v, err in zip(vals, errs, strict=True)] + [0.0])
        if min(vals) >= 0:
            ax.set_xlim(0, top * 1.3 if top > 0 else 1.0)
        else:
            ax.margins(x=0.25)
    svg = _svg(fig)
    plt.close(fig)
    return svg


def overview_figure(plt: Any, labels: list[str], tasks: list[str],
                    firsts: list[tuple[str, str, list[float | None]]]) -> str:
    """Each task's first metric, one group of bars per task; returns inline SVG."""
    fig, ax = plt.subplots(figsize=(min(1.2 * len(tasks) + 3, 11), 3.2))
    width = 0.8 / max(1, len(labels))
    for i, label in enumerate(labels):
        xs = [k + i * width for k in range(len(tasks))]
        ys = [v[i] if v[i] is not None else 0.0 for _, _, v in firsts]
        ax.bar(xs, ys, width=width, label=label, color=f"C{i % 10}")
    ax.set_xticks([k + 0.4 - width / 2 for k in range(len(tasks))],
                  [f"{t}\n{m}" for t, (m, _, _) in zip(tasks, firsts, strict=True)], fontsize=8)
    ax.legend(fontsize=8, loc="best")
    ax.set_title("first metric of each task")
    svg = _svg(fig)
    plt.close(fig)
    return svg


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    if math.isnan(value):
        return "nan"
    return f"{value:.4f}"


def paired_table(runs: list[Run], labels: list[str], task: str) -> str:
    """Paired differences of each run against run #1 over the documents both logged (the tests
    of ``lmeval compare``, default options); empty when fewer than two runs logged the task."""
    from lmeval.report.paired import PairedOptions, correct_and_judge, pair_task

    if len(runs) < 2 or task not in runs[0].sample_files:
        return ""
    e = html.escape
    options = PairedOptions()
    rows, notes = [], []
    for label, run in zip(labels[1:], runs[1:], strict=True):
        if task not in run.sample_files:
            continue
        try:
            paired = pair_task(task, runs[0], run, options)
        except UsageError as exc:
            notes.append(f"{label}: {exc}")
            continue
        correct_and_judge([paired], options)
        if paired.only_in_a or paired.only_in_b:
            notes.append(f"{label}: {len(paired.only_in_a)} document(s) only in {labels[0]}, "
                         f"{len(paired.only_in_b)} only in {label} (not paired)")
        for t in paired.tests:
            if not t.tested:
                notes.append(f"{label} {t.metric} [{t.filter}]: not tested: {t.reason}")
                continue
            rows.append(f"<tr><td>{e(label)}</td><td>{e(t.metric)}</td><td>{e(t.filter)}</td><td>{t.n}</td>"
                        f"<td>{t.delta:+.4f}</td><td>[{t.ci_low:+.4f}, {t.ci_high:+.4f}]</td>"
                        f"<td>{t.p:.4g}</td><td>{e(t.verdict)}</td><td>{e(t.method)}</td></tr>")
    if not rows and not notes:
        return ""
    head = ("<tr><th>run</th><th>metric</th><th>filter</th><th>n</th><th>Δ vs #1</th>"
            f"<th>{options.confidence:.0%} CI</th><th>p</th><th>verdict</th><th>method</th></tr>")
    table = f"<table class='paired' data-paired='{e(task)}'>{head}{''.join(rows)}</table>" if rows else ""
    listed = "".join(f"<li>{e(n)}</li>" for n in notes)
    return (f"<h3>Paired differences against {e(labels[0])}</h3>{table}"
            + (f"<ul class='meta'>{listed}</ul>" if listed else ""))


def render(runs: list[Run], *, title: str = "lmeval report", plots: bool = True) -> str:
    """The whole page for ``runs`` (results files with optional sample files)."""
    if not runs:
        raise UsageError("no runs to report")
    plt = _matplotlib() if plots else None
    labels = run_labels(runs)
    e = html.escape
    parts = [f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>",
             f"<style>{_CSS}</style></head><body>", f"<h1>{e(title)}</h1>"]

    parts.append("<h2 id='runs'>Runs</h2><table class='runs'><tr><th>run</th><th>model</th>"
                 "<th>model_args</th><th>date</th><th>limit</th><th>file</th></tr>")
    for label, run in zip(labels, runs, strict=True):
        cfg = run.results.get("config", {})
        parts.append(f"<tr><td>{e(label)}</td><td>{e(str(cfg.get('model', '')))}</td>"
                     f"<td>{e(str(redact_args(cfg.get('model_args')) or ''))}</td><td>{e(_date(run))}</td>"
                     f"<td>{e(str(cfg.get('limit')))}</td><td>{e(str(run.path))}</td></tr>")
    parts.append("</table>")

    tasks = list(dict.fromkeys(t for run in runs for t in run.tasks))
    firsts: list[tuple[str, str, list[float | None]]] = []
    sections = []
    for task in tasks:
        columns = list(dict.fromkeys(k for run in runs for k in run.metrics(task)))
        if not columns:
            continue
        values = [[run.metrics(task).get(c) for c in columns] for run in runs]
        errors = [[run.stderr(task, m, f) for m, f in columns] for run in runs]
        firsts.append((columns[0][0], columns[0][1], [row[0] for row in values]))
        head = "".join(f"<th>{e(m)}<br><span class='stderr'>{e(f)}</span></th>" for m, f in columns)
        rows = []
        best = []
        for j, (metric, _) in enumerate(columns):
            col = [row[j] for row in values if row[j] is not None]
            hib = _higher_is_better(runs, task, metric)
            tied = len(set(col)) < 2
            best.append(None if hib is None or tied else (max(col) if hib else min(col)))
        for label, row, errs in zip(labels, values, errors, strict=True):
            cells = []
            for j, (v, se) in enumerate(zip(row, errs, strict=True)):
                cls = " class='best'" if v is not None and best[j] is not None and v == best[j] else ""
                se_text = f" <span class='stderr'>± {se:.4f}</span>" if se is not None else ""
                cells.append(f"<td{cls}>{_fmt(v)}{se_text}</td>")
            rows.append(f"<tr><td>{e(label)}</td>{''.join(cells)}</tr>")
        n_samples = []
        for label, run in zip(labels, runs, strict=True):
            ns = run.results.get("n-samples", {}).get(task)
            if ns:
                n_samples.append(f"{e(label)}: {ns.get('effective')} of {ns.get('original')} documents")
        section = [f"<h2 id='task-{e(task)}'>{e(task)}</h2>",
                   f"<p class='meta'>{'; '.join(n_samples)}</p>" if n_samples else "",
                   f"<table class='task' data-task='{e(task)}'><tr><th>run</th>{head}</tr>{''.join(rows)}</table>"]
        if plt is not None:
            section.append(f"<figure>{task_figure(plt, task, labels, columns, values, errors)}</figure>")
        section.append(paired_table(runs, labels, task))
        sections.append("".join(section))
    if plt is not None and len(firsts) > 1:
        parts.append("<h2 id='overview'>Overview</h2><figure>"
                     f"{overview_figure(plt, labels, [t for t in tasks if any(run.metrics(t) for run in runs)], firsts)}"
                     "</figure>")
    parts.extend(sections)
    parts.append("<p class='meta'>Written by lmeval report. Best value per metric in bold "
                 "(when the metric says whether higher is better).</p></body></html>\n")
    return "\n".join(p for p in parts if p)
