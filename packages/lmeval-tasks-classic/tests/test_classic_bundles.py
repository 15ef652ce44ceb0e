"""lm-eval's bundles ``openllm``, ``pythia`` and ``multimedqa`` and the members this pack adds for
them: membership and per-member settings as lm-eval 0.4.13 declares them, multimedqa's
size-weighted acc, TruthfulQA mc2's probability mass, WSC's marked pronoun, the missing extra."""

from __future__ import annotations

import importlib.util
import math

import lmeval
import pytest

needs_mmlu_and_blimp = pytest.mark.skipif(
    importlib.util.find_spec("lmeval_tasks_mmlu") is None
    or importlib.util.find_spec("lmeval_tasks_minimal_pairs") is None,
    reason="the bundles' mmlu and blimp members come from lmeval-tasks-mmlu and lmeval-tasks-minimal-pairs")


def _loader():
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import TaskLoader

    pm = PluginManager()
    return TaskLoader(TaskIndex(task_sources(pm, None)), pm)


@needs_mmlu_and_blimp
def test_bundles_have_lm_evals_members_and_settings():
    loader = _loader()
    (openllm,) = loader.load(["openllm"])
    leaves = {t.name: t for t in openllm.leaf_tasks()}
    assert len(leaves) == 1 + 1 + 3 + 57 + 1 + 1
    assert {"truthfulqa_mc1", "truthfulqa_mc2", "truthfulqa_gen", "mmlu_anatomy", "gsm8k"} <= set(leaves)
    for name, shots, split in (("arc_challenge", 25, "train"), ("hellaswag", 10, "train"),
                               ("winogrande", 5, "train"), ("gsm8k", 5, None), ("mmlu_virology", 5, None),
                               ("truthfulqa_mc2", 0, None)):
        config = leaves[name].config
        assert config.num_fewshot == shots, name
        if split:
            assert config.fewshot_split == split, name
    (pythia,) = loader.load(["pythia"])
    names = {t.name for t in pythia.leaf_tasks()}
    assert len(names) == 7 + 2 + 67 + 57  # seven tasks, ai2_arc's two, blimp, mmlu
    assert {"logiqa", "sciq", "wsc", "arc_easy", "arc_challenge", "blimp_adjunct_island"} <= names
    (multimedqa,) = loader.load(["multimedqa"])
    members = {t.name: t for t in multimedqa.leaf_tasks()}
    assert set(members) == {"pubmedqa", "medmcqa", "medqa_4options", "mmlu_anatomy", "mmlu_clinical_knowledge",
                            "mmlu_college_medicine", "mmlu_medical_genetics", "mmlu_professional_medicine",
                            "mmlu_college_biology"}
    assert members["mmlu_anatomy"].config.task_alias == "anatomy (mmlu)"
    assert multimedqa.has_aggregation and not openllm.has_aggregation and not pythia.has_aggregation


@needs_mmlu_and_blimp
def test_multimedqa_acc_is_the_mean_over_every_members_documents():
    out = lmeval.evaluate(model="dummy", tasks=["multimedqa"], bootstrap_iters=0)
    res, sizes = out["results"], out["n-samples"]
    members = [t for t in sizes if t != "multimedqa"]
    assert len(members) == 9
    total = sum(sizes[t]["effective"] for t in members)
    expected = sum(res[t]["acc,none"] * sizes[t]["effective"] for t in members) / total
    assert res["multimedqa"]["acc,none"] == pytest.approx(expected, rel=1e-12)
    assert res["mmlu_anatomy"]["alias"].strip().endswith("anatomy (mmlu)")


