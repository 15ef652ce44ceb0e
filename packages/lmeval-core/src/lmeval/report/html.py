"""``lmeval report``: one static HTML page comparing runs — the settings that differ, per-task
tables and matplotlib plots, and a browser of every logged sample.

The page is a single self-contained file, no network: plots are inline SVG with their text kept
as text (so the page can be searched and checked); the sample browser's data, script and style
are inline too (:mod:`lmeval.report.samples`, ``sample_browser.js``). matplotlib is imported in
this module only, and only when a page is rendered.
"""

from __future__ import annotations

import html
import io
import math
from datetime import datetime, timezone
from typing import Any

from lmeval.errors import UsageError
from lmeval.outputs.redact import redact_args
from lmeval.report import Run
from lmeval.report.settings import run_labels, settings_diff
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
table.runs, table.settings { width: 100%; table-layout: fixed; }
table.runs td, table.settings td, table.runs th, table.settings th { overflow-wrap: anywhere; text-align: left; }
table.runs th:nth-child(1) { width: 22%; } table.runs th:nth-child(2) { width: 7%; }
table.runs th:nth-child(4) { width: 12%; } table.runs th:nth-child(5) { width: 6%; }
table.settings th:first-child { width: 24%; }
.wide { overflow-x: auto; max-width: 100%; }
"""


def _matplotlib() -> Any:
    matplotlib = require("matplotlib", needed_by="lmeval report", install="'lmeval-core[report]'")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "lmeval", "font.size": 9})
    return plt


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
    """Each task's first metric, one panel per metric name (a perplexity never shares an axis
    with an accuracy), one bar per run; returns inline SVG."""
    by_metric: dict[str, list[int]] = {}
    for k, (metric, _, _) in enumerate(firsts):
        by_metric.setdefault(metric, []).append(k)
    n = len(by_metric)
    widths = [max(1.0, 0.9 * len(ks) + 0.6) for ks in by_metric.values()]
    fig, axes = plt.subplots(1, n, figsize=(min(sum(widths) * 1.3 + 1.5 * n, 11), 3.8), squeeze=False,
                             gridspec_kw={"width_ratios": widths}, layout="constrained")
    width = 0.8 / max(1, len(labels))
    for ax, (metric, ks) in zip(axes[0], by_metric.items(), strict=True):
        for i, label in enumerate(labels):
            xs = [j + i * width for j in range(len(ks))]
            ys = [firsts[k][2][i] if firsts[k][2][i] is not None else 0.0 for k in ks]
            ax.bar(xs, ys, width=width, label=label, color=f"C{i % 10}")
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(ks))],
                      [f"{tasks[k]}\n({firsts[k][1]})" if firsts[k][1] not in ("none", "") else tasks[k]
                       for k in ks], fontsize=7, rotation=20, ha="right")
        ax.set_title(metric)
    fig.legend(*axes[0][0].get_legend_handles_labels(), fontsize=7, loc="outside lower center",
               ncol=min(len(labels), 3))
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


def settings_table(runs: list[Run], labels: list[str]) -> str:
    """The settings that differ between the runs (one row each), or a line saying none do."""
    if len(runs) < 2:
        return ""
    rows = settings_diff(runs)
    if not rows:
        return "<p class='meta settings-same'>Settings: the same in every run.</p>"
    e = html.escape
    head = "".join(f"<th>{e(label)}</th>" for label in labels)
    body = "".join(f"<tr><td>{e(name)}</td>{''.join(f'<td>{e(v)}</td>' for v in values)}</tr>"
                   for name, values in rows)
    return (f"<h3>Settings that differ</h3><div class='wide'><table class='settings'>"
            f"<tr><th>setting</th>{head}</tr>{body}</table></div>")


def _asset(name: str) -> str:
    from importlib.resources import files

    return files("lmeval.report").joinpath(name).read_text(encoding="utf-8")


def browser_section(data: dict[str, Any]) -> str:
    """The sample browser: its data as JSON, its script and style inline (no network)."""
    from lmeval.report.samples import embedded_json

    return ("<h2 id='samples-section'>Samples</h2><p class='meta'>Every logged document: filter by "
            "correct/incorrect in a run or changed between two runs, search the text, click a row "
            "for the whole sample.</p>"
            f"<style>{_asset('sample_browser.css')}</style><div id='samples'></div>"
            f"<script type='application/json' id='lmeval-samples'>{embedded_json(data)}</script>"
            f"<script>{_asset('sample_browser.js')}</script>")


def render(runs: list[Run], *, title: str = "lmeval report", plots: bool = True,
           samples: bool = True) -> str:
    """The whole page for ``runs`` (results files with optional sample files); ``samples``
    adds the per-sample browser for the tasks whose samples were logged."""
    if not runs:
        raise UsageError("no runs to report")
    plt = _matplotlib() if plots else None
    labels = run_labels(runs)
    e = html.escape
    parts = [f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>",
             f"<style>{_CSS}</style></head><body>", f"<h1>{e(title)}</h1>"]

    parts.append("<h2 id='runs'>Runs</h2><div class='wide'><table class='runs'><tr><th>run</th><th>model</th>"
                 "<th>model_args</th><th>date</th><th>limit</th><th>file</th></tr>")
    for label, run in zip(labels, runs, strict=True):
        cfg = run.results.get("config", {})
        parts.append(f"<tr><td>{e(label)}</td><td>{e(str(cfg.get('model', '')))}</td>"
                     f"<td>{e(str(redact_args(cfg.get('model_args')) or ''))}</td><td>{e(_date(run))}</td>"
                     f"<td>{e(str(cfg.get('limit')))}</td><td>{e(str(run.path))}</td></tr>")
    parts.append("</table></div>")
    parts.append(settings_table(runs, labels))

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
    data = None
    if samples:
        from lmeval.report.samples import browser_data

        data = browser_data(runs, labels, tasks)
        if data["tasks"]:
            parts.append("<p class='meta'><a href='#samples-section'>Browse the samples</a> "
                         f"({len(data['tasks'])} task(s) logged per-sample).</p>")
    if plt is not None and len(firsts) > 1:
        parts.append("<h2 id='overview'>Overview</h2><figure>"
                     f"{overview_figure(plt, labels, [t for t in tasks if any(run.metrics(t) for run in runs)], firsts)}"
                     "</figure>")
    parts.extend(sections)
    if data is not None and data["tasks"]:
        parts.append(browser_section(data))
    parts.append("<p class='meta'>Written by lmeval report. Best value per metric in bold "
                 "(when the metric says whether higher is better).</p></body></html>\n")
    return "\n".join(p for p in parts if p)
