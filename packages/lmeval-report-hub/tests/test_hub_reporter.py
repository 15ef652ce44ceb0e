"""The hf_hub reporter against a local fake Hub: the real huggingface_hub client, real HTTP."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from fake_hub import TOKEN, USER, FakeHub
from lmeval.cli import main

TASK = """\
task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: docs.jsonl
test_split: test
output_type: {kind}
doc_to_text: "Question: {{{{q}}}}\\nAnswer:"
doc_to_target: {target}
{extra}
"""


@pytest.fixture(scope="module")
def tasks(tmp_path_factory):
    d = tmp_path_factory.mktemp("tasks")
    with (d / "docs.jsonl").open("w") as fh:
        for i in range(6):
            fh.write(json.dumps({"q": f"{i} plus 1?", "choices": [str(i), str(i + 1)], "answer": 1}) + "\n")
    (d / "hub_mc.yaml").write_text(TASK.format(name="hub_mc", kind="multiple_choice", target="answer",
                                               extra='doc_to_choice: "{{choices}}"'))
    (d / "hub_gen.yaml").write_text(TASK.format(name="hub_gen", kind="generate_until", target="'{{choices[1]}}'",
                                                extra='generation_kwargs:\n  until: ["\\n"]'))
    return d


@pytest.fixture
def hub():
    with FakeHub() as server:
        yield server


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    # other packages' test modules set HF_HUB_OFFLINE=1 for the whole pytest process; the fake Hub
    # is local, so the subprocesses here must not inherit it
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)  # read at import time


def run_args(tasks: Path, out: Path, hub_args: str) -> list[str]:
    return ["run", "--model", "dummy", "--model_args", "pretrained=tiny/test-model", "--tasks", "hub_mc,hub_gen",
            "--include_path", str(tasks), "--output_path", str(out), "--log_samples",
            "--hf_hub_log_args", hub_args]


def test_push_results_and_samples_through_the_cli(tasks, tmp_path, hub):
    """The README example: private repo, results + samples, gated; HF_ENDPOINT and HF_TOKEN from the env."""
    out = tmp_path / "out"
    args = run_args(tasks, out, "hub_results_org=EleutherAI,hub_repo_name=lm-eval-results,"
                                "push_results_to_hub=True,push_samples_to_hub=True,public_repo=False,gated=True")
    env = {**os.environ, "HF_ENDPOINT": hub.url, "HF_TOKEN": TOKEN}
    proc = subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "pushed to EleutherAI/lm-eval-results-private" in proc.stderr
    assert list(hub.repos) == [("dataset", "EleutherAI/lm-eval-results-private")]
    repo = hub.repos[("dataset", "EleutherAI/lm-eval-results-private")]
    assert repo.private is True and repo.gated == "auto"
    local_results = next(out.rglob("results_*.json"))
    stamp = local_results.name[len("results_"):-len(".json")]
    hub_results = [p for p in repo.files if p.startswith("tiny__test-model/results_")]
    assert len(hub_results) == 1
    assert json.loads(repo.files[hub_results[0]]) == json.loads(local_results.read_text())
    for task in ("hub_mc", "hub_gen"):
        local = [json.loads(line) for line in next(out.rglob(f"samples_{task}_{stamp}.jsonl")).open()]
        [path] = [p for p in repo.files if p.startswith(f"tiny__test-model/samples_{task}_")]
        pushed = [json.loads(line) for line in repo.files[path].decode().splitlines()]
        assert [e["doc_id"] for e in pushed] == [e["doc_id"] for e in local]
        # the local file is in lm-eval's layout already (gen_args_i/arg_j, strings): pushed as is
        assert pushed == local
        assert all(set(p["arguments"]) == {f"gen_args_{i}" for i in range(len(p["arguments"]))}
                   and isinstance(p["target"], str) for p in pushed)
    # the dataset card: one config per task and one for the results, each with `latest`
    card = repo.files["README.md"].decode()
    meta = yaml.safe_load(card.split("---")[1])
    configs = {c["config_name"]: c["data_files"] for c in meta["configs"]}
    assert set(configs) == {"tiny__test-model__results", "tiny__test-model__hub_mc", "tiny__test-model__hub_gen"}
    for files in configs.values():
        assert [f["split"] for f in files][-1] == "latest" and len(files) == 2
        assert files[0]["path"] == files[1]["path"]
    assert configs["tiny__test-model__hub_mc"][1]["path"] == [f"**/{Path(path).name}" for path in repo.files
                                                              if "samples_hub_mc_" in path]
    # exactly the calls a push needs, all authenticated
    assert [r for r in hub.requests if r[2] in ("unauthorized", "unknown endpoint")] == []
    assert [c["summary"] for c in repo.commits] == [
        "Adding aggregated results for tiny/test-model",
        "Adding samples results for hub_mc, hub_gen to tiny/test-model",
        "Update dataset card"]
    created = [r[2] for r in hub.requests if r[1] == "/api/repos/create"]
    assert created[0]["type"] == "dataset" and created[0]["organization"] == "EleutherAI"


def test_public_split_repos_results_only(tasks, tmp_path, hub, capsys):
    args = run_args(tasks, tmp_path / "out", f"hub_results_org=org,details_repo_name=details,results_repo_name=scores,"
                                             f"push_results_to_hub=True,public_repo=True,token={TOKEN},endpoint={hub.url}")
    assert main(args) == 0
    assert list(hub.repos) == [("dataset", "org/scores")]
    repo = hub.repos[("dataset", "org/scores")]
    assert repo.private is False and repo.gated is False
    assert [p.split("/")[0] for p in repo.files] == ["tiny__test-model"] and "README.md" not in repo.files


def test_org_defaults_to_the_token_owner(tasks, tmp_path, hub, capsys):
    args = run_args(tasks, tmp_path / "out", f"push_samples_to_hub=True,token={TOKEN},endpoint={hub.url}")
    assert main(args) == 0
    assert ("GET", "/api/whoami-v2", None) in hub.requests
    assert list(hub.repos) == [("dataset", f"{USER}/lm-eval-results-private")]
    files = hub.repos[("dataset", f"{USER}/lm-eval-results-private")].files
    assert "README.md" in files
    assert sorted(p.split("/")[1].rsplit("_", 1)[0] for p in files if p != "README.md") == [
        "samples_hub_gen", "samples_hub_mc"]


def test_errors_a_person_can_act_on(tasks, tmp_path, hub, capsys):
    out = tmp_path / "out"
    assert main(run_args(tasks, out, "push_results_to_hub=True,hub_results_org=x")) == 2
    assert "set HF_TOKEN" in capsys.readouterr().err
    assert main(run_args(tasks, out, f"push_results_to_hub=True,hub_repo=x,token={TOKEN}")) == 2
    assert "unknown key 'hub_repo' (did you mean 'hub_repo_name'" in capsys.readouterr().err
    assert main(run_args(tasks, out, f"push_results_to_hub=True,hub_results_org=x,token=wrong,endpoint={hub.url}")) == 1
    err = capsys.readouterr().err
    assert "Hugging Face Hub: creating x/lm-eval-results-private failed" in err
    assert next(out.rglob("results_*.json"))  # the local results were written before the push
