"""local-chat-completions with prompt_logprobs=true against a real llama-server: its chat
endpoint returns no prompt log-probabilities, so multiple choice is refused after the one
capability probe, naming what is missing (generation over chat still works)."""

from __future__ import annotations

from pathlib import Path

from lmeval.cli import main

TASKS = Path(__file__).resolve().parents[2] / "lmeval-api" / "tests" / "tasks"


def test_llama_server_chat_cannot_score_multiple_choice(llama_server, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    args = f"base_url={llama_server.url}/v1/chat/completions,model=tiny,prompt_logprobs=true"
    code = main(["run", "--model", "local-chat-completions", "--model_args", args, "--tasks", "api_mc",
                 "--include_path", str(TASKS), "--apply_chat_template"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert "prompt_logprobs" in err and "cannot score loglikelihood or multiple_choice" in err
    code = main(["run", "--model", "local-chat-completions", "--model_args", args, "--tasks", "api_gen",
                 "--include_path", str(TASKS), "--apply_chat_template", "--limit", "2"])
    assert code == 0, capsys.readouterr().err
