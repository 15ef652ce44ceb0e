"""Finding the iteration and the format of a Megatron checkpoint (empty files suffice)."""

from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval_megatron import checkpoint


def _standard(it_dir: Path, ranks=("mp_rank_00",)) -> Path:
    for r in ranks:
        (it_dir / r).mkdir(parents=True)
        (it_dir / r / "model_optim_rng.pt").write_bytes(b"")
    return it_dir


def _distributed(it_dir: Path, marker="__0_0.distcp") -> Path:
    it_dir.mkdir(parents=True)
    (it_dir / marker).write_text("{}")
    return it_dir


def test_tracker_names_the_iteration(tmp_path):
    _standard(tmp_path / "iter_0000100")
    _distributed(tmp_path / "iter_0000200")
    (tmp_path / "latest_checkpointed_iteration.txt").write_text("100\n")
    info = checkpoint.resolve_checkpoint(tmp_path)
    assert (info.directory.name, info.iteration, info.format) == ("iter_0000100", 100, "standard")


def test_highest_iteration_without_tracker_and_distcp_detected(tmp_path):
    _standard(tmp_path / "iter_0000100")
    _distributed(tmp_path / "iter_0000200")
    info = checkpoint.resolve_checkpoint(tmp_path)
    assert (info.iteration, info.format, info.distributed) == (200, "distributed", True)


def test_metadata_json_alone_marks_a_distributed_checkpoint(tmp_path):
    _distributed(tmp_path / "iter_0000005", marker="metadata.json")
    assert checkpoint.resolve_checkpoint(tmp_path).distributed


def test_ckpt_step_picks_an_iteration(tmp_path):
    _standard(tmp_path / "iter_0000100")
    _standard(tmp_path / "iter_0000200")
    assert checkpoint.resolve_checkpoint(tmp_path, ckpt_step=100).iteration == 100
    with pytest.raises(UsageError, match="no iter_0000300.*iter_0000100, iter_0000200"):
        checkpoint.resolve_checkpoint(tmp_path, ckpt_step=300)


def test_release_and_direct_iteration_directory(tmp_path):
    _standard(tmp_path / "release")
    (tmp_path / "latest_checkpointed_iteration.txt").write_text("release")
    info = checkpoint.resolve_checkpoint(tmp_path)
    assert info.directory.name == "release" and info.iteration is None
    direct = _distributed(tmp_path / "other" / "iter_0000042")
    info = checkpoint.resolve_checkpoint(direct)
    assert (info.directory, info.iteration) == (direct, 42)


def test_use_dist_ckpt_overrides_detection(tmp_path):
    _standard(tmp_path / "iter_0000001")
    assert checkpoint.resolve_checkpoint(tmp_path, use_dist_ckpt=True).format == "distributed"


@pytest.mark.parametrize("setup,message", [
    (lambda p: None, "no checkpoint found"),
    (lambda p: (p / "iter_0000001").mkdir(), "neither a distributed checkpoint"),
    (lambda p: (p / "latest_checkpointed_iteration.txt").write_text("7"), "iter_0000007 is missing"),
])
def test_errors_name_what_is_missing(tmp_path, setup, message):
    setup(tmp_path)
    with pytest.raises(UsageError, match=message):
        checkpoint.resolve_checkpoint(tmp_path)


def test_missing_path_and_file_path(tmp_path):
    with pytest.raises(UsageError, match="does not exist"):
        checkpoint.resolve_checkpoint(tmp_path / "nope")
    (tmp_path / "f.pt").write_bytes(b"")
    with pytest.raises(UsageError, match="is a file"):
        checkpoint.resolve_checkpoint(tmp_path / "f.pt")


def test_standard_shards_must_match_the_run_layout(tmp_path):
    it = _standard(tmp_path / "iter_0000001", ("mp_rank_00", "mp_rank_01"))
    assert checkpoint.standard_file(it, 1, 2).parent.name == "mp_rank_01"
    with pytest.raises(UsageError, match="tensor_model_parallel_size=2.*cannot be resharded"):
        checkpoint.standard_file(it, 0, 1)
    pp = _standard(tmp_path / "iter_0000002", ("mp_rank_00_000_000", "mp_rank_00_001_000"))
    with pytest.raises(UsageError, match="saved with pipeline parallelism"):
        checkpoint.standard_file(pp, 0, 1)
    ep = _standard(tmp_path / "iter_0000003", ("mp_rank_00_000", "mp_rank_00_001"))
    assert checkpoint.standard_file(ep, 0, 1, ep_rank=1, ep_size=2).parent.name == \
        "mp_rank_00_001"
    with pytest.raises(UsageError, match="pipeline or expert parallelism"):
        checkpoint.standard_file(ep, 0, 1)
