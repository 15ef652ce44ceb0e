"""NorEval (Mikhailov et al. 2025, arXiv:2504.07749): Norwegian Bokmål and Nynorsk tasks, five or
so prompts each (``_p0`` ... ``_p5``), tagged per family and written standard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import ACC, ACC_NORM, Fn, Tree

V1 = {"version": 1.0}
LANGS = [("nob", "nb"), ("nno", "nn")]


def _gen(max_new_tokens: int) -> dict[str, Any]:
    return {"until": ["\n"], "do_sample": False, "num_beams": 1, "max_new_tokens": max_new_tokens}


def _mean(*names: str) -> list[dict[str, Any]]:
    return [{"metric": n, "aggregation": "mean", "higher_is_better": True} for n in names]


CORPUS = [{"metric": "bleu", "higher_is_better": True}, {"metric": "chrf", "higher_is_better": True}]


def _utils(tree: Tree, folder: str, doc: str, names: dict[str, str]) -> None:
    """A task folder's utils.py: each YAML-facing name bound to a pack function (or call)."""
    modules = sorted({v.split(".")[0] for v in names.values()})
    lines = [f'"""{doc}"""', "", *[f"from lmeval_tasks_multilingual import {m}" for m in modules], ""]
    lines += [f"{name} = {value}" for name, value in names.items()]
    tree.write_python(f"noreval/{folder}/utils.py", "\n".join(lines) + "\n")


# ===================================================================================== ASK-GEC
ASK_GEC = [
    "Tekst: {{source}}\nKorreksjon:",
    "Tekst: {{source}}\nRettet versjon:",
    "Skriv om følgende tekst slik at den blir grammatisk korrekt: {{source}}\nKorreksjon:",
    "Original versjon: {{source}}\nKorrekturlest og rettet versjon:",
    "Rett opp grammatiske feil i denne teksten: {{source}}\nKorreksjon:",
]


def ask_gec(tree: Tree) -> None:
    """Grammatical error correction; lm-eval scores it with generate_until's default exact_match
    (ERRANT is a separate script of lm-eval's folder, not part of the task)."""
    for i, text in enumerate(ASK_GEC):
        tree.write(f"noreval/ask_gec/ask_gec_p{i}.yaml", {
            "tag": "ask_gec", "task": f"ask_gec_p{i}", "dataset_path": "ltg/ask-gec", "output_type": "generate_until",
            "training_split": "train", "validation_split": "validation", "test_split": "test",
            "doc_to_text": text, "doc_to_target": "correction", "generation_kwargs": _gen(256), "metadata": V1})


# ========================================================================================= NCB
def ncb(tree: Tree) -> None:
    tree.write("noreval/ncb/ncb.yaml", {
        "task": "ncb", "dataset_path": "hcfa/ncb", "output_type": "multiple_choice", "test_split": "train",
        "doc_to_text": "", "doc_to_target": 0, "doc_to_choice": "{{[correct, wrong]}}", "num_fewshot": 0,
        "metric_list": [{"metric": "acc", "higher_is_better": True}], "metadata": V1})


# ================================================================================= NorBelebele
_OPTS = "{{mc_answer1}}", "{{mc_answer2}}", "{{mc_answer3}}", "{{mc_answer4}}"
_LETTERS = "A: {}\nB: {}\nC: {}\nD: {}".format(*_OPTS)
_TEXTS = "{{[mc_answer1, mc_answer2, mc_answer3, mc_answer4]}}"
NORBELEBELE = [  # (prompt, choices, target delimiter)
    (f"Tekst: {{{{flores_passage}}}}\nSpørsmål: {{{{question}}}}\n{_LETTERS}\nSvar:", ["A", "B", "C", "D"], None),
    ("Bakgrunn: {{flores_passage}}\nSpørsmål:{{question}}\nSvaralternativer:\n"
     + "\n".join(f"- {o}" for o in _OPTS) + "\nRiktig svar:", _TEXTS, None),
    (f"{{{{question}}}}\nHvilket av følgende mulige svar er det riktige?\n{_LETTERS}\nSvar:", ["A", "B", "C", "D"], None),
    ("Svar på følgende spørsmål: {{question}}\nSvaret skal baseres på følgende tekst:\n{{flores_passage}}\n"
     "Velg et svar fra denne listen:\n– {{mc_answer1}}\n– {{mc_answer2}},\n– {{mc_answer3}}\n– {{mc_answer4}}",
     _TEXTS, "\n"),
    (f"{{{{flores_passage}}}}\n\n{{{{question}}}}\n\n{_LETTERS}\n\nEr det riktige svaret A, B, C, eller D?",
     ["A", "B", "C", "D"], None),
]


