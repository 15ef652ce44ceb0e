"""RULER's documents, built by lmeval for a tokenizer, lengths and the default seeds, are the ones
lm-eval 0.4.13 builds: a slice of the tasks against lm-eval's digest (every document's SHA-256 and
the first in full), written by ``tools/ruler_documents.py`` under the reference interpreter on
the same fixtures and tokenizer (``tools/ruler_tokenizer.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "ruler_documents_512.json").read_text(encoding="utf-8"))
SLICE = ("niah_single_1", "niah_single_2", "niah_multikey_3", "ruler_cwe", "ruler_fwe", "ruler_qa_squad")
sys.path.insert(0, str(HERE / "tools"))

pytest.importorskip("wonderwords", reason="RULER's documents need the [ruler] extra")
pytest.importorskip("transformers", reason="RULER's documents need the [ruler] extra")


@pytest.fixture(scope="module")
def tokenizer(tmp_path_factory):
    import ruler_tokenizer

    return str(ruler_tokenizer.build(tmp_path_factory.mktemp("ruler-tokenizer")))


def test_the_golden_covers_every_task_but_variable_tracking():
    # ruler_vt is not buildable at 512 tokens (lm-eval retries forever); it is compared at 1024
    # by tools/ruler_documents.py (see the pack README)
    assert set(GOLDEN) == {"niah_single_1", "niah_single_2", "niah_single_3", "niah_multikey_1",
                           "niah_multikey_2", "niah_multikey_3", "niah_multivalue", "niah_multiquery",
                           "ruler_cwe", "ruler_fwe", "ruler_qa_squad", "ruler_qa_hotpot"}
    assert all(GOLDEN[t]["count"] == 500 for t in GOLDEN)


@pytest.mark.parametrize("task", SLICE)
def test_documents_match_reference(task, tokenizer, monkeypatch):
    import ruler_documents

    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(ruler_documents.MIRROR))
    got = ruler_documents.build("lmeval", tokenizer, [512], [task])[task]
    assert "error" not in got, got
    assert got["first"] == GOLDEN[task]["first"]
    assert got["sha256"] == GOLDEN[task]["sha256"]


def test_variable_tracking_matches_reference_at_1024(tokenizer, monkeypatch):
    import ruler_documents

    golden = json.loads((HERE / "golden" / "ruler_documents_vt_1024.json").read_text(encoding="utf-8"))["ruler_vt"]
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(ruler_documents.MIRROR))
    got = ruler_documents.build("lmeval", tokenizer, [1024], ["ruler_vt"])["ruler_vt"]
    assert got["first"] == golden["first"] and got["sha256"] == golden["sha256"]


def test_common_words_carry_their_generator_from_length_to_length(tokenizer, monkeypatch):
    """Two lengths in one build: the word list's generator goes on (and the >= 4096 branch)."""
    import ruler_documents

    golden = json.loads((HERE / "golden" / "ruler_documents_cwe_1024_4096.json").read_text(encoding="utf-8"))
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(ruler_documents.MIRROR))
    got = ruler_documents.build("lmeval", tokenizer, [1024, 4096], ["ruler_cwe"])["ruler_cwe"]
    assert got["count"] == 1000 and got["sha256"] == golden["ruler_cwe"]["sha256"]


def test_variable_tracking_at_512_stops_in_one_line(tokenizer, monkeypatch):
    """lm-eval draws forever here (its worked example leaves no room); lmeval stops."""
    import ruler_documents

    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(ruler_documents.MIRROR))
    got = ruler_documents.build("lmeval", tokenizer, [512], ["ruler_vt"])["ruler_vt"]
    assert got == {"error": "ValueError: RULER: no variable-tracking document fits max_seq_length=512; "
                            "raise max_seq_lengths"}


def test_a_built_document_is_shaped_for_the_prompt(tokenizer, monkeypatch):
    import ruler_documents

    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(ruler_documents.MIRROR))
    first = GOLDEN["niah_single_1"]["first"]
    assert first["max_length"] == 512 and first["length"] <= 512
    assert first["outputs"][0] in first["input"] and first["gen_prefix"].startswith("The special magic number for ")
