"""The redaction rule (lmeval.outputs.redact) over the class of credential-bearing inputs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lmeval.outputs import redact


@pytest.fixture(autouse=True)
def _fresh():
    redact.forget_all()
    yield
    redact.forget_all()


HF = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
SK = "sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2"

# (model args as typed, the secrets in them, text that must survive)
MODEL_ARGS = [
    (f"pretrained=gpt2,token={HF}", [HF], ["pretrained=gpt2"]),
    ("pretrained=m,api_key=plainkey123", ["plainkey123"], ["pretrained=m"]),
    ("model=m,openai_api_key=ok-123456789", ["ok-123456789"], ["model=m"]),
    ("hf_token=tok987654,pretrained=x", ["tok987654"], ["pretrained=x"]),
    ("password=hunter2222,model=m", ["hunter2222"], ["model=m"]),
    ("secret=s3cr3tvalue", ["s3cr3tvalue"], []),
    ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG,region=us-east-1",
     ["wJalrXUtnFEMI/K7MDENG"], ["region=us-east-1"]),
    ('password="with,commas and spaces",model=m', ["with,commas and spaces", "commas and"], ["model=m"]),
    ("password='single,quoted99',model=m", ["single,quoted99"], ["model=m"]),
    (f"model=m,header=Authorization: Bearer {SK}", [SK], ["Authorization: Bearer ***"]),
    (f"model=m,header=authorization:bearer {SK}", [SK], ["model=m"]),
    ('model=m,header={"Authorization": "Bearer abc-DEF-1234", "X-Team": "eval"}',
     ["abc-DEF-1234"], ['"X-Team": "eval"']),
    # every header but known harmless ones is a credential (issue 30): X-Team too
    ("model=m,header=X-Api-Key: xk-55555555; X-Team: eval", ["xk-55555555"], ["model=m"]),
    ("model=m,headers=x-api-key=xk-66666666", ["xk-66666666"], ["model=m"]),
    ("model=m,header=Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA==", ["dXNlcjpwYXNzd29yZA=="], []),
    # malformed header strings: still masked
    (f"model=m,header=Authorization Bearer {SK}", [SK], ["model=m"]),
    (f"model=m,header=Bearer {SK}", [SK], ["model=m"]),
    ("base_url=https://alice:pa55word9@host:8080/v1/completions,model=m",
     ["pa55word9", "alice:pa55word9"], ["host:8080/v1/completions", "model=m"]),
    ("base_url=https://host/v1?api_key=qk-77777777&sig=SIGxyz987&model=ok,model=m",
     ["qk-77777777", "SIGxyz987"], ["https://host/v1?api_key=***", "&model=ok", "model=m"]),
    ("base_url=https://llm.example.com/v1?key=gk-12345678,model=m",
     ["gk-12345678"], ["https://llm.example.com/v1?key=***", "model=m"]),
    ("base_url=https://ghp_user0000000000000000000000000000000@github.com/x",
     ["ghp_user0000000000000000000000000000000"], ["github.com/x"]),
    ("base_url=https://s.blob.core.windows.net/c?sv=2022&X-Amz-Signature=abcdef0123&se=2030",
     ["abcdef0123"], ["sv=2022", "se=2030"]),
]


@pytest.mark.parametrize("args,secrets,kept", MODEL_ARGS)
def test_model_args_lose_every_secret_and_keep_the_rest(args, secrets, kept):
    for form in (redact.redact_args(args), redact.redact_text(args)):
        for secret in secrets:
            assert secret not in form, form
        for text in kept:
            assert text in form, form
        assert "***" in form
        assert redact.redact_text(form) == form  # idempotent


@pytest.mark.parametrize("args,secrets,kept", MODEL_ARGS)
def test_remembered_secrets_are_masked_anywhere_later(args, secrets, kept):
    redact.remember_args(args)
    # a server's error message that repeats the credential without any recognisable shape
    for secret in secrets:
        if not any(secret in other for other in secrets if other != secret):  # whole values
            assert secret not in redact.redact_text(f"HTTP 401: {secret} is not valid")
            assert redact.redact_known(f"<<{secret}>>") == "<<***>>"


def test_names_that_are_not_credentials_are_kept():
    args = ("pretrained=EleutherAI/pythia-14m,tokenizer=gpt2,add_bos_token=True,"
            "think_end_token=</think>,max_gen_toks=256,tokenized_requests=False,"
            "api_key_env=MY_KEY_VAR,eos_token=<|end|>,pad_token=<pad>,prefix_token_id=2,"
            "base_url=http://127.0.0.1:8000/v1/completions,keep_alive=1")
    assert redact.redact_args(args) == args
    assert redact.redact_text(args) == args
    for name in ("tokenizer", "add_bos_token", "max_gen_toks", "think_end_token", "key_column",
                 "pretrained", "api_key_env", "monkey", "PWD", "OLDPWD", "SSH_AUTH_SOCK",
                 "TOKENIZERS_PARALLELISM", "keep_alive"):
        assert not redact.is_secret_name(name), name
    for name in ("token", "hf_token", "api_key", "openai_api_key", "password", "secret",
                 "aws_secret_access_key", "Authorization", "x-api-key", "Proxy-Authorization",
                 "client_secret", "use_auth_token", "access_token", "sig", "X-Amz-Signature",
                 "db_password", "HF_TOKEN", "OPENAI_API_KEY"):
        assert redact.is_secret_name(name), name


def test_only_whole_values_are_remembered():
    redact.remember_args('password="several words here",model=m,header=Authorization: Bearer abc-12345')
    assert redact.redact_known("several words here") == "***"
    assert redact.redact_known("words here") == "words here"  # no word of it alone
    assert redact.redact_known("token abc-12345") == "token ***"  # the credential of "Bearer x"
    assert redact.redact_known("key=value") == "key=value"


def test_prose_keeps_its_words_but_not_assignments():
    # a YAML error line and a Jinja message: "token:" in prose is not a credential
    assert redact.redact_text("x.yaml:3: token: unknown field") == "x.yaml:3: token: unknown field"
    assert redact.redact_text("unexpected token: '}'") == "unexpected token: '}'"
    assert redact.redact_text("token=abc12345 sent") == "token=*** sent"
    assert redact.redact_text("{'token': 'abc12345'}") == "{'token': '***'}"
    assert redact.redact_text('{"api_key": "abc12345"}') == '{"api_key": "***"}'
    assert redact.redact_text("password: hunter22") == "password: ***"
    assert redact.redact_text("not of the form key=value") == "not of the form key=value"


def test_well_known_key_formats_are_masked_in_any_text():
    text = (f"failed with {HF} and {SK} and AKIAIOSFODNN7EXAMPLE and "
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789")
    out = redact.redact_text(text)
    assert "***" in out
    for secret in (HF, SK, "AKIAIOSFODNN7EXAMPLE", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"):
        assert secret not in out


def test_mapping_model_args_and_nested_headers():
    args = {"pretrained": "m", "token": HF, "header": {"Authorization": f"Bearer {SK}", "X-Team": "e"},
            "base_url": "https://u:pw123456@h/v1?key=k1234567", "trust_remote_code": True,
            "use_auth_token": True}
    out = redact.redact_args(args)
    text = json.dumps(out)
    for secret in (HF, SK, "pw123456", "k1234567"):
        assert secret not in text
    assert out["pretrained"] == "m" and out["header"]["X-Team"] == "***"  # not known harmless
    assert out["use_auth_token"] is True  # a flag, not a credential
    redact.remember_args(args)
    assert redact.redact_known(f"echo {SK}") == "echo ***"


def test_redact_results_by_section():
    redact.remember_args(f"pretrained=m,token={HF}")
    results = {
        "config": {"model": "hf", "model_args": f"pretrained=m,token={HF}", "device": "cpu"},
        "configs": {"t": {"doc_to_text": "Password: {{password}}", "dataset_kwargs": {"token": HF}}},
        "samples": {"t": [{"doc": {"key": 1000, "code": "token = tokens[0]"},
                           "resps": [[f"the key is {HF}"]]}]},
        "model_name": "m",
    }
    out = redact.redact_results(results)
    assert out["config"]["model_args"] == "pretrained=m,token=***"
    # task configs: credential-named keys and remembered values only (templates are kept)
    assert out["configs"]["t"]["doc_to_text"] == "Password: {{password}}"
    assert out["configs"]["t"]["dataset_kwargs"]["token"] == "***"
    # samples: documents keep their own fields and code; only a remembered value is masked
    sample = out["samples"]["t"][0]
    assert sample["doc"] == {"key": 1000, "code": "token = tokens[0]"}
    assert sample["resps"] == [["the key is ***"]]
    assert HF in results["config"]["model_args"]  # the input is not changed in place


def test_environment_credentials_are_remembered():
    redact.remember_environment({"HF_TOKEN": HF, "MY_SERVICE_PASSWORD": "p4ssw0rd-long",
                                 "TOKENIZERS_PARALLELISM": "false", "SHORT_KEY": "abc",
                                 "HOME": "/root", "PWD": "/work/project-dir"})
    out = redact.redact_known(f"{HF} p4ssw0rd-long false abc /root /work/project-dir")
    assert out == "*** *** false abc /root /work/project-dir"


def test_install_redacts_logs_warnings_and_tracebacks():
    """In a fresh interpreter: install() changes process-wide logging and hooks."""
    code = f"""
