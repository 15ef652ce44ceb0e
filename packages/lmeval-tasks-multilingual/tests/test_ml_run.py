"""A reference-LM run over every group and tag of the pack, then the scoring that is the pack's own."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

import lmeval
import pytest
from bertscore_hub import use_standins
from lmeval.protocol import LM, GenerateRequest
from lmeval_tasks_multilingual.scoring import (
    exact,
    process_results_coqcat,
    token_f1,
    weighted_f1_score,
)
from ml_data import GOLDEN, rows

ENTRY_POINTS = ["belebele", "xnli", "xcopa", "xstorycloze", "pawsx", "mgsm_direct", "mgsm_cot_native",
                "afrixnli-irokobench", "afrixnli_tt-irokobench", "afrixnli", "afrimgsm-irokobench",
                "afrimgsm_cot-irokobench", "afrimgsm_tt-irokobench", "afrimgsm_tt_cot-irokobench",
                "basque_bench", "eus_exams_es", "xnli_eu_mt", "catalan_bench", "arc_challenge_mt", "copal_id", "egyhellaswag", "darijahellaswag",
                "arab_culture", "arab_culture_completion", "aexams", "arabic_leaderboard_complete",
                "arabic_leaderboard_light", "arabic_leaderboard_arabic_mmlu", "arabic_leaderboard_arabic_mmlu_light", "AraDiCE",
                "bertaqa", "bec2016eu", "bhtc_v2", "epec_koref_bin", "vaxx_stance", "wiceu",
                "darija_sentiment", "boolqa_bn", "bangla_commonsenseqa", "bangla_mmlu", "openbookqa_bn", "piqa_bn",
                "naijarc", "openai_mmlu", "sib", "masakhanews", "afrisenti", "nollysenti",
                "afrobench_belebele", "injongointent", "uhura_arc_easy",
                "african_flores", "african_ntrex", "salt", "mafand", "afriqa", "xlum", "afrobench", "afrobench_lite", "masakhaner",
                "darija_translation", "darija_transliteration", "darija_summarization", "masakhapos", "adr"]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    from ml_data import FIXTURES
    mp.setenv("LMEVAL_DATASETS_DIR", str(FIXTURES))
    mp.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))
    use_standins(mp, tmp_path_factory.mktemp("bertscore"))  # DarijaBench's BERTScore Hub models
    try:
        yield lmeval.evaluate("dummy", tasks=ENTRY_POINTS, log_samples=True, bootstrap_iters=0)
    finally:
        mp.undo()


def test_every_task_runs_and_reports_its_metrics(run):
    results = run["results"]
    missing = set(GOLDEN["zero_shot"]) - set(results)
    assert not missing, sorted(missing)[:10]
    for name in GOLDEN["zero_shot"]:
        assert results[name]["sample_len"] >= 1, name
    assert set(results["xnli_en"]) >= {"acc,none"}
    assert set(results["belebele_eng_Latn"]) >= {"acc,none", "acc_norm,none"}
    assert set(results["afrixnli_amh_prompt_1"]) >= {"acc,none", "f1,none"}
    assert set(results["mgsm_direct_en"]) >= {"exact_match,remove_whitespace", "exact_match,flexible-extract"}
    assert set(results["mgsm_native_cot_en"]) >= {"exact_match,strict-match", "exact_match,flexible-extract"}
    assert set(results["catcola"]) >= {"mcc,none", "acc,none"}
    assert set(results["coqcat"]) >= {"em,none", "f1,none"}
    assert set(results["basque_bench_flores_en-eu"]) >= {"bleu,none", "ter,none", "chrf,none"}
    assert set(results["mgsm_native_cot_eu"]) >= {"exact_match,get-answer"}
    assert set(results["arc_challenge_mt_is"]) >= {"acc,none", "acc_norm,none"}
    assert set(results["copal_id_colloquial"]) >= {"acc,none"}
    assert set(results["darijahellaswag"]) >= {"acc,none", "acc_norm,none"}
    for name in ("arab_culture_egypt", "arab_culture_completion_ksa", "aexams_Physics", "arabic_mt_sciq",
                 "arabic_leaderboard_acva_Yemen_light", "arabic_exams"):
        assert set(results[name]) >= {"acc,none", "acc_norm,none"}, name
    for name in ("AraDiCE_boolq_eng", "AraDiCE_ArabicMMLU_high_stem_physics_lev", "AraDiCE_winogrande_msa"):
        assert set(results[name]) >= {"acc,none", "acc_norm,none", "f1,none"}, name
    for name in ("bec2016eu", "bhtc_v2", "vaxx_stance"):
        assert set(results[name]) >= {"f1,none"}, name
    assert set(results["bertaqa_en_mt_nllb"]) >= {"acc,none"}
    assert set(results["cieacova_choice"]) >= {"acc,none", "acc_norm_C1,none", "acc_frase,none"}
    assert set(results["cieacova_word"]) >= {"exact_match,none", "exact_match_definició,none"}
    assert set(results["truthfulqa_va"]) >= {"bleu_max,none", "rougeL_diff,none"}
    assert set(results["cabreu_extreme"]) >= {"bleu,none", "rouge1,none"}
    assert set(results["afriqa_swa_prompt_3"]) >= {"exact_match,remove_whitespace", "f1,remove_whitespace"}
    assert set(results["xlsum_telugu_prompt_2"]) >= {"rougeL,none"}
    assert "acc,none" in results["afrobench_lite"]  # lm-eval's acc over the seven tags
    assert not [k for k in results["afrobench"] if "," in k]  # translation only: no acc
    for name in ("flores_eng_Latn-hau_Latn_prompt_1", "ntrex_tir_Ethi-eng_Latn_prompt_3", "salt_eng-lug_prompt_2",
                 "mafand_en-hau_prompt_2", "mafand_wol-fr_prompt_3"):  # AfroBench translation
        assert set(results[name]) >= {"bleu,none", "chrf,none"}, name
    assert "acc,none" in results["darija_sentiment"] and set(results["bangla_mmlu"]) >= {"acc,none", "acc_norm,none"}
    for name in ("translation_dr_en_doda", "translation_all_seed", "transliteration_dr_ar"):  # the groups' metrics
        assert set(results[name]) >= {f"{m},STRIP_ANSWER" for m in ("bleu", "chrf", "ter", "bert")}, name
    assert set(results["darija_summarization_task"]) >= {
        f"{m},STRIP_ANSWER" for m in ("rouge1", "rouge2", "rougeL", "rougeLsum", "bert", "chrf")}
    for name in ("arab_culture", "arab_culture_levant", "aexams", "arabic_leaderboard_complete",
                 "arabic_leaderboard_light", "arabic_leaderboard_arabic_mmlu", "AraDiCE_ArabicMMLU_egy"):
        assert "acc,none" in results[name], name


def _weighted(run, metric, members):
    r = run["results"]
    n = sum(r[m]["sample_len"] for m in members)
    return sum(r[m][metric] * r[m]["sample_len"] for m in members) / n


def test_groups_are_size_weighted_means(run):
    r = run["results"]
    subtasks = run["group_subtasks"]
    for group, metric in (("belebele", "acc,none"), ("belebele", "acc_norm,none"), ("xnli", "acc,none"),
                          ("xcopa", "acc,none"), ("pawsx", "acc,none"), ("xstorycloze", "acc,none"),
                          ("afrixnli-irokobench", "acc,none"),
                          ("afrimgsm-irokobench", "exact_match,flexible-extract")):
        assert r[group][metric] == pytest.approx(_weighted(run, metric, _leaves(run, group)), abs=1e-12), group
    assert len(_leaves(run, "belebele")) == 122
    assert len(_leaves(run, "afrixnli-irokobench")) == 90
    assert "bleu,none" in r["flores_eu"] and "basque_bench" in subtasks
    assert not any(k.endswith(",none") for k in r["basque_bench"])  # runs everything, averages nothing


def _leaves(run, group):
    out = []
    for member in run["group_subtasks"].get(group, []):
        out += _leaves(run, member) if run["group_subtasks"].get(member) else [member]
    return out


def test_weighted_f1_aggregates_the_samples(run):
    samples = run["samples"]["afrixnli_amh_prompt_3"]
    pairs = [tuple(s["f1"]) for s in samples]
    assert run["results"]["afrixnli_amh_prompt_3"]["f1,none"] == pytest.approx(weighted_f1_score(pairs))


def test_translation_scores_are_sacrebleu_corpus_scores(run):
    """AfroBench translation: BLEU and chrF over the task's (reference, answer) pairs, one corpus."""
    import sacrebleu

    r = run["results"]
    for name in ("flores_hau_Latn-eng_Latn_prompt_2", "ntrex_eng_Latn-zul_Latn_prompt_1", "salt_lug-eng_prompt_3",
                 "mafand_fr-bam_prompt_3"):
        pairs = [s["bleu"] for s in run["samples"][name]]
        assert len(pairs) == 3 and [s["chrf"] for s in run["samples"][name]] == pairs
        refs, answers = [[p[0] for p in pairs]], [p[1] for p in pairs]
        assert r[name]["bleu,none"] == pytest.approx(sacrebleu.corpus_bleu(answers, refs).score), name
        assert r[name]["chrf,none"] == pytest.approx(sacrebleu.corpus_chrf(answers, refs).score), name
        assert r[name]["chrf,none"] > 0, name
    for group in ("african_flores", "african_ntrex", "salt", "mafand"):  # lm-eval's groups average `acc`
        assert not any(k.endswith(",none") for k in r[group]), group
    assert len(_leaves(run, "african_flores")) == 372 and len(_leaves(run, "mafand")) == 126