def norbelebele(tree: Tree) -> None:
    for i, (text, choices, delimiter) in enumerate(NORBELEBELE):
        config: dict[str, Any] = {
            "tag": "norbelebele", "task": f"norbelebele_p{i}", "dataset_path": "facebook/belebele",
            "dataset_name": "nob_Latn", "output_type": "multiple_choice", "test_split": "test",
            "fewshot_split": "test", "fewshot_config": {"sampler": "first_n"}, "doc_to_text": text,
            "doc_to_target": "{{['1', '2', '3', '4'].index(correct_answer_num)}}", "doc_to_choice": choices}
        if delimiter:
            config["target_delimiter"] = delimiter
        tree.write(f"noreval/norbelebele/norbelebele_p{i}.yaml", {**config, "metric_list": ACC_NORM, "metadata": V1})


# ============================================================ NorCommonsenseQA, NorOpenBookQA
def _lettered(n: int, sep: str = ": ") -> str:
    return "\n".join(f"{'ABCDE'[k]}{sep}{{{{choices.text[{k}]}}}}" for k in range(n))


def _dashed(n: int, dash: str = "-") -> str:
    return "\n".join(f"{dash} {{{{choices.text[{k}]}}}}" for k in range(n))


TEXT, LABEL = "{{choices.text}}", "{{choices.label}}"
NORCSQA = {  # written standard → [(prompt, choices)]
    "nob": [("Spørsmål: {{question}}\n\nSvar:", TEXT),
            ("{{question}}\nHvilket av følgende mulige svar er det riktige?\n" + _lettered(5) + "\n\nSvar:", LABEL),
            ("Gitt alternativene under, hva er svaret på følgende spørsmål: {{question}}\n\nAlternativer:\n"
             + _dashed(5) + "\n\nSvar:", TEXT),
            ("{{question}}\nVelg riktig svar blant disse alternativene:\n" + _dashed(5, "–") + "\n\nSvar:", TEXT),
            ("{{question}}\n" + _lettered(5) + "\n\nEr det riktige svaret A, B, C, D, eller E?\n\nSvar:", LABEL)],
    "nno": [("Spørsmål: {{question}}\n\nSvar:", TEXT),
            ("{{question}}\nKva av følgande moglege svar er det rette?\n" + _lettered(5) + "\n\nSvar:", LABEL),
            ("Gitt alternativa under, kva er svaret på følgande spørsmål: {{question}}\n\nAlternativ:\n"
             + _dashed(5) + "\n\nSvar:", LABEL),
            ("{{question}}\nVel rett svar blant desse alternativa:\n" + _dashed(5, "–") + "\n\nSvar:", TEXT),
            ("{{question}}\n" + _lettered(5) + "\n\nEr det rette svaret A, B, C, D, eller E?\n\nSvar:", LABEL)],
}
NOROBQA = {
    "nob": [("{{fact}}\n{{question_stem}}", TEXT),
            ("Faktatekst: {{fact}}\nSpørsmål til teksten: {{question_stem}}\n\nSvaralternativer:\n" + _dashed(4)
             + "\n\nHva er riktig svar?", TEXT),
            ("{{fact}}\n{{question_stem}}\n" + _lettered(4) + "\n\nEr det riktige svaret A, B, C, eller D?\n\nSvar:",
             LABEL),
            ("Bakgrunn: {{fact}}\n\nSpørsmål: {{question_stem}}\n" + _lettered(4) + "\n\nSvar:", LABEL),
            ("Ta utgangspunkt i følgende fakta når du svarer på spørsmålet: {{fact}}\n\n{{question_stem}}\n"
             "Velg riktig svar blant disse alternativene:\n" + _dashed(4, "–") + "\n\nSvar:", TEXT)],
    "nno": [("{{fact}}\n{{question_stem}}", TEXT),
            ("Faktatekst: {{fact}}\nSpørsmål til teksten: {{question_stem}}\n\nSvaralternativer:\n" + _dashed(4)
             + "\n\nKva er rett svar?", TEXT),
            ("{{fact}}\n{{question_stem}}\n" + _lettered(4) + "\n\nEr det rette svaret A, B, C, eller D?\n\nSvar:",
             LABEL),
            ("Bakgrunn: {{fact}}\n\nSpørsmål: {{question_stem}}\n" + _lettered(4) + "\n\nSvar:", LABEL),
            ("Ta utgangspunkt i følgande fakta når du svarar på spørsmålet: {{fact}}\n\n{{question_stem}}\n"
             "Vel rett svar blant desse alternativa:\n" + _dashed(4, "–") + "\n\nSvar:", TEXT)],
}


