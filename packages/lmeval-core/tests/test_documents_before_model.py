"""Every document a run evaluates is rendered and checked before the model loads.

Built from the class of input: each bad-document shape (a missing field, a gold outside the
choices, of the wrong type, a float or NaN gold, non-string choices, ...) is planted at several
positions past the first document, for each output type it applies to; each must stop the run
with one line naming the task file, the field, the task and the document, and the backend
(``loadwatch``, whose load is observable) must never be built. What lm-eval accepts silently but
is likely a mistake — a bool gold, a choice written twice, a ``--samples`` index repeated — is
a warning, and scores as lm-eval scores it.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import loadwatch
import pytest
from lmeval.errors import ConfigError
from lmeval.evaluator import evaluate

WATCH = Path(loadwatch.__file__)
N_DOCS = 12
POSITIONS = [1, 6, N_DOCS - 1]

TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: {kind}
doc_to_text: "{text}"
{rest}"""

MC_REST = "doc_to_choice: choices\ndoc_to_target: answer\n"
GEN_REST = "doc_to_target: answer\nmetric_list:\n  - metric: exact_match\n"
LL_REST = "doc_to_target: answer\n"


def good(kind: str, i: int) -> dict:
    if kind == "multiple_choice":
        return {"q": f"{i}+1?", "choices": [str(i), str(i + 1), str(i + 2), str(i + 3)], "answer": 1}
    return {"q": f"{i}+1=", "answer": str(i + 1)}


# (id, output type, how the document is spoiled, field named, words of the message)
SHAPES = [
    ("missing-column-in-template", "multiple_choice", lambda d: d.pop("q"), "doc_to_text", "'q' is undefined"),
    ("missing-target-column", "multiple_choice", lambda d: d.pop("answer"), "doc_to_target", "KeyError"),
    ("missing-choices-column", "multiple_choice", lambda d: d.pop("choices"), "doc_to_choice", "KeyError"),
    ("gold-too-high", "multiple_choice", lambda d: d.update(answer=4), "doc_to_target",
     "gold index 4 is outside the 4 choices"),
    ("gold-negative", "multiple_choice", lambda d: d.update(answer=-2), "doc_to_target",
     "gold index -2 is outside"),
    ("gold-not-a-choice", "multiple_choice", lambda d: d.update(answer="seven"), "doc_to_target",
     "gold 'seven' is not one of the 4 choices"),
    ("gold-float", "multiple_choice", lambda d: d.update(answer=1.0), "doc_to_target", "got float 1.0"),
    ("gold-nan", "multiple_choice", lambda d: d.update(answer=math.nan), "doc_to_target", "got float nan"),
    ("gold-none", "multiple_choice", lambda d: d.update(answer=None), "doc_to_target", "got None"),
    ("gold-list", "multiple_choice", lambda d: d.update(answer=[0, 1]), "doc_to_target",
     "the target is a list, but the first document's is not"),
    ("choice-int", "multiple_choice", lambda d: d["choices"].__setitem__(2, 7), "doc_to_choice",
     "choice 2 is int 7, not a string"),
    ("choice-none", "multiple_choice", lambda d: d["choices"].__setitem__(0, None), "doc_to_choice",
     "choice 0 is None"),
    ("choice-list", "multiple_choice", lambda d: d["choices"].__setitem__(3, ["x"]), "doc_to_choice",
     "choice 3 is list"),
    ("choices-empty", "multiple_choice", lambda d: d.update(choices=[]), "doc_to_choice", "the choice list is empty"),
    ("choices-string", "multiple_choice", lambda d: d.update(choices="a b"), "doc_to_choice",
     "the choices must be a list"),
    ("gen-target-dict", "generate_until", lambda d: d.update(answer={"x": 1}), "doc_to_target",
     "the target must be a string or a number"),
    ("gen-target-none", "generate_until", lambda d: d.update(answer=None), "doc_to_target",
     "the target must be a string or a number, got None"),
    ("gen-missing-column", "generate_until", lambda d: d.pop("q"), "doc_to_text", "'q' is undefined"),
    ("ll-target-int", "loglikelihood", lambda d: d.update(answer=3), "doc_to_target",
     "the target must be the text to score (a string), got int 3"),
    ("rolling-target-none", "loglikelihood_rolling", lambda d: d.update(answer=None), "doc_to_target",
     "the target must be the text to score (a string), got None"),
]
REST = {"multiple_choice": MC_REST, "generate_until": GEN_REST, "loglikelihood": LL_REST,
        "loglikelihood_rolling": LL_REST}


