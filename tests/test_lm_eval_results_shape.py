"""lmeval's results file has every key lm-eval 0.4.13 writes, with the same value types.

The reference files in ``tests/lm_eval_results/`` were written by lm-eval 0.4.13 itself (the
command is in that folder's README); lmeval runs the same task with the same flags and the key
sets and types of both files are compared, ``config`` key by key and per task.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from lmeval.cli import main

HERE = Path(__file__).parent / "lm_eval_results"
TASK = """task: tiny31
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: multiple_choice
doc_to_text: "{{{{q}}}}"
doc_to_choice: ["a", "b"]
doc_to_target: "{{{{t}}}}"
metric_list:
  - metric: acc
"""
#: keys typed ``str | None`` whose None-ness depends on where the run is, not on the tool:
#: the git commits of the working folder and its parent, and ``config.device`` (lm-eval's CLI
#: writes "cuda:0" when --device is not given, whatever ran the model; lmeval writes None)
STR_OR_NONE = {"git_hash", "upper_git_hash", "device"}


def _task(tmp_path: Path) -> Path:
    folder = tmp_path / "task"
    folder.mkdir()
    data = folder / "tiny.jsonl"
    data.write_text('{"q":"x?","t":0}\n{"q":"y?","t":1}\n{"q":"z?","t":0}\n', encoding="utf-8")
    (folder / "tiny.yaml").write_text(TASK.format(data=data), encoding="utf-8")
    return folder


def _run(tmp_path: Path, *argv: str) -> dict:
    out = tmp_path / "out"
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["run", *argv, "--tasks", "tiny31", "--include_path", str(_task(tmp_path)),
                     "--batch_size", "4", "--limit", "2", "--output_path", str(out)])
    assert code == 0
    (file,) = out.glob("*/results_*.json")
    return json.loads(file.read_text(encoding="utf-8"))


def _type(value: object) -> str:
    return type(value).__name__


def _str_or_none(key: str, a: object, b: object) -> bool:
    return key in STR_OR_NONE and all(v is None or isinstance(v, str) for v in (a, b))


def differences(reference: dict, ours: dict) -> list[str]:
    """Every key of ``reference`` that ``ours`` lacks or holds with another type."""
    found = []
    for key, value in reference.items():
        if key not in ours:
            found.append(f"missing {key}")
        elif _type(value) != _type(ours[key]) and not _str_or_none(key, value, ours[key]):
            found.append(f"{key}: {_type(value)} in lm-eval, {_type(ours[key])} in lmeval")
    for key, value in reference["config"].items():
        theirs = ours["config"].get(key, "<missing>")
        if _type(value) != _type(theirs) and not _str_or_none(key, value, theirs):
            found.append(f"config.{key}: {_type(value)} in lm-eval, {_type(theirs)} in lmeval")
    for key in ("versions", "n-shot", "higher_is_better", "n-samples"):
        for task, value in reference[key].items():
            if _type(value) != _type(ours[key].get(task, "<missing>")):
                found.append(f"{key}.{task}: {_type(value)} in lm-eval")
    for task, entry in reference["results"].items():
        for key, value in entry.items():
            if _type(value) != _type(ours["results"][task].get(key, "<missing>")):
                found.append(f"results.{task}.{key}")
    return found


def test_dummy_results_have_lm_eval_keys_and_types(tmp_path):
    reference = json.loads((HERE / "dummy.json").read_text(encoding="utf-8"))
    ours = _run(tmp_path, "--model", "dummy", "--model_args",
                "pretrained=foo,dtype=float16,trust_remote_code=True,max_length=2048")
    assert differences(reference, ours) == []
    # the values a parser reads, as lm-eval's CLI wrote them
    for key in ("model_args", "batch_size", "limit", "gen_kwargs"):
        assert ours["config"][key] == reference["config"][key], key
    assert ours["results"]["tiny31"]["name"] == "tiny31"
    assert ours["versions"] == reference["versions"] == {"tiny31": "Yaml"}  # no metadata.version
    assert ours["config"]["model_args"]["pretrained"] == "foo"


def test_hf_results_have_lm_eval_keys_types_and_model_facts(tmp_path):
    pytest.importorskip("torch", reason="the hf comparison needs lmeval-hf's torch")
    pytest.importorskip("lmeval_hf", reason="the hf comparison needs lmeval-hf")
    from lmeval_testkit.hf import build_tiny_gpt2

    # the reference was written on the test kit's tiny GPT-2 built at /tmp/a31/gpt2
    model = build_tiny_gpt2(tmp_path / "gpt2")
    reference = json.loads((HERE / "hf.json").read_text(encoding="utf-8"))
    ours = _run(tmp_path, "--model", "hf", "--model_args", f"pretrained={model},dtype=float32",
                "--device", "cpu")
    assert differences(reference, ours) == []
    for key in ("model_num_parameters", "model_dtype", "model_revision", "model_sha",
                "batch_size", "limit", "gen_kwargs", "device"):
        assert ours["config"][key] == reference["config"][key], key
    for key in ("tokenizer_pad_token", "tokenizer_eos_token", "tokenizer_bos_token",
                "eot_token_id", "max_length"):
        assert ours[key] == reference[key], key


def test_credentials_in_model_args_dict_are_masked(tmp_path):
    ours = _run(tmp_path, "--model", "dummy", "--model_args", "pretrained=foo,api_key=sk-abcdef123456")
    assert ours["config"]["model_args"] == {"pretrained": "foo", "api_key": "***"}
    assert "sk-abcdef123456" not in json.dumps(ours)


def test_api_results_have_lm_eval_keys_types_and_tokenizer_fields(tmp_path):
    pytest.importorskip("lmeval_api", reason="the API comparison needs lmeval-api")
    pytest.importorskip("transformers", reason="local-completions' tokenizer needs transformers")
    from lmeval_testkit.api import FaultServer
    from lmeval_testkit.hf import build_tiny_gpt2

    tokenizer = build_tiny_gpt2(tmp_path / "gpt2")
    reference = json.loads((HERE / "local-completions.json").read_text(encoding="utf-8"))
    server = FaultServer().start()
    try:
        ours = _run(tmp_path, "--model", "local-completions", "--model_args",
                    f"model=fake,base_url={server.url}/v1/completions,tokenizer={tokenizer},"
                    "tokenizer_backend=huggingface,num_concurrent=1")
    finally:
        server.stop()
    assert differences(reference, ours) == []
    for key in ("tokenizer_pad_token", "tokenizer_eos_token", "tokenizer_bos_token",
                "eot_token_id", "max_length"):
        assert ours[key] == reference[key], key
    assert ours["config"]["model_args"]["tokenizer_backend"] == "huggingface"