def norcommonsenseqa(tree: Tree) -> None:
    for lang, config in LANGS:
        for i, (text, choices) in enumerate(NORCSQA[lang]):
            tree.write(f"noreval/norcommonsenseqa/{lang}/norcommonsenseqa_{lang}_p{i}.yaml", {
                "tag": f"norcommonsenseqa_{lang}", "task": f"norcommonsenseqa_{lang}_p{i}",
                "dataset_path": "ltg/norcommonsenseqa", "dataset_name": config, "output_type": "multiple_choice",
                "training_split": None, "validation_split": None, "test_split": "train", "doc_to_text": text,
                "doc_to_target": "{{choices.label.index(answer)}}", "doc_to_choice": choices,
                "metric_list": ACC_NORM, "metadata": V1})


def noropenbookqa(tree: Tree) -> None:
    for lang, config in LANGS:
        for i, (text, choices) in enumerate(NOROBQA[lang]):
            tree.write(f"noreval/noropenbookqa/{lang}/noropenbookqa_{lang}_p{i}.yaml", {
                "tag": f"noropenbookqa_{lang}", "task": f"noropenbookqa_{lang}_p{i}",
                "dataset_path": "ltg/noropenbookqa", "dataset_name": config, "output_type": "multiple_choice",
                "training_split": "train", "validation_split": None, "test_split": "test",
                "process_docs": Fn("utils.filter_dataset"), "doc_to_text": text,
                "doc_to_target": "{{choices.label.index(answer)}}", "doc_to_choice": choices,
                "metric_list": ACC_NORM, "metadata": V1})
        _utils(tree, f"noropenbookqa/{lang}", "NorOpenBookQA: only the questions with a fact.",
               {"filter_dataset": "noreval.with_fact"})


