"""ACPBench Hard's score of an answer (``process_results`` of the ``acp_*_gen`` tasks).

Each document's ``group`` names its question; the answer, as ``ACP_grammar_filter`` read it,
is checked as lm-eval 0.4.13 checks it: against the stored answers first, and where they do not
decide, on the document's PDDL task with a planner (:mod:`.strips`). ``score`` is the mean over
the document's responses (one, in these tasks) of 1 for a right answer and 0 otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .strips import (
    apply,
    ground,
    holds,
    is_unsolvable_with_goal,
    optimal_plans_from,
    require_libraries,
)

require_libraries()  # on import, so that a missing library stops a run before the model loads

Answer = Any  # what the grammar read: a str, a list of str, a list of lists, or None


def _said_none(answer: Answer) -> bool:
    return answer is not None and answer.strip().lower() == "none"


def _normalised_action(action: str) -> str:
    """``"( move  a b)"`` → ``"(move a b)"``."""
    assert action.startswith("(") and action.endswith(")")
    return "(" + " ".join(part.strip() for part in action[1:-1].split(" ") if part) + ")"


def _split_actions(answer: str | list) -> list[str]:
    """Action names out of text (or a list of texts): from the first '(' to the last ')',
    lower case, split between ')' and '(' joined by a newline, a comma or a space."""
    if isinstance(answer, list):
        return [action for item in answer for action in _split_actions(item)]
    if not answer.startswith("("):
        answer = answer[answer.index("("):] if "(" in answer else ""
    if not answer.endswith(")"):
        end = answer.rfind(")")
        answer = "" if end == -1 else answer[: end + 1]
    answer = answer.lower()
    for joint in (")\n(", "),(", ") ("):
        answer = answer.replace(joint, ")\x00(")
    return answer.split("\x00")


def _as_set_equal(expected: Sequence[str], answer: str | list) -> bool:
    return set(expected) == set(_split_actions(answer))


# -- one checker per question (the document's "group") ---------------------------------------

def _action_reachability(doc: dict, answer: Answer) -> bool:
    """An action that is applicable in no reachable state (or None when there is none)."""
    known = doc["answer"]
    if not known:
        return _said_none(answer)
    if answer is None:
        return False
    action = answer.strip().lower()
    if action in known:
        return True
    domain, problem = doc["PDDL_domain"].lower(), doc["PDDL_problem"].lower()
    task = ground(domain, problem)
    assert task is not None, f"Domain\n{domain}\nProblem\n{problem}\nAction: {action}"
    op = task.operator(action[1:-1])
    if op is None:
        return False
    goal = f"(and {' '.join(f'({fact})' for fact in op.pre)})"
    return is_unsolvable_with_goal(domain, problem, goal)


def _applicability(doc: dict, answer: Answer) -> bool:
    """All the actions applicable in the state, as a set."""
    if answer is None:
        return False
    expected = [a.lower() for a in doc["answer"]]
    return _as_set_equal(expected, [_normalised_action(a) for a in answer])


def _is_plan(domain: str, problem: str, plan: list[str]) -> bool:
    task = ground(domain, problem)
    if task is None:
        return False
    state = task.init
    for action in plan:
        applicable = {f"({op.name.lower()})": op for op in task.applicable(state)}
        if action.lower() not in applicable:
            return False
        state = apply(state, applicable[action.lower()])
    return holds(state, task.goal)


def _is_subsequence(plan: list[str], shorter: list[str]) -> bool:
    i = 0
    for action in plan:
        if action == shorter[i]:
            i += 1
            if i == len(shorter):
                return True
    return False


def _justification(doc: dict, answer: Answer) -> bool:
    """A proper subsequence of the question's plan that is itself a plan."""
    question = doc["inputs"] if "inputs" in doc else doc["question"]
    plan = question[19:-147].replace(") (", ")\x00(").split("\x00")
    if answer is None:
        return False
    shorter = [_normalised_action(a) for a in answer]
    if not shorter or len(plan) <= len(shorter) or not _is_subsequence(plan, shorter):
        return False
    return _is_plan(doc["PDDL_domain"].lower(), doc["PDDL_problem"].lower(), shorter)


def _landmark(doc: dict, answer: Answer) -> bool:
    """A fact known to be a landmark (or None when none is known)."""
    if answer is None:
        return False
    landmarks = [a.lower() for a in doc["answer"]["yes"]]
    if answer.strip().lower() in landmarks:
        return True
    return _said_none(answer) and not landmarks


def _next_action(doc: dict, answer: Answer) -> bool:
    """An action on an optimal plan from the state: known yes/no, else checked with K*."""
    if answer is None:
        return False
    known = doc["answer"]
    action = answer.strip().lower()
    if action in [a.lower() for a in known["yes"]]:
        return True
    if action in [a.lower() for a in known["no"]] or action not in [a.lower() for a in known["maybe"]]:
        return False
    task = ground(doc["PDDL_domain"].lower(), doc["PDDL_problem"].lower())
    if task is None:
        return False
    op = task.operator(action[1:-1])
    if op is None:
        return False
    state = task.init
    following = apply(state, op)
    optimum = known.get("opt", None)
    if optimum is None:
        plans = optimal_plans_from(task, state, num_plans=1, timeout=5)
        optimum = len(plans[0]["actions"])  # type: ignore[index]
    else:
        optimum = int(optimum)
    after = optimal_plans_from(task, following, num_plans=1, timeout=5)
    if after is None:
        return False
    return len(after[0]["actions"]) + 1 == optimum


def _progression(doc: dict, answer: Answer) -> bool:
    """The action's positive and negative effects, two sets (a missing second list is empty)."""
    if answer is None or not 1 <= len(answer) <= 2:
        return False
    positive = [a.lower() for a in doc["answer"]["pos"]]
    negative = [a.lower() for a in doc["answer"]["neg"]]
    said_negative = _split_actions(answer[1]) if len(answer) == 2 else []
    return _as_set_equal(positive, answer[0]) and set(negative) == set(said_negative)


def _reachability(doc: dict, answer: Answer) -> bool:
    """A fact that holds in no reachable state (or None when there is none)."""
    known = [f"({fact.strip().lower()})" for fact in doc["answer"]]
    if not known:
        return _said_none(answer)
    if answer is None:
        return False
    fact = answer.strip().lower()
    if fact in known:
        return True
    return is_unsolvable_with_goal(doc["PDDL_domain"].lower(), doc["PDDL_problem"].lower(), fact)


def _validation(doc: dict, answer: Answer) -> bool:
    """The index of the first inapplicable action of the sequence."""
    expected = str(doc["answer"])
    assert int(expected) >= 0, f"The index must be non-negative, received {expected}"
    return answer is not None and expected.lower() == answer.strip().lower()


CHECKS: dict[str, Callable[[dict, Answer], bool]] = {
    "reachable_action_gen": _action_reachability,
    "applicable_actions_gen": _applicability,
    "action_justification_gen": _justification,
    "landmarks_gen": _landmark,
    "goal_closer_gen": _next_action,
    "progression_gen": _progression,
    "reachable_atom_gen": _reachability,
    "validation_gen": _validation,
}


def process_results(doc: dict, results: list[Answer]) -> dict[str, float]:
    check = CHECKS.get(doc.get("group", ""))
    if check is None:
        raise ValueError(f"ACPBench: document group {doc.get('group')!r} is not one of {', '.join(CHECKS)}")
    scores = [check(doc, answer) for answer in results]
    return {"score": sum(scores) / len(scores)}
