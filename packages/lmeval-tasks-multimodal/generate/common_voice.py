"""Common Voice 17.0 English speech recognition, as lm-eval 0.4.13's ``common_voice`` folder: one
audio task, ``common_voice_en`` (``utils.py`` beside it, by hand).
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_text

SCRIPT = "common_voice.py"
FOLDER = "common_voice"

TEMPLATE = """# Common Voice 17.0 English speech recognition (Ardila et al. 2020, arXiv:1912.06670), on the
# fixie-ai/endpointing-audio subset lm-eval 0.4.13 uses: the model hears one clip and writes what
# was said; corpus BLEU against the transcript. The requests carry audio, which no lmeval backend
# takes yet: a run stops in one line before the model loads (lm-eval runs it on hf-audiolm-qwen).
task: common_voice_en
task_alias: common_voice_en
dataset_path: fixie-ai/endpointing-audio
dataset_name: common_voice_17_0-en
training_split: train
test_split: test
output_type: generate_until
doc_to_audio: !function utils.doc_to_audio
doc_to_text: !function utils.doc_to_text
doc_to_target: "{{transcript}}"
generation_kwargs:
  until:
    - "<|endoftext|>"
  temperature: 0.0
  do_sample: false
  max_gen_toks: 64
metric_list:
  - metric: bleu
    aggregation: bleu
    higher_is_better: true
metadata:
  version: 1.0
"""



def tasks() -> list[str]:
    return ["common_voice_en"]


def readme_item() -> str:
    return "* **common_voice** (1 task, audio): `common_voice_en`"


def main(root: Path) -> None:
    write_text(reset_dir(root / FOLDER) / "common_voice_en.yaml", TEMPLATE, SCRIPT)
