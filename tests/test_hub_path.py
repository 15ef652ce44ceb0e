"""A user's first run, through the Hub: ``lmeval run --model hf --model_args pretrained=<org>/<model>``
downloading a model with ``from_pretrained`` and datasets with ``datasets.load_dataset(path, name,
revision=...)`` from a Hub-protocol server on 127.0.0.1 (olah serving git repos: tests/hub_mirror.py).

Published: the test kit's tiny GPT-2 as ``lmeval-test/tiny-gpt2``; lmeval-tasks-classic's hellaswag
fixture as ``Rowan/hellaswag`` (two commits: the second drops a validation document, so a pinned
revision is seen in the document count); lmeval-tasks-mmlu's abstract_algebra fixture as config
``abstract_algebra`` of ``cais/mmlu``. Each is a git repo in its Hub layout, JSONL files named by
the README's ``configs`` block. Every run is ``lmeval run ...`` as a user types it, with a fresh
``HF_HOME`` and no ``LMEVAL_DATASETS_DIR``.

Select with ``pytest -m hub``. Trials are printed at the end (``-s``) and, when
``LMEVAL_HUB_TRIALS`` names a file, appended to it as markdown rows.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import hub_mirror
import pytest

pytestmark = [pytest.mark.slow, pytest.mark.hub,
              pytest.mark.skipif(hub_mirror.missing() is not None,
                                 reason=hub_mirror.missing() or "")]

ROOT = Path(__file__).resolve().parents[1]
LMEVAL = Path(sys.prefix) / "bin" / "lmeval"
HELLASWAG = ROOT / "packages/lmeval-tasks-classic/tests/fixtures/datasets/Rowan/hellaswag/default"
MMLU = ROOT / "packages/lmeval-tasks-mmlu/tests/fixtures/datasets/cais/mmlu/abstract_algebra"
MODEL = "lmeval-test/tiny-gpt2"
TRIALS: list[tuple[str, str, int, float]] = []

PINNED_TASK = """\
task: hub_hellaswag_pinned
include: {pack_yaml}
dataset_kwargs:
  revision: {revision}
"""
LOCAL_TASK = """\
task: hub_local_mmlu
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
output_type: multiple_choice
test_split: test
doc_to_text: "{{{{question}}}}"
doc_to_target: answer
doc_to_choice: ["A", "B", "C", "D"]
metric_list:
  - metric: acc
"""
CONFIG_TASK = """\
task: hub_hellaswag_config
dataset_path: Rowan/hellaswag
dataset_name: {name}
output_type: multiple_choice
validation_split: validation
doc_to_text: "{{{{ctx}}}}"
doc_to_target: "{{{{label | int}}}}"
doc_to_choice: "{{{{endings}}}}"
metric_list:
  - metric: acc
