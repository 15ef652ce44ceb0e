"""Fixture rows for ACPBench Hard's generative configs (``ibm-research/acp_bench``,
``acp_<question>_gen``), in the Hub schema: ``id``, ``group``, ``context``, ``question``,
``answer`` (typed per question as on the Hub), ``PDDL_domain``, ``PDDL_problem``.

Rows 0 and 1 are the two worked examples of the task (real PDDL tasks: a grid with keys and a
logistics problem) with their answers in the Hub's types; row 2 changes the stored answers so
that the checks that need the planner run (a "maybe" next action, an unknown unreachable fact,
no known landmark, ...).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SHOTS = Path(__file__).resolve().parents[2] / "generate" / "acpbench_gen_shots.json"
#: config → the document "group" (the question kind lm-eval's scoring dispatches on)
GROUPS = {"acp_app_gen": "applicable_actions_gen", "acp_areach_gen": "reachable_action_gen",
          "acp_just_gen": "action_justification_gen", "acp_land_gen": "landmarks_gen",
          "acp_nexta_gen": "goal_closer_gen", "acp_prog_gen": "progression_gen",
          "acp_reach_gen": "reachable_atom_gen", "acp_val_gen": "validation_gen"}


def _actions(text: str) -> list[str]:
    return re.findall(r"\([^()]*\)", text)


def _answer(config: str, text: str, variant: int) -> object:
    """The shot's answer text in the Hub's type for ``config``; ``variant`` 2 alters it."""
    found = _actions(text)
    if config == "acp_app_gen":
        return found if variant < 2 else found[:-1]
    if config == "acp_areach_gen":
        return found if variant < 2 else []
    if config == "acp_reach_gen":  # stored without parentheses
        return [a[1:-1] for a in found] if variant < 2 else ["at-robot f9-9f"]
    if config == "acp_land_gen":
        return {"no": ["(arm-empty)"], "yes": found if variant < 2 else []}
    if config == "acp_nexta_gen":
        if variant < 2:
            return {"maybe": [], "no": ["(move f0-0f f0-1f)"], "opt": None, "yes": found}
        return {"maybe": found, "no": [], "opt": None, "yes": []}
    if config == "acp_prog_gen":
        positive, negative = (_actions(part) for part in text.split("] ["))
        return {"neg": negative, "pos": positive if variant < 2 else positive + negative}
    if config == "acp_just_gen":
        return [found[:1], found[1:3]]
    if config == "acp_val_gen":
        return int(text) + (variant == 2)
    raise KeyError(config)


def rows(config: str) -> list[dict]:
    shots = json.loads(SHOTS.read_text(encoding="utf-8"))["gen_2shot_with_pddl"][config + "_with_pddl"]
    out = []
    for i, shot in enumerate([*shots, shots[0]]):
        out.append({"id": 5000 + i, "group": GROUPS[config], "context": shot["context"],
                    "question": shot["question"], "answer": _answer(config, shot["answer"], i),
                    "PDDL_domain": shot["PDDL_domain"], "PDDL_problem": shot["PDDL_problem"]})
    return out


def write_all(write) -> None:
    """``write(hub_id, config, split, rows)`` for every generative config's test split."""
    for config in GROUPS:
        write("ibm-research/acp_bench", config, "test", rows(config))
