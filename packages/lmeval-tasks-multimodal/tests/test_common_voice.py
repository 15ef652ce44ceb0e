"""common_voice_en (lm-eval 0.4.13's common_voice folder): the request lm-eval builds, and the
refusal: no lmeval backend takes audio, so a run stops in one line before the model loads
instead of sending the instruction without its clip (lm-eval refuses text models likewise)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import lmeval
import pytest
from lmeval.errors import UsageError

FIXTURE = (Path(__file__).resolve().parent / "fixtures" / "datasets" / "fixie-ai" / "endpointing-audio"
           / "common_voice_17_0-en" / "test.jsonl")
DOCS = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]


def test_request_text_target_audio_and_generation(build):
    task, instances = build("common_voice_en")
    (instance,) = instances
    context, gen = instance.arguments[:2]
    assert context == "Listen to the audio <audio> and output what a human has said on it. Answer:"
    assert gen == {"until": ["<|endoftext|>"], "temperature": 0.0, "do_sample": False, "max_gen_toks": 64}
    assert task.doc_to_target(DOCS[0]) == "The birch canoe slid on the smooth planks."
    audio = task._fn("doc_to_audio", task.config.doc_to_audio)(DOCS[0])
    assert audio == [{"array": DOCS[0]["audio"]["array"], "sampling_rate": 16000}]
    assert task.aggregation_name("bleu") == "bleu"


def test_a_run_stops_before_the_model_in_one_line():
    with pytest.raises(UsageError, match=r"task 'common_voice_en' gives the model audio \(doc_to_audio\): "
                                         r"backend 'dummy' takes no audio input"):
        lmeval.evaluate("dummy", tasks=["common_voice_en"], limit=1)
    code = ("import sys; from lmeval.cli import main; "
            "sys.exit(main(['run', '--model', 'dummy', '--tasks', 'common_voice_en', '--limit', '1']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if "error" in line][0].count("doc_to_audio") == 1