"""


def _publish(mirror: Path, build: Path) -> dict[str, str]:
    from lmeval_testkit.hf import build_tiny_gpt2

    model = mirror / "models" / MODEL
    shutil.copytree(build_tiny_gpt2(build / "tiny-gpt2"), model,
                    ignore=shutil.ignore_patterns(".lmeval-testing.json"))
    # transformers lists this folder; olah answers a missing one with 401, not the Hub's 404
    (model / "additional_chat_templates").mkdir()
    (model / "additional_chat_templates" / "README.md").write_text("No extra templates.\n")
    shas = {"model": hub_mirror.commit_all(model, "tiny GPT-2 from lmeval_testkit.hf")}

    hellaswag = mirror / "datasets/Rowan/hellaswag"
    (hellaswag / "data").mkdir(parents=True)
    for split in ("train", "validation", "test"):
        shutil.copy(HELLASWAG / f"{split}.jsonl", hellaswag / "data" / f"{split}.jsonl")
    (hellaswag / "README.md").write_text(hub_mirror.dataset_card(
        {"default": {s: f"data/{s}.jsonl" for s in ("train", "validation", "test")}}))
    shas["hellaswag_first"] = hub_mirror.commit_all(hellaswag, "four validation documents")
    validation = hellaswag / "data/validation.jsonl"
    validation.write_text("".join(validation.read_text().splitlines(keepends=True)[:-1]))
    shas["hellaswag_main"] = hub_mirror.commit_all(hellaswag, "drop one validation document")

    mmlu = mirror / "datasets/cais/mmlu"
    (mmlu / "abstract_algebra").mkdir(parents=True)
    for split in ("dev", "validation", "test"):
        shutil.copy(MMLU / f"{split}.jsonl", mmlu / "abstract_algebra" / f"{split}.jsonl")
    (mmlu / "README.md").write_text(hub_mirror.dataset_card(
        {"abstract_algebra": {s: f"abstract_algebra/{s}.jsonl" for s in ("dev", "validation", "test")}}))
    shas["mmlu"] = hub_mirror.commit_all(mmlu, "abstract_algebra")
    return shas


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    work = tmp_path_factory.mktemp("hub")
    shas = _publish(work / "mirror", work / "build")
    server = hub_mirror.OlahServer(work / "mirror", work / "olah")
    try:
        server.wait(f"/api/models/{MODEL}/revision/main")
        yield {"url": server.url, "shas": shas, "work": work, "server": server}
    finally:
        server.stop()
        _print_trials()


def _print_trials() -> None:
    rows = [f"| {case} | {what} | {rc} | {seconds:.1f} s |" for case, what, rc, seconds in TRIALS]
    table = "\n".join(["| case | what happened | exit | time |", "| --- | --- | --- | --- |", *rows])
    print("\n" + table)
    if os.environ.get("LMEVAL_HUB_TRIALS"):
        with open(os.environ["LMEVAL_HUB_TRIALS"], "a") as fh:
            fh.write(table + "\n")


def lmeval(case: str, args: list[str], *, hf_home: Path, endpoint: str, offline: bool = False,
           cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("HF_", "LMEVAL_DATASETS", "TRANSFORMERS_")) and k != "PYTHONPATH"}
    env.update(HF_HOME=str(hf_home), HF_ENDPOINT=endpoint, PYTHONPATH=str(hub_mirror.HUB_LIBS),
               HF_HUB_DISABLE_TELEMETRY="1")
    if offline:
        env.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    start = time.monotonic()
    out = subprocess.run([str(LMEVAL), "run", "--model", "hf", *args, "--device", "cpu"],
                         env=env, cwd=cwd, capture_output=True, text=True, timeout=600)
    lines = [ln for ln in out.stderr.splitlines() if ln.startswith("lmeval: error")]
    what = lines[-1][len("lmeval: error: "):] if lines else ("results written" if out.returncode == 0
                                                              else out.stderr.strip()[-300:])
    TRIALS.append((case, what.replace("|", "\\|"), out.returncode, time.monotonic() - start))
    return out


def _scores(out_dir: Path) -> dict:
    result = json.loads(next(out_dir.rglob("results_*.json")).read_text())
    return {"results": result["results"], "n": result["n-samples"]}


def _one_error_line(out: subprocess.CompletedProcess) -> str:
    assert out.returncode == 2, out.stderr[-3000:]
    assert "Traceback" not in out.stderr, out.stderr[-3000:]
    errors = [ln for ln in out.stderr.splitlines() if ln.startswith("lmeval: error")]
    assert len(errors) == 1, out.stderr[-3000:]
    return errors[0]


def test_download_then_offline_from_the_cache(hub, tmp_path):
    hf_home = tmp_path / "hf"
    args = ["--model_args", f"pretrained={MODEL}", "--tasks", "hellaswag,mmlu_abstract_algebra"]
    first = lmeval("first run: model + 2 datasets downloaded", [*args, "--output_path", str(tmp_path / "a")],
                   hf_home=hf_home, endpoint=hub["url"])
    assert first.returncode == 0, first.stderr[-3000:]
    snapshot = hf_home / "hub" / "models--lmeval-test--tiny-gpt2" / "snapshots" / hub["shas"]["model"]
    assert (snapshot / "model.safetensors").is_file(), sorted(hf_home.rglob("*"))[:40]
    cached = {p.name for p in (hf_home / "datasets").iterdir()}
    assert {"Rowan___hellaswag", "cais___mmlu"} <= cached, cached
    online = _scores(tmp_path / "a")
    assert online["n"]["hellaswag"]["effective"] == 3  # main: the second commit's 3 documents

    dead = f"http://127.0.0.1:{hub_mirror.free_port()}"  # nothing listens: no network at all
    second = lmeval("second run, HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1, server unreachable",
                    [*args, "--output_path", str(tmp_path / "b")], hf_home=hf_home,
                    endpoint=dead, offline=True)
    assert second.returncode == 0, second.stderr[-3000:]
    assert _scores(tmp_path / "b") == online


def test_offline_without_the_model_in_the_cache(hub, tmp_path):
    """Only the model comes from the Hub here (the task reads a local file)."""
    (tmp_path / "tasks").mkdir()
    shutil.copy(MMLU / "test.jsonl", tmp_path / "tasks" / "test.jsonl")
    (tmp_path / "tasks" / "local.yaml").write_text(LOCAL_TASK.format(data=tmp_path / "tasks" / "test.jsonl"))
    out = lmeval("model not in the cache, HF_HUB_OFFLINE=1",
                 ["--model_args", f"pretrained={MODEL}", "--tasks", "hub_local_mmlu",
                  "--include_path", str(tmp_path / "tasks")],
                 hf_home=tmp_path / "hf", endpoint=hub["url"], offline=True)
    line = _one_error_line(out)
    assert "not in the Hugging Face cache" in line and "HF_HUB_OFFLINE" in line, line


def test_offline_without_the_dataset_in_the_cache(hub, tmp_path):
    """One line naming the offline mirror (the wording is issue 31 section 2's, lmeval.tasks.hubaccess)."""
    out = lmeval("dataset not in the cache, HF_DATASETS_OFFLINE=1",
                 ["--model_args", f"pretrained={MODEL}", "--tasks", "mmlu_abstract_algebra"],
                 hf_home=tmp_path / "hf", endpoint=hub["url"], offline=True)
    line = _one_error_line(out)
    assert "cais/mmlu" in line and "LMEVAL_DATASETS_DIR" in line, line
    assert "Loading weights" not in out.stderr


def test_a_model_revision_that_does_not_exist(hub, tmp_path):
    out = lmeval("model revision=v9.9 (no such branch/tag)",
                 ["--model_args", f"pretrained={MODEL},revision=v9.9", "--tasks", "mmlu_abstract_algebra"],
                 hf_home=tmp_path / "hf", endpoint=hub["url"])
    line = _one_error_line(out)
    assert "no revision 'v9.9'" in line and "branches: main" in line and hub["url"] in line, line
    assert "huggingface.co" not in line, line


def test_a_model_that_does_not_exist(hub, tmp_path):
    out = lmeval("pretrained=lmeval-test/no-such-model",
                 ["--model_args", "pretrained=lmeval-test/no-such-model", "--tasks", "mmlu_abstract_algebra"],
                 hf_home=tmp_path / "hf", endpoint=hub["url"])
    line = _one_error_line(out)
    assert "neither a local directory nor a repository on " + hub["url"] in line, line


def test_a_dataset_config_that_does_not_exist(hub, tmp_path):
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "t.yaml").write_text(CONFIG_TASK.format(name="no_such_config"))
    out = lmeval("dataset_name: no_such_config",
                 ["--model_args", f"pretrained={MODEL}", "--tasks", "hub_hellaswag_config",
                  "--include_path", str(tmp_path / "tasks")],
                 hf_home=tmp_path / "hf", endpoint=hub["url"])
    line = _one_error_line(out)
    assert "t.yaml:3: dataset_name:" in line and "no config 'no_such_config'" in line, line
    assert "its configs: default" in line, line
    assert "Loading weights" not in out.stderr  # refused before the model loads


