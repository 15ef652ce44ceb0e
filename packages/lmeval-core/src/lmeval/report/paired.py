"""Paired differences between two runs over the same documents, per task, metric and filter:
the mean difference B - A, a paired bootstrap interval, a p-value (McNemar for binary
per-sample scores, a sign-flip permutation test for continuous ones) and a verdict.

Only metrics whose task score is the mean of the per-sample values are tested (acc,
exact_match, ...): a corpus metric (perplexity, bleu, f1) is listed with the reason it is not.
Documents logged in one run only are counted and named, never dropped silently.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from lmeval.errors import UsageError
from lmeval.report import Run
from lmeval.report import stats as st

BINARY_TESTS = ("mcnemar-exact", "mcnemar-chi2")


@dataclass
class PairedTest:
    task: str
    metric: str
    filter: str
    n: int
    a: float | None = None
    b: float | None = None
    delta: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    p: float | None = None
    p_adjusted: float | None = None
    method: str = ""
    a_only_right: int | None = None  # binary: A right, B wrong
    b_only_right: int | None = None  # binary: A wrong, B right
    higher_is_better: bool | None = None
    verdict: str = ""
    reason: str = ""

    @property
    def tested(self) -> bool:
        return self.p is not None


@dataclass
class PairedTask:
    task: str
    only_in_a: list[int] = field(default_factory=list)
    only_in_b: list[int] = field(default_factory=list)
    tests: list[PairedTest] = field(default_factory=list)
    reason: str = ""  # why the task has no tests (its samples are not in both runs)
    #: per (metric, filter) of a tested metric: A's and B's paired values, and whether every
    #: logged document is paired (groups are tested from these)
    values: dict[tuple[str, str], tuple[list[float], list[float], bool]] = field(
        default_factory=dict, repr=False)


@dataclass
class PairedOptions:
    alpha: float = 0.05
    confidence: float = 0.95
    iters: int = 1000
    seed: int = 1234
    binary_test: str = "mcnemar-exact"
    correction: str = "none"
    metrics: tuple[str, ...] = ()


_SUMMABLE = 1e300  # |values| * documents below this: sums, differences and resamples stay finite


def _scalar(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    return None


def _by_doc(samples: list[dict], filt: str) -> dict[int, dict]:
    return {e["doc_id"]: e for e in samples if e.get("filter") == filt and isinstance(e.get("doc_id"), int)}


def _check_same_documents(task: str, run_a: Run, run_b: Run, a: dict[int, dict], b: dict[int, dict]) -> None:
    """Paired documents must be the same documents (``doc_hash``), or pairing means nothing."""
    differ = [d for d in sorted(a.keys() & b.keys())
              if a[d].get("doc_hash") and b[d].get("doc_hash") and a[d]["doc_hash"] != b[d]["doc_hash"]]
    if differ:
        raise UsageError(f"{run_b.sample_files[task]}: task {task!r} logged other documents than "
                         f"{run_a.sample_files[task]} under the same doc_id ({len(differ)}, first "
                         f"{differ[:5]}): the runs are not over the same documents")


def pair_task(task: str, run_a: Run, run_b: Run, options: PairedOptions) -> PairedTask:
    """The paired tests of one task logged in both runs."""
    samples_a, samples_b = run_a.samples(task) or [], run_b.samples(task) or []
    out = PairedTask(task)
    filters = list(dict.fromkeys(e.get("filter") for e in samples_a + samples_b))
    hib = {**run_a.results.get("higher_is_better", {}).get(task, {}),
           **run_b.results.get("higher_is_better", {}).get(task, {})}
    only_a: set[int] = set()
    only_b: set[int] = set()
    for filt in filters:
        a, b = _by_doc(samples_a, filt), _by_doc(samples_b, filt)
        _check_same_documents(task, run_a, run_b, a, b)
        only_a |= a.keys() - b.keys()
        only_b |= b.keys() - a.keys()
        common = sorted(a.keys() & b.keys())
        names = [m for m in dict.fromkeys([*_metric_names(a), *_metric_names(b)])
                 if not options.metrics or m in options.metrics]
        for metric in names:
            test = PairedTest(task, metric, str(filt), len(common), higher_is_better=hib.get(metric))
            out.tests.append(test)
            if not common:
                test.reason = "no document logged in both runs"
                continue
            xa = [_scalar(a[d].get(metric)) for d in common]
            xb = [_scalar(b[d].get(metric)) for d in common]
            if any(v is None for v in xa + xb):
                test.reason = "per-sample values are not numbers (a corpus metric)"
                continue
            if max(map(abs, xa + xb)) > _SUMMABLE / len(common):  # type: ignore[arg-type]
                test.reason = "per-sample values too large to sum (an edited samples file?)"
                continue
            if not (_is_mean_of(run_a, task, metric, str(filt), a)
                    and _is_mean_of(run_b, task, metric, str(filt), b)):
                test.reason = "the task score is not the mean of its per-sample values"
                continue
            _test(test, xa, xb, options)  # type: ignore[arg-type]
            out.values[(metric, str(filt))] = (xa, xb, len(common) == len(a) == len(b))  # type: ignore[assignment]
    out.only_in_a, out.only_in_b = sorted(only_a), sorted(only_b)
    return out


def _metric_names(entries: dict[int, dict]) -> list[str]:
    return list(dict.fromkeys(m for e in entries.values() for m in e.get("metrics", []) if isinstance(m, str)))


def _is_mean_of(run: Run, task: str, metric: str, filt: str, entries: dict[int, dict]) -> bool:
    """True when the run's score is the mean of the per-sample values of every document it logged."""
    score = run.results.get("results", {}).get(task, {}).get(f"{metric},{filt}")
    if not isinstance(score, (int, float)) or isinstance(score, bool):
        return False
    values = [_scalar(e.get(metric)) for e in entries.values()]
    if not values or any(v is None for v in values):
        return False
    return math.isclose(math.fsum(values) / len(values), score, rel_tol=1e-9, abs_tol=1e-12)  # type: ignore[arg-type]


