"""``lmeval rescore``: real runs of the reference LM scored again from their samples files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lmeval.cli import main
from runs_fixture import make_run, write_tasks

EXTRA = {
    "cmp_ll": """\
task: cmp_ll
dataset_path: json
dataset_kwargs:
  data_files:
    test: docs.jsonl
test_split: test
output_type: loglikelihood
doc_to_text: "Question: {{q}}\\nAnswer:"
doc_to_target: " {{choices[answer]}}"
metric_list:
  - metric: acc
  - metric: perplexity
""",
    "cmp_group": """\
group: cmp_group
task: [cmp_mc, cmp_ll, cmp_gen]
aggregate_metric_list:
  - metric: acc
    weight_by_size: true
metadata:
  version: 2
""",
}
ALL = ("cmp_group", "cmp_ppl")


def _tasks(root: Path) -> Path:
    tasks = write_tasks(root)
    for name, text in EXTRA.items():
        (root / f"{name}.yaml").write_text(text)
    return tasks


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("rescore")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    tasks = _tasks(root / "tasks")
    yield {"tasks": tasks, "file": make_run(tasks, root / "run", tasks=ALL), "root": root}
    mp.undo()


def _rescore(capsys, *args):
    code = main(["rescore", *map(str, args)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _newest(directory: Path) -> dict:
    return json.loads(sorted(directory.glob("results_*.json"))[-1].read_text())


def test_unchanged_run_is_reproduced_exactly(run, capsys, tmp_path):
    code, out, err = _rescore(capsys, run["file"].parent, "--include_path", run["tasks"], "-o", tmp_path)
    assert code == 0, err
    original = json.loads(run["file"].read_text())
    rescored = _newest(tmp_path)
    # every score of every request kind, and the group's, equal to the bit
    assert set(rescored["results"]) == {"cmp_mc", "cmp_ll", "cmp_gen", "cmp_ppl", "cmp_group"}
    for key in ("results", "groups", "group_subtasks", "configs", "versions", "n-shot",
                "higher_is_better", "n-samples", "task_hashes", "config"):
        assert rescored[key] == original[key], key
    info = rescored["rescored"]
    assert info["from"] == str(run["file"])
    assert not any(t["scoring_changed"] or t["request_fields_changed"] for t in info["tasks"].values())
    assert all(len(t["scoring_hash"]) == 64 and t["scoring_hash"] == t["original_scoring_hash"]
               for t in info["tasks"].values())
    # the samples files come out byte for byte as the run wrote them
    for task in ("cmp_mc", "cmp_ll", "cmp_gen", "cmp_ppl"):
        before = next(run["file"].parent.glob(f"samples_{task}_*.jsonl")).read_bytes()
        after = next(tmp_path.glob(f"samples_{task}_*.jsonl")).read_bytes()
        assert before == after, task
    assert "scoring unchanged" in out


def test_default_output_is_beside_the_run_and_compares_equal(run, capsys, tmp_path):
    copy = tmp_path / "run"
    shutil.copytree(run["file"].parent, copy)
    code, _, err = _rescore(capsys, copy, "--include_path", run["tasks"])
    assert code == 0, err
    assert main(["compare", str(copy / run["file"].name), str(copy / "rescored")]) == 0
    capsys.readouterr()


def test_edited_regex_scores_like_a_fresh_run_with_it(run, capsys, tmp_path):
    """The point of rescoring: the numbers a new model run with the edited YAML would give."""
    edited = tmp_path / "tasks"
    shutil.copytree(run["tasks"], edited)
    gen = edited / "cmp_gen.yaml"
    gen.write_text(gen.read_text().replace('"The answer is (\\\\d+)"', '"(\\\\d+)"')
                   .replace("- metric: exact_match", "- metric: exact_match\n    ignore_numbers: true"))
    code, out, err = _rescore(capsys, run["file"], "--include_path", edited, "-o", tmp_path / "out")
    assert code == 0, err
    rescored = _newest(tmp_path / "out")
    fresh = json.loads(make_run(edited, tmp_path / "fresh", tasks=ALL).read_text())
    for key in ("results", "groups", "configs"):
        assert rescored[key] == fresh[key], key
    original = json.loads(run["file"].read_text())
    assert rescored["results"]["cmp_gen"] != original["results"]["cmp_gen"]
    assert rescored["rescored"]["tasks"]["cmp_gen"]["scoring_changed"] is True
    assert rescored["rescored"]["tasks"]["cmp_mc"]["scoring_changed"] is False
    assert "scoring changed for: cmp_gen" in out


@pytest.mark.parametrize("field, old, new", [
    ("doc_to_text", '"Question: {{q}}\\nAnswer:"', '"Q: {{q}}\\nA:"'),
    ("generation_kwargs", 'until: ["\\n"]', 'until: ["\\n", "."]'),
    ("dataset_kwargs", "test: docs.jsonl", "test: other.jsonl"),
])
def test_a_changed_request_field_is_refused(run, capsys, tmp_path, field, old, new):
    edited = tmp_path / "tasks"
    shutil.copytree(run["tasks"], edited)
    gen = edited / "cmp_gen.yaml"
    assert old in gen.read_text()
    gen.write_text(gen.read_text().replace(old, new))
    code, out, err = _rescore(capsys, run["file"], "--include_path", edited, "-o", tmp_path / "out")
    assert code == 2 and err.count("\n") == 1, err
    assert "samples_cmp_gen_" in err and f"changed since the run in {field}" in err
    assert "--allow_request_changes" in err and not (tmp_path / "out").exists()
    code, _, err = _rescore(capsys, run["file"], "--include_path", edited, "-o", tmp_path / "out",
                            "--allow_request_changes")
    assert code == 0, err
    assert _newest(tmp_path / "out")["rescored"]["tasks"]["cmp_gen"]["request_fields_changed"] == [field]


def test_hostile_sample_lines_cannot_fake_a_pass(run, capsys, tmp_path):
    """Answers are scored from ``resps`` only: logged filtered answers and metric fields are
    ignored, and an answer naming a file or holding template syntax is only text."""
    copy = tmp_path / "run"
    shutil.copytree(run["file"].parent, copy)
    secret = tmp_path / "secret.txt"
    path = next(copy.glob("samples_cmp_gen_*.jsonl"))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    hostile = [str(secret), "{{ choices[answer] }}", "{% include 'x' %}", "The answer is {{answer}}",
               "$(cat secret.txt)", "__import__('os').system('true')", "\x00\ud800".encode(
                   "utf-8", "surrogatepass").decode("utf-8", "replace"), "exact_match: 1.0"]
    for i, entry in enumerate(lines):
        entry["resps"] = [[hostile[i % len(hostile)]]]
        entry["filtered_resps"] = [entry["target"]]  # claims the right answer
        entry["exact_match"] = 1.0
        secret.write_text(entry["target"])
    path.write_text("".join(json.dumps(e) + "\n" for e in lines))
    code, _, err = _rescore(capsys, copy, "--include_path", run["tasks"], "-o", tmp_path / "out")
    assert code == 0, err
    rescored = _newest(tmp_path / "out")
    assert rescored["results"]["cmp_gen"]["exact_match,get-answer"] == 0.0
    logged = [json.loads(x) for x in next((tmp_path / "out").glob("samples_cmp_gen_*")).open()]
    assert all(e["exact_match"] == 0.0 and e["filtered_resps"] == ["[invalid]"] for e in logged)


@pytest.mark.parametrize("edit, message", [
    (lambda e: e.pop("resps"), "field 'resps' missing"),
    (lambda e: e.update(resps=[[["x", "True"]]] * len(e["resps"])), "expected [log-likelihood, is_greedy]"),
    (lambda e: e.update(resps=[]), "expected one list of answers per request"),
    (lambda e: e.update(doc="text"), "doc: expected the document's fields"),
    (lambda e: e.pop("doc_id"), "a sample needs an integer doc_id"),
])
def test_a_bad_sample_line_is_one_located_error(run, capsys, tmp_path, edit, message):
    copy = tmp_path / "run"
    shutil.copytree(run["file"].parent, copy)
    path = next(copy.glob("samples_cmp_mc_*.jsonl"))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    edit(lines[3])
    path.write_text("".join(json.dumps(e) + "\n" for e in lines))
    code, _, err = _rescore(capsys, copy, "--include_path", run["tasks"], "-o", tmp_path / "out")
    assert code == 2 and err.count("\n") == 1, err
    assert f"{path}:4: " in err and message in err


def test_missing_samples_and_unknown_tasks_are_usage_errors(run, capsys, tmp_path):
    copy = tmp_path / "run"
    shutil.copytree(run["file"].parent, copy)
    next(copy.glob("samples_cmp_ll_*.jsonl")).unlink()
    code, _, err = _rescore(capsys, copy, "--include_path", run["tasks"])
    assert code == 2 and "no samples file for cmp_ll" in err and "--log_samples" in err
    moved = tmp_path / "moved"
    shutil.copytree(run["file"].parent, moved)
    results = json.loads(next(moved.glob("results_*.json")).read_text())
    results["config"]["lmeval"]["include_path"] = [str(tmp_path / "gone")]  # the YAML moved away
    next(moved.glob("results_*.json")).write_text(json.dumps(results))
    code, _, err = _rescore(capsys, moved)
    assert code == 2 and err.count("\n") == 1, err
    assert "'cmp_group' of this run is not installed" in err and "--include_path" in err
    assert f"--include_path {tmp_path / 'gone'} is gone" in err
    assert "closest" not in err and "did you mean" not in err  # never another task's name
    code, _, err = _rescore(capsys, tmp_path / "nothing-here")
    assert code == 2 and "no such file or directory" in err


def test_a_predict_only_run_is_scored_by_rescore(run, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "po"
    assert main(["run", "--model", "dummy", "--tasks", "cmp_gen,cmp_mc", "--include_path",
                 str(run["tasks"]), "--predict_only", "--log_samples", "--output_path", str(out)]) == 0
    capsys.readouterr()
    code, _, err = _rescore(capsys, out, "--include_path", run["tasks"], "-o", tmp_path / "scored")
    assert code == 0, err
    scored = _newest(tmp_path / "scored")
    full = json.loads(run["file"].read_text())
    assert scored["results"]["cmp_mc"] == full["results"]["cmp_mc"]
    assert scored["results"]["cmp_gen"] == full["results"]["cmp_gen"]


def _our_transformers() -> str | None:
    """This venv's transformers release: the reference venv is moved to it first, as the parity
    tests move it (lm-eval's own pin lets pip pick another, and its helpers then fail to import)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("transformers")
    except PackageNotFoundError:
        return None


def _reference_lm_eval() -> Path:
    """lm-eval 0.4.13's ``lm_eval`` command, its venv built on first use as the parity tests do."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
    from reference_env import reference_python

    try:
        return reference_python(transformers=_our_transformers()).parent / "lm_eval"
    except Exception as exc:  # noqa: BLE001 - no registry access: say so instead of failing
        pytest.skip(f"cannot build the lm-eval 0.4.13 reference venv here: {exc}")


def test_a_run_of_lm_eval_itself_is_rescored_to_its_own_scores(run, capsys, tmp_path):
    """lm-eval 0.4.13's results and samples files (its configs spell out fewshot_config)."""
    import os
    import subprocess

    REF_VENV = _reference_lm_eval()

    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}
    proc = subprocess.run([str(REF_VENV), "--model", "dummy", "--tasks", "cmp_mc,cmp_gen",
                           "--include_path", str(run["tasks"]), "--output_path", str(tmp_path / "ref"),
                           "--log_samples"], cwd=run["tasks"], env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    code, _, err = _rescore(capsys, tmp_path / "ref", "--include_path", run["tasks"], "-o", tmp_path / "out")
    assert code == 0, err
    theirs = json.loads(next((tmp_path / "ref").rglob("results_*.json")).read_text())["results"]
    ours = _newest(tmp_path / "out")["results"]
    for task in ("cmp_mc", "cmp_gen"):
        for key, value in theirs[task].items():
            if "," in key:  # every "metric,filter" score and stderr
                assert ours[task][key] == pytest.approx(value, rel=1e-12), (task, key)


def test_the_run_records_what_a_rescore_needs(run, capsys, tmp_path, monkeypatch):
    recorded = json.loads(run["file"].read_text())["config"]["lmeval"]
    assert recorded["include_path"] == [str(run["tasks"].resolve())]
    assert recorded["tasks"] == list(ALL) and recorded["executor"] is None
    files = recorded["task_files"]["cmp_ll"]
    assert list(files) == [str((run["tasks"] / "cmp_ll.yaml").resolve())]
    assert files[str((run["tasks"] / "cmp_ll.yaml").resolve())] == __import__("hashlib").sha256(
        (run["tasks"] / "cmp_ll.yaml").read_bytes()).hexdigest()
    monkeypatch.chdir(tmp_path)  # no --include_path, another directory: the recorded one is used
    code, out, err = _rescore(capsys, run["file"], "-o", tmp_path / "out")
    assert code == 0, err
    rescored = _newest(tmp_path / "out")
    assert rescored["results"] == json.loads(run["file"].read_text())["results"]
    assert all(t["task_files_changed"] == [] for t in rescored["rescored"]["tasks"].values())


def test_an_edited_task_file_is_named_in_the_rescore(run, capsys, tmp_path):
    tasks = tmp_path / "tasks"
    shutil.copytree(run["tasks"], tasks)
    copy = tmp_path / "run"
    shutil.copytree(run["file"].parent, copy)
    file = next(copy.glob("results_*.json"))
    results = json.loads(file.read_text())
    results["config"]["lmeval"]["include_path"] = [str(tasks)]
    results["config"]["lmeval"]["task_files"] = {
        t: {str(tasks / Path(f).name): h for f, h in fs.items()}
        for t, fs in results["config"]["lmeval"]["task_files"].items()}
    file.write_text(json.dumps(results))
    gen = tasks / "cmp_gen.yaml"
    gen.write_text(gen.read_text() + "\n# a comment: the file changed, its scoring did not\n")
    code, _, err = _rescore(capsys, copy, "-o", tmp_path / "out")
    assert code == 0, err
    info = _newest(tmp_path / "out")["rescored"]["tasks"]
    assert info["cmp_gen"]["task_files_changed"] == [str(gen)]
    assert info["cmp_ll"]["task_files_changed"] == []


QUICKSTART = Path(__file__).resolve().parents[3] / "examples" / "quickstart" / "run.yaml"


@pytest.mark.skipif(not QUICKSTART.is_file(), reason="the repository's examples/quickstart is not here")
def test_the_quickstart_run_is_rescored_from_anywhere(capsys, tmp_path, monkeypatch):
    """The quickstart's config (``include_path: tasks``, relative to the config file), the
    reference LM in place of the bundled model; rescored from another directory, no flags."""
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--config", str(QUICKSTART), "--model", "dummy", "--model_args", "seed=1",
                 "--limit", "4", "--output_path", "out", "--log_samples"]) == 0
    capsys.readouterr()
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    code, out, err = _rescore(capsys, tmp_path / "out")
    assert code == 0, err
    assert "scoring unchanged" in out
    original = json.loads(sorted((tmp_path / "out").rglob("results_*.json"))[0].read_text())
    rescored = json.loads(sorted((tmp_path / "out").rglob("rescored/results_*.json"))[0].read_text())
    assert set(rescored["results"]) == {"qs_arith_gen", "qs_arith_mc", "qs_copy", "qs_stories"}
    assert rescored["results"] == original["results"]
