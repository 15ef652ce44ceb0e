"""The groups phase: each group's metrics from its leaf tasks, innermost groups first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lmeval.tasks.loader import Group


def bottom_up(groups: Sequence[Group]) -> list[Group]:
    """The groups, each after the groups inside it."""
    seen: set[str] = set()
    order: list[Group] = []

    def visit(g: Group) -> None:
        if g.name in seen:
            return
        seen.add(g.name)
        for child in g.children:
            if isinstance(child, Group):
                visit(child)
        order.append(g)

    for g in groups:
        visit(g)
    return order


def aggregate_group(group: Group, results: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A group's metrics from its leaf tasks: size-weighted or plain mean, pooled stderr."""
    from lmeval import metrics as metricsmod

    out: dict[str, Any] = {"alias": group.alias}
    if not group.has_aggregation:
        return out
    leaf = [t.name for t in group.leaf_tasks()]
    out["sample_len"] = sum(results.get(n, {}).get("sample_len", 0) for n in leaf)
    for spec in group.config.aggregate_metric_list or []:
        filters = spec.filter_list
        if filters is None:
            filters = sorted({k.split(",", 1)[1] for n in leaf for k in results.get(n, {})
                              if k.startswith(spec.metric + ",")})
        for fkey in filters:
            key, se_key = f"{spec.metric},{fkey}", f"{spec.metric}_stderr,{fkey}"
            values, sizes, stderrs = [], [], []
            for n in leaf:
                res = results.get(n, {})
                if key in res:
                    values.append(res[key])
                    sizes.append(res.get("sample_len", 0))
                    if res.get(se_key) is not None:
                        stderrs.append(res[se_key])
            if not values:
                continue
            out[key] = metricsmod.aggregate_subtask_metrics(values, sizes, spec.weight_by_size)
            if len(stderrs) == len(values) and "N/A" not in stderrs:
                if spec.weight_by_size:
                    out[se_key] = metricsmod.pooled_sample_stderr(stderrs, sizes)
                else:
                    out[se_key] = metricsmod.unweighted_mean_stderr(stderrs)
            else:
                out[se_key] = "N/A"
    return out
