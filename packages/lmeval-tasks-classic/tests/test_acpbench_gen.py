"""ACPBench Hard (``acp_*_gen``, ``acp_*_gen_with_pddl``): requests, answer reading and scores as
lm-eval 0.4.13 gives them on the fixtures (``golden/acpbench_gen.json``, written by
``tools/make_acp_goldens.py``), and the one-line error when the ``[acpbench]`` extra is missing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "acpbench_gen.json")
LIBRARIES = ("lark", "tarski", "pddl", "kstar_planner", "clingo")
MISSING = [name for name in LIBRARIES if importlib.util.find_spec(name) is None]
needs_extra = pytest.mark.skipif(
    bool(MISSING), reason=f"the [acpbench] extra is not installed here (missing: {', '.join(MISSING)})")


def test_every_generative_task_has_a_golden_record():
    names = {case["task"] for case in GOLDEN}
    assert len(names) == 16
    assert {n for n in names if n.endswith("_with_pddl")} == {f"{n}_with_pddl" for n in names
                                                               if not n.endswith("_with_pddl")}


@needs_extra
@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_requests_match_reference(case, build):
    check_golden_case(case, build)


SCORED = [case for case in GOLDEN if "documents" in case]
#: most of their answers are checked by the planner (K*, about 0.3 s a call)
PLANNER_HEAVY = {"acp_reach_gen", "acp_areach_gen"}


@needs_extra
@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c["task"] in PLANNER_HEAVY
                                  else c for c in SCORED], ids=golden_id)
def test_answers_are_read_and_scored_as_in_reference(case, build):
    """Right answers (stored or found by the planner), near misses, the shapes the filter
    rewrites and hostile text, on every fixture document: lm-eval's values. An answer read
    as one already scored on the same document is not scored again (the score depends on
    the document and what was read only)."""
    task, _ = build(case["task"], case.get("num_fewshot"))
    filters = task.filters()
    for record in case["documents"]:
        doc = task.eval_docs[record["doc_id"]]
        scored: dict[str, object] = {}
        for expected in record["answers"]:
            filtered = json.loads(json.dumps({p.name: p.apply([[expected["answer"]]], [doc])[0] for p in filters}))
            assert filtered == expected["filtered"], expected["answer"]
            key = json.dumps(filtered, sort_keys=True)
            if key not in scored:
                scored[key] = json.loads(json.dumps(
                    {name: task.process_results(doc, [value]) for name, value in filtered.items()}))
            assert scored[key] == expected["scores"], (record["doc_id"], expected["answer"])


def _skip_if_gringo_grounds(*modules: str) -> None:
    if "clingo" in modules and shutil.which("gringo"):
        pytest.skip("a gringo binary on PATH grounds without clingo's bindings (tarski's fallback)")


@pytest.mark.parametrize("module", ["lark", "tarski", "pddl", "kstar_planner", "clingo"])
def test_a_missing_library_is_one_line_naming_the_extra(module, monkeypatch):
    from lmeval_tasks_classic.acpbench import grammar, strips

    _skip_if_gringo_grounds(module)
    monkeypatch.setitem(sys.modules, module, None)  # import of it raises ImportError
    grammar._parser.cache_clear()
    try:
        with pytest.raises(UsageError) as err:
            if module == "lark":
                grammar.ACPGrammarFilter(grammar_task="act")
            else:
                strips.require_libraries()
    finally:
        grammar._parser.cache_clear()
    message = str(err.value)
    assert "\n" not in message
    assert "pip install 'lmeval-tasks-classic[acpbench]'" in message


def test_filter_arguments_are_checked():
    from lmeval_tasks_classic.acpbench.grammar import ACPGrammarFilter

    with pytest.raises(UsageError, match="grammar_task 'acts'"):
        ACPGrammarFilter(grammar_task="acts")
    with pytest.raises(UsageError, match="clean 'pos-neg'"):
        ACPGrammarFilter(grammar_task="progression_list", clean="pos-neg")


@needs_extra
@pytest.mark.parametrize("grammar_task", ["act", "action_name", "action_list", "progression_list", "index"])
def test_hostile_answers_never_raise(grammar_task):
    from lmeval_tasks_classic.acpbench.grammar import ACPGrammarFilter

    hostile = ["(" * 200, ")" * 200, "[" * 50 + "(a)", "\x00\x01\x1b[2J", "(a b c" + " d" * 500,
               "None None None", "[(a), (b)] [(c)] [(d)]", "9" * 400, "ä(ß)é", "(a)\n" * 100]
    values = ACPGrammarFilter(grammar_task=grammar_task).apply([[text] for text in hostile], [{}] * len(hostile))
    for value in values:
        assert value[0] is None or isinstance(value[0], str | list)


@pytest.mark.parametrize("modules", [("tarski",), ("kstar_planner",), ("pddl",), ("lark",), ("clingo",)])
def test_a_run_without_the_extra_stops_before_the_model(modules, monkeypatch, capsys, tmp_path):
    from lmeval.cli import main
    from lmeval_tasks_classic.acpbench import grammar

    _skip_if_gringo_grounds(*modules)
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "lmeval_tasks_classic.acpbench.scoring", raising=False)
    grammar._parser.cache_clear()
    code = main(["run", "--model", "dummy", "--tasks", "acp_bench_hard", "--output_path", str(tmp_path)])
    grammar._parser.cache_clear()
    err = capsys.readouterr().err
    assert code == 2, err
    assert "pip install 'lmeval-tasks-classic[acpbench]'" in err and len(err.strip().splitlines()) <= 2, err
    assert "Traceback" not in err and not any(tmp_path.iterdir())


@needs_extra
def test_a_run_of_both_variants_together(tmp_path):
    """lm-eval 0.4.13 cannot load acp_bench_hard and acp_bench_hard_with_pddl in one run (its
    two helper copies both register ACP_grammar_filter); lmeval runs them together."""
    import lmeval

    res = lmeval.evaluate(model="dummy", tasks=["acp_bench_hard", "acp_bench_hard_with_pddl"],
                          limit=1, bootstrap_iters=0)["results"]
    names = {f"acp_{q}_gen{s}" for q in ("app", "areach", "just", "land", "nexta", "prog", "reach", "val")
             for s in ("", "_with_pddl")}
    assert set(res) >= names
    for name in names:
        assert 0.0 <= res[name]["score,acp_grammar_parse"] <= 1.0