# ======================================================================================= NoReC
NOREC = {
    "document": [("Tekst: {{review}}\nSentiment:", ["negativ", "positiv"]),
                 ('Tekst: {{review}}\nEr anmeldelsen "positiv" eller "negativ"?', ["negativ", "positiv"]),
                 ("Er polariteten til følgende anmeldelse positiv eller negativ?\nAnmeldelse: {{review}}\n"
                  "Anmeldelsen er", ["negativ", "positiv"]),
                 ("Anmeldelse: {{review}}\nEr anmelderen positiv eller negativ?", ["negativ", "positiv"]),
                 ('Anmeldelse: {{review}}\nVil du oppsummere anmeldelsen som "bra" eller "dårlig"?',
                  ["dårlig", "bra"])],
    "sentence": [("Tekst: {{review}}\nSentiment:", ["negativ", "positiv"]),
                 ('{{review}}\nEr denne setningen "positiv" eller "negativ"?', ["negativ", "positiv"]),
                 ("{{review}}\nHva slags sentiment uttrykker anmelderen?", ["negativ", "positiv"]),
                 ('{{review}}\nEr anmeldelsen "positiv" eller "negativ"?', ["negativ", "positiv"]),
                 ("{{review}}\nEr denne setningen positiv eller negativ?", ["negativ", "positiv"])],
}


def norec(tree: Tree) -> None:
    for level, prompts in NOREC.items():
        for i, (text, choices) in enumerate(prompts):
            tree.write(f"noreval/norec/norec_{level}/norec_{level}_p{i}.yaml", {
                "tag": f"norec_{level}", "task": f"norec_{level}_p{i}", "dataset_path": f"ltg/norec_{level}",
                "dataset_name": "binary", "output_type": "multiple_choice", "training_split": "train",
                "test_split": "test", "doc_to_text": text, "doc_to_target": "sentiment", "doc_to_choice": choices,
                "metric_list": ACC + [{"metric": "f1", "aggregation": Fn("utils.multi_f1"),
                                       "higher_is_better": True}],
                "metadata": V1})
        _utils(tree, f"norec/norec_{level}", "NoReC: the macro-averaged F1 aggregation.",
               {"multi_f1": "noreval.macro_f1"})


# ==================================================================================== NorIdiom
NORIDIOM = {
    "nob": ["Fullfør dette uttrykket: {{idiom_start}}", "Skriv fortsettelsen av idiomet {{idiom_start}}",
            'Hvordan fortsetter uttrykket "{{idiom_start}}"?', 'Fullfør vendingen "{{idiom_start}}"',
            "{{idiom_start}}"],
    "nno": ["Fullfør dette uttrykket: {{idiom_start}}", "Skriv fortsetjinga av idiomet {{idiom_start}}",
            'Korleis fortset uttrykket "{{idiom_start}}"?', "Fullfør vendinga: {{idiom_start}}", "{{idiom_start}}"],
}


def noridiom(tree: Tree) -> None:
    for lang, config in LANGS:
        for i, text in enumerate(NORIDIOM[lang]):
            tree.write(f"noreval/noridiom/{lang}/noridiom_{lang}_p{i}.yaml", {
                "tag": f"noridiom_{lang}", "task": f"noridiom_{lang}_p{i}",
                "dataset_path": "Sprakbanken/Norwegian_idioms", "output_type": "generate_until",
                "training_split": None, "validation_split": None, "test_split": "test", "num_fewshot": 0,
                "process_docs": Fn(f"utils.filter_dataset_{config}"),
                "doc_to_text": text, "doc_to_target": "completion", "process_results": Fn("utils.process_results"),
                "generation_kwargs": _gen(16), "metric_list": _mean("em", "fscore"), "metadata": V1})
        _utils(tree, f"noridiom/{lang}", "NorIdiom: the idioms of one written standard; best em and F1.",
               {f"filter_dataset_{config}": f"noreval.idioms_{lang}",
                "process_results": "noreval.process_results_idiom"})


