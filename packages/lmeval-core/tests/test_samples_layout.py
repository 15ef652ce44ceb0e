"""Samples files in lm-eval 0.4.13's layout, checked against files lm-eval itself wrote.

``golden/samples_layout/lm_eval_0.4.13/`` holds the samples files of ``lm-eval run
--log_samples`` on the tasks in ``golden/samples_layout/tasks`` with lmeval's reference LM ported
to lm-eval (``make_samples_golden.py`` says how they were made). lmeval runs the same tasks with
the same answers (``--model dummy``) and must write the same lines, byte for byte; the readers
(``compare``, ``report``, Zeno) must read both those files and older typed lmeval files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval.outputs import samplefile
from lmeval.report import load_run
from lmeval.report.compare import compare_runs, prediction

GOLDEN = Path(__file__).parent / "golden" / "samples_layout"
TASKS = ["g_mc", "g_ll", "g_roll", "g_gen"]


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


def _golden(task: str) -> list[str]:
    return (GOLDEN / "lm_eval_0.4.13" / f"samples_{task}.jsonl").read_text(
        encoding="utf-8").splitlines()


def _lmeval_run(out: Path, *extra: str) -> dict[str, Path]:
    code = main(["run", "--model", "dummy", "--include_path", str(GOLDEN / "tasks"),
                 "--tasks", ",".join(TASKS), "--log_samples", "--output_path", str(out),
                 "--bootstrap_iters", "0", *extra])
    assert code == 0
    return {task: next(out.rglob(f"samples_{task}_*.jsonl")) for task in TASKS}


@pytest.fixture(scope="module")
def lmeval_files(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("run")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(out / "cache"))
    try:
        return _lmeval_run(out / "out")
    finally:
        mp.undo()


@pytest.mark.parametrize("task", TASKS)
def test_samples_file_equals_lm_evals_byte_for_byte(lmeval_files, task):
    ours = lmeval_files[task].read_text(encoding="utf-8").splitlines()
    theirs = _golden(task)
    assert len(ours) == len(theirs)
    for mine, golden in zip(ours, theirs, strict=True):
        assert json.loads(mine) == json.loads(golden)  # a readable diff first
        assert mine == golden


def test_golden_files_cover_every_request_kind_and_stringified_values():
    lines = {task: [json.loads(x) for x in _golden(task)] for task in TASKS}
    mc, ll, roll, gen = (lines[t][0] for t in TASKS)
    assert set(mc["arguments"]) == {"gen_args_0", "gen_args_1", "gen_args_2", "gen_args_3"}
    assert all(isinstance(v, str) for r in mc["resps"] for pair in r for v in pair)
    assert ll["filtered_resps"][0][1] in ("True", "False")
    assert isinstance(roll["resps"][0][0], str) and list(roll["arguments"]["gen_args_0"]) == ["arg_0"]
    assert isinstance(gen["arguments"]["gen_args_0"]["arg_1"], dict)  # kwargs stay an object
    assert mc["target"] == str(mc["doc"]["answer"])  # the target is stringified too
    assert {x["filter"] for x in lines["g_gen"]} == {"strict", "vote"}


# -- reading back: both layouts ----------------------------------------------------------------

def _typed_layout(line: dict) -> dict:
    """A line as lmeval wrote it before lm-eval's layout: lists of lists, numbers as numbers."""
    return samplefile.typed(line)


def test_typed_reads_numbers_back_and_leaves_generations_alone():
    mc = json.loads(_golden("g_mc")[0])
    back = samplefile.typed(mc)
    assert back["arguments"][1] == [mc["arguments"]["gen_args_1"]["arg_0"],
                                    mc["arguments"]["gen_args_1"]["arg_1"]]
    assert all(isinstance(p[0], float) and isinstance(p[1], bool) for p in back["filtered_resps"])
    assert back["filtered_resps"][0][0] == float(mc["filtered_resps"][0][0])
    roll = samplefile.typed(json.loads(_golden("g_roll")[0]))
    assert isinstance(roll["resps"][0][0], float)
    gen = samplefile.typed(json.loads(_golden("g_gen")[0]))
    assert gen["resps"] == [[" The answer is 5.", " The answer is 5."]]
    # a generation that looks like a number stays text
    numeric = json.loads(_golden("g_gen")[0]) | {"filtered_resps": ["5"]}
    assert samplefile.typed(numeric)["filtered_resps"] == ["5"]
    # typed lines pass through unchanged
    assert samplefile.typed(back) == back


def test_to_file_of_typed_values_is_lm_evals_line():
    for task in TASKS:
        for raw in _golden(task):
            line = json.loads(raw)
            assert samplefile.dumps(samplefile.typed(line)) == raw


