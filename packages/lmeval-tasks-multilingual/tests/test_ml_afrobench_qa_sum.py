"""AfroBench's AfriQA and XL-Sum: names as lm-eval 0.4.13 registers them, AfriQA's exact match and
SQuAD F1 on hostile answers, XL-Sum's prompts and ROUGE-L as lm-eval computes them, and the
[rouge] extra's one-line error before the model loads."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

import lmeval
import pytest
from lmeval.protocol import LM, GenerateRequest
from lmeval_tasks_multilingual import afriqa, summary_rouge
from ml_data import FIXTURES, rows

AFRIQA_LANGS = ["bem", "fon", "hau", "ibo", "kin", "swa", "twi", "yor", "zul"]
XLSUM_LANGS = ["amharic", "arabic", "hausa", "igbo", "kirundi", "oromo", "pidgin", "somali", "swahili", "telugu",
               "tigrinya", "yoruba"]


class ScriptedLM(LM):
    """Answers each generation request with ``answer(context)``."""

    def __init__(self, answer) -> None:
        super().__init__()
        self.answer = answer
        self.contexts: list[str] = []

    def identity(self):
        return {"backend": "scripted"}

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        self.contexts += [r.context for r in requests]
        return [self.answer(r.context) for r in requests]


@pytest.fixture(autouse=True)
def mirror(monkeypatch, tmp_path):
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(FIXTURES))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))


def test_names_are_lm_evals(lmeval_task_loader):
    entries = lmeval_task_loader.index.entries
    tasks = {n for n, e in entries.items() if e.kind == "task" and (n.startswith("afriqa_") or n.startswith("xlsum_"))
             and n != "xlsum_es"}  # SpanishBench's XL-Sum, not AfroBench's
    assert tasks == ({f"afriqa_{lang}_prompt_{p}" for lang in AFRIQA_LANGS for p in range(1, 6)}
                     | {f"xlsum_{lang}_prompt_{p}" for lang in XLSUM_LANGS for p in range(1, 4)})
    assert entries["afriqa"].kind == "group" and entries["xlum"].kind == "group"  # lm-eval's spelling
    for tag in ("afrobench_xqa_tasks", "xlsum_tasks", *(f"afriqa_prompt_{p}" for p in range(1, 6)),
                *(f"xlsum_prompt_{p}" for p in range(1, 4))):
        assert entries[tag].kind == "tag", tag


@pytest.mark.parametrize(("gold", "prediction", "expected"), [
    ("The answer is 5", "answer IS 5!", 1.0),             # articles, case, punctuation dropped
    ("the River Niger", "Niger", 2 * 1 * 0.5 / 1.5),      # precision 1, recall 1/2
    ("Paris", "", 0.0),
    ("", "", 0.0),                                        # no shared token: 0, as lm-eval's AfriQA F1
    ("a", "the", 0.0),                                    # both only articles
    ("yes yes no", "yes", 2 * 1 * (1 / 3) / (4 / 3)),     # repeated tokens counted once each
    # braces are punctuation; "context" and the NUL stay tokens: precision 1/3, recall 1/2
    ("Addis Ababa", "{{ context }}\x00 Addis", 2 * (1 / 3) * 0.5 / (1 / 3 + 0.5)),
])
def test_pair_f1(gold, prediction, expected):
    assert afriqa.pair_f1(gold, prediction) == pytest.approx(expected)


def test_f1_is_the_mean_over_pairs_and_refuses_an_empty_set():
    assert afriqa.f1([("Paris", "Paris"), ("yes", "no")]) == 0.5
    with pytest.raises(ValueError, match="no \\(gold, prediction\\) pairs"):
        afriqa.f1([])


def test_afriqa_scores_hostile_answers():
    golds = [r["answer_pivot"] for r in rows("masakhane/afriqa-gold-passages", "hau", "test")]
    assert golds == ["The answer is 5", "yes.", "the River Niger"]  # the fixture this test is written for
    answers = {"Swali 0 ": "   answer IS 5!", "Swali 1 ": "\t YES", "Swali 2 ": "{{ answer_pivot }} River"}

    def answer(ctx: str) -> str:
        question = ctx.rsplit("Question: ", 1)[1]
        return next(a for key, a in answers.items() if question.startswith(key))

    lm = ScriptedLM(answer)
    out = lmeval.evaluate(lm, tasks=["afriqa_hau_prompt_1"], log_samples=True, bootstrap_iters=0)
    samples = sorted(out["samples"]["afriqa_hau_prompt_1"], key=lambda s: s["doc_id"])
    assert [s["filtered_resps"] for s in samples] == [["answer IS 5!"], ["YES"], ["{{ answer_pivot }} River"]]
    assert [s["exact_match"] for s in samples] == [0.0, 1.0, 0.0]  # "the" is kept by exact match
    r = out["results"]["afriqa_hau_prompt_1"]
    # F1: 1 (articles dropped), 1, and "answer_pivot river" against "river niger": 1 of 2 tokens each way
    assert r["f1,remove_whitespace"] == pytest.approx((1 + 1 + 0.5) / 3)
    assert r["exact_match,remove_whitespace"] == pytest.approx(1 / 3)
    (first,) = [c for c in lm.contexts if "Swali 0 " in c]
    assert first == ("Your task is to answer a qestion given a context.Make sure you respond with the shortest span "
                     "containing the answer in the context.\nQuestion: Swali 0 la hau (test)?\nContext: "
                     + rows("masakhane/afriqa-gold-passages", "hau", "test")[0]["context"] + "\nAnswer:")


def test_afriqa_group_has_no_score_as_in_lm_eval():
    """lm-eval's afriqa group averages ``acc``, which no AfriQA task reports: no group score."""
    out = lmeval.evaluate(ScriptedLM(lambda ctx: " Paris"), tasks=["afriqa"], limit=1, bootstrap_iters=0)
    assert len(out["group_subtasks"]["afriqa"]) == 45  # its five prompt tags, as leaf tasks
    assert not [k for k in out["results"]["afriqa"] if "," in k]
    assert "f1,remove_whitespace" in out["results"]["afriqa_swa_prompt_5"]