def write_task(root: Path, name: str, kind: str, docs: list[dict], rest: str | None = None,
               text: str = "Q: {{q}}") -> Path:
    # allow_nan: a NaN gold is what a float column with a missing value gives
    (root / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    path = root / f"{name}.yaml"
    path.write_text(TASK.format(name=name, kind=kind, text=text, rest=REST[kind] if rest is None else rest))
    return path


CASES = [(shape, pos) for shape in SHAPES for pos in POSITIONS]


@pytest.mark.parametrize("shape,position", CASES, ids=[f"{s[0]}-doc{p}" for s, p in CASES])
def test_a_bad_document_anywhere_stops_the_run_before_the_model_loads(tmp_path, monkeypatch, shape,
                                                                      position):
    name, kind, spoil, field, words = shape
    docs = [good(kind, i) for i in range(N_DOCS)]
    spoil(docs[position])
    yaml_path = write_task(tmp_path, "t_" + name.replace("-", "_"), kind, docs)
    loads = tmp_path / "loads.log"
    monkeypatch.setenv("LMEVAL_LOADWATCH", str(loads))
    with pytest.raises(ConfigError) as err:
        evaluate("loadwatch", None, [yaml_path.stem], include_path=str(tmp_path), bootstrap_iters=0,
                 plugins=[loadwatch])
    exc = err.value
    assert Path(exc.file).resolve() == yaml_path.resolve() and exc.line is not None
    assert exc.field == field, exc.located()
    assert f"task '{yaml_path.stem}', document {position} (split 'test' of {yaml_path.stem}.jsonl): " \
        in exc.message, exc.located()
    assert words in exc.message, exc.located()
    assert "\n" not in exc.located()
    assert not loads.exists(), "the model was built before the error"


@pytest.mark.parametrize("chat", [False, True], ids=["plain", "chat-template"])
def test_with_a_chat_template_or_request_cache_the_check_still_comes_first(tmp_path, monkeypatch, chat):
    """A chat template needs the model's tokenizer, so prompts are built after the model loads;
    each document's fields are still rendered and checked before."""
    docs = [good("multiple_choice", i) for i in range(N_DOCS)]
    docs[7]["choices"][1] = 5
    write_task(tmp_path, "t_chat", "multiple_choice", docs)
    loads = tmp_path / "loads.log"
    monkeypatch.setenv("LMEVAL_LOADWATCH", str(loads))
    extra = {"apply_chat_template": True} if chat else {"cache_requests": True}
    with pytest.raises(ConfigError, match=r"document 7 .*choice 1 is int 5, not a string"):
        evaluate("loadwatch", None, ["t_chat"], include_path=str(tmp_path), bootstrap_iters=0,
                 plugins=[loadwatch], **extra)
    assert not loads.exists()


def test_only_the_documents_the_run_evaluates_are_checked(tmp_path):
    """--limit and --samples select documents as lm-eval does; the rest are lmeval validate's."""
    docs = [good("multiple_choice", i) for i in range(N_DOCS)]
    docs[9]["answer"] = 11
    write_task(tmp_path, "t_lim", "multiple_choice", docs)
    out = evaluate("dummy", None, ["t_lim"], include_path=str(tmp_path), bootstrap_iters=0, limit=5)
    assert out["n-samples"]["t_lim"]["effective"] == 5
    with pytest.raises(ConfigError, match="document 9 "):
        evaluate("dummy", None, ["t_lim"], include_path=str(tmp_path), bootstrap_iters=0,
                 samples={"t_lim": [2, 9]})


def test_prompts_are_built_once_and_scores_do_not_change(tmp_path, monkeypatch):
    """Building the requests before the model loads moves the work, it does not repeat it: the
    few-shot sampler draws once per document, so prompts are those of a build after the load."""
    from lmeval import evaluator

    docs = [good("multiple_choice", i) for i in range(N_DOCS)]
    write_task(tmp_path, "t_fs", "multiple_choice", docs, rest=MC_REST + "num_fewshot: 3\n")
    built: list[str] = []
    real = evaluator.build_instances
    monkeypatch.setattr(evaluator.requests, "build_instances",
                        lambda task, **kw: built.append(task.name) or real(task, **kw))
    out = evaluate("dummy", None, ["t_fs"], include_path=str(tmp_path), bootstrap_iters=0,
                   log_samples=True)
    assert built == ["t_fs"]
    from lmeval.plugins import get_plugin_manager
    from lmeval.tasks.index import TaskIndex, task_sources
    from lmeval.tasks.loader import TaskLoader

    pm = get_plugin_manager()
    (task,) = TaskLoader(TaskIndex(task_sources(pm, str(tmp_path))), pm).load(["t_fs"])
    task.fewshot_seed = 1234
    _, instances = real(task)  # a fresh build, as lmeval built them after the model before
    prompts = [s["arguments"][0][0] for s in out["samples"]["t_fs"]]
    assert prompts == [i.request.args[0] for i in instances if i.idx == 0]


# -- what lm-eval takes silently: warnings -------------------------------------------------------

@pytest.mark.parametrize("golds", [[True, False], [True], [[True, 2]]], ids=["true-false", "true", "in-list"])
def test_a_bool_gold_is_a_warning_and_counts_as_its_index(tmp_path, capsys, golds):
    as_index = [[int(x) for x in g] if isinstance(g, list) else int(g) for g in golds]
    results = {}
    for label, values in (("bool", golds), ("int", as_index)):
        docs = [good("multiple_choice", i) for i in range(N_DOCS)]
        for j, value in enumerate(values):
            docs[3 + j]["answer"] = value
        if isinstance(values[0], list):
            for d in docs:
                d["answer"] = d["answer"] if isinstance(d["answer"], list) else [d["answer"], 0]
        write_task(tmp_path, f"t_{label}", "multiple_choice", docs)
        capsys.readouterr()
        out = evaluate("dummy", None, [f"t_{label}"], include_path=str(tmp_path), bootstrap_iters=0)
        results[label] = out["results"][f"t_{label}"]["acc,none"]
        err = capsys.readouterr().err
        lines = [x for x in err.splitlines() if "is a bool" in x]
        if label == "bool":
            (line,) = lines
            assert line.startswith(f"lmeval: {tmp_path / 't_bool.yaml'}:") and ": doc_to_target: warning:" in line
            assert f"the gold of {len(golds)} document(s) is a bool (first: document 3" in line
            assert "true is taken as choice index 1" in line
        else:
            assert not lines
    assert results["bool"] == results["int"]


@pytest.mark.parametrize("choices,gold,never", [
    (["4", "4", "5", "6"], 1, True), (["4", "5", "4", "6"], 0, False), (["a", "b", "c", "c"], 3, True),
])
def test_a_choice_written_twice_is_a_warning(tmp_path, capsys, choices, gold, never):
    docs = [good("multiple_choice", i) for i in range(N_DOCS)]
    docs[5].update(choices=choices, answer=gold)
    write_task(tmp_path, "t_twice", "multiple_choice", docs)
    evaluate("dummy", None, ["t_twice"], include_path=str(tmp_path), bootstrap_iters=0)
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "same choice twice" in x]
    assert ": doc_to_choice: warning: task 't_twice': 1 document(s) list the same choice twice " \
           "(first: document 5" in line
    assert ("can never be counted correct" in line) is never


