"""BBQ (Parrish et al., 2022, Findings of ACL), as lm-eval 0.4.13's ``bbq`` folder: ``bbq`` (12
choices), ``bbq_generate`` (the answer read from a generation), each with ``_ambig`` and
``_disambig`` variants; accuracy and bias scores, overall and per category."""

from __future__ import annotations

from pathlib import Path

from _common import WRITER, metric_text, write_text
from lmeval_testkit.taskgen import reset_dir

SCRIPT = Path(__file__).name
CATEGORIES = ["Age", "Disability_status", "Gender_identity", "Nationality", "Physical_appearance",
              "Race_ethnicity", "Race_x_gender", "Race_x_SES", "Religion", "SES", "Sexual_orientation"]
BASES = ("bbq", "bbq_generate")
CONTEXTS = ("ambig", "disambig")


def main_config() -> str:
    metrics = [metric_text("acc", "mean", True),
               metric_text("accuracy_amb", "!function utils.agg_accuracy_amb", True),
               metric_text("accuracy_disamb", "!function utils.agg_accuracy_disamb", True),
               metric_text("amb_bias_score", "!function utils.agg_amb_bias_scores", False),
               metric_text("disamb_bias_score", "!function utils.agg_disamb_bias_scores", False)]
    metrics += [metric_text(f"amb_bias_score_{c}", "!function utils.agg_amb_bias_scores", False)
                for c in CATEGORIES]
    metrics += [metric_text(f"disamb_bias_score_{c}", "!function utils.agg_disamb_bias_scores", False)
                for c in CATEGORIES]
    return (
        "# BBQ (Parrish et al., 2022, Findings of ACL): a question about two people after an ambiguous\n"
        "# or a disambiguating context; the choices are the two people and ten phrasings of \"unknown\".\n"
        "# acc, accuracy per context, and bias scores (overall and per category; lower is better).\n"
        "tag:\n  - social_bias\ntask: bbq\ndataset_path: oskarvanderwal/bbq\ndataset_name: All\ntest_split: test\n"
        "output_type: multiple_choice\nprocess_docs: !function utils.process_docs\n"
        "process_results: !function utils.process_results_multiple_choice\n"
        'doc_to_text: "{{context}}\\n\\nQ: {{question}}\\nA:"\n'
        "doc_to_target: !function utils.doc_to_target\ndoc_to_choice: !function utils.doc_to_choice\n"
        "metric_list:\n" + "".join(metrics) + "metadata:\n  version: 1.0\n")


GENERATE = (
    "# the answer is generated; the choice it names (or the group of a person it\n"
    "# names) is scored as the choice. Stops at a blank line (lm-eval's default).\n"
    "# not in lm-eval's social_bias tag (the multiple-choice bbq tasks are)\n"
    "include: bbq.yaml\ntag: []\ntask: bbq_generate\noutput_type: generate_until\n"
    "process_results: !function utils.process_results_generate_until\n")


def families() -> dict[str, tuple[list[str], str]]:
    names = sorted(f"{base}{ctx}" for base in BASES for ctx in ("", *(f"_{c}" for c in CONTEXTS)))
    return {"bbq": (names, "no group or tag")}


def main(root: Path) -> None:
    out = reset_dir(root / "bbq")
    write_text(WRITER, out / "bbq.yaml", main_config(), SCRIPT)
    write_text(WRITER, out / "bbq_generate.yaml", GENERATE, SCRIPT)
    for base in BASES:
        for context in CONTEXTS:
            write_text(WRITER, out / f"{base}_{context}.yaml",
                       f"include: {base}.yaml\ntask: {base}_{context}\n"
                       f"process_docs: !function utils.process_docs_{context}\n", SCRIPT)