def _test(test: PairedTest, xa: list[float], xb: list[float], options: PairedOptions) -> None:
    n = len(xa)
    diffs = [y - x for x, y in zip(xa, xb, strict=True)]
    test.a, test.b = math.fsum(xa) / n, math.fsum(xb) / n
    test.delta = math.fsum(diffs) / n
    test.ci_low, test.ci_high = st.bootstrap_interval(diffs, iters=options.iters, seed=options.seed,
                                                      confidence=options.confidence)
    interval = f"paired bootstrap {options.confidence:.0%} CI ({options.iters} resamples, seed {options.seed})"
    if all(v in (0.0, 1.0) for v in xa + xb):
        b_wrong = sum(1 for x, y in zip(xa, xb, strict=True) if x == 1.0 and y == 0.0)
        b_right = sum(1 for x, y in zip(xa, xb, strict=True) if x == 0.0 and y == 1.0)
        test.a_only_right, test.b_only_right = b_wrong, b_right
        fn = st.mcnemar_exact if options.binary_test == "mcnemar-exact" else st.mcnemar_chi2
        test.p = fn(b_wrong, b_right)
        test.method = f"{options.binary_test}; {interval}"
    else:
        test.p, exact = st.permutation_test(diffs, iters=options.iters, seed=options.seed)
        kind = "exact" if exact else f"{options.iters} random sign flips, seed {options.seed}"
        test.method = f"paired permutation ({kind}); {interval}"


def _leaves(group: str, subtasks: dict[str, list[str]], seen: tuple[str, ...] = ()) -> list[str]:
    out: list[str] = []
    for child in subtasks.get(group, []):
        if child in subtasks and subtasks[child] and child not in seen:
            out += _leaves(child, subtasks, (*seen, group))
        elif child not in out:
            out.append(child)
    return out