def test_validate_lists_the_warnings_and_the_bad_documents(tmp_path):
    docs = [good("multiple_choice", i) for i in range(N_DOCS)]
    docs[2]["answer"] = True
    docs[4]["choices"] = ["x", "x", "y", "z"]
    docs[8]["q"] = None
    docs[8].pop("q")
    write_task(tmp_path, "t_val", "multiple_choice", docs)
    proc = subprocess.run([sys.executable, "-m", "lmeval", "validate", str(tmp_path / "t_val.yaml")],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert any(": doc_to_text: task 't_val', document 8 " in x and "'q' is undefined" in x for x in lines), lines
    assert any("warning: task 't_val': the gold of 1 document(s) is a bool" in x for x in lines)
    assert any("warning: task 't_val': 1 document(s) list the same choice twice" in x for x in lines)


@pytest.mark.parametrize("ids,unique", [([1, 1, 1, 2], [1, 2]), ([3, 0, 3], [0, 3]),
                                        ([5] * 7 + [6, 6], [5, 6])])
def test_repeated_samples_indices_are_evaluated_once_with_a_warning(tmp_path, capsys, ids, unique):
    docs = [good("multiple_choice", i) for i in range(N_DOCS)]
    write_task(tmp_path, "t_s", "multiple_choice", docs)
    capsys.readouterr()
    once = evaluate("dummy", None, ["t_s"], include_path=str(tmp_path), bootstrap_iters=0,
                    samples={"t_s": unique}, log_samples=True)
    assert "--samples" not in capsys.readouterr().err
    out = evaluate("dummy", None, ["t_s"], include_path=str(tmp_path), bootstrap_iters=0,
                   samples=json.dumps({"t_s": ids}), log_samples=True)
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "--samples" in x]
    assert line.startswith("lmeval: warning: --samples: task 't_s' lists document ")
    assert "each document is evaluated once, as lm-eval does" in line
    assert [s["doc_id"] for s in out["samples"]["t_s"]] == sorted(unique)
    assert out["results"] == once["results"]


# -- the command line: one line, exit 2, "Loading" never printed ---------------------------------

@pytest.mark.parametrize("shape", [s for s in SHAPES if s[0] in (
    "missing-target-column", "gold-not-a-choice", "gold-nan", "choice-int", "gen-target-dict")],
    ids=lambda s: s[0])
def test_cli_one_line_exit_2_and_no_load(tmp_path, shape):
    name, kind, spoil, field, words = shape
    docs = [good(kind, i) for i in range(N_DOCS)]
    spoil(docs[N_DOCS - 2])
    write_task(tmp_path, "t_cli", kind, docs)
    proc = subprocess.run(
        [sys.executable, "-m", "lmeval", "run", "--model", "loadwatch", "--plugins", str(WATCH),
         "--tasks", "t_cli", "--include_path", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 2, proc.stderr
    assert "Loading" not in proc.stderr and "Traceback" not in proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith(f"lmeval: error: {tmp_path / 't_cli.yaml'}:")
    assert f": {field}: task 't_cli', document {N_DOCS - 2} " in line and words in line