def _copy_run(src: Path, dst: Path, rewrite=None) -> Path:
    """A results directory with the golden lm-eval samples files (optionally rewritten)."""
    dst.mkdir(parents=True)
    stamp = "2026-01-01T00-00-00.000001"
    results = {"results": {t: {"alias": t} for t in TASKS}, "config": {"model": "x"}}
    (dst / f"results_{stamp}.json").write_text(json.dumps(results), encoding="utf-8")
    for task in TASKS:
        lines = [json.loads(x) for x in _golden(task)]
        if rewrite:
            lines = [rewrite(x) for x in lines]
        (dst / f"samples_{task}_{stamp}.jsonl").write_text(
            "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return dst


def test_compare_reads_lm_eval_files_and_old_typed_files_alike(tmp_path):
    lm_eval = load_run(_copy_run(GOLDEN, tmp_path / "lm_eval"))
    typed = load_run(_copy_run(GOLDEN, tmp_path / "typed", _typed_layout))
    same = compare_runs(lm_eval, typed)
    assert not same.samples_differ, [(s.task, s.changed[:1]) for s in same.samples if s.changed]
    assert [s.compared for s in same.samples] == [5, 5, 5, 10]
    # predictions are read as numbers: the most likely choice's continuation, not a string pair
    mc = lm_eval.samples("g_mc")[0]
    scores = [p[0] for p in mc["filtered_resps"]]
    assert prediction(mc) == mc["arguments"][scores.index(max(scores))][1]
    assert prediction(lm_eval.samples("g_ll")[0]) is None  # a single log-likelihood: a metric


def test_compare_reads_stringified_log_likelihoods_as_numbers(tmp_path):
    def promote_worst_choice(line):  # in g_mc, the least likely choice becomes the most likely
        if len(line["filtered_resps"]) != 4:
            return line
        scores = [float(p[0]) for p in line["filtered_resps"]]
        worst = scores.index(min(scores))
        line = json.loads(json.dumps(line))
        line["filtered_resps"][worst][0] = "-0.001"
        return line

    a = load_run(_copy_run(GOLDEN, tmp_path / "a"))
    b = load_run(_copy_run(GOLDEN, tmp_path / "b", promote_worst_choice))
    result = compare_runs(a, b)
    by_task = {s.task: s for s in result.samples}
    assert by_task["g_mc"].predictions_changed == 5  # every document's answer changed ...
    assert all(by_task[t].changed == [] for t in ("g_ll", "g_roll", "g_gen"))  # ... and only there
    worst = by_task["g_mc"].changed[0]
    mc = a.samples("g_mc")[0]
    assert worst.b == mc["arguments"][[p[0] for p in mc["filtered_resps"]].index(
        min(p[0] for p in mc["filtered_resps"]))][1]


def test_lmeval_run_compares_equal_to_lm_evals_files(lmeval_files, tmp_path):
    ours = lmeval_files["g_mc"].parent
    mine = load_run(ours)
    theirs = load_run(_copy_run(GOLDEN, tmp_path / "lm_eval"))
    result = compare_runs(theirs, mine)
    assert not result.samples_differ
    assert [s.compared for s in result.samples] == [5, 5, 5, 10]


def test_report_page_renders_from_lm_eval_layout(lmeval_files, tmp_path):
    run_dir = tmp_path / "runs" / "m"
    shutil.copytree(lmeval_files["g_mc"].parent, run_dir)
    out = tmp_path / "report.html"
    assert main(["report", str(tmp_path / "runs"), "--no_plots", "--output_path", str(out)]) == 0
    assert "g_mc" in out.read_text(encoding="utf-8")


def test_non_json_values_are_written_as_lm_evals_handle_non_serializable_does():
    np = pytest.importorskip("numpy", reason="numpy scalars are what handle_non_serializable unwraps")
    assert samplefile.json_default(np.int64(3)) == 3 and samplefile.json_default(np.float32(0.5)) == 0.5
    assert samplefile.json_default(np.bool_(True)) is True
    assert samplefile.json_default({2}) == [2]
    assert samplefile.json_default(Path("x")) == "x"
    line = samplefile.dumps({"doc": {"n": np.int64(7)}, "target": np.int64(2), "arguments": [("c", " x")],
                             "resps": [[(np.float64(-1.5), np.bool_(False))]]})
    assert line == ('{"doc": {"n": 7}, "target": "2", "arguments": {"gen_args_0": {"arg_0": "c", '
                    '"arg_1": " x"}}, "resps": [[["-1.5", "False"]]]}')
