"""The README's first command: the embedded model on the bundled tasks, through the CLI exactly as
scripts/quickstart.sh runs it; every score must beat chance by a clear margin."""

from __future__ import annotations

import json

import pytest
from lmeval_system_helpers import ROOT

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


def _train_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("quickstart_train", QUICKSTART / "train.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bundled_tasks_are_held_out_from_the_training_data():
    """The task files are what train.py draws first, and no task item occurs in the training
    documents (the same generator, with train.py's default seed and size)."""
    train = _train_module()
    seed, steps, batch, seq_len = 1234, 1500, 32, 96
    held_out = train.make_task_docs(seed)
    for name, docs in held_out.items():
        assert docs == _docs(name), f"{name}.jsonl is not what train.py generates"
    corpus = "\n".join(train.make_corpus(seed, n_docs=steps * batch * seq_len // 15 + 1000, held_out=held_out))
    import re

    pairs = set(re.findall(r"(\d+) plus (\d+)", corpus))
    assert len(pairs) > 1000  # the training data does teach addition, in every format
    for d in held_out["qs_arith_mc"] + held_out["qs_arith_gen"]:
        assert tuple(d["question"][len("What is "):-1].split(" plus ")) not in pairs
    copied = set(re.findall(r"Repeat after me: ([\d ]+)\n", corpus))
    assert copied and not copied & {d["text"] for d in held_out["qs_copy"]}
    for d in held_out["qs_stories"]:
        assert d["text"] not in corpus
