"""A PDDL task as a grounded STRIPS model, and the planner calls ACPBench Hard's checks make.

Grounding is tarski's (LP grounding with clingo); an action or fact is named as the benchmark
names it, ``"name arg1 arg2"`` (lower case where the PDDL was lowered). Planning is K*'s top-q
planner (``kstar-planner``); a state is written back into a PDDL problem with the ``pddl``
library, as lm-eval 0.4.13's acpbench helpers do, so that the verdicts are the same.
All three libraries come with ``lmeval-tasks-classic[acpbench]``.
"""

from __future__ import annotations

import logging
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lmeval.requires import missing_library, require

from . import EXTRA

log = logging.getLogger(__name__)
_NEEDED_BY = "ACPBench Hard (acp_*_gen)"
#: what each check imports: (module, the distribution that provides it)
LIBRARIES = (("lark", "lark"), ("tarski", "tarski"), ("tarski.grounding.lp_grounding", "tarski[clingo]"),
             ("pddl", "pddl"), ("kstar_planner", "kstar-planner"))


def require_libraries() -> None:
    """Import the planning libraries, or raise the one-line error naming the extra."""
    for module, library in LIBRARIES:
        require(module, needed_by=_NEEDED_BY, library=library, install=EXTRA)
    # tarski grounds with clingo's Python bindings, else a gringo binary; with neither, every
    # task would fail to ground and every planner-checked answer would silently score 0
    from tarski.errors import CommandNotFoundError
    from tarski.reachability.clingo_wrapper import get_gringo_command

    try:
        get_gringo_command()
    except CommandNotFoundError:
        raise missing_library("clingo", needed_by=_NEEDED_BY, install=EXTRA,
                              note="(or a gringo binary on PATH)") from None


def plain_name(text: str) -> str:
    """``"(at c0 l1)"``, ``"at(c0, l1)"`` or ``"at c0 l1"`` → ``"at c0 l1"``."""
    if text[0] == "(" and text[-1] == ")":
        return text[1:-1]
    text = text.replace(", ", " ").replace(",", " ")
    if "(" in text:
        assert text[-1] == ")", f"Broken name? {text}"
        text = text.replace("(", " ").replace(")", "")
    return text


@dataclass(eq=False)
class Operator:
    """A ground action: its name and its precondition, add and delete sets of fact names."""

    name: str
    pre: set[str]
    add: set[str]
    delete: set[str]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Operator) and self.name == other.name

    def __hash__(self) -> int:
        return hash(self.name)


def holds(state: set[str], facts: set[str]) -> bool:
    return facts <= state


def apply(state: set[str], op: Operator) -> set[str]:
    assert holds(state, op.pre), f"{op.name} is not applicable in this state"
    return (state - op.delete) | op.add


class StripsTask:
    """A PDDL domain and problem grounded: facts, initial state, goal and operators (by
    lower-case name). Raises whatever tarski raises on PDDL it cannot read or ground."""

    def __init__(self, domain: str, problem: str) -> None:
        from tarski import syntax
        from tarski.grounding.lp_grounding import LPGroundingStrategy
        from tarski.io import PDDLReader
        from tarski.syntax.transform.action_grounding import (
            ground_schema_into_plain_operator_from_grounding,
        )

        self.domain_text, self.problem_text = domain, problem
        reader = PDDLReader(raise_on_error=True)
        with _Files(domain, problem) as files:
            reader.parse_domain(files.domain)
            parsed = reader.parse_instance(files.problem)
        self._grounder = LPGroundingStrategy(parsed, include_variable_inequalities=True)
        ground_facts = {v.to_atom() for v in self._grounder.ground_state_variables().objects}
        self.facts = {plain_name(str(f)) for f in ground_facts}
        self.init = {plain_name(str(f)) for f in parsed.init.as_atoms() if f in ground_facts}
        if isinstance(parsed.goal, syntax.Atom):
            goal = [parsed.goal]
        else:
            goal = [f for f in parsed.goal.subformulas if f in ground_facts]
        self.goal = {plain_name(str(f)) for f in goal}
        self.operators: dict[str, Operator] = {}
        for schema_name, groundings in self._grounder.ground_actions().items():
            schema = parsed.get_action(schema_name)
            for grounding in groundings:
                op = self._operator(ground_schema_into_plain_operator_from_grounding(schema, grounding))
                self.operators[op.name.lower()] = op

    def _operator(self, ground: Any) -> Operator:
        from tarski.io import fstrips
        from tarski.syntax.formulas import is_atom

        def names(kind: type) -> set[str]:
            return {plain_name(str(e.atom)) for e in ground.effects if isinstance(e, kind)} & self.facts

        pre = ground.precondition
        parts = [pre] if is_atom(pre) else pre.subformulas
        return Operator(plain_name(str(ground)), {plain_name(str(f)) for f in parts} & self.facts,
                        names(fstrips.AddEffect), names(fstrips.DelEffect))

    def operator(self, name: str) -> Operator | None:
        """The ground action called ``name`` (``"(...)"`` or bare), None if there is none."""
        if "(" in name and name[-1] != ")":
            return None
        return self.operators.get(plain_name(name).lower())

    def applicable(self, state: set[str]) -> list[Operator]:
        return [op for op in self.operators.values() if holds(state, op.pre)]

    def static_facts(self) -> set[str]:
        """The ground facts of the predicates no action changes."""
        from tarski.grounding.common import StateVariableLite

        model = self._grounder._solve_lp()
        out = set()
        for symbol in self._grounder.static_symbols:
            for binding in model.get("atom_" + symbol.name, ()):
                constants = tuple(symbol.language.get(c) for c in binding)
                out.add(plain_name(str(StateVariableLite(symbol, constants))))
        return out

    def pddl_from(self, state: set[str]) -> tuple[str, str]:
        """The domain, and the problem with ``state`` (plus the static facts) as its initial state."""
        from pddl.core import Problem
        from pddl.parser.domain import DomainParser
        from pddl.parser.problem import ProblemParser

        domain = DomainParser()(self.domain_text.lower())
        problem = ProblemParser()(self.problem_text.lower())
        init = _pddl_atoms(domain, problem, state | self.static_facts())
        new = Problem(problem.name, domain=domain, objects=problem.objects, init=init, goal=problem.goal)
        return str(domain), str(new)


