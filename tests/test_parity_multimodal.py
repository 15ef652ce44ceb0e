"""A fast slice of the multimodal parity benchmark (benchmarks/parity/multimodal.py): lm-eval
0.4.13's ``hf-multimodal`` and lmeval's on the same tiny random Llava, PIL-drawn images and
parquet data, each tool with its own ChartQA and MMMU YAML, compared per document.

Two documents of ``chartqa`` and of each MMMU science subject (the ``mmmu_val_science`` group),
plain prompts and ``--apply_chat_template``: prompts, image digests, generations, metrics (MMMU's
random guesses apart, see the benchmark) and aggregates must be identical. lm-eval runs from its
own venv (benchmarks/reference_env.py, with Pillow added for its image tasks).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("lmeval_hf", reason="lmeval-hf is installed by scripts/test.sh")
pytest.importorskip("PIL", reason="hf-multimodal needs pillow (lmeval-hf[multimodal])")
pytest.importorskip("pyarrow", reason="the fixture data is parquet (lmeval-tasks-multimodal[test])")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "parity"))
sys.path.insert(0, str(ROOT / "benchmarks"))

pytestmark = pytest.mark.timeout(1800)


def test_hf_multimodal_matches_lm_eval_per_document(tmp_path):
    import multimodal
    from reference_env import reference_python

    try:
        reference_python()
    except Exception as exc:  # noqa: BLE001 - no registry access: say so instead of failing
        pytest.skip(f"cannot build the lm-eval 0.4.13 reference venv here: {exc}")
    report = multimodal.main(["--limit", "2", "--max-gen-toks", "8", "--work", str(tmp_path),
                              "--tasks", "par_chartqa", "par_mmmu_val_science"])
    for row in report["rows"]:
        assert row["docs"] == 2 + 5 * 2, row
        for key in ("prompts_differ", "images_differ", "predictions_differ", "metrics_differ",
                    "aggregates_differ"):
            assert row[key] == 0, (row["setting"], key, row["notes"])
        assert row["aggregates_compared"] >= 3 + 5 + 1