# ===================================================================================== NorQuAD
def norquad(tree: Tree) -> None:
    for i in range(5):
        tree.write(f"noreval/norquad/norquad_p{i}.yaml", {
            "tag": "norquad", "task": f"norquad_p{i}", "dataset_path": "ltg/norquad", "output_type": "generate_until",
            "training_split": "train", "validation_split": "validation", "test_split": "test",
            "process_docs": Fn("utils.process_docs"), "doc_to_text": Fn(f"utils.p{i}"),
            "doc_to_target": '{{answers["text"][0]}}', "target_delimiter": " ",
            "process_results": Fn("utils.process_results"), "generation_kwargs": _gen(32),
            "metric_list": _mean("exact_match", "f1"), "metadata": V1})
    _utils(tree, "norquad", "NorQuAD: title and passage from the context, five prompts, SQuAD em and F1.",
           {"process_docs": "noreval.norquad_docs", "process_results": "noreval.process_results_norquad",
            **{f"p{i}": f"noreval.norquad_prompt({i})" for i in range(5)}})


# ===================================================================== NorRewrite, NorSummarize
def instruct(tree: Tree) -> None:
    for name in ("norrewrite", "norsummarize"):
        tree.write(f"noreval/{name}_instruct/{name}_instruct.yaml", {
            "task": f"{name}_instruct", "dataset_path": f"ltg/{name}-instruct", "output_type": "generate_until",
            "training_split": None, "test_split": "test", "doc_to_text": "{{prompt}} {{context}}",
            "doc_to_target": "response", "generation_kwargs": _gen(256), "metric_list": CORPUS, "metadata": V1})


# ===================================================================================== NorSumm
NORSUMM = {  # (prompt, target delimiter)
    "nob": [("Skriv en oppsummering av følgende artikkel med kun noen få punkter: {{article}}\nOppsummering:", None),
            ("Oppsummer følgende artikkel med noen få setninger: {{article}}\nOppsummering:", None),
            ("{{article}}\nSkriv en kort og presis oppsummering av teksten over. Språket må være klart og lett å "
             "forstå. Sørg for å ikke introdusere feil. Oppsummeringen må dekke følgende spørsmål: hvem, hva, hvor, "
             "når, og hvorfor er denne saken viktig å vite om. Oppsummeringen må være engasjerende og fremheve "
             "nøkkelinformasjon fra artikkelen. Oppsummeringen skal inneholde maksimalt 700 tegn, inkludert "
             "mellomrom.", "\n"),
            ("Gi et kortfattet sammendrag av følgende tekst: {{article}}", "\n"),
            ("Lag en kort oppsummering som sammenfatter den følgende teksten i noen få punkter:\n{{article}}\n\n"
             "Oppsummering:", None),
            ("Hele artikkelen:\n{{article}}\n\nHovedpunkter:", None)],
    "nno": [("Skriv ei oppsummering av følgande artikkel med berre nokre få punkt: {{article}}\nOppsummering:", None),
            ("Oppsummer følgande artikkel med nokre få setningar: {{article}}\nOppsummering:", None),
            ("{{article}}\nSkriv ein kort og presis oppsummering av teksten over. Språket må vere klart og lett å "
             "forstå. Sørg for å ikkje introdusere feil. Oppsummeringa må dekkje følgande spørsmål: kven, kva, kor, "
             "når, og kvifor er denne saka viktig å vite om. Oppsummeringa må vere engasjerande og framheve "
             "nøkkelinformasjon frå artikkelen. Oppsummeringa skal innehalde maksimalt 700 tegn, inkludert "
             "mellomrom.", "\n"),
            ("Gje eit kortfatta samandrag av følgande tekst: {{article}}", "\n"),
            ("Lag ein kort oppsummering som samanfattar den følgande teksten i nokre få punkt:\n{{article}}\n\n"
             "Oppsummering:", None),
            ("Heile artikkelen:\n{{article}}\n\nHovudpunkt:", None)],
}