def pair_groups(tasks: list[PairedTask], run_a: Run, run_b: Run, options: PairedOptions) -> list[PairedTask]:
    """Paired tests of the groups both runs scored, from their tasks' paired values: a group
    whose score is the mean over all its documents (``weight_by_size``) pools them (McNemar for
    binary scores); one whose score is the mean of its tasks' scores flips signs of the
    document differences weighted by ``1 / (tasks x documents of the task)`` and resamples each
    task's documents (stratified bootstrap). Either form is used only when it reproduces both
    runs' reported group scores; otherwise the group is listed with the reason."""
    by_task = {pt.task: pt for pt in tasks}
    subtasks = {**run_a.results.get("group_subtasks", {}), **run_b.results.get("group_subtasks", {})}
    results_a, results_b = run_a.results.get("results", {}), run_b.results.get("results", {})
    out = []
    for group in [g for g, subs in subtasks.items() if subs and g in results_a and g in results_b]:
        leaves = _leaves(group, subtasks)
        pg = PairedTask(group)
        keys = [k for k in results_a[group] if "," in k and "_stderr," not in k and k in results_b[group]]
        for key in keys:
            metric, _, filt = key.partition(",")
            if options.metrics and metric not in options.metrics:
                continue
            hib = run_a.results.get("higher_is_better", {}).get(group, {}).get(metric)
            members = [by_task.get(t) for t in leaves]
            parts = [m.values.get((metric, filt)) if m else None for m in members]
            test = PairedTest(group, metric, filt, sum(len(p[0]) for p in parts if p), higher_is_better=hib)
            pg.tests.append(test)
            if any(p is None for p in parts):
                test.reason = "a member task has no paired test of this metric"
                continue
            if not all(p[2] for p in parts):  # type: ignore[index]
                test.reason = "a member task has documents logged in one run only"
                continue
            xa = [[*p[0]] for p in parts]  # type: ignore[index]
            xb = [[*p[1]] for p in parts]  # type: ignore[index]
            score_a, score_b = results_a[group][key], results_b[group][key]
            if _matches(score_a, _pooled(xa)) and _matches(score_b, _pooled(xb)):
                _test(test, [v for s in xa for v in s], [v for s in xb for v in s], options)
                test.method = "pooled documents (weight_by_size); " + test.method
            elif _matches(score_a, _task_mean(xa)) and _matches(score_b, _task_mean(xb)):
                _test_task_mean(test, xa, xb, options)
            else:
                test.reason = "the group score is neither the mean of its documents nor of its tasks"
        out.append(pg)
    return out


def _pooled(values: list[list[float]]) -> float:
    n = sum(len(v) for v in values)
    return math.fsum(x for v in values for x in v) / n if n else math.nan


def _task_mean(values: list[list[float]]) -> float:
    return math.fsum(math.fsum(v) / len(v) for v in values) / len(values) if values else math.nan


def _matches(score: Any, value: float) -> bool:
    return (isinstance(score, (int, float)) and not isinstance(score, bool)
            and math.isclose(score, value, rel_tol=1e-9, abs_tol=1e-12))


def _test_task_mean(test: PairedTest, xa: list[list[float]], xb: list[list[float]],
                    options: PairedOptions) -> None:
    k = len(xa)
    diffs = [[y - x for x, y in zip(sa, sb, strict=True)] for sa, sb in zip(xa, xb, strict=True)]
    n = sum(len(d) for d in diffs)
    test.a, test.b = _task_mean(xa), _task_mean(xb)
    test.delta = _task_mean(diffs)
    terms = [d * n / (k * len(ds)) for ds in diffs for d in ds]  # mean(terms) == delta
    test.p, exact = st.permutation_test(terms, iters=options.iters, seed=options.seed)
    test.ci_low, test.ci_high = st.stratified_bootstrap_interval(diffs, iters=options.iters, seed=options.seed,
                                                                 confidence=options.confidence)
    kind = "exact" if exact else f"{options.iters} random sign flips, seed {options.seed}"
    test.method = (f"mean of task scores; paired permutation of weighted differences ({kind}); "
                   f"stratified paired bootstrap {options.confidence:.0%} CI ({options.iters} "
                   f"resamples, seed {options.seed})")


