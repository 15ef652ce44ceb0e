"""Bad ``pretrained``, ``ov_config``, ``--device`` and model args: one clear line each, before
the runtime compiles anything."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from lmeval.errors import UsageError
from lmeval_openvino.ir import check_device, parse_device, parse_ov_config
from openvino_runs import TASKS, make_model

pytest.importorskip("openvino", reason="lmeval-openvino needs openvino")


def test_pretrained_must_be_an_ir_export(tiny_ov_export, tmp_path):
    source, export = tiny_ov_export
    with pytest.raises(UsageError, match="needs pretrained="):
        make_model("openvino", "")
    with pytest.raises(UsageError, match="does not convert hub models.*optimum-cli export"):
        make_model("openvino", "pretrained=org/some-hub-model")
    with pytest.raises(UsageError, match="transformers checkpoint: export it first"):
        make_model("openvino", f"pretrained={source}")
    (tmp_path / "model.xml").write_text("<net/>")
    with pytest.raises(UsageError, match="no weights file model.bin"):
        make_model("openvino", f"pretrained={tmp_path / 'model.xml'}")
    renamed = tmp_path / "renamed"
    shutil.copytree(export, renamed)
    for suffix in (".xml", ".bin"):
        (renamed / f"openvino_model{suffix}").rename(renamed / f"decoder{suffix}")
    lm = make_model("openvino", f"pretrained={renamed}")  # the one graph in the folder is found
    assert lm.ir.xml.name == "decoder.xml"


def test_ov_config_file_inline_and_errors(tmp_path):
    path = tmp_path / "ov.json"
    path.write_text('{"INFERENCE_PRECISION_HINT": "f32", "CACHE_DIR": "cache"}')
    assert parse_ov_config(str(path), False) == {
        "CACHE_DIR": "cache", "PERFORMANCE_HINT": "LATENCY", "INFERENCE_PRECISION_HINT": "f32"}
    assert parse_ov_config('{"NUM_STREAMS": 2}', True) == {
        "CACHE_DIR": "", "PERFORMANCE_HINT": "LATENCY", "NUM_STREAMS": 2,
        "MODEL_DISTRIBUTION_POLICY": "PIPELINE_PARALLEL"}
    assert parse_ov_config(None, False) == {"CACHE_DIR": "", "PERFORMANCE_HINT": "LATENCY"}
    with pytest.raises(UsageError, match="no such file"):
        parse_ov_config(str(tmp_path / "missing.json"), False)
    bad = tmp_path / "bad.json"
    bad.write_text('{"INFERENCE_PRECISION_HINT": "f32",\n "x": }')
    with pytest.raises(UsageError, match=r"bad.json: not valid JSON \(line 2, column 7"):
        parse_ov_config(str(bad), False)
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    with pytest.raises(UsageError, match="expected a JSON object.*got list"):
        parse_ov_config(str(listed), False)


@pytest.mark.parametrize("device,available,problem", [
    ("CPU", ["CPU"], None),
    ("HETERO:CPU", ["CPU"], None),
    ("GPU", ["CPU", "GPU.0", "GPU.1"], None),
    ("HETERO:GPU.1,GPU.0", ["CPU", "GPU.0", "GPU.1"], None),
    ("AUTO", ["CPU"], None),
    ("HETERO:GPU.1,GPU.0", ["CPU"], "no device GPU.1; available here: CPU"),
    ("GPU.2", ["CPU", "GPU.0", "GPU.1"], "no device GPU.2.*closest: GPU.1, GPU.0"),
    ("CUDA", ["CPU"], "no device CUDA"),
])
def test_device_names(device, available, problem):
    if problem is None:
        check_device(device, available)
    else:
        with pytest.raises(UsageError, match=problem):
            check_device(device, available)


def test_device_is_upper_cased_as_lm_eval_passes_it():
    assert parse_device("hetero:gpu.1,gpu.0") == "HETERO:GPU.1,GPU.0"
    assert parse_device(None) == "CPU"


def test_missing_devices_and_bad_args_are_one_line_usage_errors(tiny_ov_export, tmp_path):
    _, export = tiny_ov_export
    for args, extra, message in [
        (f"pretrained={export}", ["--device", "HETERO:GPU.1,GPU.0"],
         "OpenVINO has no device GPU.1; available here: CPU"),
        (f"pretrained={export},pipline_parallel=True", [], "pipeline_parallel"),
        (f"pretrained={export},backend=seq2seq", [], "causal LMs"),
        (f"pretrained={export},ov_config={tmp_path / 'nope.json'}", [], "no such file"),
        (f"pretrained={export},ov_config={json.dumps({'NOT_A_PROPERTY': 1})!r}", [],
         "could not compile"),
    ]:
        proc = subprocess.run(
            [sys.executable, "-m", "lmeval", "run", "--model", "openvino", "--model_args", args,
             "--tasks", "ov_mc", "--include_path", str(TASKS), "--limit", "1", *extra],
            capture_output=True, text=True, timeout=300)
        assert proc.returncode == 2, (args, proc.stderr[-2000:])
        assert message in proc.stderr, (args, proc.stderr[-2000:])
        assert "Traceback" not in proc.stderr