def norsumm(tree: Tree) -> None:
    for lang, config in LANGS:
        for i, (text, delimiter) in enumerate(NORSUMM[lang]):
            data: dict[str, Any] = {
                "tag": f"norsumm_{lang}", "task": f"norsumm_{lang}_p{i}", "dataset_path": "SamiaT/NorSumm",
                "dataset_name": config, "output_type": "generate_until", "training_split": None,
                "validation_split": None, "test_split": "test", "num_fewshot": 0, "doc_to_text": text,
                "doc_to_target": "summaries"}
            if delimiter:
                data["target_delimiter"] = delimiter
            tree.write(f"noreval/norsumm/{lang}/norsumm_{lang}_p{i}.yaml", {
                **data, "process_results": Fn("utils.process_results"), "generation_kwargs": _gen(256),
                "metric_list": _mean("bleu_max", "bleu_avg", "rougeL_max", "rougeL_avg", "bertscore_f1_max",
                                     "bertscore_f1_avg"), "metadata": V1})
        _utils(tree, f"norsumm/{lang}", "NorSumm: BLEU, ROUGE-L and BERTScore F1, best and mean over the summaries.",
               {"process_results": "noreval_generation.process_results_summary",
                "_libraries": "noreval_generation.check_summary()"})


# =============================================================================== NorTruthfulQA
TRUTHFUL_GEN = {
    "nob": ["question", "Spørsmål: {{question}}\nSvar:", "Skriv svaret på følgende spørsmål: {{question}}\nSvar:",
            "{{question}}\nHva er riktig svar på spørsmålet?\nSvar:", "Svar sant på følgende: {{question}}\nSvar:"],
    "nno": ["question", "Spørsmål: {{question}}\nSvar:", "Skriv svaret på følgande spørsmål: {{question}}\nSvar:",
            "{{question}}\nKva er rett svar på spørsmålet?\nSvar:", "Svar sant på følgande: {{question}}\nSvar:"],
}
TRUTHFUL_METRICS = [f"{m}_{k}" for m in ("bleu", "rouge1", "rouge2", "rougeL") for k in ("max", "acc", "diff")]


def nortruthfulqa(tree: Tree) -> None:
    for lang, config in LANGS:
        for i, text in enumerate(TRUTHFUL_GEN[lang]):
            tree.write(f"noreval/nortruthfulqa_gen/{lang}/nortruthfulqa_gen_{lang}_p{i}.yaml", {
                "tag": f"nortruthfulqa_gen_{lang}", "task": f"nortruthfulqa_gen_{lang}_p{i}",
                "dataset_path": "ltg/nortruthfulqa_gen", "dataset_name": config, "output_type": "generate_until",
                "training_split": None, "validation_split": "validation", "test_split": None, "num_fewshot": 0,
                "process_docs": Fn("utils.process_docs"), "doc_to_text": text, "doc_to_target": " ",
                "process_results": Fn("utils.process_results"), "generation_kwargs": _gen(64),
                "metric_list": _mean(*TRUTHFUL_METRICS), "metadata": V1})
        for i in range(5):
            data: dict[str, Any] = {
                "tag": f"nortruthfulqa_mc_{lang}", "task": f"nortruthfulqa_mc_{lang}_p{i}",
                "dataset_path": "ltg/nortruthfulqa_mc", "dataset_name": config, "output_type": "multiple_choice",
                "training_split": None, "validation_split": "validation", "test_split": None, "num_fewshot": 0,
                "doc_to_text": Fn(f"utils.p{i}_{config}"), "doc_to_target": 0,
                "doc_to_choice": "{{mc1_targets.choices}}"}
            if i in (2, 3):
                data["target_delimiter"] = "\n"
            tree.write(f"noreval/nortruthfulqa_mc/{lang}/nortruthfulqa_mc_{lang}_p{i}.yaml",
                       {**data, "metric_list": ACC, "metadata": V1})
        _utils(tree, f"nortruthfulqa_gen/{lang}", "NorTruthfulQA generation: BLEU and ROUGE against true and false "
               "answers.", {"process_docs": "noreval_generation.truthful_docs",
                            "process_results": "noreval_generation.process_results_truthful",
                            "_scorer": "noreval_generation.check_truthful()"})
        _utils(tree, f"nortruthfulqa_mc/{lang}", "NorTruthfulQA multiple choice: the five prompts.",
               {f"p{i}_{config}": f"noreval.truthful_mc_prompt({config!r}, {i})" for i in range(5)})