def _pddl_atoms(domain: Any, problem: Any, facts: Iterable[str]) -> set[Any]:
    """Fact names as ``pddl`` ground predicates of ``domain`` over the problem's objects."""
    args_of: dict[str, list[list[str]]] = defaultdict(list)
    used: set[str] = set()
    for fact in facts:
        name, *args = fact.lower().strip().split(" ")
        args_of[name].append(args)
        used |= set(args)
    found = [o for o in problem.objects | domain.constants if o.name.lower() in used]
    objects = {o.name.lower(): o for o in found}
    assert len(used) == len(found), f"Could not identify all objects: {used - set(objects)} not found"
    atoms = []
    covered = set()
    for predicate in domain.predicates:
        name = predicate.name.lower()
        if name in args_of:
            covered.add(name)
            assert len(args_of[name][0]) == predicate.arity, f"The arity does not match: {args_of[name]}"
            atoms.extend(predicate(*(objects[a] for a in args)) for args in args_of[name])
    assert len(covered) == len(args_of), f"Covered predicates: {sorted(covered)} vs {sorted(args_of)}"
    return set(atoms)


class _Files:
    """A domain and a problem text as two temporary files, for tarski and the planner."""

    def __init__(self, domain: str, problem: str) -> None:
        self._handles = [tempfile.NamedTemporaryFile(), tempfile.NamedTemporaryFile()]
        for handle, text in zip(self._handles, (domain, problem), strict=True):
            Path(handle.name).write_text(text, encoding="utf8")
        self.domain, self.problem = (h.name for h in self._handles)

    def __enter__(self) -> _Files:
        return self

    def __exit__(self, *exc: object) -> None:
        for handle in self._handles:
            handle.close()


def ground(domain: str, problem: str) -> StripsTask | None:
    """The grounded task of two PDDL texts (lowered), None if they do not parse or ground."""
    try:
        return StripsTask(domain.lower(), problem.lower())
    except Exception as exc:  # noqa: BLE001 - as lm-eval: a task that does not ground fails the check
        log.warning("ACPBench: the PDDL task does not ground: %s", exc)
        return None


def _top_q_plans(domain_file: str, problem_file: str, num_plans: int, timeout: int) -> dict:
    from kstar_planner import planners

    return planners.plan_unordered_topq(domain_file=Path(domain_file), problem_file=Path(problem_file),
                                        number_of_plans_bound=num_plans, quality_bound=1.0,
                                        timeout=timeout)


def optimal_plans_from(task: StripsTask, state: set[str], num_plans: int, timeout: int) -> list | None:
    """Optimal plans from ``state`` to the task's goal (K*), None when none is found."""
    domain, problem = task.pddl_from(state)
    with _Files(domain, problem) as files:
        plans = _top_q_plans(files.domain, files.problem, num_plans, timeout)
    if plans is None or len(plans["plans"]) == 0:
        return None
    return plans["plans"]


def is_unsolvable(domain: str, problem: str) -> bool:
    """Whether K* proves the task unsolvable within 3 s (a planner error counts as no)."""
    with _Files(str(domain), str(problem)) as files:
        plans = _top_q_plans(files.domain, files.problem, 1, 3)
    if len(plans["planner_error"]) > 0:
        log.warning("ACPBench: planner error: %s", plans["planner_error"].split("\n")[0])
        return False
    if plans is None or len(plans["plans"]) == 0:
        return plans["unsolvable"]
    return False


def goal_section(problem: str) -> str:
    """The ``(:goal ...)`` part of a PDDL problem text."""
    rest = problem.split("(:goal")[1]
    depth = 1
    for i, char in enumerate(rest):
        if char == ")":
            depth -= 1
        if char == "(":
            depth += 1
        if depth == 0:
            return "(:goal" + rest[: i + 1]
    raise AssertionError("the problem's (:goal ...) is not closed")


def is_unsolvable_with_goal(domain: str, problem: str, goal: str) -> bool:
    """Whether the problem becomes unsolvable when its goal is replaced by ``goal``."""
    return is_unsolvable(domain, problem.replace(goal_section(problem), f"(:goal {goal} )"))
