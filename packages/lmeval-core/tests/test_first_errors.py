"""The first errors a user meets (issue 31): readable, one line, values masked, words kept."""

from __future__ import annotations

import contextlib
import io

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
