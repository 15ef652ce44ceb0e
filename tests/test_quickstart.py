"""The README's first command: the embedded model on the bundled tasks, through the CLI exactly as
scripts/quickstart.sh runs it; every score must beat chance by a clear margin."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT

QUICKSTART = ROOT / "examples" / "quickstart"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    pytest.importorskip("lmeval_hf.models", reason="the quickstart model runs on lmeval-hf (pip install -e packages/lmeval-hf)")
    from lmeval.cli import main

    out = tmp_path_factory.mktemp("quickstart")
    mp = pytest.MonkeyPatch()
    mp.chdir(ROOT)  # run.yaml's model path is relative to the repository root, as in quickstart.sh
    try:
        assert main(["run", "--config", "examples/quickstart/run.yaml", "--output_path", str(out)]) == 0
    finally:
        mp.undo()
    return json.loads(next(out.rglob("results_*.json")).read_text())


def _docs(name: str) -> list[dict]:
    return [json.loads(line) for line in (QUICKSTART / "tasks" / f"{name}.jsonl").read_text().splitlines()]


def test_quickstart_runs_every_bundled_task(results):
    assert set(results["results"]) == {"qs_arith_mc", "qs_arith_gen", "qs_copy", "qs_stories"}
    assert results["config"]["model"] == "hf"
    assert all(n["effective"] == n["original"] == 100 for n in results["n-samples"].values())


def test_multiple_choice_beats_chance(results):
    chance = sum(1 / len(d["choices"]) for d in _docs("qs_arith_mc")) / 100
    assert results["results"]["qs_arith_mc"]["acc,none"] > chance + 0.15


def test_generation_beats_chance(results):
    # a guess among the sums 0..98 is right 1% of the time; copying a random number phrase, ~never
    assert results["results"]["qs_arith_gen"]["exact_match,strict-match"] > 0.15
    assert results["results"]["qs_arith_gen"]["exact_match,flexible-extract"] > 0.15
    assert results["results"]["qs_copy"]["exact_match,strip"] > 0.15


def test_perplexity_far_below_uniform(results):
    # a model that knows nothing spreads its probability over the 256 byte values: 8 bits per byte
    bpb = results["results"]["qs_stories"]["bits_per_byte,none"]
    assert bpb < 8.0 / 4
    assert results["results"]["qs_stories"]["byte_perplexity,none"] == pytest.approx(2 ** bpb)
