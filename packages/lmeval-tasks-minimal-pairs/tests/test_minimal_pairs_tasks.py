"""Names, generated files, README listing, validation, scoring and group aggregation."""

from __future__ import annotations

import re
from pathlib import Path

import lmeval
import pytest
from lmeval.cli import main
from lmeval.tasks.index import TaskIndex
from lmeval_tasks_minimal_pairs import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

PACK = Path(__file__).resolve().parents[1]


def _tasks(prefix: str) -> list[str]:
    """The pack's task names that start with ``prefix``, from its configs (as ``lmeval ls`` finds them)."""
    return [n for n in TaskIndex([(TASKS_DIR, "lmeval-tasks-minimal-pairs")]).names("task") if n.startswith(prefix)]


def test_generator_reproduces_the_committed_configs_and_readme(tmp_path):
    assert_regenerates(PACK, TASKS_DIR, tmp_path, readme=True)


def test_readme_lists_every_task_and_group():
    text = (PACK / "README.md").read_text(encoding="utf-8")
    assert "480 tasks and 55 groups, 47 of them inline (named `<group>::<subgroup>`), and 1 tags" in text


def _listed(capsys, what: str) -> dict[str, str]:
    assert main(["ls", what]) == 0
    rows = [line.split(None, 2) for line in capsys.readouterr().out.splitlines()[1:] if line.strip()]
    return {row[0]: row[1] for row in rows if len(row) > 1}


def test_ls_lists_lm_evals_names(capsys):
    tasks = {n for n, dist in _listed(capsys, "tasks").items() if dist == "lmeval-tasks-minimal-pairs"}
    assert len(tasks) == 480
    assert {"blimp_adjunct_island", "blimp_nl__passive__aci", "bhs__basque__DO__S_DO_V_AUX",
            "bhs__swahili__N_of_Poss_ni_A", "zhoblimp_BA_BEI_subj_drop", "zhoblimp_you_yige", "turblimp_binding", "multiblimp_abk",
            "lm_syneval__npi__simple_npi_anim__past"} <= tasks
    groups = {n for n, dist in _listed(capsys, "groups").items() if dist == "lmeval-tasks-minimal-pairs"}
    assert groups == {"blimp", "blimp_nl", "bhs_basque", "bhs_hindi", "bhs_swahili", "zhoblimp",
                      "turblimp_core", "lm_syneval"}  # inline ones unnamed


def test_validate_passes(capsys):
    code = main(["validate", str(TASKS_DIR)])
    out = capsys.readouterr()
    assert code == 0, out.out
    assert re.search(r"488 file\(s\) checked, 0 problem\(s\)", out.err)


@pytest.mark.parametrize("name, context, delimiter", [
    ("blimp_passive_1", "", " "),                      # no prompt; the sentence after a space
    ("blimp_nl__passive__aci", "", ""),                # no prompt and no delimiter
    ("bhs__hindi__S_O_V", "[hindi-S_O_V] Mtoto 0 wa rafiki yangu", " "),
    ("zhoblimp_BA_deletion", "", ""),                  # no prompt and no delimiter
    ("turblimp_binding", "", ""),
    ("multiblimp_deu", "", ""),
    ("lm_syneval__agreement__vp_coord__plur_MS_MV_MV", "", ""),
])
def test_requests_score_the_good_and_the_bad_sentence(build, name, context, delimiter):
    task, instances = build(name)
    doc = task.eval_docs[0]
    good, bad = (doc["ending_good"], doc["ending_bad"]) if "context" in doc else (
        (doc["sen"], doc["wrong_sen"]) if "sen" in doc else (doc["sentence_good"], doc["sentence_bad"]))
    assert [i.request.args for i in instances] == [(context, delimiter + good), (context, delimiter + bad)]
    assert task.process_results(doc, [(-1.0, True), (-2.0, False)])["acc"] == 1.0
    assert task.process_results(doc, [(-3.0, False), (-2.0, True)])["acc"] == 0.0


def test_groups_average_their_members_unweighted():
    res = lmeval.evaluate(model="dummy", tasks=["bhs_hindi", "blimp_nl"], bootstrap_iters=0)
    results = res["results"]
    phenomena = {name.split("__")[1] for name in _tasks("blimp_nl__")}
    assert len(phenomena) == 22 and {f"blimp_nl::blimp_nl__{p}" for p in phenomena} <= set(results)
    hindi = [results[name]["acc,none"] for name in _tasks("bhs__hindi__")]
    assert results["bhs_hindi"]["acc,none"] == pytest.approx(sum(hindi) / len(hindi))
    passive = [results[name]["acc_norm,none"] for name in _tasks("blimp_nl__passive__")]
    assert results["blimp_nl::blimp_nl__passive"]["acc_norm,none"] == pytest.approx(sum(passive) / len(passive))
    # the top group averages its leaf tasks, not its subgroups' means (as lm-eval)
    leaves = [results[name]["acc,none"] for name in _tasks("blimp_nl__")]
    assert results["blimp_nl"]["acc,none"] == pytest.approx(sum(leaves) / len(leaves))


@pytest.mark.parametrize("folder, group, n", [("zhoblimp", "zhoblimp", 118), ("turblimp", "turblimp_core", 16)])
def test_group_reports_the_mean_of_acc_norm_only(folder, group, n):
    """lm-eval's group file lists ``aggregate_metric_list`` twice; the last (acc_norm) is what loads."""
    results = lmeval.evaluate(model="dummy", tasks=[group], bootstrap_iters=0)["results"]
    members = [results[t]["acc_norm,none"] for t in _tasks(f"{folder}_")]
    assert len(members) == n
    assert results[group]["acc_norm,none"] == pytest.approx(sum(members) / len(members))
    assert "acc,none" not in results[group]


def test_multiblimp_is_a_tag_of_its_101_languages(capsys):
    assert main(["ls", "tags"]) == 0
    assert "multiblimp" in capsys.readouterr().out
    results = lmeval.evaluate(model="dummy", tasks=["multiblimp"], bootstrap_iters=0)["results"]
    assert set(results) == set(_tasks("multiblimp_")) and len(results) == 101  # a tag: no aggregate row


def test_lm_syneval_nests_two_levels_of_inline_groups():
    results = lmeval.evaluate(model="dummy", tasks=["lm_syneval"], bootstrap_iters=0)["results"]
    paths = [name.split("__")[1:3] for name in _tasks("lm_syneval__")]
    inline = {f"lm_syneval::lm_syneval__{p}" for p, _ in paths} | {
        f"lm_syneval::lm_syneval__{p}::lm_syneval__{p}__{c}" for p, c in paths}
    assert len(inline) == 3 + 22 and inline <= set(results)
    leaf = [results[name]["acc,none"] for name in _tasks("lm_syneval__npi__simple_npi_anim__")]
    sub = results["lm_syneval::lm_syneval__npi::lm_syneval__npi__simple_npi_anim"]["acc,none"]
    assert sub == pytest.approx(sum(leaf) / len(leaf))
    leaves = [results[t]["acc,none"] for t in _tasks("lm_syneval__")]
    assert results["lm_syneval"]["acc,none"] == pytest.approx(sum(leaves) / len(leaves))
