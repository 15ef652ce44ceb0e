"""AfroBench's MasakhaNER, MasakhaPOS and ADR: lm-eval's names, span F1 and POS accuracy as lm-eval
0.4.13's code computes them over many hostile answers (tests/golden/tagging_scores.json, written by
tests/tools/tagging_scorer_golden.py in lm-eval's venv), and the tasks scored end to end."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import lmeval
import pytest
from lmeval.filters import FormatSpan, RegexPos
from lmeval.protocol import LM, GenerateRequest
from lmeval_tasks_multilingual import tagging
from ml_data import FIXTURES, rows

GOLDEN = json.loads((Path(__file__).parent / "golden" / "tagging_scores.json").read_text(encoding="utf-8"))
NER_LANGS = ["am", "bm", "bbj", "ee", "ha", "ig", "rw", "lg", "luo", "mos", "ny", "pcm", "sn", "sw", "tn", "tw",
             "wo", "xh", "yo", "zu"]
POS_LANGS = ["bam", "bbj", "ewe", "fon", "hau", "ibo", "kin", "lug", "luo", "mos", "nya", "pcm", "sna", "swa", "tsn",
             "twi", "wol", "xho", "yor", "zul"]
ADR_LANGS = ["fon", "bbj", "ibo", "wol", "yor"]


class ScriptedLM(LM):
    """Answers each generation request with ``answer(context)``."""

    def __init__(self, answer) -> None:
        super().__init__()
        self.answer = answer
        self.requests: list[GenerateRequest] = []

    def identity(self):
        return {"backend": "scripted"}

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        self.requests += list(requests)
        return [self.answer(r.context) for r in requests]


@pytest.fixture(autouse=True)
def mirror(monkeypatch, tmp_path):
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(FIXTURES))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))


def test_names_are_lm_evals(lmeval_task_loader):
    entries = lmeval_task_loader.index.entries
    names = {n for n, e in entries.items() if e.kind == "task"
             and n.startswith(("masakhaner_", "masakhapos_", "afridiacritics_"))}
    assert names == ({f"masakhaner_{lang}_prompt_{p}" for lang in NER_LANGS for p in range(1, 6)}
                     | {f"masakhapos_{lang}_prompt_{p}" for lang in POS_LANGS for p in range(1, 6)}
                     | {f"afridiacritics_{lang}_prompt_{p}" for lang in ADR_LANGS for p in range(1, 6)})
    for group in ("masakhaner", "masakhapos", "adr"):
        assert entries[group].kind == "group", group
    for family in ("masakhaner", "masakhapos", "adr"):
        for tag in (f"{family}_tasks", *(f"{family}_prompt_{p}" for p in range(1, 6))):
            assert entries[tag].kind == "tag", tag


# ---------------------------------------------------------------------------- span F1 (MasakhaNER)
def test_format_span_and_span_f1_agree_with_lm_eval_on_every_pair():
    bad = []
    for row in GOLDEN["ner"]:
        (filtered,) = FormatSpan().apply([[row["answer"]]], [{}])
        score = tagging.span_f1([(row["gold"], filtered)])
        if filtered != row["filtered"] or score != pytest.approx(row["f1"], rel=1e-12, abs=1e-15):
            bad.append(f"{row['answer'][:60]!r} vs {row['gold']!r}: {filtered} {score} != {row['filtered']} {row['f1']}")
    assert not bad, f"{len(bad)} of {len(GOLDEN['ner'])}: " + "\n".join(bad[:5])
    assert len(GOLDEN["ner"]) >= 200


def test_span_f1_agrees_with_lm_eval_on_sets_of_pairs():
    ner = GOLDEN["ner"]
    for case in GOLDEN["ner_sets"]:
        items = [(ner[i]["gold"], ner[i]["filtered"]) for i in case["rows"]]
        assert tagging.span_f1(items) == pytest.approx(case["f1"], rel=1e-12, abs=1e-15), case["rows"]
    assert any(c["f1"] > 0 for c in GOLDEN["ner_sets"]) and any(c["f1"] == 0 for c in GOLDEN["ner_sets"])


@pytest.mark.parametrize(("gold", "answer", "expected"), [
    ("PER: Amina $$ LOC: Kano", ["per: amina $ loc: kano"], 1.0),
    ("PER: Amina $$ LOC: Kano", ["per: amina"], 2 * (1 * 0.5) / 1.5),            # precision 1, recall 1/2
    ("PER: Amina", ["per: amina $ per: amina"], 2 * (0.5 * 1) / 1.5),            # a gold span matches once
    ("", [""], 0.0),                                                              # nothing to find: 0, not 1
    ("LOC: U.S.", ["loc: u.s."], 1.0),                                            # punctuation becomes spaces
    ("LOC: U.S.", ["loc: u s"], 0.0),                                             # ... and "u s " keeps its last
    ("ORG: The Team", ["org: team"], 0.0),                                        # capital "The" is kept
    ("PER: a: b", ["per: a: b"], 0.0),                                            # two ": " -> not a span
])
def test_span_f1_examples(gold, answer, expected):
    assert tagging.span_f1([(gold, answer)]) == pytest.approx(expected, abs=1e-9)


def test_normalize_span_text_deletes_long_blank_runs_and_keeps_trailing_space():
    assert tagging.normalize_span_text("New   York") == "newyork"
    assert tagging.normalize_span_text("u.s.") == "u s "
    assert tagging.normalize_span_text("x\\y") == "x\\y"  # the backslash is not punctuation here


# ------------------------------------------------------------------------- tag accuracy (MasakhaPOS)
def test_regex_pos_and_tag_accuracy_agree_with_lm_eval():
    bad = []
    for row in GOLDEN["pos"]:
        (filtered,) = RegexPos().apply([[row["answer"]]], [{}])
        got = tagging.pos_process_results({"upos": [tagging.UPOS.index(t) for t in row["gold"]]}, [filtered])["acc"]
        if filtered != row["filtered"] or got != pytest.approx(row["acc"], rel=1e-12, abs=1e-15):
            bad.append(f"{row['answer'][:60]!r}: {filtered} {got} != {row['filtered']} {row['acc']}")
    assert not bad, "\n".join(bad[:5])
    pos = GOLDEN["pos"]
    for case in GOLDEN["pos_sets"]:  # lm-eval's aggregation is the mean of the sentences' accuracies
        mean = sum(pos[i]["acc"] for i in case["rows"]) / len(case["rows"])
        assert mean == pytest.approx(case["acc"], rel=1e-12), case["rows"]


def test_tag_accuracy_edges():
    assert tagging.pos_accuracy(["NOUN", "VERB"], ["NOUN"]) == 1.0          # compared on the overlap
    assert tagging.pos_accuracy(["NOUN", "VERB"], ["VERB", "VERB", "X"]) == 0.5
    assert tagging.pos_accuracy([], ["NOUN"]) == 0.0
    assert tagging.pos_target({"upos": [0, 1, 13, 17]}) == ["NOUN", "PUNCT", "_", "AUX"]


# ----------------------------------------------------------------------------------- end to end
def _ner_answer(context: str) -> str:
    """The gold of the test document the prompt shows, in the model's own words."""
    for row in rows("masakhane/masakhaner-x", "yo", "test"):
        if row["text"] in context:
            return "\n".join(f"{label.replace('PER', 'Person')}: {entity}"
                             for label, entity in (s.split(": ") for s in row["target"].split(" $$ ") if s))
    raise AssertionError(context)