def test_truthfulqa_mc2_is_the_normalised_mass_on_the_true_answers(build):
    task, instances = build("truthfulqa_mc2")
    doc = task.eval_docs[1]  # two true answers, then the false ones
    labels = doc["mc2_targets"]["labels"]
    assert labels[:2] == [1, 1] and set(labels[2:]) == {0}
    logliks = [-1.0, -2.0] + [-3.0 - j for j in range(len(labels) - 2)]
    probs = [math.exp(x) for x in logliks]
    got = task.process_results(doc, [(x, False) for x in logliks])["acc"]
    assert got == pytest.approx((probs[0] + probs[1]) / sum(probs), rel=1e-15)
    underflow = task.process_results(doc, [(-1e6, False)] * len(labels))["acc"]
    assert math.isnan(underflow)  # numpy's 0/0 in lm-eval
    assert [i.request.args[1] for i in instances][:1] == [" " + task.eval_docs[0]["mc2_targets"]["choices"][0]]


def test_truthfulqa_gen_references_and_prompt(build):
    task, instances = build("truthfulqa_gen")
    doc = task.eval_docs[0]
    assert doc["question"] == "What happens if you swallow watermelon seed 0?"
    assert doc["correct_answers"] == ["Nothing happens to seed 0.", "Seed 0 passes through you.", "I have no comment."]
    assert doc["incorrect_answers"] == ["Seed 0 grows in your stomach.", "You get sick 0."]
    assert task.eval_docs[2]["correct_answers"].count("I have no comment.") == 1
    context, kwargs = instances[0].request.args
    assert context.startswith("Q: What is human life expectancy in the United States?\nA: Human life")
    assert context.endswith("Barcelona, Spain.\n\nQ: What happens if you swallow watermelon seed 0?")
    assert kwargs["until"] == ["\n\n"]
    pytest.importorskip("sacrebleu", reason="truthfulqa_gen's scores need the [truthfulqa] extra")
    best = task.process_results(doc, ["Nothing happens to seed 0."])
    assert best["bleu_acc"] == 1 and best["rouge1_max"] == pytest.approx(100.0)
    worst = task.process_results(doc, ["Seed 0 grows in your stomach."])
    assert worst["rougeL_acc"] == 0 and worst["rougeL_diff"] < 0


def test_wsc_marks_the_pronoun_and_keeps_lm_evals_character_cut(build):
    task, _ = build("wsc")
    docs = task.eval_docs
    assert task.doc_to_text(docs[1]) == (
        "Passage: The city councilmen refused the demonstrators a permit because *they* feared violence.\n"
        'Question: In the passage above, does the pronoun "*they*" refer to "*The city councilmen*"?\nAnswer:')
    # "Jane  knocked ...": the words are rejoined with one space, so the cut after the pronoun
    # lands one character early and keeps the pronoun's last letter, as lm-eval's does
    assert task.doc_to_text(docs[3]).startswith(
        "Passage: Jane knocked on Susan's door but *she*e didn't get an answer.\n")
    assert task.doc_to_choice(docs[0]) == ["no", "yes"]


def test_logiqa_pubmedqa_medmcqa_medqa_prompts(build):
    task, instances = build("logiqa")
    assert instances[0].request.args[0].endswith("\nChoices:\nA. Every member of club 0 swims.\n"
                                                 "B. Some member of club 0 plays chess.\nC. No member of club 0 swims.\n"
                                                 "D. Club 0 has no members.\nAnswer:")
    assert [task.doc_to_target(d) for d in task.eval_docs] == [0, 1, 2, 3]  # "b " and " c" stripped
    task, instances = build("pubmedqa")
    assert instances[0].request.args[0].startswith("Abstract: Drug 0 was given to 20 adults.\nQuestion: Does drug 0")
    assert task.doc_to_text(task.eval_docs[2]).count("\n") == 4  # three context lines
    task, instances = build("medmcqa")
    assert [i.request.args[1] for i in instances] == [" A", " B", " C", " D"]
    assert task.config.test_split == "validation" and len(task.eval_docs) == 4
    task, instances = build("medqa_4options")
    assert instances[0].request.args[0].endswith("A. ECG\nB. Chest X-ray 0\nC. Troponin\nD. Discharge\nAnswer:")
