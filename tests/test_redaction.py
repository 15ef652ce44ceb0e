"""No credential given to `lmeval run` reaches stdout, stderr, the results JSON, the samples or
the cache, and a rerun still resumes from the cache (the model identity sees the raw args)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval_system_helpers import ROOT, run_cli

TASKS = ROOT / "tests" / "resume_task"

HF = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
SECRETS = {
    "token": HF,
    "api_key": "plain-api-key-0001",
    "openai_api_key": "sk-openai-000000000000000002",
    "hf_token": "hf-token-value-0003",
    "password": "pass,with,commas 0004",
    "secret": "the-secret-0005",
    "aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG/0006",
    "bearer": "sk-bearer-0007-zzzzzzzz",
    "xapikey": "xk-header-0008",
    "userinfo": "url-password-0009",
    "query": "query-key-0010",
    "sig": "query-signature-0011",
}

PLUGIN = '''
from lmeval.errors import LmevalError
from lmeval.hookspecs import hookimpl
from lmeval.protocol import LM
from lmeval.testing import ReferenceLM


class KeyedLM(ReferenceLM):
    """The reference LM behind credentials; its identity is every model argument (LM's default)."""

    identity = LM.identity

    def __init__(self, token=None, api_key=None, openai_api_key=None, hf_token=None,
                 password=None, secret=None, aws_secret_access_key=None, header=None,
                 base_url=None, fail=None, **kwargs):
        super().__init__(**kwargs)
        if fail == "error":  # a backend that echoes what it was given in its error
            raise LmevalError(f"login to {base_url} with {header} and {token} refused")
        if fail == "crash":
            raise RuntimeError(f"unexpected: password={password} token {token}")


@hookimpl
def lmeval_register_models(register):
    register("keyed", KeyedLM)


class DumpReporter:
    """Writes what a reporter receives (results and samples) to ``path``."""

    def __init__(self, path):
        self.path = path

    def report(self, results, samples):
        import json

        with open(self.path, "w") as fh:
            json.dump({"results": results, "samples": samples}, fh, default=str)


@hookimpl
def lmeval_register_reporters(register):
    register("dump", DumpReporter)


@hookimpl
def lmeval_run_end(results):
    import json, os

    with open(os.environ["KEYED_RUN_END"], "w") as fh:  # what an observer plugin sees
        json.dump(results, fh, default=str)
'''


def _model_args(call_log: Path, extra: str = "") -> str:
    s = SECRETS
    return (f"seed=3,call_log={call_log},token={s['token']},api_key={s['api_key']},"
            f"openai_api_key={s['openai_api_key']},hf_token={s['hf_token']},"
            f"password=\"{s['password']}\",secret={s['secret']},"
            f"aws_secret_access_key={s['aws_secret_access_key']},"
            f"header=Authorization: Bearer {s['bearer']}; X-Api-Key: {s['xapikey']},"
            f"base_url=https://alice:{s['userinfo']}@api.example.com/v1?api_key={s['query']}"
            f"&sig={s['sig']}&region=eu{extra}")


def _assert_clean(*texts: str) -> None:
    for text in texts:
        for name, secret in SECRETS.items():
            assert secret not in text, (name, text[:2000])


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    path = tmp_path / "keyed_plugin.py"
    path.write_text(PLUGIN, encoding="utf-8")
    return path


def _run(plugin: Path, tmp_path: Path, model_args: str, *extra: str):
    return run_cli("run", "--reporter", f"dump:path={tmp_path / 'reported.json'}", "--plugins", str(plugin), "--model", "keyed", "--model_args", model_args,
                   "--tasks", "resume_mc,resume_gen", "--include_path", str(TASKS), "--limit", "4",
                   "--output_path", str(tmp_path / "out"), "--log_samples",
                   "--use_cache", str(tmp_path / "cache"), "--verbosity", "DEBUG", *extra,
                   env={"KEYED_RUN_END": str(tmp_path / "run_end.json")})


def test_no_secret_in_any_output_and_resume_still_hits_the_cache(plugin, tmp_path):
    log = tmp_path / "calls.log"
    args = _model_args(log)
    first = _run(plugin, tmp_path, args)
    assert first.returncode == 0, first.stderr[-3000:]
    calls = log.read_text().splitlines()
    assert calls  # the model was called
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p != log]
    assert any(p.name.startswith("results_") for p in written)
    assert any(p.name.startswith("samples_") for p in written)
    assert any(p.suffix == ".sqlite" for p in written)
    # a reporter and a run_end observer got the same redacted results (with the samples)
    assert {"reported.json", "run_end.json"} <= {p.name for p in written}
    assert json.loads((tmp_path / "reported.json").read_text())["samples"]
    _assert_clean(first.stdout, first.stderr,
                  *(p.read_bytes().decode("utf-8", "replace") for p in written))
    # what is kept: the redacted arguments, readable
    (result_file,) = [p for p in written if p.name.startswith("results_")]
    config = json.loads(result_file.read_text())["config"]
    model_args = config["model_args"]  # a dict, as lm-eval 0.4.13's CLI writes it
    assert model_args["token"] == "***" and model_args["password"] == "***"
    assert "Authorization: Bearer ***" in str(model_args["header"])
    assert model_args["base_url"] == "https://***@api.example.com/v1?api_key=***&sig=***&region=eu"
    assert model_args["seed"] == 3
    assert "'token': '***'" in first.stdout  # the table's header line (lm-eval prints the dict)

    second = _run(plugin, tmp_path, args)
    assert second.returncode == 0, second.stderr[-3000:]
    assert log.read_text().splitlines() == calls  # every answer came from the cache
    assert second.stdout.split("\n", 1)[1] == first.stdout.split("\n", 1)[1]  # same table
    _assert_clean(second.stdout, second.stderr)


@pytest.mark.parametrize("fail", ["error", "crash"])
def test_errors_and_tracebacks_are_redacted(plugin, tmp_path, fail):
    proc = _run(plugin, tmp_path, _model_args(tmp_path / "calls.log", f",fail={fail}"),
                *(["--verbose"] if fail == "crash" else []))
    assert proc.returncode == 1
    _assert_clean(proc.stdout, proc.stderr)
    if fail == "error":
        assert proc.stderr.strip().splitlines()[-1].startswith("lmeval: error: login to https://***@")
        assert "Bearer ***" in proc.stderr
    else:
        assert "Traceback" in proc.stderr and "RuntimeError: unexpected: password=***" in proc.stderr


def test_bad_model_args_error_does_not_echo_the_secret(plugin, tmp_path):
    # a value without key= (a pasted header): the parse error names the item, masked
    proc = _run(plugin, tmp_path, f"seed=3,Bearer {SECRETS['bearer']}")
    assert proc.returncode == 2
    _assert_clean(proc.stdout, proc.stderr)
    assert "key=value" in proc.stderr


def test_a_mistyped_flag_does_not_echo_the_secret():
    proc = run_cli("run", "--model", "dummy", "--modelargs", f"token={HF}", "--tasks", "x")
    assert proc.returncode == 2
    assert "unrecognized arguments: --modelargs token=***" in proc.stderr, proc.stderr
    _assert_clean(proc.stdout, proc.stderr)


def test_the_resume_hint_after_an_interrupt_is_redacted(plugin, tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    log = tmp_path / "calls.log"
    cmd = [sys.executable, "-m", "lmeval", "run", "--plugins", str(plugin), "--model", "keyed",
           "--model_args", _model_args(log, ",delay=0.2"), "--tasks", "resume_mc",
           "--include_path", str(TASKS), "--use_cache", str(tmp_path / "cache")]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ})
    deadline = time.monotonic() + 120
    while not any((tmp_path / "cache").glob("*.sqlite*")) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)  # some answers are in
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err[-2000:]
    assert "resume with: lmeval run" in err and "token=***" in err, err[-2000:]
    assert f"--include_path {TASKS}" in err  # only credentials are masked, not paths
    _assert_clean(out, err)
