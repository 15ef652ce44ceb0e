"""Issue 28's other families: lambada_standard and the lambada tag, GSM8K's chain-of-thought
variants, tinyBenchmarks (its IRT package checked before the model, its estimate applied to the
documents' scores) and lm-eval's benchmark bundles flan_held_out, t0_eval and flan_held_in."""

from __future__ import annotations

import sys
import types

import lmeval
import pytest
from lmeval.cli import main
from lmeval.errors import UsageError

TINY = ("tinyArc", "tinyGSM8k", "tinyHellaswag", "tinyMMLU", "tinyTruthfulQA", "tinyWinogrande")


def _loader():
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    pm = PluginManager()
    return TaskLoader(TaskIndex(task_sources(pm, None)), pm)


def test_lambada_tag_and_standard_prompt(build):
    task, instances = build("lambada_standard")
    doc = task.eval_docs[0]
    words = doc["text"].split(" ")
    assert instances[0].request.context == " ".join(words[:-1])
    assert instances[0].request.continuation == " " + words[-1]
    nodes = _loader().load(["lambada"])
    assert sorted(t.name for t in nodes) == ["lambada_openai", "lambada_standard"]


def test_gsm8k_cot_llama_exemplars_end_with_the_final_answer(build):
    task, instances = build("gsm8k_cot_llama")
    ctx = instances[0].request.context
    assert ctx.startswith("Given the following problem, reason and give a final answer to the problem.\n")
    # each of the 9 prompts (8 exemplars, the question) asks for it; each exemplar gives it
    assert ctx.count("The final answer is ") == 9 + 8
    assert "The answer is" not in ctx
    zero_task, zero = build("gsm8k_cot_zeroshot")
    assert zero[0].request.context.endswith("\nA: Let's think step by step.")
    sc_task, sc = build("gsm8k_cot_self_consistency")
    assert sc_task.config.repeats == 64 and sc[0].request.until == ("Q:", "\n\n")
    assert [p.name for p in sc_task.filters()] == ["score-first", "maj@64", "maj@8"]


def test_tiny_benchmarks_stop_before_the_model_without_the_irt_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "tinyBenchmarks", None)
    with pytest.raises(UsageError, match=r"needs tinyBenchmarks, which is not installed: pip install "
                                         r"git\+https://github.com/felipemaiapolo/tinyBenchmarks"):
        lmeval.evaluate(model="dummy", tasks=["tinyArc"], limit=1)
    # mc1 has no IRT score (plain acc, as in lm-eval) and --predict_only needs no score at all
    lmeval.evaluate(model="dummy", tasks=["tinyTruthfulQA_mc1"], limit=1, bootstrap_iters=0)
    lmeval.evaluate(model="dummy", tasks=["tinyMMLU"], limit=1, predict_only=True)


def test_tiny_benchmarks_hand_the_documents_scores_to_the_irt_estimate(monkeypatch):
    seen: dict[str, list[float]] = {}

    def evaluate(items, benchmark):
        seen[benchmark] = [float(v) for v in items]
        return {benchmark: {"gpirt": 0.5 + len(items) / 1000, "pirt": -1.0}}

    monkeypatch.setitem(sys.modules, "tinyBenchmarks", types.SimpleNamespace(evaluate=evaluate))
    out = lmeval.evaluate(model="dummy", tasks=["tinyBenchmarks"], log_samples=True, bootstrap_iters=0)
    res = out["results"]
    for name, bench, metric in (("tinyArc", "arc", "acc_norm,none"), ("tinyMMLU", "mmlu", "acc_norm,none"),
                                ("tinyHellaswag", "hellaswag", "acc_norm,none"),
                                ("tinyWinogrande", "winogrande", "acc_norm,none"),
                                ("tinyTruthfulQA", "truthfulqa", "acc,none"),
                                ("tinyGSM8k", "gsm8k", "exact_match,strict-match")):
        n = out["n-samples"][name]["effective"]
        assert res[name][metric] == pytest.approx(0.5 + n / 1000), name
        assert len(seen[bench]) == n
    assert out["n-shot"]["tinyArc"] == 25 and out["n-shot"]["tinyHellaswag"] == 10
    assert "tinyBenchmarks" not in out.get("groups", {})  # no group score, as in lm-eval


def test_flan_held_out_has_lm_evals_members():
    (group,) = _loader().load(["flan_held_out"])
    assert [c.name for c in group.children] == [
        "bbh_zeroshot", "bbh_fewshot", "bbh_cot_fewshot", "bbh_cot_zeroshot", "mmlu",
        "mmlu_flan_n_shot_generative", "mmlu_flan_n_shot_loglikelihood", "mmlu_flan_cot_zeroshot",
        "mmlu_flan_cot_fewshot"]


@pytest.mark.parametrize(("name", "why"), [("t0_eval", "promptsource"), ("flan_held_in", "names no dataset")])
def test_bundles_that_cannot_run_stop_in_one_line(capsys, name, why):
    assert main(["run", "--model", "dummy", "--tasks", name]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("lmeval: error: ") and f"class: {name}: " in err[0]
    assert why in err[0]
    assert main(["ls", "tasks"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith(name + " "))
    assert "cannot run" in row