def test_xlsum_prompts_are_lm_evals_to_the_byte():
    lm = ScriptedLM(lambda ctx: "Paris")
    lmeval.evaluate(lm, tasks=["xlsum_pidgin_prompt_1", "xlsum_amharic_prompt_2", "xlsum_yoruba_prompt_3"], limit=1,
                    bootstrap_iters=0)
    # {{'text'}} is a Jinja string literal: the word "text", never the article; "\n" is backslash + n
    assert sorted(lm.contexts) == sorted([
        "Provide a summary of the document written in Nigerian pidgin. Ensure that you provide the summary in "
        "Nigerian pidgin and nothing else.\nDocument in Nigerian pidgin: text\\nSummary: ",
        "Summarize the document below in triple backticks and return only the summary and nothing else.\n"
        "```text```\\n",
        "You are an advanced Summarizer, a specialized assistant designed to summarize documents in Yoruba. Your "
        "main goal is to ensure summaries are concise and informative. Ensure you return the summary only and "
        "nothing else.\nDocument: text\\nSummary: "])


def test_rouge_l_as_evaluate_computes_it():
    # one pair: the bootstrap mid is the pair's score. LCS "the cat on mat": P 4/4, R 4/6
    assert summary_rouge.rougeL_agg([("the cat sat on the mat", "the cat on mat")]) == pytest.approx(0.8)
    # rouge_score's default tokenizer keeps only [a-z0-9]: Ge'ez or Arabic script scores 0, as in lm-eval
    assert summary_rouge.rougeL_agg([("ሰላም ዓለም", "ሰላም ዓለም")]) == 0.0
    assert summary_rouge.rougeL(["gold", "pred"]) == ["gold", "pred"]


def test_xlsum_task_scores_rouge_l():
    summaries = {r["title"]: r["summary"] for r in rows("csebuetnlp/xlsum", "hausa", "test")}
    assert len(set(summaries.values())) == 3
    out = lmeval.evaluate(ScriptedLM(lambda ctx: " ".join(sorted(summaries.values()))), tasks=["xlsum_hausa_prompt_2"],
                          log_samples=True, bootstrap_iters=0)
    samples = out["samples"]["xlsum_hausa_prompt_2"]
    assert {s["rougeL"][0] for s in samples} == set(summaries.values())  # (reference, prediction) pairs
    score = out["results"]["xlsum_hausa_prompt_2"]["rougeL,none"]
    assert 0.0 < score < 1.0
    first = rows("csebuetnlp/xlsum", "hausa", "test")[0]["summary"]
    perfect = lmeval.evaluate(ScriptedLM(lambda ctx: first), tasks=["xlsum_hausa_prompt_2"], limit=1,
                              bootstrap_iters=0)
    assert perfect["results"]["xlsum_hausa_prompt_2"]["rougeL,none"] == 1.0


def test_missing_rouge_score_stops_xlsum_before_the_model_loads():
    code = ("import sys; sys.modules['rouge_score'] = None\n"
            "from lmeval.cli import main\n"
            "sys.exit(main(['run', '--model', 'dummy', '--tasks', 'xlsum_hausa_prompt_1', '--limit', '1']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr[-2000:]
    err = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr
    assert any("xlsum needs rouge-score" in line and "pip install 'lmeval-tasks-multilingual[rouge]'" in line
               for line in err), done.stderr[-2000:]



def test_afrobench_mmlu_tag_gathers_two_packs(lmeval_task_loader):
    """lm-eval's ``afrobench_mmlu_tasks``: AfriMMLU (lmeval-tasks-mmlu) and OpenAI MMMLU (this pack)."""
    entry = lmeval_task_loader.index.entries["afrobench_mmlu_tasks"]
    members = set(entry.tags)
    assert {t for t in members if t.startswith("openai_mmlu_")} == {
        f"openai_mmlu_{lang}_prompt_{p}" for lang in ("ara", "swa", "yor") for p in range(1, 6)}
    assert members == {t for t in members if t.startswith("openai_mmlu_")} | set(
        lmeval_task_loader.index.entries["afrimmlu_tasks"].tags)
    assert len(members) == 105


def test_top_level_groups_gather_lm_evals_members(lmeval_task_loader):
    """lm-eval 0.4.13's ``afrobench`` (the translation tag only) and ``afrobench_lite`` (seven tags, AfriMMLU
    from lmeval-tasks-mmlu)."""
    entries = lmeval_task_loader.index.entries
    lite_tags = ["afrimgsm_cot_tasks", "afrimmlu_tasks", "afrixnli_tasks", "belebele_tasks", "sib_tasks",
                 "african_flores_tasks", "injongointent_tasks"]
    (lite,) = lmeval_task_loader.load(["afrobench_lite"])
    leaves = [t.name for t in lite.leaf_tasks()]
    assert len(leaves) == len(set(leaves)) == 95 + 90 + 90 + 155 + 280 + 372 + 85  # the tags' tasks, each once
    assert set(leaves) == set().union(*(entries[tag].tags for tag in lite_tags))
    (full,) = lmeval_task_loader.load(["afrobench"])
    assert {t.name for t in full.leaf_tasks()} == set(entries["afrobench_MT_tasks"].tags)
    assert len(entries["afrobench_MT_tasks"].tags) == 732
