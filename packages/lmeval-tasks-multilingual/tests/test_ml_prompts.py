"""Readable golden prompts, one or two per family, written out by hand from the published formats."""

from __future__ import annotations

import lmeval
from ml_data import rows


def requests(task: str, **kw) -> list:
    out = lmeval.evaluate("dummy", tasks=[task], limit=1, log_samples=True, bootstrap_iters=0, **kw)
    return out["samples"][task][0]["arguments"]


def test_belebele_passage_question_options():
    doc = rows("facebook/belebele", "eng_Latn", "test")[0]
    reqs = requests("belebele_eng_Latn")
    assert reqs[0][0] == (f"P: {doc['flores_passage']}\nQ: {doc['question'].strip()}\nA: first 0\nB: second 0\n"
                          "C: third 0\nD: fourth 0\nAnswer:")
    assert [r[1] for r in reqs] == [" A", " B", " C", " D"]


def test_belebele_few_shot_takes_the_first_test_documents_in_order():
    docs = rows("facebook/belebele", "fra_Latn", "test")
    ctx = requests("belebele_fra_Latn", num_fewshot=1)[0][0]
    # the evaluated document (0) is excluded from its own few-shot block: the first other one is 1
    assert ctx.startswith(f"P: {docs[1]['flores_passage']}\n")
    assert "\nAnswer: B\n\nP: " in ctx


def test_xnli_continuations_in_the_language():
    doc = rows("facebook/xnli", "de", "validation")[0]
    reqs = requests("xnli_de")
    p, h = doc["premise"], doc["hypothesis"]
    assert [tuple(r) for r in reqs] == [("", f" {p}, richtig? Ja, {h}"), ("", f" {p}, richtig? Auch, {h}"),
                                        ("", f" {p}, richtig? Nein, {h}")]


def test_xcopa_connective_and_lowercased_choices():
    doc = rows("cambridgeltl/xcopa", "it", "test")[0]  # question "cause"
    reqs = requests("xcopa_it")
    assert reqs[0] == [doc["premise"][:-1] + " perché", " t" + doc["choice1"][1:]]
    assert reqs[1][1] == " w" + doc["choice2"][1:]


def test_xstorycloze_story_and_endings():
    doc = rows("juletxara/xstory_cloze", "sw", "eval")[0]
    story = " ".join(doc[f"input_sentence_{k}"] for k in range(1, 5))
    assert requests("xstorycloze_sw") == [[story, " Ending one 0."], [story, " Ending two 0."]]


def test_pawsx_detokenized_pair_without_delimiter():
    reqs = requests("paws_de")
    s1 = "In 1990, he didn't join the (de-test) club 0"
    s2 = 'he joined the"de-test"club in 1990, 0.'
    assert reqs == [["", f"{s1}, richtig? Nein, {s2}"], ["", f"{s1}, richtig? Ja, {s2}"]]


def test_mgsm_direct_two_shot_block():
    ctx, gen = requests("mgsm_direct_es", num_fewshot=2)[0]
    train = rows("juletxara/mgsm", "es", "train")
    test = rows("juletxara/mgsm", "es", "test")[0]
    assert ctx.endswith(f"Pregunta: {test['question']}\nRespuesta:")
    assert ctx.count("\nRespuesta:") == 3
    for shot in ctx.split("\n\n")[:2]:
        question = shot.split("\nRespuesta:")[0]
        match = next(t for t in train if t["question"] == question)
        assert shot == f"{match['question']}\nRespuesta:{match['answer_number']}"  # target_delimiter ""
    # the language file's generation_kwargs replace the template's (include is a shallow merge)
    assert gen == {"until": ["Pregunta:", "</s>", "<|im_end|>"], "do_sample": False}


def test_mgsm_native_cot_target_drops_the_answer_prefix():
    ctx, gen = requests("mgsm_native_cot_de", num_fewshot=1)[0]
    train = rows("juletxara/mgsm", "de", "train")
    shot = ctx.split("\n\n")[0]
    match = next(t for t in train if shot.startswith(t["question"]))
    prefix = "Schritt-für-Schritt-Antwort:"
    assert match["answer"].startswith(prefix)
    assert shot == f"{match['question']}\n{prefix} {match['answer'][len(prefix) + 1:]}"
    assert gen["until"][0] == "Frage:"


