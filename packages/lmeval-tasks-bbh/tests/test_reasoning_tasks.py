"""The pack's other reasoning families end to end with the reference LM (``--model dummy``):
names, tags, groups and the metrics each reports."""

from __future__ import annotations

import lmeval
import pytest
from lmeval.cli import main


def _rows(capsys, what: str) -> dict[str, list[str]]:
    assert main(["ls", what]) == 0
    return {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()[1:] if line.strip()}


def test_tags_and_groups(capsys):
    tags = _rows(capsys, "tags")
    assert tags["bigbench_generate_until"][:2] == ["lmeval-tasks-bbh", "167"]
    assert tags["bigbench_multiple_choice_a"][:2] == ["lmeval-tasks-bbh", "118"]
    assert tags["bigbench_multiple_choice_b"][:2] == ["lmeval-tasks-bbh", "1"]
    assert tags["arithmetic"][:2] == ["lmeval-tasks-bbh", "10"]
    groups = _rows(capsys, "groups")
    assert {"agieval", "agieval_cn", "agieval_en", "agieval_nous"} <= set(groups)


@pytest.mark.parametrize("names, expect", [
    (["agieval_nous"], {"agieval_nous": {"acc_norm,none"}, "agieval_sat_math": {"acc,none", "acc_norm,none"}}),
    (["agieval_cn"], {"agieval_cn": {"acc,none"}, "agieval_gaokao_mathcloze": {"acc,none"}}),
    (["aime", "aime24", "aime25"], {"aime25": {"exact_match,none"}}),
    (["arithmetic"], {"arithmetic_3ds": {"acc,none"}}),
    (["drop", "coqa"], {"drop": {"em,none", "f1,none"}, "coqa": {"em,none", "f1,none"}}),
    (["bigbench_strategyqa_multiple_choice", "bigbench_kanji_ascii_multiple_choice",
      "bigbench_word_sorting_generate_until"],
     {"bigbench_strategyqa_multiple_choice": {"acc,none"}, "bigbench_word_sorting_generate_until": {"exact_match,none"}}),
])
def test_reference_runs_report_lm_evals_metrics(names, expect):
    res = lmeval.evaluate(model="dummy", tasks=names, bootstrap_iters=0)
    for name, metrics in expect.items():
        assert metrics <= set(res["results"][name]), (name, res["results"][name])
        for metric in metrics:
            assert 0.0 <= res["results"][name][metric] <= 1.0


def test_bigbench_multiple_choice_drops_rows_without_choices(build):
    task, _ = build("bigbench_kanji_ascii_multiple_choice")
    assert task.eval_docs and all(doc["multiple_choice_targets"] for doc in task.eval_docs)
    generate, _ = build("bigbench_kanji_ascii_generate_until")
    assert len(generate.eval_docs) == len(task.eval_docs) + 1