def _pinned(tmp_path: Path, revision: str) -> Path:
    from lmeval_tasks_classic import __file__ as pack

    yaml = next(Path(pack).parent.rglob("hellaswag/hellaswag.yaml"))
    tasks = tmp_path / "tasks"
    tasks.mkdir(exist_ok=True)
    (tasks / "pinned.yaml").write_text(PINNED_TASK.format(pack_yaml=yaml, revision=revision))
    return tasks


def test_a_pinned_dataset_revision_is_the_one_loaded(hub, tmp_path):
    """The pack's hellaswag with ``dataset_kwargs.revision`` set to the first commit, as lm-eval's
    tasks pin theirs: its four documents, not main's three."""
    tasks = _pinned(tmp_path, hub["shas"]["hellaswag_first"])
    out = lmeval("pack hellaswag, dataset_kwargs.revision = first commit",
                 ["--model_args", f"pretrained={MODEL}", "--tasks", "hub_hellaswag_pinned",
                  "--include_path", str(tasks), "--output_path", str(tmp_path / "o")],
                 hf_home=tmp_path / "hf", endpoint=hub["url"])
    assert out.returncode == 0, out.stderr[-3000:]
    assert _scores(tmp_path / "o")["n"]["hub_hellaswag_pinned"]["effective"] == 4


def test_a_pinned_revision_the_server_does_not_have_is_refused(hub, tmp_path):
    """With main in the cache, HF datasets falls back to it when the pinned commit cannot be
    fetched; lmeval refuses the other commit's documents."""
    hf_home = tmp_path / "hf"
    warm = lmeval("cache main of Rowan/hellaswag", ["--model_args", f"pretrained={MODEL}",
                  "--tasks", "hellaswag", "--limit", "1"], hf_home=hf_home, endpoint=hub["url"])
    assert warm.returncode == 0, warm.stderr[-3000:]
    tasks = _pinned(tmp_path, "0123456789abcdef0123456789abcdef01234567")
    out = lmeval("dataset_kwargs.revision = a commit the server lacks (main cached)",
                 ["--model_args", f"pretrained={MODEL}", "--tasks", "hub_hellaswag_pinned",
                  "--include_path", str(tasks)], hf_home=hf_home, endpoint=hub["url"])
    line = _one_error_line(out)
    assert "pins revision 0123456789ab" in line and "refused" in line, line
    assert hub["shas"]["hellaswag_main"][:12] in line, line


def test_the_server_goes_away_mid_download(hub, tmp_path):
    hf_home = tmp_path / "hf"
    proxy = hub_mirror.CuttingProxy(hub["server"].port, "/model.safetensors")
    try:
        out = lmeval("server gone halfway through model.safetensors",
                     ["--model_args", f"pretrained={MODEL}", "--tasks", "mmlu_abstract_algebra"],
                     hf_home=hf_home, endpoint=proxy.url)
    finally:
        proxy.stop()
    assert proxy.cut.is_set(), "the download never reached model.safetensors"
    line = _one_error_line(out)
    assert "cannot download model " + MODEL in line and "run again" in line, line
    again = lmeval("the same command, server back", ["--model_args", f"pretrained={MODEL}",
                   "--tasks", "mmlu_abstract_algebra"], hf_home=hf_home, endpoint=hub["url"])
    assert again.returncode == 0, again.stderr[-3000:]