def correct_and_judge(tasks: list[PairedTask], options: PairedOptions) -> None:
    """Adjust p-values (``options.correction``) over every test, then give each a verdict."""
    tested = [t for pt in tasks for t in pt.tests if t.tested]
    pvalues = [t.p for t in tested]
    adjusted = st.holm(pvalues) if options.correction == "holm" else [  # type: ignore[arg-type]
        min(1.0, p * len(pvalues)) for p in pvalues] if options.correction == "bonferroni" else pvalues
    for t, p in zip(tested, adjusted, strict=True):
        t.p_adjusted = p
        if p >= options.alpha or not t.delta:
            t.verdict = "no significant difference"
        elif t.higher_is_better is None:
            t.verdict = "significant change"
        else:
            t.verdict = "improved" if (t.delta > 0) == t.higher_is_better else "regressed"
    for pt in tasks:
        for t in pt.tests:
            if not t.tested:
                t.verdict = "not tested"


def paired_comparison(run_a: Run, run_b: Run, options: PairedOptions) -> list[PairedTask]:
    """Paired tests of every task logged in both runs (``options.metrics`` checked by name)."""
    from lmeval.errors import did_you_mean

    shared = [t for t in run_a.tasks if t in run_b.tasks]
    if not shared:
        first = run_b.tasks[0] if run_b.tasks else ""
        raise UsageError(f"{run_b.path}: no task in common with {run_a.path} (A: "
                         f"{', '.join(run_a.tasks) or 'none'}; B: {', '.join(run_b.tasks) or 'none'})"
                         f"{did_you_mean(first, run_a.tasks) if first else ''}")
    common = [t for t in shared if t in run_a.sample_files and t in run_b.sample_files]
    if options.metrics:
        logged = sorted(_all_logged(run_a, common) | _all_logged(run_b, common))
        for name in options.metrics:
            if name not in logged:
                where = run_a.sample_files[common[0]] if common else run_a.path
                raise UsageError(f"{where}: --metrics: no task logs a metric {name!r}"
                                 f"{did_you_mean(name, logged)}; logged: {', '.join(logged) or 'none'}")
    out = [pair_task(t, run_a, run_b, options) if t in common else
           PairedTask(t, reason="samples not logged in both runs (--log_samples)") for t in shared]
    for task in [t for t in run_a.tasks if t not in shared] + [t for t in run_b.tasks if t not in shared]:
        out.append(PairedTask(task, reason=f"only in {'A' if task in run_a.tasks else 'B'}"))
    groups = {g for g, subs in {**run_a.results.get("group_subtasks", {}),
                                **run_b.results.get("group_subtasks", {})}.items() if subs}
    out = [pt for pt in out if pt.task not in groups]  # a group is tested from its tasks below
    out += pair_groups(out, run_a, run_b, options)
    correct_and_judge(out, options)
    return out


def _all_logged(run: Run, tasks: list[str]) -> set[str]:
    names: set[str] = set()
    for task in tasks:
        for e in run.samples(task) or []:
            names.update(m for m in e.get("metrics", []) if isinstance(m, str))
    return names


def to_dict(tasks: list[PairedTask]) -> dict[str, Any]:
    return {pt.task: {"only_in_a": pt.only_in_a, "only_in_b": pt.only_in_b,
                      "tests": [asdict(t) for t in pt.tests],
                      **({"not_tested": pt.reason} if pt.reason else {})} for pt in tasks}
