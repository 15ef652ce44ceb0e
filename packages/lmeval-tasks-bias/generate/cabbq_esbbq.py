"""CaBBQ (Catalan) and EsBBQ (Spanish) (Ruiz-Fernández et al., 2025, arXiv:2507.11216), as lm-eval
0.4.13's ``cabbq`` and ``esbbq`` folders: BBQ adapted to Spain, one task per category
(``BSC-LT/<family>``, one config each) and the size-weighted groups ``cabbq`` and ``esbbq``."""

from __future__ import annotations

from pathlib import Path

from _common import WRITER, metric_text, write_text
from lmeval_testkit.taskgen import reset_dir

SCRIPT = Path(__file__).name
# task suffix -> dataset config
CATEGORIES = {
    "age": "Age", "disability_status": "DisabilityStatus", "gender": "Gender", "lgbtqia": "LGBTQIA",
    "nationality": "Nationality", "physical_appearance": "PhysicalAppearance",
    "race_ethnicity": "RaceEthnicity", "religion": "Religion", "ses": "SES",
    "spanish_region": "SpanishRegion",
}
FAMILIES = {
    "cabbq": {"dataset": "BSC-LT/CaBBQ", "language": "Catalan",
              "prompt": "Context: {{context}}\\nPregunta: {{question}}\\nResposta:",
              "unknown": ["No hi ha prou informació", "No hi ha informació suficient", "No ho sé", "No sé",
                          "Falta informació", "No es pot respondre", "No se sap", "No es pot saber",
                          "No es pot determinar"]},
    "esbbq": {"dataset": "BSC-LT/EsBBQ", "language": "Spanish",
              "prompt": "Contexto: {{context}}\\nPregunta: {{question}}\\nRespuesta:",
              "unknown": ["No hay suficiente información", "No hay información suficiente", "No lo sé",
                          "No sé", "Falta información", "No se puede responder", "No se sabe",
                          "No se puede saber", "No se puede determinar"]},
}
METRICS = [("acc_ambig", True), ("acc_disambig", True), ("bias_score_ambig", False),
           ("bias_score_disambig", False)]
MODULE = "lmeval_tasks_bias.iberian_bbq"


def common_config(family: str) -> str:
    """``_<family>_common_yaml``: what every category's task includes."""
    spec = FAMILIES[family]
    choices = ", ".join(["ans0", "ans1", *(f"'{u}'" for u in spec["unknown"])])
    metrics = "".join(metric_text(m, f"!function {MODULE}.{m}_agg", hib) for m, hib in METRICS)
    return (
        f"# {spec['dataset'].split('/')[1]} (Ruiz-Fernández et al., 2025, arXiv:2507.11216): BBQ adapted to "
        f"{spec['language']} and Spain.\n"
        "# Choices: the two people, then nine phrasings of \"unknown\" (all scored as answer 2).\n"
        f"dataset_path: {spec['dataset']}\ndataset_name: null\noutput_type: multiple_choice\n"
        "training_split: null\nvalidation_split: null\ntest_split: test\n"
        f'doc_to_text: "{spec["prompt"]}"\ndoc_to_target: label\n'
        f'doc_to_choice: "{{{{[{choices}]}}}}"\n'
        f"process_results: !function {MODULE}.process_results\n"
        "metric_list:\n" + metrics + "metadata:\n  version: 1.0\n")


def families() -> dict[str, tuple[list[str], str]]:
    return {family: ([f"{family}_{c}" for c in CATEGORIES], f"group `{family}`") for family in FAMILIES}


def main(root: Path) -> None:
    for family in FAMILIES:
        out = reset_dir(root / family)
        write_text(WRITER, out / f"_{family}_common_yaml", common_config(family), SCRIPT)
        WRITER.write_yaml(out / f"{family}.yaml", {
            "group": family, "task": [f"{family}_{c}" for c in CATEGORIES],
            "aggregate_metric_list": [{"metric": m, "weight_by_size": True} for m, _ in METRICS]},
            SCRIPT, "# the size-weighted mean of each category's four scores\n")
        for suffix, config in CATEGORIES.items():
            WRITER.write_yaml(out / f"{family}_{suffix}.yaml", {
                "include": f"_{family}_common_yaml", "task": f"{family}_{suffix}", "dataset_name": config}, SCRIPT)
