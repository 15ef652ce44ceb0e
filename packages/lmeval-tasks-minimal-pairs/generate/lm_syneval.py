"""LM-SynEval (Marvin and Linzen 2018, "Targeted Syntactic Evaluation of Language Models").

One task ``lm_syneval__<phenomenon>__<construction>__<condition>`` per config of
``jmichaelov/lm_syneval`` (same name; its ``test`` split), and the group ``lm_syneval`` holding
3 phenomenon groups and 22 construction groups written inline, as lm-eval 0.4.13 writes them
(unweighted means of ``acc`` at every level).
"""

from __future__ import annotations

from pathlib import Path

from _common import group_config, task_config, write_family

SCRIPT = "lm_syneval.py"
FOLDER = "lm_syneval"
TITLE = "LM-SynEval"

_PRED = "sing_ES_EV_sing_{0} sing_ES_EV_plur_{0} plur_ES_EV_sing_{0} plur_ES_EV_plur_{0}"
_ACROSS = "sing_{0}_sing_ES_EV sing_{0}_plur_ES_EV plur_{0}_sing_ES_EV plur_{0}_plur_ES_EV"
_SUFFIX = "sing_{0}_sing_{1} sing_{0}_plur_{1} plur_{0}_sing_{1} plur_{0}_plur_{1}"

# phenomenon -> construction -> conditions, in the order of lm-eval's group file
SYNEVAL: dict[str, dict[str, list[str]]] = {
    "reflexives": {
        "simple_reflexives": ["sing_MS_ANPHR", "plur_MS_ANPHR"],
        "reflexive_sent_comp": _SUFFIX.format("MS_ANPHR", "BS").split(),
        "reflexives_across": _ACROSS.format("MS_ANPHR").split(),
    },
    "agreement": {
        "obj_rel_within_inanim": _PRED.format("IS_IV").split(),
        "vp_coord": ["sing_MS_MV_MV", "plur_MS_MV_MV"],
        "sent_comp": _SUFFIX.format("MS_MV", "BS").split(),
        "obj_rel_no_comp_within_inanim": _PRED.format("IS_IV").split(),
        "obj_rel_within_anim": _PRED.format("MS_MV").split(),
        "subj_rel": _SUFFIX.format("MS_EV_MV", "ES").split(),
        "prep_inanim": _SUFFIX.format("IS_IV", "ES").split(),
        "long_vp_coord": ["sing_MS_LMV_LMV", "plur_MS_LMV_LMV"],
        "obj_rel_across_anim": _ACROSS.format("MS_MV").split(),
        "obj_rel_across_inanim": _ACROSS.format("IS_IV").split(),
        "obj_rel_no_comp_across_anim": _ACROSS.format("MS_MV").split(),
        "obj_rel_no_comp_across_inanim": _ACROSS.format("IS_IV").split(),
        "simple_agrmt": ["sing_MS_MV", "plur_MS_MV"],
        "prep_anim": _SUFFIX.format("MS_MV", "ES").split(),
        "obj_rel_no_comp_within_anim": _PRED.format("MS_MV").split(),
    },
    "npi": {c: ["past", "future"] for c in ("npi_across_anim", "npi_across_inanim", "simple_npi_anim",
                                          "simple_npi_inanim")},
}

TEMPLATE = """\
# LM-SynEval: the grammatical sentence (choice 0) should be likelier than the ungrammatical one.
# No prompt and no delimiter: each sentence is scored from the start of the text.
dataset_path: jmichaelov/lm_syneval
output_type: multiple_choice
test_split: test
doc_to_text: ""
target_delimiter: ""
doc_to_target: 0
doc_to_choice: "{{[sentence_good, sentence_bad]}}"
num_fewshot: 0
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""


def tasks() -> list[str]:
    return [f"lm_syneval__{p}__{c}__{x}" for p, cs in SYNEVAL.items() for c, xs in cs.items() for x in xs]


def inline_groups() -> list[str]:
    """How results name the inline groups: the path of groups down to each, joined by ``::``."""
    out = []
    for p, cs in SYNEVAL.items():
        out.append(f"lm_syneval::lm_syneval__{p}")
        out += [f"lm_syneval::lm_syneval__{p}::lm_syneval__{p}__{c}" for c in cs]
    return out


GROUPS = ["lm_syneval"] + inline_groups()


def _group() -> dict:
    """``lm_syneval`` over the phenomenon groups over the construction groups, all inline."""
    phenomena = [group_config(f"lm_syneval__{p}",
                              [group_config(f"lm_syneval__{p}__{c}", [f"lm_syneval__{p}__{c}__{x}" for x in xs], ["acc"])
                               for c, xs in cs.items()], ["acc"])
                 for p, cs in SYNEVAL.items()]
    return group_config("lm_syneval", phenomena, ["acc"])


def main(root: Path) -> None:
    configs = {f"{task}.yaml": task_config(task, task) for task in tasks()}
    configs["_lm_syneval.yaml"] = _group()
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