import logging, warnings, sys
from lmeval.outputs import redact
redact.install()
logging.basicConfig(level=logging.DEBUG, format="%(message)s")
log = logging.getLogger("lmeval.x")
log.warning("sending %s", "header=Authorization: Bearer {SK}")
try:
    raise ValueError("token={HF}")
except ValueError:
    log.exception("failed")
warnings.warn("url https://u:pw123456@h/x")
raise RuntimeError("password=hunter2222")
"""
    env = {"PATH": "/usr/bin:/bin", "MY_API_KEY": "env-secret-1234567"}
    proc = subprocess.run([sys.executable, "-c", code + "\n"], capture_output=True, text=True,
                          timeout=60, env=env)
    err = proc.stderr
    assert proc.returncode == 1
    assert "Bearer ***" in err and "token=***" in err and "password=***" in err, err
    assert "https://***@h/x" in err and "RuntimeError" in err and "Traceback" in err
    for secret in (SK, HF, "pw123456", "hunter2222"):
        assert secret not in err


def test_report_page_of_an_lm_eval_results_file_masks_its_model_args(tmp_path):
    """lm-eval writes --model_args verbatim: `lmeval report` must not copy a token into HTML."""
    results = {"results": {"t": {"alias": "t", "acc,none": 0.5, "acc_stderr,none": 0.1}},
               "versions": {"t": 1.0}, "n-shot": {"t": 0}, "higher_is_better": {"t": {"acc": True}},
               "n-samples": {"t": {"original": 4, "effective": 4}}, "configs": {"t": {"task": "t"}},
               "config": {"model": "hf", "model_args": f"pretrained=org/m,token={HF}"},
               "model_name": "org/m", "date": 1700000000.0}
    path = tmp_path / "results_2024-01-01T00-00-00.000000.json"
    path.write_text(json.dumps(results))
    out = tmp_path / "page.html"
    proc = subprocess.run([sys.executable, "-m", "lmeval", "report", str(path), "--no_plots",
                           "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    page = out.read_text()
    assert "pretrained=org/m,token=***" in page and HF not in page
