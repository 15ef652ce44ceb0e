"""AfriXNLI and AfriMGSM (Adelani et al. 2024, IrokoBench)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    EXACT,
    FLEXIBLE,
    REMOVE_WS,
    Fn,
    Tree,
    group,
    nli_choice,
    strict,
)
from mgsm import mgsm_target

# ====================================================================================== afri-*
# IrokoBench, Adelani et al. 2024, arXiv:2406.03368: AfriXNLI, AfriMGSM (and AfriMMLU, in
# lmeval-tasks-mmlu). Five prompt templates per task; translate-test ("tt") variants read the
# English machine translations (masakhane/*-translate-test).
AFRI_NAMES = {
    "amh": "Amharic", "eng": "English", "ewe": "Ewe", "fra": "French", "hau": "Hausa", "ibo": "Igbo",
    "kin": "Kinyarwanda", "lin": "Lingala", "lug": "Luganda", "orm": "Oromo", "sna": "chiShona",
    "sot": "Sesotho", "swa": "Swahili", "twi": "Twi", "vai": "Vai", "wol": "Wolof", "xho": "isiXhosa",
    "yor": "Yoruba", "zul": "Zulu",
}
AFRIXNLI_LANGS = [k for k in AFRI_NAMES if k != "vai"]
# "<premise>, <Right>? <Yes|Also|No>, <hypothesis>" in each language (the anli native-direct prompt)
AFRIXNLI_NATIVE = {
    "amh": ("ትክክል", "አዎ", "እንዲሁም", "አይ"), "eng": ("Right", "Yes", "Also", "No"),
    "ewe": ("Esɔ gbe", "\u0190\u0303", "Ha\u0303", "Ao"), "fra": ("correct", "Oui", "Aussi", "Non"),
    "hau": ("Daidai", "Ee", "Haka kuma", "A'a"), "ibo": ("Ziri ezi", "Éè", "Ọzọkwa", "Mba"),
    "kin": ("Nibyo", "Yego", "Na none", "Oya"), "lin": ("Malamu", "Iyo", "Lisusu", "Te"),
    "lug": ("Kituufu", "Yee", "N’ekirala", "Nedda"), "orm": ("Sirrii", "Eeyyee", "Akkasumas", "Lakki"),
    "sna": ("Chokwadi", "Hongu", "Uye", "Kwete"), "sot": ("Nepile", "E", "Hape", "Tjhe"),
    "swa": ("Sahihi", "Ndiyo", "Pia", "Hapana"), "twi": ("Nifa", "Aane", "Anaasɛ", "Daabi"),
    "wol": ("Dëgg", "Waaw", "Itam", "Déet"), "xho": ("Ichanekile", "Ewe", "Kananjalo", "Hayi"),
    "yor": ("Òótọ́", "Bẹ́ẹ̀ni", "Àti pé", "Rárá"), "zul": ("Kulungile", "Yebo", "Futhi", "Cha"),
}
NLI_WORDS = ["entailment", "neutral", "contradiction"]
TRUE_FALSE = ["True", "Neither", "False"]
AFRIXNLI_PROMPT_1 = ("Please identify whether the premise entails or contradicts the hypothesis in the following "
                     "premise and hypothesis. The answer should be exact entailment, contradiction, or neutral.\n\n"
                     "Premise: {{premise}}\nHypothesis: {{hypothesis}}\n\nIs it entailment, contradiction, or neutral?")
ANLI_TEXT = "{{premise}}\nQuestion: {{hypothesis}} True, False, or Neither?\nAnswer:"


def afrixnli_text(prompt: int, lang: str) -> str | None:
    name = AFRI_NAMES[lang]
    return {
        1: AFRIXNLI_PROMPT_1,
        2: None,
        3: (f"Given the following premise and hypothesis in {name}, identify if the premise entails, contradicts, "
            "or is neutral towards the hypothesis. Please respond with exact 'entailment', 'contradiction', or "
            "'neutral'. \n\nPremise: {{premise}} \nHypothesis: {{hypothesis}}"),
        4: (f"You are an expert in Natural Language Inference (NLI) specializing in the {name} language.\n"
            f"Analyze the premise and hypothesis given in {name}, and determine the relationship between them.\n"
            " Respond with one of the following options: 'entailment', 'contradiction', or 'neutral'. \n\n"
            "Premise: {{premise}} \nHypothesis: {{hypothesis}}"),
        5: ("Based on the given statement, is the following claim 'true', 'false', or 'inconclusive'. \n"
            "Statement: {{premise}} \nClaim: {{hypothesis}}"),
    }[prompt]


def afrixnli_metrics() -> list[dict[str, Any]]:
    return [{"metric": "f1", "aggregation": Fn("utils.weighted_f1_score"), "average": "weighted",
             "higher_is_better": True, "ignore_case": True, "ignore_punctuation": True},
            {"metric": "acc", "aggregation": "mean", "higher_is_better": True,
             "ignore_case": True, "ignore_punctuation": True}]


def afrixnli(tree: Tree) -> None:
    choices = {1: NLI_WORDS, 2: TRUE_FALSE, 3: NLI_WORDS, 4: NLI_WORDS, 5: ["true", "inconclusive", "false"]}
    for mode, path, langs in (("direct", "masakhane/afrixnli", AFRIXNLI_LANGS),
                              ("translate", "masakhane/afrixnli-translate-test",
                               [x for x in AFRIXNLI_LANGS if x != "eng"])):
        for p in range(1, 6):
            splits: dict[str, Any] = ({"validation_split": "validation", "test_split": "test",
                                       "fewshot_split": "validation"} if mode == "direct"
                                      else {"test_split": "test", "fewshot_split": "test"})
            template: dict[str, Any] = {
                "tag": ["afrixnli_tasks", f"afrixnli_tasks_prompt_{p}"] if mode == "direct" else "afrixnli_tt_tasks",
                "dataset_path": path, "output_type": "multiple_choice", **splits}
            if p == 2:
                template["doc_to_text"] = ANLI_TEXT
            template.update({"doc_to_target": Fn(f"utils.doc_to_target_prompt_{p}"), "doc_to_choice": choices[p],
                             "should_decontaminate": True, "doc_to_decontamination_query": "premise",
                             "metric_list": afrixnli_metrics(), "metadata": {"version": 1.0}})
            tname = "_afrixnli_yaml" if mode == "direct" else "_afrixnli_translate_yaml"
            tree.write(f"afrixnli/{mode}/prompt_{p}/{tname}", template)
            for lang in langs:
                task = (f"afrixnli_{lang}_prompt_{p}" if mode == "direct"
                        else f"afrixnli_translate_{lang}_prompt_{p}")
                cfg: dict[str, Any] = {"include": tname, "task": task, "dataset_name": lang}
                text = afrixnli_text(p, lang)
                if text is not None:
                    cfg["doc_to_text"] = text
                tree.write(f"afrixnli/{mode}/prompt_{p}/{task}.yaml", cfg)
            tree.write_python(f"afrixnli/{mode}/prompt_{p}/utils.py", AFRI_UTILS)
    tree.write("afrixnli/direct/afrixnli.yaml", group(
        "afrixnli-irokobench", [f"afrixnli_tasks_prompt_{p}" for p in range(1, 6)], metrics=["acc"], version=2))
    tree.write("afrixnli/translate/afrixnli_tt.yaml", group(
        "afrixnli_tt-irokobench", ["afrixnli_tt_tasks"], metrics=["acc"], version=2))
    # The original anli- and Lai-prompt tasks.
    legacy = [
        ("anli_prompt/en_direct", "en_direct", "masakhane/afrixnli", AFRIXNLI_LANGS, "anli"),
        ("anli_prompt/native_direct", "native_direct", "masakhane/afrixnli", AFRIXNLI_LANGS, "native"),
        ("anli_prompt/translate", "translate", "masakhane/afrixnli-translate-test", [x for x in AFRIXNLI_LANGS if x != "eng"], "anli"),
        ("lai_prompt/direct", "manual_direct", "masakhane/afrixnli", AFRIXNLI_LANGS, "lai"),
        ("lai_prompt/translate", "manual_translate", "masakhane/afrixnli-translate-test", [x for x in AFRIXNLI_LANGS if x != "eng"], "lai"),
    ]
    for folder, kind, path, langs, style in legacy:
        direct = path == "masakhane/afrixnli"
        splits = ({"validation_split": "validation", "test_split": "test", "fewshot_split": "validation"}
                  if direct else {"test_split": "test"})
        template = {"tag": ["afrixnli", f"afrixnli_{kind}"], "dataset_path": path,
                    "output_type": "multiple_choice", **splits}
        if style == "anli":
            template.update({"doc_to_text": ANLI_TEXT, "doc_to_target": Fn("utils.doc_to_target_prompt_2"),
                             "doc_to_choice": TRUE_FALSE, "should_decontaminate": True,
                             "doc_to_decontamination_query": "premise"})
        elif style == "native":
            template.update({"doc_to_target": "label", "doc_to_text": ""})
        else:
            template.update({"doc_to_text": Fn("utils.lai_doc_to_text"), "doc_to_target": Fn("utils.doc_to_target_prompt_1"),
                             "doc_to_choice": NLI_WORDS, "should_decontaminate": True,
                             "doc_to_decontamination_query": "premise"})
        template.update({"metric_list": afrixnli_metrics(), "metadata": {"version": 1.0}})
        tree.write(f"afrixnli/{folder}/_afrixnli_{kind}_yaml", template)
        for lang in langs:
            cfg = {"include": f"_afrixnli_{kind}_yaml", "task": f"afrixnli_{kind}_{lang}", "dataset_name": lang}
            if style == "native":
                cfg["doc_to_choice"] = nli_choice(*AFRIXNLI_NATIVE[lang])
            tree.write(f"afrixnli/{folder}/afrixnli_{kind}_{lang}.yaml", cfg)
        tree.write_python(f"afrixnli/{folder}/utils.py", AFRI_UTILS)


AFRI_UTILS = '''"""AfriXNLI helpers: the label words of each prompt, Lai's prompt, weighted F1."""

