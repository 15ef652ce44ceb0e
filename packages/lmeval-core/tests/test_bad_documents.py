"""Bad documents are an error before any model call, naming the file, the task and the document.

A gold index outside the choices, an empty choice list, a target of the wrong type: lm-eval
scores such a document as never correct (gold -100) or crashes while scoring. Here ``lmeval
run`` refuses it in one line, and ``lmeval validate`` lists it when the data is local.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.errors import ConfigError
from lmeval.evaluator import evaluate

GOOD_MC = {"q": "2+2?", "choices": ["3", "4", "5", "6"], "answer": 1}

MC = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {name}.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Q: {{{{q}}}}\\nA:"
doc_to_choice: {choice}
doc_to_target: {target}
{extra}"""

# (name, output_type-specific YAML, bad document, field, what the message says)
CASES = [
    ("mc_gold_high", "mc", {**GOOD_MC, "answer": 4}, "doc_to_target",
     "gold index 4 is outside the 4 choices (0..3)"),
    ("mc_gold_negative", "mc", {**GOOD_MC, "answer": -1}, "doc_to_target",
     "gold index -1 is outside the 4 choices (0..3)"),
    ("mc_gold_not_a_choice", "mc", {**GOOD_MC, "answer": "7"}, "doc_to_target",
     "gold '7' is not one of the 4 choices ['3', '4', '5', '6']"),
    ("mc_gold_float", "mc", {**GOOD_MC, "answer": 1.0}, "doc_to_target",
     "the gold must be a choice index, a choice or a list of indices, got float 1.0"),
    ("mc_gold_none", "mc", {**GOOD_MC, "answer": None}, "doc_to_target", "got None None"),
    ("mc_gold_list", "mc", {**GOOD_MC, "answer": [0, 1]}, "doc_to_target",
     "the target is a list, but the first document's is not"),
    ("mc_empty_choices", "mc", {**GOOD_MC, "choices": []}, "doc_to_choice", "the choice list is empty"),
    ("mc_choices_string", "mc", {**GOOD_MC, "choices": "3 4 5 6"}, "doc_to_choice",
     "the choices must be a list, got str '3 4 5 6'"),
    ("mc_choice_number", "mc", {**GOOD_MC, "choices": ["3", 4, "5", "6"]}, "doc_to_choice",
     "choice 1 is int 4, not a string"),
    ("ll_target_int", "loglikelihood", {"q": "2+2=", "answer": 4}, "doc_to_target",
     "the target must be the text to score (a string), got int 4"),
    ("roll_target_none", "loglikelihood_rolling", {"q": "", "answer": None}, "doc_to_target",
     "the target must be the text to score (a string), got None"),
    ("gen_target_dict", "generate_until", {"q": "2+2=", "answer": {"x": 1}}, "doc_to_target",
     "the target must be a string or a number, got dict {'x': 1}"),
    ("gen_target_list", "generate_until", {"q": "2+2=", "answer": ["4", "four"]}, "doc_to_target",
     "the target is a list, but the first document's is not"),
]


def _write_task(root: Path, name: str, kind: str, bad: dict, n_good: int = 3) -> Path:
    good = GOOD_MC if kind == "mc" else {"q": "2+2=", "answer": "4"}
    docs = [good] * n_good
    docs.insert(2, bad)  # document 2 is the bad one
    (root / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    if kind == "mc":
        text = MC.format(name=name, choice="choices", target="answer", extra="")
    else:
        text = MC.format(name=name, choice="null", target="answer", extra="").replace(
            "output_type: multiple_choice", f"output_type: {kind}").replace("doc_to_choice: null\n", "")
    path = root / f"{name}.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("name,kind,bad,field,message", CASES, ids=[c[0] for c in CASES])
def test_a_bad_document_stops_the_run_before_the_model(tmp_path, name, kind, bad, field, message):
    yaml_path = _write_task(tmp_path, name, kind, bad)
    calls = tmp_path / "calls.log"
    with pytest.raises(ConfigError) as err:
        evaluate("dummy", f"call_log={calls}", [name], include_path=str(tmp_path),
                 bootstrap_iters=0)
    exc = err.value
    assert exc.file is not None and Path(exc.file).resolve() == yaml_path.resolve()
    assert exc.field == field and exc.line is not None
    assert f"task {name!r}, document 2 (split 'test' of {name}.jsonl): " in exc.message
    assert message in exc.message, exc.message
    assert not calls.exists()  # no model call was made


def test_good_documents_and_own_scoring_pass(tmp_path):
    _write_task(tmp_path, "mc_ok", "mc", {**GOOD_MC, "answer": "5"})  # a gold given as a choice
    out = evaluate("dummy", None, ["mc_ok"], include_path=str(tmp_path), bootstrap_iters=0)
    assert out["results"]["mc_ok"]["acc,none"] in (0.0, 0.25, 0.5, 0.75, 1.0)
    # a task with its own process_results reads the gold itself: only the choices are checked
    (tmp_path / "own.py").write_text("def score(doc, results):\n    return {'acc': 1.0}\n")
    _write_task(tmp_path, "mc_own", "mc", {**GOOD_MC, "answer": 9})
    yaml_path = tmp_path / "mc_own.yaml"
    yaml_path.write_text(yaml_path.read_text() + "process_results: !function own.score\n")
    out = evaluate("dummy", None, ["mc_own"], include_path=str(tmp_path), bootstrap_iters=0)
    assert out["results"]["mc_own"]["acc,none"] == 1.0


def test_multiple_targets_are_checked_each(tmp_path):
    docs = [{**GOOD_MC, "answer": [0, 1]}, {**GOOD_MC, "answer": [1, 7]}]
    (tmp_path / "mt.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (tmp_path / "mt.yaml").write_text(MC.format(name="mt", choice="choices", target="answer", extra=""))
    with pytest.raises(ConfigError, match=r"document 1 .*gold index 7 is outside the 4 choices"):
        evaluate("dummy", None, ["mt"], include_path=str(tmp_path), bootstrap_iters=0)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={**__import__("os").environ,
                                                     "LMEVAL_CACHE_DIR": str(cwd / "idx")})


def test_cli_run_and_validate_name_the_bad_documents(tmp_path):
    _write_task(tmp_path, "mc_gold_high", "mc", {**GOOD_MC, "answer": 4})
    proc = _cli("run", "--model", "dummy", "--tasks", "mc_gold_high", "--include_path", str(tmp_path),
                cwd=tmp_path)
    assert proc.returncode == 2
    (line,) = [x for x in proc.stderr.splitlines() if x.startswith("lmeval: error:")]
    assert "mc_gold_high.yaml:" in line and ": doc_to_target: task 'mc_gold_high', document 2" in line
    assert "gold index 4 is outside the 4 choices" in line
    # validate lists each bad document (first five, then a count), exit 1
    docs = [GOOD_MC, {**GOOD_MC, "choices": []}] + [{**GOOD_MC, "answer": 9}] * 6
    (tmp_path / "many").mkdir()
    (tmp_path / "many" / "many.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (tmp_path / "many" / "many.yaml").write_text(
        MC.format(name="many", choice="choices", target="answer", extra=""))
    proc = _cli("validate", str(tmp_path / "many"), cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert any("document 1 " in x and "the choice list is empty" in x for x in lines), lines
    assert sum("gold index 9 is outside" in x for x in lines) == 4
    assert any("2 more bad document(s)" in x for x in lines)