def test_masakhaner_scores_span_f1_over_the_task():
    lm = ScriptedLM(_ner_answer)
    out = lmeval.evaluate(lm, tasks=["masakhaner_yo_prompt_3"], log_samples=True, bootstrap_iters=0)
    result = out["results"]["masakhaner_yo_prompt_3"]
    assert result["f1,flexible-extract"] == pytest.approx(1.0, abs=1e-9)
    samples = sorted(out["samples"]["masakhaner_yo_prompt_3"], key=lambda s: s["doc_id"])
    assert samples[0]["filtered_resps"] == [["per: amina yusuf $ loc: kano $ date: 12 ga mayu"]]
    assert lm.requests[0].context.startswith("You are a Named Entity Recognition expert in Yoruba language. \n")
    assert lm.requests[0].args[1]["until"] == ["</s>", "<|im_end|>"]
    wrong = lmeval.evaluate(ScriptedLM(lambda ctx: "LOC: Kano $$ PER: nobody"), tasks=["masakhaner_yo_prompt_3"],
                            bootstrap_iters=0)["results"]["masakhaner_yo_prompt_3"]["f1,flexible-extract"]
    # one hit (LOC: Kano, document 0) in 6 predicted spans; 6 gold spans
    assert wrong == pytest.approx(2 * (1 / 6) * (1 / 6) / (2 / 6), abs=1e-9)


