"""DarijaBench's generative tasks: translation, transliteration and summarization, their prompts,
direction selection, answer filter and metrics (bleu/chrf/ter, ROUGE, BERTScore on tiny local
stand-ins of the Hub models), alone and inside their groups."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import lmeval
import pytest

pytest.importorskip("bert_score", reason="bert-score is the pack's [bertscore] extra (ci-setup.sh installs it)")

from bertscore_hub import use_standins  # noqa: E402
from lmeval.protocol import LM, GenerateRequest  # noqa: E402
from lmeval_tasks_multilingual import bertscore, darija  # noqa: E402
from ml_data import rows  # noqa: E402

HUB = "MBZUAI-Paris/DarijaBench"
SPLITS = ["doda", "flores_plus", "madar", "seed", "transliteration"]


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    try:
        yield use_standins(mp, tmp_path_factory.mktemp("bertscore"))
    finally:
        mp.undo()


def _snapshot(cache: Path, repo_id: str) -> Path:
    (path,) = (cache / f"models--{repo_id.replace('/', '--')}" / "snapshots").iterdir()
    return path


def _bertscore_by_hand(model_dir: Path, candidate: str, reference: str) -> float:
    """BERTScore F1 from its definition: layer-12 token embeddings, cosine similarity, each token
    of one side matched greedily to the other side's tokens ([CLS]/[SEP] included), the best
    matches averaged over the tokens between [CLS] and [SEP]; F1 of the two means."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    tokenizer, model = AutoTokenizer.from_pretrained(model_dir), AutoModel.from_pretrained(model_dir)

    def embed(text: str) -> torch.Tensor:
        with torch.no_grad():
            hidden = model(**tokenizer(text.strip(), return_tensors="pt"), output_hidden_states=True).hidden_states[12][0]
        return hidden / hidden.norm(dim=-1, keepdim=True)

    sim = embed(candidate) @ embed(reference).T
    p, r = sim.max(dim=1).values[1:-1].mean().item(), sim.max(dim=0).values[1:-1].mean().item()
    return 2 * p * r / (p + r)


PAIRS = [["واحد الجملة بالدارجة رقم 1", "واحد جملة أخرى بالدارجة"],
         ["An English sentence from doda", "A sentence in English!"],
         ["Une phrase en français", "  Une phrase, en français  "]]


def test_bertscore_is_its_definition_on_a_real_model(hub):
    want = sum(_bertscore_by_hand(_snapshot(hub, bertscore.MODELS["darijabert"]), a, b) for a, b in PAIRS) / 3
    assert bertscore.darijabert(PAIRS) == pytest.approx(want, abs=1e-5)
    assert bertscore.darijabert([["نفس الجملة", "نفس الجملة"]]) == pytest.approx(1.0, abs=1e-6)


def test_each_helper_scores_with_its_own_model(hub):
    scores = {name: getattr(bertscore, name)(PAIRS) for name in bertscore.MODELS}
    assert len({round(v, 7) for v in scores.values()}) == len(bertscore.MODELS), scores  # six stand-ins
    assert bertscore.bert(PAIRS) is PAIRS  # the per-document "metric" passes the pair through


@pytest.mark.parametrize("generation", ["", "   \n", "🙂🙂 <script>alert(1)</script>", "كلمة " * 2000,
                                        "\x00\x1b[31m", "[CLS] [SEP] [PAD]"])
def test_hostile_generations_score_a_finite_f1(hub, generation):
    score = bertscore.mbert([["جملة مرجعية", generation], ["ok", "ok"]])
    assert math.isfinite(score) and -1.0 <= score <= 1.0


