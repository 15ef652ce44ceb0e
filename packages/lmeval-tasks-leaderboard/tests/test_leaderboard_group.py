"""The Open LLM Leaderboard v2 group tree: every group name lm-eval 0.4.13's ``leaderboard`` folder
registers, with its members, and the top group's size-weighted averages on a reference run."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: group -> (its direct members, its number of tasks), as lm-eval 0.4.13 registers them
GROUPS = {
    "leaderboard": (("leaderboard_mmlu_pro", "leaderboard_bbh", "leaderboard_gpqa", "leaderboard_math_hard",
                     "leaderboard_ifeval", "leaderboard_musr"), 39),
    "leaderboard_bbh": (None, 24),
    "leaderboard_gpqa": (("leaderboard_gpqa_diamond", "leaderboard_gpqa_extended", "leaderboard_gpqa_main"), 3),
    "leaderboard_math_hard": (None, 7),
    "leaderboard_musr": (("leaderboard_musr_murder_mysteries", "leaderboard_musr_object_placements",
                          "leaderboard_musr_team_allocation"), 3),
    "leaderboard_instruction_following": (("leaderboard_ifeval",), 1),
}
METRICS = ("acc", "acc_norm", "exact_match", "inst_level_loose_acc", "inst_level_strict_acc",
           "prompt_level_loose_acc", "prompt_level_strict_acc")


def _loader():
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    pm = PluginManager()
    return TaskLoader(TaskIndex(task_sources(pm, None)), pm)


def test_ls_lists_every_leaderboard_group(capsys):
    from lmeval.cli import main

    assert main(["ls", "groups"]) == 0
    listed = capsys.readouterr().out
    for name in GROUPS:
        assert name in listed.split(), name


def test_the_top_group_averages_every_metric_by_size():
    import yaml
    from lmeval_tasks_leaderboard import TASKS_DIR

    config = yaml.safe_load((TASKS_DIR / "leaderboard" / "leaderboard.yaml").read_text(encoding="utf-8"))
    assert config["task"] == list(GROUPS["leaderboard"][0])
    assert [(m["metric"], m["aggregation"], m["weight_by_size"]) for m in config["aggregate_metric_list"]] == [
        (m, "mean", True) for m in METRICS]


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_groups_have_lm_evals_members(name):
    if name in ("leaderboard", "leaderboard_math_hard") and importlib.util.find_spec("sympy") is None:
        pytest.skip("the MATH tasks' [math] extra (sympy) is not installed")
    members, size = GROUPS[name]
    try:
        (group,) = _loader().load([name])
    except Exception as exc:  # helpers refuse to load without their extra (MATH: ANTLR 4.11)
        extra = next((e for e in ("math", "ifeval") if f"lmeval-tasks-leaderboard[{e}]" in str(exc)), None)
        if extra:
            pytest.skip(f"the [{extra}] extra is not usable here: {exc}")
        raise
    assert len(group.leaf_tasks()) == size
    if members:
        assert [child.name for child in group.children] == list(members)


#: where lmeval-tasks-leaderboard's ci-setup.sh puts the [math] extra's ANTLR 4.11 runtime
OVERLAY = Path(sys.prefix) / "lmeval-math-libs"
_RUN = ("import json, lmeval; res = lmeval.evaluate(model='dummy', tasks=['leaderboard'], limit=2, "
        "bootstrap_iters=0); print(json.dumps({k: res[k] for k in ('results', 'n-samples')}))")


def test_a_reference_run_of_the_leaderboard_weights_each_metric_by_size():
    if importlib.util.find_spec("sympy") is None or importlib.util.find_spec("langdetect") is None:
        pytest.skip("the [math] and [ifeval] extras are needed to run every member")
    env = dict(os.environ)
    if OVERLAY.is_dir():  # a child process: the overlay must come before the venv's own antlr4
        env["PYTHONPATH"] = os.pathsep.join([str(OVERLAY), *filter(None, [env.get("PYTHONPATH")])])
    proc = subprocess.run([sys.executable, "-c", _RUN], env=env, capture_output=True, text=True, timeout=600)
    if proc.returncode and "lmeval-tasks-leaderboard[" in proc.stderr:
        pytest.skip(f"an extra is not usable here: {proc.stderr.strip().splitlines()[-1]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(proc.stdout.strip().splitlines()[-1])
    leaves = [t for t in res["n-samples"] if t not in GROUPS]
    assert len(leaves) == 39
    for metric in METRICS:
        keys = {k for t in leaves for k in res["results"][t] if k.split(",")[0] == metric and "stderr" not in k}
        assert keys, metric
        for key in keys:
            having = [t for t in leaves if key in res["results"][t]]
            sizes = [res["n-samples"][t]["effective"] for t in having]
            expected = sum(res["results"][t][key] * n for t, n in zip(having, sizes, strict=True)) / sum(sizes)
            assert res["results"]["leaderboard"][key] == pytest.approx(expected), key
