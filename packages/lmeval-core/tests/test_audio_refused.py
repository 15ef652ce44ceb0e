"""A task with ``doc_to_audio`` (lm-eval 0.4.13's common_voice_en) is refused before the model
loads: no lmeval backend takes audio, and sending the text alone would score a model on a
prompt it cannot answer. A backend that declares ``"audio"`` in ``supported_inputs`` passes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from lmeval.errors import UsageError
from lmeval.protocol import LM
from lmeval.run.preflight import check_inputs


def _task(audio):
    return SimpleNamespace(name="speech", output_type="generate_until",
                           config=SimpleNamespace(doc_to_audio=audio, doc_to_image=None))


class _TextLM(LM):
    pass


class _AudioLM(LM):
    supported_inputs = frozenset({"text", "audio"})


def test_audio_task_refused_by_a_text_backend():
    with pytest.raises(UsageError, match=r"task 'speech' gives the model audio \(doc_to_audio\): backend 'text' "
                                         r"takes no audio input"):
        check_inputs("text", _TextLM, [_task("audio")])


def test_audio_backend_and_text_tasks_pass():
    check_inputs("audio", _AudioLM, [_task("audio")])
    check_inputs("text", _TextLM, [_task(None)])