from lmeval_tasks_multilingual.afri import (
    doc_to_target_prompt_1,
    doc_to_target_prompt_2,
    doc_to_target_prompt_3,
    doc_to_target_prompt_4,
    doc_to_target_prompt_5,
    lai_doc_to_text,
)
from lmeval_tasks_multilingual.scoring import weighted_f1_score

__all__ = ["doc_to_target_prompt_1", "doc_to_target_prompt_2", "doc_to_target_prompt_3",
           "doc_to_target_prompt_4", "doc_to_target_prompt_5", "lai_doc_to_text", "weighted_f1_score"]
'''

AFRIMGSM_LANGS = list(AFRI_NAMES)
MGSM_QA = '{% if answer is not none %}{{question+"\\nANS"}}{% else %}{{"Question: "+question+"\\nANS"}}{% endif %}'


def afrimgsm_text(prompt: int, lang: str, cot: bool) -> str:
    """The five AfriMGSM prompts; the CoT templates 2 and 3 keep lm-eval's literal "\\n" (see README)."""
    name = AFRI_NAMES[lang]
    if prompt == 1:
        return MGSM_QA.replace("ANS", "Step-by-Step Answer:" if cot else "Answer:")
    if prompt == 2:
        return ("Give direct numerical answers for the question provided. \\n\\nQuestion: {{question}} "
                "\\Step-by-Step Answer: " if cot else
                "Give direct numerical answers for the question provided. \n\nQuestion: {{question}} \nAnswer: ")
    if prompt == 3:
        return ("Solve the following math question \\n\\nQuestion: {{question}} \\nStep-by-Step Answer: " if cot
                else "Solve the following math question \n\nQuestion: {{question}} \nAnswer: ")
    if prompt == 4:
        return ("Answer the given question with the step by step solution appropriate numerical value, ensuring "
                "that the response is clear and without any supplementary information. \n\nQuestion: "
                "{{question}} \nStep by step answer: " if cot else
                "Answer the given question with the appropriate numerical value, ensuring that the response is "
                "clear and without any supplementary information. \n\nQuestion: {{question}} \nAnswer: ")
    return (f"For mathematical questions provided in {name} language. Supply the accurate step by step answer "
            "to the provided question. \n\nQuestion: {{question}} \nStep by step answer: " if cot else
            f"For mathematical questions provided in {name} language. Supply the accurate numeric answer to the "
            "provided question. \n\nQuestion: {{question}} \nAnswer: ")


def afrimgsm(tree: Tree) -> None:
    modes = {  # folder: (tag prefix, dataset, languages, cot, task name prefix, group, group member)
        "direct": ("afrimgsm_tasks", "masakhane/afrimgsm", AFRIMGSM_LANGS, False, "afrimgsm",
                   "afrimgsm-irokobench", None),
        "direct_cot": ("afrimgsm_cot_tasks", "masakhane/afrimgsm", AFRIMGSM_LANGS, True, "afrimgsm_cot",
                       "afrimgsm_cot-irokobench", "afrimgsm_cot_tasks"),
        "translate": ("afrimgsm_tt_tasks", "masakhane/afrimgsm-translate-test",
                      [x for x in AFRIMGSM_LANGS if x not in ("eng", "vai")], False, "afrimgsm_translate",
                      "afrimgsm_tt-irokobench", "afrimgsm_tt_tasks"),
        "translate_cot": ("afrimgsm_tt_cot_tasks", "masakhane/afrimgsm-translate-test",
                          [x for x in AFRIMGSM_LANGS if x != "eng"], True, "afrimgsm_cot_translate",
                          "afrimgsm_tt_cot-irokobench", "afrimgsm_tt_cot_tasks"),
    }
    for folder, (tag, path, langs, cot, prefix, gname, member) in modes.items():
        for p in range(1, 6):
            tags = [tag, f"{tag}_prompt_{p}"] if folder in ("direct", "direct_cot") else tag
            template: dict[str, Any] = {"tag": tags, "dataset_path": path, "output_type": "generate_until"}
            if folder == "direct_cot":
                template["training_split"] = "train"
            template["test_split"] = "test"
            template["doc_to_target"] = mgsm_target(21)
            if p in (1, 2, 3):
                template["doc_to_text"] = afrimgsm_text(p, "eng", cot)
            until = ["Question:", "</s>", "<|im_end|>"] + (["<|eot_id|>"] if folder == "direct_cot" else [])
            if not cot:
                template["target_delimiter"] = ""
            template["generation_kwargs"] = {"do_sample": False, "until": until}
            if folder == "translate" and p == 2:
                template.update({"should_decontaminate": True, "doc_to_decontamination_query": "Answer: "})
            template["filter_list"] = ([strict("The answer is (\\-?[0-9\\.\\,]+)"), FLEXIBLE] if cot
                                       else [REMOVE_WS, FLEXIBLE])
            template["metric_list"] = EXACT
            template["metadata"] = {"version": 2.0}
            tname = f"_{prefix}_yaml"
            tree.write(f"afrimgsm/{folder}/prompt_{p}/{tname}", template)
            for lang in langs:
                task = f"{prefix}_{lang}_prompt_{p}"
                cfg: dict[str, Any] = {"include": tname, "task": task, "dataset_name": lang}
                if p in (4, 5):
                    cfg["doc_to_text"] = afrimgsm_text(p, lang, cot)
                tree.write(f"afrimgsm/{folder}/prompt_{p}/{task}.yaml", cfg)
        members = [f"{tag}_prompt_{p}" for p in range(1, 6)] if member is None else [member]
        # lm-eval aggregates "acc", which these generative tasks do not produce (its group score is
        # empty); we aggregate what they report: exact match after each filter.
        tree.write(f"afrimgsm/{folder}/{gname}.yaml", group(gname, members, version=2, extra=[
            {"metric": "exact_match", "aggregation": "mean", "weight_by_size": True, "filter_list": f}
            for f in (["strict-match", "flexible-extract"] if cot else ["remove_whitespace", "flexible-extract"])]))


FAMILIES = [afrixnli, afrimgsm]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