def test_missing_bert_score_is_one_line_naming_the_extra():
    code = ("import sys; sys.modules['bert_score'] = None\n"
            "from lmeval.errors import UsageError\n"
            "try:\n    import lmeval_tasks_multilingual.bertscore\n"
            "except UsageError as exc:\n    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out.splitlines() == [out]
    assert "needs bert-score, which is not installed: pip install 'lmeval-tasks-multilingual[bertscore]'" in out


def test_missing_bert_score_stops_the_run_before_the_model_loads(tmp_path):
    code = ("import sys; sys.modules['bert_score'] = None\n"
            "from lmeval.cli import main\n"
            "sys.exit(main(['run', '--model', 'hf', '--model_args', 'pretrained=/no/such/model', "
            "'--tasks', 'translation_dr_en_seed']))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 2, run.stderr[-2000:]
    assert "pip install 'lmeval-tasks-multilingual[bertscore]'" in run.stderr
    assert "Traceback" not in run.stderr and "/no/such/model" not in run.stderr


# ----------------------------------------------------------------------------- prompts and docs


def test_summary_prompt_asks_for_thirty_words():
    doc = rows(HUB, "default", "marsum")[0]
    assert darija.summary_doc_to_text(doc).startswith("لخص هاد المقطع في ٣٠ كلمة:\n")
    assert darija.chat_doc_to_text(doc).startswith("لخص هاد المقطع:\n")


def test_strip_keeps_the_first_generation_of_each_document():
    assert list(darija.strip([["  a b \n", "other"], ["\tc"]], None)) == ["a b", "c"]


def test_each_direction_task_reads_its_rows_only(lmeval_task_loader):
    for split, corpus in (("doda", "doda"), ("flores_plus", "flores"), ("madar", "madar"), ("seed", "seed")):
        data = rows(HUB, "default", split)
        directions = {r["direction"] for r in data}
        for direction in directions:
            task = lmeval_task_loader.task(f"translation_{direction}_{corpus}")
            task.check()
            docs = list(task.eval_docs)
            assert docs and {d["direction"] for d in docs} == {direction}
            assert len(docs) == sum(r["direction"] == direction for r in data)
        everything = lmeval_task_loader.task(f"translation_all_{corpus}")
        everything.check()
        assert len(list(everything.eval_docs)) == len(data)
    for direction in ("dr_ar", "ar_dr"):
        task = lmeval_task_loader.task(f"transliteration_{direction}")
        task.check()
        assert {d["direction"] for d in task.eval_docs} == {direction}


# ----------------------------------------------------------------------------- runs


class ReferenceAnswers(LM):
    """Answers each prompt with its reference, padded with whitespace the filter strips."""

    def __init__(self) -> None:
        super().__init__()
        self.answers: dict[str, str] = {}
        for split in SPLITS:
            for row in rows(HUB, "default", split):
                self.answers[darija.chat_doc_to_text(row)] = row["messages"][1]["content"]
        for row in rows(HUB, "default", "marsum"):
            self.answers[darija.summary_doc_to_text(row)] = row["messages"][1]["content"]

    def identity(self):
        return {"backend": "reference-answers"}

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        return [f"  {self.answers[r.context]}\n" for r in requests]


def _scored(block: dict) -> set[str]:
    return {k for k in block if k.endswith(",STRIP_ANSWER") and "_stderr," not in k}


def _pairs(out: dict, task: str, metric: str) -> list:
    return [s[metric] for s in out["samples"][task]]


def test_perfect_translations_score_perfectly_inside_the_groups(hub):
    out = lmeval.evaluate(ReferenceAnswers(), tasks=["darija_translation", "darija_transliteration"],
                          log_samples=True, bootstrap_iters=0)
    members = [t for t in out["samples"]]
    assert len(members) == 23
    for task in members:
        r = out["results"][task]
        assert r["bleu,STRIP_ANSWER"] == pytest.approx(100.0), task
        assert r["chrf,STRIP_ANSWER"] == pytest.approx(100.0), task
        assert r["ter,STRIP_ANSWER"] == pytest.approx(0.0), task
        # inside a group every member scores multilingual BERT (the group's metric_list)
        assert r["bert,STRIP_ANSWER"] == pytest.approx(1.0, abs=1e-6), task
        for sample in out["samples"][task]:
            gold, answer = sample["bert"]
            assert answer == sample["resps"][0][0].strip() and gold == sample["target"]
    assert not any(k.endswith(",STRIP_ANSWER") for k in out["results"]["darija_translation"])  # no average


class Garbled(ReferenceAnswers):
    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        return [" ".join(reversed(self.answers[r.context].split())) + " xyz" for r in requests]


def test_a_task_alone_scores_its_own_bertscore_model(hub):
    alone = lmeval.evaluate(Garbled(), tasks=["translation_dr_fr_doda", "transliteration_dr_ar"],
                            log_samples=True, bootstrap_iters=0)
    for task, helper in (("translation_dr_fr_doda", bertscore.camembert), ("transliteration_dr_ar", bertscore.arabizibert)):
        r = alone["results"][task]
        assert _scored(r) == {"bert,STRIP_ANSWER"}, r
        pairs = _pairs(alone, task, "bert")
        assert r["bert,STRIP_ANSWER"] == helper(pairs)
        assert r["bert,STRIP_ANSWER"] != bertscore.mbert(pairs)
    grouped = lmeval.evaluate(Garbled(), tasks=["darija_translation_doda"], log_samples=True, bootstrap_iters=0)
    r = grouped["results"]["translation_dr_fr_doda"]
    assert r["bert,STRIP_ANSWER"] == bertscore.mbert(_pairs(grouped, "translation_dr_fr_doda", "bert"))
    import sacrebleu

    gold, hyp = zip(*_pairs(grouped, "translation_dr_fr_doda", "bleu"), strict=True)
    assert r["bleu,STRIP_ANSWER"] == sacrebleu.corpus_bleu(list(hyp), [list(gold)]).score < 100.0


def test_summarization_alone_equals_inside_its_group(hub):
    metrics = ["rouge1", "rouge2", "rougeL", "rougeLsum", "bert", "chrf"]
    runs = [lmeval.evaluate(Garbled(), tasks=[name], log_samples=True, bootstrap_iters=0, random_seed=0,
                            numpy_random_seed=1234)
            for name in ("darija_summarization_task", "darija_summarization")]
    alone, grouped = (r["results"]["darija_summarization_task"] for r in runs)
    assert _scored(alone) == {f"{m},STRIP_ANSWER" for m in metrics}
    for m in metrics:
        assert alone[f"{m},STRIP_ANSWER"] == grouped[f"{m},STRIP_ANSWER"], m
    assert 0.0 < alone["rouge1,STRIP_ANSWER"] < 1.0
    perfect = lmeval.evaluate(ReferenceAnswers(), tasks=["darija_summarization"], bootstrap_iters=0)
    r = perfect["results"]["darija_summarization_task"]
    assert r["rouge1,STRIP_ANSWER"] == r["rougeLsum,STRIP_ANSWER"] == 1.0
    assert r["bert,STRIP_ANSWER"] == pytest.approx(1.0, abs=1e-6)
    assert r["chrf,STRIP_ANSWER"] == pytest.approx(100.0)


def test_an_empty_generation_scores_zero(hub):
    # bert-score's rule: a blank sentence is its special tokens alone and scores 0 (lm-eval 0.4.13
    # under transformers 5 stops the aggregation there instead: README, deliberate differences)
    assert bertscore.mbert([["جملة مرجعية", "   "]]) == 0.0
    assert bertscore.mbert([["جملة مرجعية", ""], ["ok", "ok"]]) == pytest.approx(0.5, abs=1e-6)
