"""Generations that know about reasoning: cut off inside the thinking section by the token
budget, counted per task; extraction-regex misses per filter; in the results JSON, the table
footnotes and an end-of-run warning. Runs of the reference LM with ``think=N``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval.backend.generation import decode_generation
from lmeval.backend.reasoning import GeneratedText, regex_unmatched, thinking_stats, traced
from lmeval.cli import main

TASK = """\
task: think_gen
dataset_path: json
dataset_kwargs:
  data_files:
    test: docs.jsonl
test_split: test
output_type: generate_until
doc_to_text: "Question: {{q}}\\nAnswer:"
doc_to_target: "{{answer}}"
generation_kwargs:
  until: ["\\n"]
  max_gen_toks: BUDGET
filter_list:
  - name: get-answer
    filter:
      - function: regex
        regex_pattern: "The answer is (\\\\d+)"
      - function: take_first
  - name: first-digit
    filter:
      - function: regex
        regex_pattern: "(\\\\d)"
        fallback: "none found"
      - function: take_first
  - name: whole
    filter:
      - function: take_first
metric_list:
  - metric: exact_match
"""


def _tasks(root: Path, budget: int) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    with (root / "docs.jsonl").open("w") as fh:
        for i in range(40):
            fh.write(json.dumps({"q": f"What is {i} mod 10?", "answer": str(i % 10)}) + "\n")
    (root / "think_gen.yaml").write_text(TASK.replace("BUDGET", str(budget)))
    return root


def _run(capsys, tasks: Path, out: Path, *extra: str):
    code = main(["run", "--model", "dummy", "--model_args", "think=4", "--tasks", "think_gen",
                 "--include_path", str(tasks), "--output_path", str(out), "--log_samples", *extra])
    captured = capsys.readouterr()
    results = json.loads(next(out.rglob("results_*.json")).read_text())
    samples = [json.loads(x) for x in next(out.rglob("samples_think_gen_*.jsonl")).open()]
    return code, captured, results, samples


def test_cut_off_thinking_is_counted_reported_and_warned(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    code, captured, results, samples = _run(capsys, _tasks(tmp_path / "t", 12), tmp_path / "out")
    assert code == 0
    stats = results["generation_stats"]["think_gen"]
    thinking = stats["thinking"]
    # counted independently from the samples: an unfinished answer is the bare reasoning
    answers = [e["resps"][0][0] for e in samples if e["filter"] == "whole"]
    cut = sum(a.startswith("w0 w1") and "answer" not in a for a in answers)
    assert thinking["cut_off_after_thinking"] == sum(a.startswith("The answer") and "." not in a for a in answers)
    assert 0 < cut < 40 and thinking["cut_off_in_thinking"] == cut
    assert thinking["generations"] == thinking["traced"] == 40 and thinking["unknown"] == 0
    assert thinking["cut_off_share"] == cut / 40 and thinking["max_gen_toks"] == 12
    assert thinking["completed_tokens_max"] == 9  # 4 reasoning words, </think>, 4 answer words
    # regex misses per filter, each against its own fallback, as the samples show them
    for name, fallback in (("get-answer", "[invalid]"), ("first-digit", "none found")):
        logged = [e["filtered_resps"][0] for e in samples if e["filter"] == name]
        assert stats["regex_unmatched"][name] == {"count": logged.count(fallback), "of": 40}
    assert stats["regex_unmatched"]["get-answer"]["count"] >= cut
    assert "whole" not in stats["regex_unmatched"]  # no regex in that pipeline
    footnotes = [line for line in captured.out.splitlines() if line.startswith("* ")]
    assert any(f"{cut} of 40 generations" in line and "max_gen_toks 12" in line for line in footnotes)
    assert any("[get-answer]: the extraction regex matched nothing" in line for line in footnotes)
    last = captured.err.strip().splitlines()[-1]
    assert last.startswith("lmeval: warning: think_gen:") and "raise max_gen_toks" in last
    assert f"up to {thinking['completed_tokens_max']} tokens" in last


def test_enough_budget_no_warning_and_cached_answers_are_unknown(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    tasks = _tasks(tmp_path / "t", 64)
    cache = str(tmp_path / "responses")
    code, captured, results, _ = _run(capsys, tasks, tmp_path / "a", "--use_cache", cache)
    thinking = results["generation_stats"]["think_gen"]["thinking"]
    assert code == 0 and thinking["cut_off_in_thinking"] == 0 and thinking["thinking_closed"] == 40
    assert "warning: think_gen" not in captured.err
    code, captured, results, _ = _run(capsys, tasks, tmp_path / "b", "--use_cache", cache)
    assert "thinking" not in results["generation_stats"]["think_gen"]  # no trace survives the cache


def test_rescore_keeps_thinking_and_recounts_regex_misses(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    tasks = _tasks(tmp_path / "t", 12)
    _, _, results, samples = _run(capsys, tasks, tmp_path / "out")
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "docs.jsonl").write_text((tasks / "docs.jsonl").read_text())
    (edited / "think_gen.yaml").write_text((tasks / "think_gen.yaml").read_text().replace(
        '"The answer is (\\\\d+)"', '"(\\\\d+)\\\\.$"'))
    assert main(["rescore", str(tmp_path / "out"), "--include_path", str(edited), "-o", str(tmp_path / "r")]) == 0
    out = capsys.readouterr().out
    rescored = json.loads(next((tmp_path / "r").glob("results_*.json")).read_text())
    stats = rescored["generation_stats"]["think_gen"]
    assert stats["thinking"] == results["generation_stats"]["think_gen"]["thinking"]
    logged = [json.loads(x) for x in next((tmp_path / "r").glob("samples_think_gen_*")).open()]
    misses = sum(e["filtered_resps"][0] == "[invalid]" for e in logged if e["filter"] == "get-answer")
    assert stats["regex_unmatched"]["get-answer"]["count"] == misses
    assert "ran out of tokens inside the thinking section" in out


def test_decode_generation_traces():
    words = ["a", "b", "<t>", "c", "d", "PAD", "PAD"]
    decode = lambda ids: " ".join(words[i] for i in ids if words[i] != "PAD")  # noqa: E731
    plain = decode_generation([0, 1, 3], decode, None, None)
    assert type(plain) is str
    closed = decode_generation([0, 1, 2, 3, 4, 5, 5], decode, None, 2, max_gen_toks=7, pad_token_id=5)
    assert isinstance(closed, GeneratedText) and closed == "c d"
    assert (closed.thinking_closed, closed.tokens, closed.hit_limit) == (True, 5, False)
    cut = decode_generation([0, 1], decode, None, 2, max_gen_toks=2)
    assert (cut, cut.thinking_closed, cut.hit_limit) == ("a b", False, True)
    text = decode_generation([0, 1, 2, 3], decode, ["d"], "<t>", max_gen_toks=10)
    assert (text, text.thinking_closed, text.hit_limit) == ("c", True, False)
    assert json.dumps(text) == '"c"'  # the cache and the samples file see the plain text


@pytest.mark.parametrize("value, misses", [
    (["[invalid]", "3", "[invalid]"], 2), ([["[invalid]"], ["4"]], 1), (["3", "4"], 0)])
def test_regex_unmatched(value, misses):
    from lmeval.filters import FilterPipeline, Regex, TakeFirst

    pipeline = FilterPipeline("p", [("regex", Regex, {}), ("take_first", TakeFirst, {})])
    assert regex_unmatched(pipeline, value) == misses
    assert regex_unmatched(FilterPipeline("q", [("take_first", TakeFirst, {})]), value) is None


def test_thinking_stats_without_traces_is_none():
    assert thinking_stats(["a", "b"]) is None
    unknown = thinking_stats([traced("x", thinking_closed=False), traced("y", thinking_closed=True)])
    assert (unknown["cut_off_in_thinking"], unknown["thinking_not_closed_before_stop"],
            unknown["thinking_not_closed_budget_unknown"], unknown["thinking_closed"]) == (0, 0, 1, 1)
    stats = thinking_stats([traced("x", thinking_closed=False, tokens=5, max_gen_toks=5), "y"])
    assert stats["cut_off_in_thinking"] == 1 and stats["unknown"] == 1 and "completed_tokens_max" not in stats
