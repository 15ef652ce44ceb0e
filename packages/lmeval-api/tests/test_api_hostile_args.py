"""``--model textsynth`` (and the other API backends sharing its base) with the mistakes people
make around credentials: a key pasted without its name, under a misspelt name, in the URL's
user-info beside an API key, a malformed ``base_url``. Each is one usage error before any
request, and no secret reaches the console or a file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.cli import main
from lmeval.errors import UsageError
from lmeval_api.textsynth import TextSynthLM

TASKS = str(Path(__file__).parent / "tasks")
SECRETS = ["sk-live-ABCDEF1234567890", "Zx9_pQ-77777aB", "dGhpc2lzYXNlY3JldA==", "p@ss:w/rd?x=1&y",
           "kéy-ünïcode-sëcret", "0123456789abcdef0123456789abcdef", "AKIAIOSFODNN7EXAMPLE"]
PLACES = {
    "bare": "engine=fake_engine,base_url={url},{secret}",
    "bare first": "{secret},engine=fake_engine,base_url={url}",
    "api_key": "engine=fake_engine,base_url={url},api_key={secret}",
    "misspelt api_kye": "engine=fake_engine,base_url={url},api_kye={secret}",
    "misspelt key": "engine=fake_engine,base_url={url},key={secret}",
    "as engine typo": "engnie={secret},base_url={url}",
    "user-info and key": "engine=fake_engine,base_url=http://user:{secret}@127.0.0.1:9/",
    "bad number": "engine=fake_engine,base_url={url},num_concurrent={secret}",
}


def _fragments(secret: str) -> set[str]:
    """The secret and its longer pieces (a message that cut it at '=' or '@' still leaks)."""
    pieces = {secret}
    for sep in "=@:/?&":
        pieces |= {p for p in secret.split(sep) if len(p) >= 6}
    return pieces


@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("secret", SECRETS)
def test_a_misplaced_key_is_one_error_that_never_shows_it(server, tmp_path, monkeypatch, capsys,
                                                          place, secret):
    monkeypatch.setenv("TEXTSYNTH_API_SECRET_KEY", "env-" + secret)
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    args = PLACES[place].format(url=server.url, secret=secret)
    code = main(["run", "--model", "textsynth", "--model_args", args, "--tasks", "api_gen",
                 "--include_path", TASKS, "--limit", "2", "--output_path", str(tmp_path / "out"),
                 "--log_samples"])
    captured = capsys.readouterr()
    console = captured.out + captured.err
    assert code == 2, console
    errors = [line for line in captured.err.splitlines() if line.startswith("lmeval: error:")]
    assert len(errors) == 1 and "Traceback" not in console, console
    for piece in _fragments(secret) | _fragments("env-" + secret):
        assert piece not in console, (piece, console)
    assert not server.hits  # refused before any request
    for file in tmp_path.rglob("*"):
        if file.is_file():
            assert all(p.encode() not in file.read_bytes() for p in _fragments(secret)), file


BAD_URLS = [
    ("notaurl", "expected http:// or https://"), ("127.0.0.1:8000", "expected http:// or https://"),
    ("ftp://127.0.0.1/", "expected http:// or https://"), ("http://", "no host"),
    ("http:///v1", "no host"), ("http://[::1", "is not a URL"), ("http://127.0.0.1:99999/", "is not a URL"),
    ("http://127.0.0.1:port/", "is not a URL"), ("http://127.0.0.1:0/", "port 0"),
    ("http://127.0.0.1:8000/v1 x", "no spaces"), ("http://u:{secret}@[::1/", "is not a URL"),
    ("http://u:{secret}@127.0.0.1:1/", "a user name and password"),
    ("http://{secret}@127.0.0.1:1/", "a user name and password"),
]


@pytest.mark.parametrize("url, message", BAD_URLS)
@pytest.mark.parametrize("secret", SECRETS[:4])
def test_a_bad_base_url_is_refused_at_construction(monkeypatch, url, message, secret):
    monkeypatch.setenv("TEXTSYNTH_API_SECRET_KEY", "an-api-key-12345")
    with pytest.raises(UsageError, match="base_url") as err:
        TextSynthLM(engine="e", base_url=url.format(secret=secret))
    assert message in str(err.value) or ("/" in secret and "is not a URL" in str(err.value))
    for piece in _fragments(secret) | {"an-api-key-12345"}:
        assert piece not in str(err.value), (piece, str(err.value))


def test_user_info_without_a_key_is_basic_auth_and_allowed(server, monkeypatch):
    monkeypatch.delenv("TEXTSYNTH_API_SECRET_KEY", raising=False)
    lm = TextSynthLM(engine="e", base_url=server.url.replace("http://", "http://u:pw-secret-1@"))
    assert "pw-secret-1" not in repr(lm)


def test_an_unreachable_server_fails_once_without_asyncio_noise(tmp_path):
    """Every concurrent request fails: one error line, no 'Task exception was never retrieved'
    and no traceback for the others."""
    env = {**os.environ, "TEXTSYNTH_API_SECRET_KEY": "k-123456789", "LMEVAL_CACHE_DIR": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "textsynth", "--model_args",
                           "engine=e,base_url=http://127.0.0.1:9/,max_retries=1,num_concurrent=4",
                           "--tasks", "api_gen", "--include_path", TASKS, "--limit", "8"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode != 0
    assert "never retrieved" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert len([x for x in proc.stderr.splitlines() if x.startswith("lmeval: error:")]) == 1


def test_help_shows_no_key_from_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("TEXTSYNTH_API_SECRET_KEY", "help-secret-98765")
    for argv in (["--help"], ["run", "--help"], ["ls", "models"]):
        with pytest.raises(SystemExit) if "--help" in argv else _nothing():
            main(argv)
        assert "help-secret-98765" not in capsys.readouterr().out


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False
