"""The first errors a user meets (issue 31): readable, one line, values masked, words kept."""

from __future__ import annotations

import contextlib
import io
import sys

import pytest
from lmeval.cli import main


def _run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    return code, err.getvalue()


def test_config_key_ending_in_key_keeps_the_words_of_its_error(tmp_path):
    config = tmp_path / "cfg.yaml"
    config.write_text("model: dummy\ntasks: k_mc\nbogus_key: 3\n", encoding="utf-8")
    code, err = _run("run", "--config", str(config))
    assert code == 2
    assert err.strip() == f"lmeval: error: {config}:3: bogus_key: unknown run option"


def test_config_secret_value_is_still_masked(tmp_path):
    config = tmp_path / "cfg.yaml"
    secret = "sk-live-abcdefghijklmnop"
    config.write_text(f"model: dummy\ntasks: k_mc\nmy_api_key: {secret}\n", encoding="utf-8")
    code, err = _run("run", "--config", str(config))
    assert code == 2
    assert "unknown run option" in err and secret not in err


def _task(tmp_path) -> str:
    data = tmp_path / "tiny.jsonl"
    data.write_text('{"q":"x?","t":0}\n{"q":"y?","t":1}\n', encoding="utf-8")
    (tmp_path / "tiny.yaml").write_text(
        f"task: tiny_first\ndataset_path: json\ndataset_kwargs:\n  data_files:\n    test: {data}\n"
        "test_split: test\noutput_type: multiple_choice\ndoc_to_text: '{{q}}'\n"
        "doc_to_choice: ['a', 'b']\ndoc_to_target: '{{t}}'\nmetric_list:\n  - metric: acc\n",
        encoding="utf-8")
    return str(tmp_path)


def test_device_and_batch_size_a_backend_does_not_use_are_named_once(tmp_path):
    base = ("run", "--model", "dummy", "--tasks", "tiny_first", "--include_path", _task(tmp_path))
    code, err = _run(*base, "--device", "cuda:3", "--batch_size", "8")
    assert code == 0, err
    notes = [line for line in err.splitlines() if "does not use" in line]
    assert notes == ["lmeval: note: backend 'dummy' does not use --batch_size, --device; ignored"]
    code, err = _run(*base)
    assert code == 0 and "does not use" not in err


def test_slow_progress_shows_seconds_per_request():
    from lmeval.run.progress import Progress

    bar = Progress("generate_until", 10, enabled=False, stream=io.StringIO())
    bar.done = 3
    slow = bar.line(now=bar.start + 75.0)  # 25 s per request
    assert "25.0 s/req" in slow and "req/s" not in slow
    fast = bar.line(now=bar.start + 0.5)
    assert "6.0 req/s" in fast
    bar.done = 0
    assert "0.0 req/s, ETA ?" in bar.line(now=bar.start + 5.0)  # nothing done yet: no rate


def test_top_level_help_shows_the_run_flags():
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    text = out.getvalue()
    assert "run                 evaluate a model on tasks" in text  # the subcommands
    for flag in ("--model_args", "--tasks", "--batch_size", "--output_path", "--log_samples"):
        assert flag in text.split("`lmeval run` (the default subcommand")[1], flag


class _FakeDatasets:
    """Stands in for HF ``datasets``: records calls; ``fail`` is raised by load_dataset."""

    __version__ = "4.0.0"

    def __init__(self, fail: BaseException | None = None) -> None:
        self.calls: list[tuple] = []
        self.fail = fail

    def load_dataset(self, **kwargs):
        self.calls.append(tuple(sorted(kwargs)))
        if self.fail is not None:
            raise self.fail
        return {"test": [{"q": "x"}]}


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed once the block ends: connections are refused


def test_hub_unreachable_fails_in_seconds_naming_both_ways_out(monkeypatch, tmp_path):
    import time

    from lmeval.errors import UsageError
    from lmeval.tasks import data

    fake = _FakeDatasets()
    monkeypatch.setitem(sys.modules, "datasets", fake)
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{_closed_port()}")
    for var in ("HF_DATASETS_OFFLINE", "HF_HUB_OFFLINE", "LMEVAL_DATASETS_DIR", "HTTPS_PROXY",
                "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    start = time.monotonic()
    with pytest.raises(UsageError) as raised:
        data.load_splits("Org/some_set", "cfg")
    assert time.monotonic() - start < 5
    message = str(raised.value)
    assert "cannot be reached" in message and "$LMEVAL_DATASETS_DIR/Org/some_set/cfg" in message
    assert "HF_DATASETS_OFFLINE=1" in message and fake.calls == []


def test_offline_mode_not_in_cache_names_the_mirror(monkeypatch, tmp_path):
    from lmeval.errors import UsageError
    from lmeval.tasks import data

    fake = _FakeDatasets(ConnectionError("Couldn't reach 'Org/some_set' on the Hub (offline)"))
    monkeypatch.setitem(sys.modules, "datasets", fake)
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.delenv("LMEVAL_DATASETS_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=r"could not be loaded offline .*LMEVAL_DATASETS_DIR"):
        data.load_splits("Org/some_set")
    assert len(fake.calls) == 1  # offline asked for: no probe, one attempt


def test_missing_datasets_is_one_sentence(monkeypatch, tmp_path):
    from lmeval.errors import UsageError
    from lmeval.tasks import data

    monkeypatch.setitem(sys.modules, "datasets", None)  # import fails as when not installed
    monkeypatch.delenv("LMEVAL_DATASETS_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError) as raised:
        data.load_splits("Rowan/hellaswag")
    assert str(raised.value) == (
        "dataset 'Rowan/hellaswag' (not a local folder) needs HF datasets, which is not "
        "installed: pip install datasets (or lmeval-core[datasets]); or put a copy under "
        "$LMEVAL_DATASETS_DIR/Rowan/hellaswag/default/<split>.jsonl")
