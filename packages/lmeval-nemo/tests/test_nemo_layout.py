"""Checkpoint detection and the parallel constraints of reference 000:293-313 (no NeMo needed)."""

import tarfile

import pytest
from lmeval.errors import UsageError
from lmeval_nemo.layout import detect_checkpoint, plan_parallelism


def _nemo2(p):
    (p / "context").mkdir(parents=True)
    (p / "weights").mkdir()
    return p


def _nemo1(p):
    p.mkdir(parents=True)
    (p / "model_config.yaml").write_text("mcore_gpt: true\n")
    (p / "model_weights.ckpt").write_bytes(b"")
    return p


def _tar(src, dest):
    with tarfile.open(dest, "w") as tar:
        for f in src.iterdir():
            tar.add(f, arcname=f"./{f.name}")
    return dest


def test_nemo2_directory_even_when_named_dot_nemo(tmp_path):
    ck = detect_checkpoint(str(_nemo2(tmp_path / "llama.nemo")))
    assert (ck.format, ck.archive) == ("nemo2", False)


def test_nemo1_unpacked_and_archive(tmp_path):
    d = _nemo1(tmp_path / "m")
    assert detect_checkpoint(str(d)).format == "nemo1"
    ck = detect_checkpoint(str(_tar(d, tmp_path / "m.nemo")))
    assert (ck.format, ck.archive) == ("nemo1", True)


def test_packed_nemo2_must_be_unpacked(tmp_path):
    d = _nemo2(tmp_path / "m2")
    (d / "context" / "model.yaml").write_text("x")
    with pytest.raises(UsageError, match="packed NeMo 2 checkpoint.*tar -xvf m2.nemo -C MODEL"):
        detect_checkpoint(str(_tar(d, tmp_path / "m2.nemo")))


@pytest.mark.parametrize("make,message", [
    (lambda p: p, "does not exist"),
    (lambda p: (p.mkdir(), (p / "config.json").write_text("{}"), p)[-1],
     "neither a NeMo 2 checkpoint.*config.json"),
    (lambda p: (p.write_text("hello"), p)[-1], "not a .nemo \\(tar\\) archive"),
])
def test_what_is_not_a_nemo_model(tmp_path, make, message):
    with pytest.raises(UsageError, match=message):
        detect_checkpoint(str(make(tmp_path / "x")))


def test_parallel_plans():
    assert plan_parallelism(1).data_parallel is False
    assert plan_parallelism(8).data_parallel is True
    plan = plan_parallelism(4, 2, 2)
    assert plan.model_parallel and not plan.data_parallel
    assert plan_parallelism(2, 1, 2).model_parallel


@pytest.mark.parametrize("args,message", [
    ((4, 2, 1), "devices=4 must equal .* 2 x 1 = 2; data replication combined"),
    ((2, 2, 2), "2 x 2 = 4"),
    ((1, 1, 1, 2), "multi-node evaluation is not supported"),
    ((0,), "devices must be a positive integer"),
])
def test_refused_layouts(args, message):
    with pytest.raises(UsageError, match=message):
        plan_parallelism(*args)