# ================================================================================= NRK-Quiz-QA
def nrk_quiz_qa(tree: Tree) -> None:
    for lang, config in LANGS:
        for i in range(5):
            tree.write(f"noreval/nrk_quiz_qa/{lang}/nrk_quiz_qa_{lang}_p{i}.yaml", {
                "tag": f"nrk_quiz_qa_{lang}", "task": f"nrk_quiz_qa_{lang}_p{i}", "dataset_path": "ltg/nrk_quiz_qa",
                "dataset_name": config, "output_type": "multiple_choice", "training_split": None,
                "validation_split": None, "test_split": "test", "num_fewshot": 0,
                "doc_to_text": Fn(f"utils.p{i}_{config}"), "doc_to_target": "{{choices.label.index(answer)}}",
                "doc_to_choice": LABEL if i in (2, 3) else TEXT, "metric_list": ACC_NORM, "metadata": V1})
        _utils(tree, f"nrk_quiz_qa/{lang}", "NRK-Quiz-QA: the five prompts.",
               {f"p{i}_{config}": f"noreval.nrk_prompt({config!r}, {i})" for i in range(5)})


# ===================================================================================== Tatoeba
TATOEBA = {  # direction → (config, source field, target field, prompts)
    "eng_nob": ("eng-nob", "sourceString", "targetString", [
        "Engelsk: {x}\nBokmål:", "Oversett følgende setning til norsk bokmål: {x}\nBokmål:",
        "Gi en oversettelse til bokmål for denne setningen: {x}\nBokmål:", 'Hva blir "{x}" på bokmål?\nBokmål:']),
    "eng_nno": ("eng-nno", "sourceString", "targetString", [
        "Engelsk: {x}\nNynorsk:", "Omsett følgande setning til nynorsk: {x}\nNynorsk:",
        "Gje ei nynorsk omsetjing av denne setninga: {x}\nNynorsk:", 'Kva blir "{x}" på nynorsk?\nNynorsk:']),
    "nob_eng": ("eng-nob", "targetString", "sourceString", [
        "Bokmål: {x}\nEngelsk:", "Oversett følgende setning til engelsk: {x}\nEngelsk:",
        "Gi en engelsk oversettelse av denne setningen: {x}\nEngelsk:", 'Hva blir "{x}" på engelsk?\nEngelsk:']),
    "nno_eng": ("eng-nno", "targetString", "sourceString", [
        "Nynorsk: {x}\nEngelsk:", "Omsett følgande setning til engelsk: {x}\nEngelsk:",
        "Gje ei engelsk omsetjing av denne setninga: {x}\nEngelsk:", 'Kva blir "{x}" på engelsk?\nEngelsk:']),
}


def tatoeba(tree: Tree) -> None:
    for direction, (config, source, target, prompts) in TATOEBA.items():
        for i, prompt in enumerate(prompts):
            tree.write(f"noreval/tatoeba/tatoeba_{direction}/tatoeba_{direction}_p{i}.yaml", {
                "tag": f"tatoeba_{direction}", "task": f"tatoeba_{direction}_p{i}",
                "dataset_path": "Helsinki-NLP/tatoeba_mt", "dataset_name": config, "output_type": "generate_until",
                "training_split": "validation", "test_split": "test",
                "doc_to_text": prompt.replace("{x}", "{{" + source + "}}"), "doc_to_target": target,
                "generation_kwargs": _gen(256), "metric_list": CORPUS, "metadata": V1})


FAMILIES = [ask_gec, ncb, norbelebele, norcommonsenseqa, noropenbookqa, norec, noridiom, norquad, instruct,
            norsumm, nortruthfulqa, nrk_quiz_qa, tatoeba]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
