"""FLD, Formal Logic Deduction (Morishita et al., 2023, arXiv:2308.07336), as lm-eval 0.4.13
registers it (its ``fld`` folder): prove, disprove or call unknown a hypothesis from facts, in
natural language (``fld_default``, ``fld_star``) or in logical formulas
(``fld_logical_formula_*``); the ``default`` and ``star`` configs of ``hitachi-nlp/FLD.v2``.
Generation with lm-eval's default arguments (greedy, until a blank line); exact match of the
answer with all whitespace removed against ``world_assump_label``.
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_yaml

SCRIPT = "fld.py"
LEAD = "Based on the provided facts ($context$), either prove or disprove the hypothesis or state that it is unknown. "
NATURAL = LEAD + "{{prompt_serial}}"
FORMULA = (LEAD + "The facts and the hypothesis are written in logical formulas as follows: capital letters such "
           "as \"{A}\", \"{B}\", \"{AB}\" are predicates, small letters such as \"{a}\", \"{b}\", \"{ab}\" are "
           "constants, \"&\" is logical conjunction, \"v\" is logical disjunction, \"¬\" is negation, \"->\" is "
           "implication, \"(x)\" is \"for all x\", and \"(Ex)\" is \"for some x\". $hypothesis$ = "
           "{{hypothesis_formula}} ; $context$ = {{context_formula}} ; $proof$ = ")


def config(task: str, name: str, prompt: str) -> dict:
    return {"task": task, "dataset_path": "hitachi-nlp/FLD.v2", "dataset_name": name, "training_split": "train",
            "validation_split": "validation", "test_split": "test", "doc_to_text": prompt,
            "doc_to_target": "world_assump_label",
            "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True}],
            "filter_list": [{"name": "remove_whitespace",
                             "filter": [{"function": "remove_whitespace"}, {"function": "take_first"}]}],
            "metadata": {"version": 2.0}}


def main(root: Path) -> None:
    out = reset_dir(root / "fld")
    for kind, prompt in (("", NATURAL), ("logical_formula_", FORMULA)):
        for name in ("default", "star"):
            task = f"fld_{kind}{name}"
            write_yaml(out / f"{task}.yaml", config(task, name, prompt), SCRIPT)