def test_weighted_f1_score_by_hand():
    # labels 0: tp 1 fp 1 fn 1 -> f1 0.5 (support 2); 1: tp 1 fp 0 fn 0 -> 1.0 (support 1); 2: no support
    items = [(0, 0), (0, 2), (1, 1), (2, 0)]
    # label 2: tp 0, fp 1, fn 1 -> 0 (support 1); label 0 with (2,0) as fp: tp1 fp1 fn1 -> .5
    assert weighted_f1_score(items) == pytest.approx((0.5 * 2 + 1.0 * 1 + 0.0 * 1) / 4)
    assert weighted_f1_score([]) == 0.0


def test_squad_scores():
    assert exact("The Barcelona!", "barcelona") == 1
    assert token_f1("en Pere Vila", "Pere") == pytest.approx(2 * (1 * 1 / 3) / (1 + 1 / 3))
    assert token_f1("", "") == 1.0 and token_f1("x", "") == 0.0 and token_f1("a", "") == 1.0  # "a" is an article
    doc = rows("projecte-aina/CoQCat", "default", "test")[1]
    doc = {**doc, "additional_answers": {"0": {"input_text": ["x", "Girona 1"]}}}
    # golds "a Girona 1" and "Girona 1" (both normalize to "girona 1"); each is left out in turn
    assert process_results_coqcat(doc, [" Girona 1\nQ: more"]) == {"em": 1.0, "f1": 1.0}
    assert process_results_coqcat(doc, [" Girona\nQ: more"]) == {"em": 0.0, "f1": pytest.approx(2 / 3)}


