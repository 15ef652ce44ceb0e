"""The GPU benchmark's own code on the CPU (benchmarks/gpu): its model and its pipeline.

The benchmark itself runs on a lent GPU machine (benchmarks/gpu/README.md) and, end to end on
the CPU against lm-eval, with ``gpu_bench.py --cpu`` (about 12 minutes). These tests keep the
parts that decide its figures honest in CI: the padded tokenizer never produces a padding
token and the model's padding rows never win, and a run without lm-eval still measures
lmeval and says, per row, why lm-eval's side is missing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("lmeval_hf", reason="lmeval-hf is installed by scripts/test.sh")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "gpu"))

import bench_model  # noqa: E402

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return bench_model.build_model(tmp_path_factory.mktemp("gpu-bench") / "tiny", "tiny")


def test_padding_tokens_are_unreachable_and_never_generated(tiny: Path) -> None:
    import torch
    from lmeval_testkit.hf import generate_corpus
    from transformers import AutoModelForCausalLM, AutoTokenizer

    info = bench_model.describe(tiny)
    learned, size = info["learned_tokens"], bench_model.SHAPES["tiny"]["vocab"]
    tok = AutoTokenizer.from_pretrained(str(tiny))
    assert len(tok) == size and learned < size
    texts = [*generate_corpus(7, 200), "\u4e00pad1500 <s> \u4e00\u4e00 naïve 東京 🙂 \x00\t",
             bench_model._PAD.format(learned + 3)]
    for ids in tok(texts, add_special_tokens=False)["input_ids"]:
        assert max(ids) < learned  # the padding entries have no merges: no text reaches them
    assert tok.decode(tok(texts[0], add_special_tokens=False)["input_ids"]) == texts[0]

    model = AutoModelForCausalLM.from_pretrained(str(tiny), dtype=torch.float32)
    assert model.config.vocab_size == size and model.config.tie_word_embeddings
    assert torch.count_nonzero(model.get_output_embeddings().weight[learned:]) == 0
    batch = tok(["Question: the cat is", "1 + 2 ="], return_tensors="pt", padding=True)
    out = model.generate(**batch, max_new_tokens=12, do_sample=False)
    assert int(out[:, batch["input_ids"].shape[1]:].max()) < learned


def test_run_without_lm_eval_measures_lmeval_and_says_why(tmp_path: Path, capsys) -> None:
    import gpu_bench

    rc = gpu_bench.main(["--cpu", "--parts", "hf", "--dtypes", "float32", "--configs",
                         "mmlu_0shot,gsm8k", "--batch_sizes", "4", "--work", str(tmp_path),
                         "--lm_eval_python", sys.executable])  # the test venv has no lm-eval
    assert rc == 0
    report = json.loads((tmp_path / "gpu_bench.json").read_text())
    assert "lm_eval" in report["lm_eval_import_error"]
    rows = report["rows"]
    assert [(r["config"], r["batch_size"]) for r in rows] == [("mmlu_0shot", "4"), ("gsm8k", "4")]
    for row in rows:
        assert row["ref_speed"]["status"] == "skipped"
        assert "lm_eval" in row["ref_speed"]["why"]
        ours = row["our_speed"]
        assert ours["status"] == "ok" and ours["seconds"] > 0
        assert ours["requests"] == {"mmlu_0shot": 4 * 3 * 8, "gsm8k": 6}[row["config"]]
        assert ours["tokens"] > ours["requests"]
        assert "n" not in row  # nothing compared when one side is missing
    table = capsys.readouterr().out
    assert "| hf | float32 | 4 | gsm8k |" in table and "lmeval hf" in table
    assert (tmp_path / "gpu_bench_runs.tar.gz").is_file()