def _pos_answer(context: str) -> str:
    for row in rows("masakhane/masakhapos", "yor", "test"):
        if repr(row["tokens"]) in context:
            tags = [tagging.UPOS[t] for t in row["upos"]]
            tags[0] = "X" if tags[0] != "X" else "NOUN"  # one wrong tag per sentence
            return repr(list(zip(row["tokens"], tags, strict=True)))
    raise AssertionError(context)


def test_masakhapos_scores_tag_accuracy_per_sentence():
    out = lmeval.evaluate(ScriptedLM(_pos_answer), tasks=["masakhapos_yor_prompt_1"], log_samples=True,
                          bootstrap_iters=0)
    test = rows("masakhane/masakhapos", "yor", "test")
    assert [len(r["tokens"]) for r in test] == [6, 7, 6] and "'s" in test[2]["tokens"]  # what is written for
    # sentences 0 and 1: every tag right but the first. Sentence 2's ("'s", 'PART') pair is written with
    # double quotes, which regex_pos does not read: its tags shift by one after "Ọlá" (1 of 5 right)
    per_sentence = [5 / 6, 6 / 7, 1 / 5]
    samples = sorted(out["samples"]["masakhapos_yor_prompt_1"], key=lambda s: s["doc_id"])
    assert [s["acc"] for s in samples] == pytest.approx(per_sentence)
    assert samples[2]["filtered_resps"] == [[["X", "PROPN", "AUX", "VERB", "NOUN"]]]
    assert out["results"]["masakhapos_yor_prompt_1"]["acc,flexible-extract"] == pytest.approx(sum(per_sentence) / 3)


def test_masakhapos_group_averages_acc_weighted_by_size():
    # the first test sentence starts with a pronoun; only prompts 2 and 3 name the language
    def answer(ctx: str) -> str:
        return "[('x', 'PRON')]" if "Yoruba" in ctx else "[('x', 'NOUN')]"

    out = lmeval.evaluate(ScriptedLM(answer), tasks=["masakhapos"], limit=1, bootstrap_iters=0)
    assert len(out["group_subtasks"]["masakhapos"]) == 100
    right = {n for n in out["group_subtasks"]["masakhapos"] if out["results"][n]["acc,flexible-extract"] == 1.0}
    assert right == {"masakhapos_yor_prompt_2", "masakhapos_yor_prompt_3"}
    assert out["results"]["masakhapos"]["acc,flexible-extract"] == pytest.approx(2 / 100)


def test_adr_scores_bleu_and_chrf_and_its_groups_have_no_score_as_in_lm_eval():
    targets = {r["text"]: r["target"] for r in rows("masakhane/diacritics-restoration", "yor", "test")}

    def restore(context: str) -> str:
        return next(t for text, t in targets.items() if f"{text}. Return output sentence only" in context)

    out = lmeval.evaluate(ScriptedLM(restore), tasks=["afridiacritics_yor_prompt_5"], bootstrap_iters=0)
    result = out["results"]["afridiacritics_yor_prompt_5"]
    assert result["bleu,none"] == pytest.approx(100.0) and result["chrf,none"] == pytest.approx(100.0)
    groups = lmeval.evaluate(ScriptedLM(lambda ctx: "Ó wá"), tasks=["adr", "masakhaner"], limit=1, bootstrap_iters=0)
    for group, size in (("adr", 25), ("masakhaner", 100)):  # their acc is never reported by a member
        assert len(groups["group_subtasks"][group]) == size
        assert not [k for k in groups["results"][group] if "," in k], group