class ScriptedLM(LM):
    def __init__(self, answer) -> None:
        super().__init__()
        self.answer = answer

    def identity(self):
        return {"backend": "scripted"}

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        return [self.answer(r.context) for r in requests]


def test_generative_tasks_score_right_answers():
    def answer(ctx: str) -> str:
        if "Resposta:" in ctx and "Context:" in ctx:  # xquad_ca: the doc number is in the question
            n = ctx.rsplit("resposta ", 1)[1][0]
            return f" Barcelona {n}\n"
        if "ducks" in ctx:  # mgsm: Janet has N ducks
            n = ctx.rsplit("Janet has ", 1)[1].split(" ")[0]
            return f" {n}"
        return " nothing"

    out = lmeval.evaluate(ScriptedLM(answer), tasks=["xquad_ca", "mgsm_direct_fr", "afrimgsm_yor_prompt_2"],
                          bootstrap_iters=0)
    r = out["results"]
    assert r["xquad_ca"]["exact_match,none"] == 1.0 and r["xquad_ca"]["f1,none"] == 1.0
    assert r["mgsm_direct_fr"]["exact_match,remove_whitespace"] == 1.0
    assert r["mgsm_direct_fr"]["exact_match,flexible-extract"] == 1.0
    assert r["afrimgsm_yor_prompt_2"]["exact_match,flexible-extract"] == 1.0


def cli(*args):
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True, timeout=600)


def test_every_task_is_listed_and_validates():
    listed = cli("ls", "tasks")
    assert listed.returncode == 0, listed.stderr
    names = {line.split()[0] for line in listed.stdout.splitlines()[1:] if line.strip()}
    assert set(GOLDEN["zero_shot"]) <= names
    groups = cli("ls", "groups").stdout
    for g in ("belebele", "xnli", "afrixnli-irokobench", "afrimgsm_tt_cot-irokobench", "basque_bench",
              "catalan_bench", "flores_eu", "flores_ca"):
        assert g in groups
    checked = cli("validate", "--tasks", ",".join(sorted(GOLDEN["zero_shot"])))
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]
    assert f"{len(GOLDEN['zero_shot'])} file(s) checked, 0 problem(s)" in checked.stdout + checked.stderr
