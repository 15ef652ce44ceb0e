"""Steering on a real tiny Llama: zero vectors change nothing, a vector along a token's
unembedding raises that token's log-probability (and lowers it when negated), in scoring,
shared-prefix scoring and generation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest
from lmeval.protocol import LoglikelihoodRequest as LL
from lmeval_hf.models import HFLM
from lmeval_steered.models import SteeredLM
from lmeval_steered.steering import add, clamp

REQS = [LL("The cat is on the", " tree"), LL("Question: what is the sun?\nAnswer:", " light"),
        LL("", "Hello world")]


@pytest.fixture(scope="module")
def plain(llama_path):
    return HFLM(pretrained=llama_path, max_length=128, batch_size=2)


@pytest.fixture(scope="module")
def target(plain):
    """A token and the residual direction that raises its logit after the final norm."""
    (tok,) = plain.tokenizer.encode(" tree", add_special_tokens=False)[-1:]
    unembed = plain.model.lm_head.weight[tok].detach()
    norm = plain.model.model.norm.weight.detach()
    return tok, unembed / norm


def _save(path: Path, hookpoint: str, vector, **extra) -> str:
    torch.save({hookpoint: {"steering_vector": vector, **extra}}, path)
    return str(path)


def _token_logprob(lm, tok):
    ctx = lm.encoder.encode("The cat is on the")
    return lm.scorer.score([(ctx, [tok])])[0][0]


def test_zero_vector_leaves_log_probabilities_unchanged(llama_path, plain, tmp_path):
    path = _save(tmp_path / "zero.pt", "layers.0", torch.zeros(64), action="add",
                 steering_coefficient=5.0)
    lm = SteeredLM(pretrained=llama_path, steer_path=path, max_length=128, batch_size=2)
    assert lm.loglikelihood(REQS) == plain.loglikelihood(REQS)


@pytest.mark.parametrize("coefficient", [4.0, -4.0])
def test_add_moves_the_target_token_in_the_expected_direction(llama_path, plain, target,
                                                                 tmp_path, coefficient):
    tok, direction = target
    path = _save(tmp_path / "add.pt", "layers.1", direction, action="add",
                 steering_coefficient=coefficient)
    lm = SteeredLM(pretrained=llama_path, steer_path=path, max_length=128)
    before, after = _token_logprob(plain, tok), _token_logprob(lm, tok)
    assert (after - before) * coefficient > 1.0


def test_clamp_sets_the_component_along_the_direction(llama_path, plain, target, tmp_path):
    tok, direction = target
    path = _save(tmp_path / "clamp.pt", "layers.1", direction, action="clamp",
                 steering_coefficient=60.0)
    lm = SteeredLM(pretrained=llama_path, steer_path=path, max_length=128)
    assert _token_logprob(lm, tok) > _token_logprob(plain, tok) + 1.0


def test_steering_applies_to_shared_prefix_scoring_and_generation(llama_path, target, tmp_path):
    tok, direction = target
    path = _save(tmp_path / "strong.pt", "layers.1", direction, action="add",
                 steering_coefficient=50.0)
    on = SteeredLM(pretrained=llama_path, steer_path=path, max_length=128)
    off = SteeredLM(pretrained=llama_path, steer_path=path, max_length=128, prefix_reuse=False)
    shots = "The cat is on the tree. " * 6
    reqs = [LL(shots + q, c) for q in ("Where is the dog?", "Where is the bird?")
            for c in (" tree", " house", " in the water")]
    for a, b in zip(on.loglikelihood(reqs), off.loglikelihood(reqs), strict=True):
        assert a[0] == pytest.approx(b[0], rel=1e-5, abs=1e-5) and a[1] == b[1]
    assert on.prefix_stats.tokens_fed < on.prefix_stats.tokens_plain
    (text,) = on.generate_until([GenerateRequest.make("Hello", {"until": ["\x00"],
                                                                 "max_gen_toks": 3})])
    assert text == on.tok_decode([tok] * 3)


def test_add_and_clamp_on_a_head():
    acts = torch.zeros(1, 2, 3, 4)
    out = add(acts.clone(), torch.ones(4), head_index=1)
    assert out[:, :, 1].eq(1).all() and out[:, :, 0].eq(0).all()
    direction = torch.tensor([1.0, 0, 0, 0])
    out = clamp(torch.ones(1, 2, 3, 4), direction, 5.0, head_index=2)
    assert out[0, 0, 2].tolist() == [5.0, 1.0, 1.0, 1.0] and out[0, 0, 0].tolist() == [1.0] * 4
    out = clamp(torch.ones(1, 1, 4), direction, 3.0, head_index=None, bias=torch.ones(4))
    assert out[0, 0].tolist() == [4.0, 1.0, 1.0, 1.0]


def test_bad_configs_are_usage_errors(llama_path, tmp_path):
    cases = {
        "missing.pt": None,
        "x.txt": "text",
        "bad_hook.pt": {"layers.99": {"steering_vector": torch.zeros(64)}},
        "bias_add.pt": {"layers.0": {"steering_vector": torch.zeros(64), "action": "add",
                                     "bias": torch.zeros(64)}},
        "bad_action.pt": {"layers.0": {"steering_vector": torch.zeros(64), "action": "scale"}},
    }
    for name, content in cases.items():
        path = tmp_path / name
        if isinstance(content, dict):
            torch.save(content, path)
        elif content is not None:
            path.write_text(content)
        with pytest.raises(UsageError):
            SteeredLM(pretrained=llama_path, steer_path=str(path))
    with pytest.raises(UsageError, match="steer_path"):
        SteeredLM(pretrained=llama_path)


def test_csv_loaders_without_their_library_name_the_install(llama_path, tmp_path):
    for loader, extra in (("sparsify", "sparsify"), ("sae_lens", "sae_lens")):
        try:
            __import__(loader)
            continue
        except ImportError:
            pass
        csv = tmp_path / f"{loader}.csv"
        csv.write_text("loader,action,sparse_model,hookpoint,feature_index,steering_coefficient\n"
                       f"{loader},add,EleutherAI/sae-pythia-70m-32k,layers.0,30,10.0\n")
        with pytest.raises(UsageError, match=rf"pip install lmeval-steered\[{extra}\]"):
            SteeredLM(pretrained=llama_path, steer_path=str(csv))


def test_identity_includes_the_steering_file(llama_path, tmp_path):
    a = SteeredLM(pretrained=llama_path, steer_path=_save(tmp_path / "a.pt", "layers.0",
                                                          torch.zeros(64)))
    b = SteeredLM(pretrained=llama_path, steer_path=_save(tmp_path / "b.pt", "layers.0",
                                                          torch.ones(64)))
    assert a.identity()["backend"] == "steered"
    assert a.identity()["extras"]["steer_sha256"] != b.identity()["extras"]["steer_sha256"]
    assert a.identity()["model_args"]["steer_path"] == str(tmp_path / "a.pt")
    assert a.identity()["extras"]["files"]  # hf's fingerprint of the local checkpoint
    # the same file rewritten with other vectors: the same arguments, another cache key
    c = SteeredLM(pretrained=llama_path, steer_path=_save(tmp_path / "a.pt", "layers.0",
                                                          torch.ones(64)))
    assert c.identity()["model_args"] == a.identity()["model_args"]
    assert c.identity() != a.identity()


def test_lmeval_ls_models_lists_steered_from_its_distribution():
    proc = subprocess.run([sys.executable, "-m", "lmeval", "ls", "models"], capture_output=True,
                          text=True, timeout=120, env={**os.environ})
    assert proc.returncode == 0, proc.stderr
    assert any(line.split()[:2] == ["steered", "lmeval-steered"] for line in proc.stdout.splitlines())


def test_run_through_evaluate(llama_path, tmp_path, monkeypatch):
    import lmeval

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    task_dir = tmp_path / "tasks"
    task_dir.mkdir()
    (task_dir / "d.jsonl").write_text('{"q": "Where is the cat?", "a": 0}\n'
                                      '{"q": "Where is the dog?", "a": 1}\n')
    (task_dir / "st.yaml").write_text(
        "task: steer_mc\ndataset_path: json\ndataset_kwargs:\n  data_files:\n    test: d.jsonl\n"
        "test_split: test\noutput_type: multiple_choice\ndoc_to_text: '{{q}}'\n"
        "doc_to_choice: [' tree', ' house']\ndoc_to_target: a\nmetric_list:\n  - metric: acc\n")
    path = _save(tmp_path / "s.pt", "layers.1", torch.zeros(64))
    out = lmeval.evaluate(model="steered", model_args=f"pretrained={llama_path},steer_path={path}",
                          tasks=["steer_mc"], include_path=str(task_dir))
    assert 0.0 <= out["results"]["steer_mc"]["acc,none"] <= 1.0