def test_afrixnli_prompts():
    doc = rows("masakhane/afrixnli", "hau", "test")[0]
    p, h = doc["premise"], doc["hypothesis"]
    reqs = requests("afrixnli_hau_prompt_4")
    assert reqs[0][0] == (
        "You are an expert in Natural Language Inference (NLI) specializing in the Hausa language.\n"
        "Analyze the premise and hypothesis given in Hausa, and determine the relationship between them.\n"
        " Respond with one of the following options: 'entailment', 'contradiction', or 'neutral'. \n\n"
        f"Premise: {p} \nHypothesis: {h}")
    assert [r[1] for r in reqs] == [" entailment", " neutral", " contradiction"]
    assert requests("afrixnli_hau_prompt_2")[0] == [f"{p}\nQuestion: {h} True, False, or Neither?\nAnswer:", " True"]
    lai = requests("afrixnli_manual_direct_hau")[0][0]
    assert lai.startswith("Please identify whether the premise entails or contradicts the hypothesis in the "
                          "following premise\n    and hypothesis.")
    native = requests("afrixnli_native_direct_yor")
    assert native[0][1].endswith(", Òótọ́? Bẹ́ẹ̀ni, The hypothesis yor-test 0 holds.")


def test_afrimgsm_prompts():
    doc = rows("masakhane/afrimgsm", "twi", "test")[0]
    assert requests("afrimgsm_twi_prompt_5")[0][0] == (
        "For mathematical questions provided in Twi language. Supply the accurate numeric answer to the "
        f"provided question. \n\nQuestion: {doc['question']} \nAnswer: ")
    # upstream single-quoted YAML: a literal backslash-n, kept for parity
    assert requests("afrimgsm_cot_twi_prompt_3")[0][0] == (
        f"Solve the following math question \\n\\nQuestion: {doc['question']} \\nStep-by-Step Answer: ")


def test_basque_prompts():
    doc = rows("HiTZ/EusTrivia", "default", "test")[2]
    reqs = lmeval.evaluate("dummy", tasks=["eus_trivia"], log_samples=True, bootstrap_iters=0)["samples"]["eus_trivia"]
    assert reqs[2]["arguments"][0][0] == ("Galdera: Galdera trivia 2?\nA: c20\nB: c21\nC: c22\nD: c23\nErantzuna:")
    assert len(reqs[0]["arguments"]) == 2 and len(doc["candidates"]) == 4
    ctx, gen = requests("basque_bench_flores_en-eu")[0]
    assert ctx == "English sentence: English sentence devtest 0.\nBasque sentence:"
    assert gen == {"until": ["\n"]}
    exams = lmeval.evaluate("dummy", tasks=["eus_exams_es_ejadministrativo"], log_samples=True, bootstrap_iters=0)
    assert exams["n-samples"]["eus_exams_es_ejadministrativo"]["original"] == 3  # 2 invalid rows dropped
    assert exams["samples"]["eus_exams_es_ejadministrativo"][0]["arguments"][0][0] == (
        "Pregunta: Galdera es_ejadministrativo 0?\nA: c00\nB: c01\nC: c02\nD: c03\nRespuesta:")


def test_catalan_prompts():
    ctx, gen = requests("xquad_ca")[0]
    assert ctx == "Context: El context 0 diu que la resposta és Barcelona 0.\n\nPregunta: Quina és la resposta 0?\n\nResposta:"
    assert gen == {"until": ["\n"], "do_sample": False, "temperature": 0.0}
    out = lmeval.evaluate("dummy", tasks=["coqcat"], log_samples=True, bootstrap_iters=0)
    assert out["samples"]["coqcat"][1]["arguments"][0][0] == (
        "Una història 1.\n\nQ: Qui 1?\n\nA: en Pere 1\n\nQ: On 1?\n\nA:")
    assert requests("copa_ca")[0] == ["The man ca-test turned on the faucet 0 perquè", " the toilet filled 0."]
